//===- ConfigFuzzTarget.cpp - libFuzzer entry point for .cuda-lint.yaml ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input as a configuration file. Any crash, sanitizer report or broken invariant is a
// failure: an error must say something and name the file; a configuration that parses must dump
// to YAML that parses again to the same dump.
//
//===----------------------------------------------------------------------===//

#include "analyzer/inputs/Config.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace cudalint;

namespace {

const char *const FileName = "/fuzz/project/.cuda-lint.yaml";

llvm::Expected<Config> parse(llvm::StringRef Text) {
  static const Config Parent = Config::defaults();
  return parseConfig(Text, FileName, []() -> llvm::Expected<const Config &> { return Parent; });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<Config> C = parse(Text);
  if (!C) {
    std::string Message = llvm::toString(C.takeError());
    // Every error names the file and is one line.
    if (Message.empty() || !llvm::StringRef(Message).starts_with(FileName) ||
        Message.find('\n') != std::string::npos) {
      llvm::errs() << "bad error message: '" << Message << "'\n";
      abort();
    }
    return 0;
  }
  if (C->Sources.empty() || C->Sources.back() != FileName)
    abort();
  if (!(C->OccupancyThreshold >= 0 && C->OccupancyThreshold <= 1))
    abort();
  // Round trip: --dump-config's output is a configuration that --config reads back.
  std::string Dump;
  llvm::raw_string_ostream OS(Dump);
  C->dump(OS, "/fuzz/project/k.cu");
  llvm::Expected<Config> Again = parse(Dump);
  if (!Again) {
    llvm::errs() << "dump does not parse: " << llvm::toString(Again.takeError()) << "\n" << Dump;
    abort();
  }
  std::string Dump2;
  llvm::raw_string_ostream OS2(Dump2);
  Again->dump(OS2, "/fuzz/project/k.cu");
  if (Dump != Dump2) {
    llvm::errs() << "dump changed on a round trip:\n" << Dump << "---\n" << Dump2;
    abort();
  }
  return 0;
}
