//===- CacheFiles.h - Files of the cache directory, no symlink followed ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The result cache's directory holds DIR/SUB/NAME files (SUB: two hex
// digits of the key). Whoever can write that directory could plant symlinks
// in it, so that a write or a clean-up reaches a file elsewhere, or a walk
// loops: every operation here is relative to a directory descriptor, opens
// with O_NOFOLLOW and refuses anything but a directory (SUB) or a regular
// file (NAME). A walk goes exactly one level deep and visits a bounded
// number of names. The directory itself must belong to the user and be
// writable by nobody else (checkPrivateDirectory); it is created 0700.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CACHE_CACHEFILES_H
#define CUDALINT_ANALYZER_CACHE_CACHEFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Creates \p Dir and its missing parents, private to the user (0700).
std::error_code createPrivateDirectory(llvm::StringRef Dir);

/// Why \p Dir may not hold a cache (not a directory, owned by another user,
/// writable by group or others); empty when it may.
std::string checkPrivateDirectory(llvm::StringRef Dir);

/// The regular file DIR/SUB/NAME, at most \p MaxBytes of it, with no symlink
/// followed; nothing when it is absent, a link, not regular or too large.
/// \p Touch sets its modification time to now (recently used).
std::optional<std::string> readCacheFile(llvm::StringRef Dir, llvm::StringRef Sub,
                                         llvm::StringRef Name, uint64_t MaxBytes, bool Touch);

/// Writes \p Bytes to DIR/SUB/NAME: a new temporary file (O_EXCL, O_NOFOLLOW)
/// renamed over NAME, so a symlink there is replaced, never written through.
/// SUB is created 0700 when missing and refused when it is not a directory.
llvm::Error writeCacheFile(llvm::StringRef Dir, llvm::StringRef Sub, llvm::StringRef Name,
                           llvm::StringRef Bytes);

struct CacheFile {
  std::string Sub, Name;
  uint64_t Size = 0;
  llvm::sys::TimePoint<> Modified;
};

/// The regular files one level below \p Dir (in its subdirectories whose
/// names pass \p IsSub), links neither followed nor listed; at most \p MaxNames
/// names are looked at, and \p Complete tells whether that was all of them.
std::vector<CacheFile> listCacheFiles(llvm::StringRef Dir, bool (*IsSub)(llvm::StringRef),
                                      size_t MaxNames, bool &Complete);

/// Removes DIR/SUB/NAME when it is a regular file (never through a link).
bool removeCacheFile(llvm::StringRef Dir, llvm::StringRef Sub, llvm::StringRef Name);

} // namespace cudalint

#endif
