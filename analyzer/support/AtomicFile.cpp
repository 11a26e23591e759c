//===- AtomicFile.cpp - Write a file atomically ---------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/AtomicFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

using namespace llvm;

namespace cudalint {

namespace {

std::error_code syncFile(int FD) {
  if (::fsync(FD) != 0)
    return std::error_code(errno, std::generic_category());
  return {};
}

/// Makes the rename itself durable. Failure here is not reported: the data is
/// already in place, and some file systems refuse fsync on a directory.
void syncDirectory(StringRef Dir) {
  int FD = ::open(Dir.str().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (FD < 0)
    return;
  (void)::fsync(FD);
  ::close(FD);
}

} // namespace

bool isSpecialFile(StringRef Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St))
    return false;
  return St.type() != sys::fs::file_type::regular_file &&
         St.type() != sys::fs::file_type::directory_file;
}

Error writeFileAtomically(StringRef Path, StringRef Content) {
  SmallString<256> Target;
  if (sys::fs::real_path(Path, Target))
    Target = Path; // a new file, or a dangling path: rename reports the problem
  sys::fs::file_status St;
  bool Exists = !sys::fs::status(Target, St);
  if (Exists && St.type() != sys::fs::file_type::regular_file)
    return createStringError(std::make_error_code(std::errc::invalid_argument),
                             "not a regular file");

  SmallString<256> Model(sys::path::parent_path(Target));
  sys::path::append(Model, "." + sys::path::filename(Target) + ".cuda-lint-%%%%%%%%.tmp");
  int FD = -1;
  SmallString<256> Temp;
  sys::fs::perms Mode = Exists ? St.permissions() : sys::fs::all_read | sys::fs::all_write;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp, sys::fs::OF_None, Mode))
    return createStringError(EC, "cannot create a temporary file beside it: " + EC.message());

  auto Fail = [&](std::error_code EC, const Twine &What) -> Error {
    if (FD >= 0)
      ::close(FD);
    sys::fs::remove(Temp);
    return createStringError(EC, What + ": " + EC.message() + "; the file is unchanged");
  };
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/false, /*unbuffered=*/true);
    OS << Content;
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error();
      return Fail(EC, "cannot write");
    }
  }
  if (Exists) {
    // The new inode takes the old one's mode (createUniqueFile applied the
    // umask) and owner; a file we cannot give its owner back is not replaced.
    if (std::error_code EC = sys::fs::setPermissions(FD, St.permissions()))
      return Fail(EC, "cannot keep its permissions");
    sys::fs::file_status Mine;
    if (std::error_code EC = sys::fs::status(FD, Mine))
      return Fail(EC, "cannot write");
    if (Mine.getUser() != St.getUser() || Mine.getGroup() != St.getGroup())
      if (std::error_code EC = sys::fs::changeFileOwnership(FD, St.getUser(), St.getGroup()))
        return Fail(EC, "cannot keep its owner");
  }
  if (std::error_code EC = syncFile(FD))
    return Fail(EC, "cannot write");
  int Closing = FD;
  FD = -1;
  if (::close(Closing) != 0)
    return Fail(std::error_code(errno, std::generic_category()), "cannot write");
  if (std::error_code EC = sys::fs::rename(Temp, Target))
    return Fail(EC, "cannot replace it");
  syncDirectory(sys::path::parent_path(Target));
  return Error::success();
}

} // namespace cudalint
