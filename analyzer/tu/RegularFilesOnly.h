//===- RegularFilesOnly.h - Clang opens regular files only ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A header the analysed tree includes may be a FIFO, which blocks the parse
// until someone writes to it, or a link to a device such as /dev/zero, which
// never ends. Under the parse's file system such a file cannot be opened: the
// #include fails as a compile error of that translation unit alone.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_REGULARFILESONLY_H
#define CUDALINT_ANALYZER_TU_REGULARFILESONLY_H

#include "llvm/Support/VirtualFileSystem.h"

#include <system_error>

namespace cudalint {

class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = status(Path);
    if (S && S->getType() != llvm::sys::fs::file_type::regular_file)
      return std::make_error_code(std::errc::invalid_argument);
    return ProxyFileSystem::openFileForRead(Path);
  }
};

} // namespace cudalint

#endif
