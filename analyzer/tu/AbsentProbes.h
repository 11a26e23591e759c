//===- AbsentProbes.h - The files a parse looked for and did not find -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A result is cached against the content of every file the parse read. That misses what it
// looked for and did not find: a header of a submodule not yet checked out or one not yet
// generated ("file not found" would be served from the cache after the file exists), and a
// header that appears on the search path ahead of the one used. The file system of a parse is
// wrapped to record every path the header search probed in vain, and a cached result is used
// only while they are all still absent (analyzer/cache/ResultCache.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_ABSENTPROBES_H
#define CUDALINT_ANALYZER_TU_ABSENTPROBES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <set>
#include <string>

namespace cudalint {

class AbsentProbes : public llvm::vfs::ProxyFileSystem {
public:
  /// \p Ignored: a directory whose content cannot change under the cache (the Clang resource
  /// headers installed with this build of cuda-lint, part of the cache key).
  AbsentProbes(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS, std::string Ignored)
      : ProxyFileSystem(std::move(FS)), Ignored(std::move(Ignored)) {}

  /// The resource directory of a Clang command line, for \p Ignored.
  static std::string resourceDirOf(llvm::ArrayRef<std::string> ClangArgs);

  /// Records between start() and stop(): the parses, not the driver's search for a GCC
  /// installation before each.
  void start() { Recording = true; }
  void stop() { Recording = false; }
  /// The absolute paths probed in vain since start(), sorted.
  const std::set<std::string> &paths() const { return Paths; }

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override;

private:
  void record(const llvm::Twine &Path, std::error_code EC);
  bool Recording = false;
  std::string Ignored;
  std::set<std::string> Paths;
};

} // namespace cudalint

#endif
