//===- FactsFuzzTarget.cpp - libFuzzer entry point for the facts codec ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bytes are a facts file (`--export-facts`, read back by `cuda-lint
// merge`) or a result-cache entry: both decoders of analyzer/cache/ResultCodec
// read them. Any crash, sanitizer report or broken invariant is a failure:
// what decodes encodes to bytes that decode again and encode to the same
// bytes (a decoder that accepted half an encoding, or an encoder that wrote
// what its decoder refuses, breaks this).
//
// It found, on 25 November 2026, that the codec handed LLVM's LEB128 decoders
// integers padded past 10 bytes, on which they shift past 64 bits (undefined
// behaviour); the codec now refuses them (CacheTrust.PaddedIntegersAreRefused).
//
//===----------------------------------------------------------------------===//

#include "analyzer/cache/ResultCodec.h"

#include <cstdint>
#include <cstdlib>

using namespace cudalint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  if (std::optional<FactsFile> F = decodeFactsFile(Bytes)) {
    std::string Once;
    encodeFactsFile(*F, Once);
    std::optional<FactsFile> Again = decodeFactsFile(Once);
    if (!Again)
      abort();
    std::string Twice;
    encodeFactsFile(*Again, Twice);
    if (Once != Twice)
      abort();
  }
  if (std::optional<TUResult> R = decodeTUResult(Bytes)) {
    std::string Once;
    encodeTUResult(*R, Once);
    std::optional<TUResult> Again = decodeTUResult(Once);
    if (!Again)
      abort();
    std::string Twice;
    encodeTUResult(*Again, Twice);
    if (Once != Twice)
      abort();
  }
  return 0;
}
