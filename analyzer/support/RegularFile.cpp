//===- RegularFile.cpp - Read only regular files of bounded size ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/RegularFile.h"

#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace cudalint {

Expected<std::unique_ptr<MemoryBuffer>> readRegularFile(const Twine &Path, uint64_t MaxBytes,
                                                        bool RequiresNullTerminator) {
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Path, St))
    return createStringError(EC, "%s", EC.message().c_str());
  if (St.type() != sys::fs::file_type::regular_file)
    return createStringError(std::errc::invalid_argument,
                             "not a regular file (a device, pipe or socket)");
  if (St.getSize() > MaxBytes)
    return createStringError(std::errc::file_too_large, "larger than the %llu MiB allowed",
                             static_cast<unsigned long long>(MaxBytes >> 20));
  // Read, not mapped (IsVolatile): a file of the tree truncated while mapped would fault.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false, RequiresNullTerminator, /*IsVolatile=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "%s", Buf.getError().message().c_str());
  return std::move(*Buf);
}

} // namespace cudalint
