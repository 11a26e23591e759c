//===- RegularFilesOnly.h - Clang opens regular files only ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A header the analysed tree includes may be a FIFO, which blocks the parse
// until someone writes to it, or a link to a device such as /dev/zero, which
// never ends. Under the parse's file system such a file cannot be opened: the
// #include fails as a compile error of that translation unit alone, and the
// paths refused are kept so that the error can say why.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_REGULARFILESONLY_H
#define CUDALINT_ANALYZER_TU_REGULARFILESONLY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <system_error>
#include <vector>

namespace cudalint {

class RegularFilesOnly : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<llvm::vfs::Status> S = status(Path);
    if (S && S->getType() != llvm::sys::fs::file_type::regular_file) {
      Refused.push_back(Path.str());
      return std::make_error_code(std::errc::invalid_argument);
    }
    return ProxyFileSystem::openFileForRead(Path);
  }

  /// The refused path that an #include of \p Header (as written) names, or "".
  std::string refusedInclude(llvm::StringRef Header) const {
    for (const std::string &P : Refused)
      if (llvm::StringRef(P).ends_with(Header) &&
          (P.size() == Header.size() ||
           llvm::sys::path::is_separator(P[P.size() - Header.size() - 1])))
        return P;
    return "";
  }

private:
  std::vector<std::string> Refused;
};

} // namespace cudalint

#endif
