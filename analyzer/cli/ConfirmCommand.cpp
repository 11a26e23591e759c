//===- ConfirmCommand.cpp - cuda-lint confirm -----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime side lives in kernels/harness/ (Python, plus the CUPTI injection
// library built there), installed as share/cuda-lint/harness and
// lib/cuda-lint/libcuda-lint-confirm.so (analyzer/support/Resources.h); this runs it
// with that library when it was built.
//
//===----------------------------------------------------------------------===//
#include "analyzer/cli/Subcommands.h"
#include "analyzer/support/Resources.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;

namespace cudalint {

int runConfirmCommand(int argc, const char **argv, StringRef Prefix) {
  Expected<std::string> Found = findResource(Prefix, Resource::ConfirmScript);
  if (!Found) {
    errs() << "cuda-lint: error: " << toString(Found.takeError()) << "\n";
    return 2;
  }
  const std::string Script = std::move(*Found);
  // Built only where the CUDA toolkit has CUPTI; the script says so when it is needed.
  const std::string Library = resourcePath(Prefix, Resource::ConfirmLibrary);
  ErrorOr<std::string> Python = sys::findProgramByName("python3");
  if (!Python) {
    errs() << "cuda-lint: error: confirm needs python3 on PATH\n";
    return 2;
  }
  std::vector<std::string> Args = {*Python, Script};
  bool HasLibrary = false;
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--")
      break;
    HasLibrary |= A.starts_with("--injection-lib");
  }
  if (!HasLibrary && sys::fs::exists(Library)) {
    Args.push_back("--injection-lib");
    Args.push_back(Library);
  }
  for (int I = 1; I < argc; ++I)
    Args.push_back(argv[I]);
  SmallVector<StringRef, 16> Refs(Args.begin(), Args.end());
  std::string Err;
  int Rc = sys::ExecuteAndWait(*Python, Refs, std::nullopt, {}, 0, 0, &Err);
  if (Rc < 0) {
    errs() << "cuda-lint: error: confirm could not run " << Script << ": " << Err << "\n";
    return 2;
  }
  return Rc;
}

} // namespace cudalint
