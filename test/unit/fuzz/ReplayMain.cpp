//===- ReplayMain.cpp - Run a fuzz target over files, without libFuzzer ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every build links the fuzz targets of test/unit/fuzz with this main as well,
// so that their seeds (and any input a fuzzing run saves beside them) are
// regression tests with any compiler, and run under ASan and UBSan in
// scripts/sanitize.sh. A target reports a broken invariant by aborting.
//
//   cudalint_<target>_replay FILE_OR_DIRECTORY...
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *Argc, char ***Argv);

using namespace llvm;

int main(int Argc, char **Argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&Argc, &Argv);
  std::vector<std::string> Files;
  for (int I = 1; I < Argc; ++I) {
    if (!sys::fs::is_directory(Argv[I])) {
      Files.push_back(Argv[I]);
      continue;
    }
    std::error_code EC;
    for (sys::fs::directory_iterator It(Argv[I], EC), End; It != End && !EC; It.increment(EC))
      if (sys::fs::is_regular_file(It->path()))
        Files.push_back(It->path());
    if (EC) {
      errs() << Argv[0] << ": " << Argv[I] << ": " << EC.message() << "\n";
      return 2;
    }
  }
  if (Files.empty()) {
    errs() << "usage: " << Argv[0] << " FILE_OR_DIRECTORY... (no input found)\n";
    return 2;
  }
  std::sort(Files.begin(), Files.end());
  for (const std::string &F : Files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
        MemoryBuffer::getFile(F, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!Buf) {
      errs() << Argv[0] << ": " << F << ": " << Buf.getError().message() << "\n";
      return 2;
    }
    // A copy of its own, so that ASan sees reads past the end as libFuzzer's inputs do.
    std::vector<uint8_t> Data((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end());
    LLVMFuzzerTestOneInput(Data.data(), Data.size());
  }
  outs() << "replayed " << Files.size() << " inputs\n";
  return 0;
}
