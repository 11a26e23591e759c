//===- AbsentProbes.cpp - The files a parse looked for and did not find ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/AbsentProbes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

void AbsentProbes::record(const Twine &Path, std::error_code EC) {
  if (!Recording ||
      (EC != std::errc::no_such_file_or_directory && EC != std::errc::not_a_directory))
    return;
  SmallString<256> P;
  Path.toVector(P);
  if (P.empty() || P.starts_with("<")) // <built-in>, <command line>
    return;
  if (!sys::path::is_absolute(P)) {
    ErrorOr<std::string> Cwd = getCurrentWorkingDirectory();
    if (!Cwd)
      return;
    SmallString<256> Abs(*Cwd);
    sys::path::append(Abs, P);
    P = Abs;
  }
  sys::path::remove_dots(P); // '..' stays: it may cross a symbolic link
  if (!Ignored.empty() && StringRef(P).starts_with(Ignored + "/"))
    return;
  Paths.insert(std::string(P));
}

std::string AbsentProbes::resourceDirOf(ArrayRef<std::string> ClangArgs) {
  for (StringRef A : ClangArgs)
    if (A.consume_front("-resource-dir="))
      return A.str();
  return "";
}

ErrorOr<vfs::Status> AbsentProbes::status(const Twine &Path) {
  ErrorOr<vfs::Status> S = ProxyFileSystem::status(Path);
  if (!S)
    record(Path, S.getError());
  return S;
}

ErrorOr<std::unique_ptr<vfs::File>> AbsentProbes::openFileForRead(const Twine &Path) {
  ErrorOr<std::unique_ptr<vfs::File>> F = ProxyFileSystem::openFileForRead(Path);
  if (!F)
    record(Path, F.getError());
  return F;
}

} // namespace cudalint
