//===- EntrySeal.cpp - What makes a result cache entry verifiable ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cache/EntrySeal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"

using namespace llvm;

namespace cudalint {

std::array<uint8_t, 32> hmacSha256(StringRef Key, ArrayRef<StringRef> Parts) {
  constexpr size_t BlockBytes = 64; // SHA-256's block
  std::array<uint8_t, BlockBytes> Block{};
  if (Key.size() > BlockBytes) {
    std::array<uint8_t, 32> Short = SHA256::hash(arrayRefFromStringRef(Key));
    std::copy(Short.begin(), Short.end(), Block.begin());
  } else {
    std::copy(Key.bytes_begin(), Key.bytes_end(), Block.begin());
  }
  std::array<uint8_t, BlockBytes> Inner, Outer;
  for (size_t I = 0; I < BlockBytes; ++I) {
    Inner[I] = Block[I] ^ 0x36;
    Outer[I] = Block[I] ^ 0x5c;
  }
  SHA256 H;
  H.update(Inner);
  for (StringRef P : Parts)
    H.update(P);
  std::array<uint8_t, 32> InnerHash = H.final();
  H.init();
  H.update(Outer);
  H.update(InnerHash);
  return H.final();
}

bool equalInConstantTime(StringRef A, StringRef B) {
  if (A.size() != B.size())
    return false;
  unsigned char Diff = 0;
  for (size_t I = 0; I < A.size(); ++I)
    Diff |= static_cast<unsigned char>(A[I] ^ B[I]);
  return Diff == 0;
}

namespace {

constexpr llvm::StringLiteral EntryMagic = "cuda-lint-result 2\n";
constexpr size_t SealBytes = 32;

std::string sealOf(StringRef Secret, StringRef Binding, StringRef Payload) {
  // The binding's length first: no binding and payload pair runs into another.
  std::string Length = std::to_string(Binding.size()) + ":";
  if (!Secret.empty()) {
    std::array<uint8_t, 32> Mac =
        hmacSha256(Secret, {"cuda-lint result entry\n", Length, Binding, Payload});
    return std::string(Mac.begin(), Mac.end());
  }
  SHA256 H;
  H.update("cuda-lint result entry\n");
  H.update(Length);
  H.update(Binding);
  H.update(Payload);
  std::array<uint8_t, 32> Sum = H.final();
  return std::string(Sum.begin(), Sum.end());
}

} // namespace

std::string sealEntry(StringRef Secret, StringRef Binding, StringRef Payload) {
  return EntryMagic.str() + sealOf(Secret, Binding, Payload) + Payload.str();
}

std::optional<StringRef> unsealEntry(StringRef Secret, StringRef Binding, StringRef Bytes) {
  if (!Bytes.consume_front(EntryMagic) || Bytes.size() < SealBytes)
    return std::nullopt;
  StringRef Seal = Bytes.take_front(SealBytes), Payload = Bytes.drop_front(SealBytes);
  if (!equalInConstantTime(Seal, sealOf(Secret, Binding, Payload)))
    return std::nullopt;
  return Payload;
}

std::string secretId(StringRef Secret) {
  if (Secret.empty())
    return "";
  return toHex(hmacSha256(Secret, {"cuda-lint key id"}), /*LowerCase=*/true).substr(0, 16);
}

} // namespace cudalint
