//===- BaselineFuzzTarget.cpp - libFuzzer entry point for --baseline files -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input as a baseline file. Any crash, sanitizer report or broken
// invariant is a failure: an error is one non-empty line; a document that
// parses is JSON that llvm::json reads too, and its entries count at least
// one finding each.
//
//===----------------------------------------------------------------------===//

#include "analyzer/report/BaselineFile.h"

#include "llvm/Support/JSON.h"

#include <cstdint>
#include <cstdlib>

using namespace cudalint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<BaselineEntries> Entries = parseBaseline(Text);
  if (!Entries) {
    std::string Message = llvm::toString(Entries.takeError());
    if (Message.empty() || Message.find('\n') != std::string::npos)
      abort();
    return 0;
  }
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc)
    abort();
  for (const auto &[Key, Count] : *Entries)
    if (Count == 0)
      abort();
  return 0;
}
