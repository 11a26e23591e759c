//===- EntrySeal.h - What makes a result cache entry verifiable -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An entry is "cuda-lint-result 2\n", a 32-byte seal, then the encoded
// result (ResultCodec.h). The seal covers the payload and the entry's
// binding: a digest of everything the entry's key is made of (the command,
// the options, the tool's version), so that an entry moved or served under
// another key does not verify, whoever moved it.
//
// Without a key the seal is a hash: it catches corruption and entries of
// other commands or options, but whoever can write the cache (its directory,
// or the server) can write a new entry with a valid hash. With the user's key
// (CUDA_LINT_REMOTE_CACHE_KEY) the seal is an HMAC-SHA256 (RFC 2104 over
// LLVM's SHA256; LLVM has no HMAC), which nobody without the key can make.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CACHE_ENTRYSEAL_H
#define CUDALINT_ANALYZER_CACHE_ENTRYSEAL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace cudalint {

/// HMAC-SHA256 (RFC 2104, RFC 4231) under \p Key of the concatenation of \p Parts.
std::array<uint8_t, 32> hmacSha256(llvm::StringRef Key, llvm::ArrayRef<llvm::StringRef> Parts);

/// Whether \p A and \p B are equal, in a time that does not depend on where
/// they first differ (comparing a MAC byte by byte with an early exit leaks it).
bool equalInConstantTime(llvm::StringRef A, llvm::StringRef B);

/// The bytes of an entry holding \p Payload for \p Binding, sealed with
/// \p Secret (empty: a plain hash).
std::string sealEntry(llvm::StringRef Secret, llvm::StringRef Binding, llvm::StringRef Payload);

/// The payload of the entry \p Bytes when its seal verifies for \p Binding
/// and \p Secret; nothing when it does not, or the bytes are no entry.
std::optional<llvm::StringRef> unsealEntry(llvm::StringRef Secret, llvm::StringRef Binding,
                                           llvm::StringRef Bytes);

/// A name for \p Secret that does not reveal it (empty for none): entries
/// sealed under different keys are kept apart instead of refusing each other.
std::string secretId(llvm::StringRef Secret);

/// The shortest key accepted: 128 bits.
constexpr size_t MinSecretBytes = 16;

} // namespace cudalint

#endif
