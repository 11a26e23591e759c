//===- ReadFile.cpp - Read a file or stdin, bounded by what is read -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ptxas_parse/ReadFile.h"

#include "llvm/Support/FileSystem.h"

namespace cudalint {

std::string formatByteSize(uint64_t Bytes) {
  if (Bytes >= (1u << 20) && Bytes % (1u << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  if (Bytes >= 1024 && Bytes % 1024 == 0)
    return std::to_string(Bytes >> 10) + " KiB";
  return std::to_string(Bytes) + " bytes";
}

llvm::Expected<std::string> readFileBounded(llvm::StringRef Path, uint64_t MaxBytes) {
  llvm::sys::fs::file_t FD;
  bool Stdin = Path == "-";
  if (Stdin) {
    FD = llvm::sys::fs::getStdinHandle();
  } else {
    llvm::Expected<llvm::sys::fs::file_t> Opened = llvm::sys::fs::openNativeFileForRead(Path);
    if (!Opened)
      return Opened.takeError();
    FD = *Opened;
  }
  std::string Text;
  char Chunk[65536];
  llvm::Error Result = llvm::Error::success();
  while (true) {
    llvm::Expected<size_t> N =
        llvm::sys::fs::readNativeFile(FD, llvm::MutableArrayRef<char>(Chunk, sizeof(Chunk)));
    if (!N) {
      Result = N.takeError();
      break;
    }
    if (*N == 0)
      break;
    if (Text.size() + *N > MaxBytes) {
      Result = llvm::createStringError(std::make_error_code(std::errc::file_too_large),
                                       "larger than the " + formatByteSize(MaxBytes) + " allowed");
      break;
    }
    Text.append(Chunk, *N);
  }
  if (!Stdin)
    llvm::sys::fs::closeFile(FD);
  if (Result)
    return std::move(Result);
  return Text;
}

} // namespace cudalint
