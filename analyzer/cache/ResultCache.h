//===- ResultCache.h - Translation unit results kept between runs ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A TU's result is a pure function of the tool, the options that reach the
// TU's analysis, its Clang command and the content of every file it read.
// The cache keys an entry by the first three and stores, with the result, the
// path and content hash of each file the TU read (system headers too); an
// entry is used only when every one of those files still has that content.
// So a changed header re-analyses exactly the TUs that read it, and a touched
// but unchanged file re-analyses nothing.
//
// Entries are written to a temporary file and renamed (concurrent runs and a
// killed run leave whole entries or none) and carry a seal (EntrySeal.h) over
// their bytes and their key's ingredients: a truncated or corrupted entry, or
// one moved under another key, is a miss and is rewritten. With the user's key
// (CUDA_LINT_REMOTE_CACHE_KEY) the seal is an HMAC that nobody without the key
// can make; without it, whoever can write the cache is trusted, as with ccache.
// The directory is private to the user (refused, and the run goes on without
// the cache, when others can write it), no link in it is followed
// (CacheFiles.h), and it is kept under a size bound by evicting the least
// recently used entries.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CACHE_RESULTCACHE_H
#define CUDALINT_ANALYZER_CACHE_RESULTCACHE_H

#include "analyzer/cache/RemoteCache.h"
#include "analyzer/tu/TranslationUnit.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace cudalint {

class ResultCache {
public:
  /// Opens the cache in \p Dir (created private if missing; an error when
  /// another user owns it or may write it). \p Tool identifies this build of
  /// cuda-lint (toolIdentity()); entries are sealed with \p Secret (EntrySeal.h;
  /// none: secretFromEnvironment(), whose error is then open's).
  static llvm::Expected<std::unique_ptr<ResultCache>>
  open(llvm::StringRef Dir, std::string Tool, uint64_t MaxBytes = DefaultMaxBytes,
       std::optional<std::string> Secret = std::nullopt);

  /// The cache of a run: in \p Dir (empty: defaultDirectory()), bounded by
  /// $CUDA_LINT_CACHE_MAX_MB, sharing entries with the server at \p RemoteUrl
  /// (empty: $CUDA_LINT_REMOTE_CACHE; none if unset); null with \p Disabled
  /// or $CUDA_LINT_NO_CACHE=1, and null with a warning on stderr when the
  /// directory is not usable. Entries are sealed with
  /// $CUDA_LINT_REMOTE_CACHE_KEY when it is set. An error only for a malformed
  /// URL or a key too short.
  static llvm::Expected<std::unique_ptr<ResultCache>> openForRun(llvm::StringRef Dir, bool Disabled,
                                                                 const char *Argv0,
                                                                 llvm::StringRef RemoteUrl = "",
                                                                 bool RemoteReadOnly = false);

  /// $CUDA_LINT_REMOTE_CACHE_KEY (empty when unset); an error when it is too short.
  static llvm::Expected<std::string> secretFromEnvironment();

  /// The cache directory when none is given: $CUDA_LINT_CACHE_DIR, else
  /// $XDG_CACHE_HOME/cuda-lint, else ~/.cache/cuda-lint; empty when none is known.
  static std::string defaultDirectory();

  /// The version and the executable's size and modification time: a rebuilt
  /// cuda-lint never reads a result of another build.
  static std::string toolIdentity(const char *Argv0);

  /// The stored result of \p Cmd, when every file it read is unchanged.
  std::optional<TUResult> lookup(const TranslatedCommand &Cmd, const TUOptions &Opts);

  /// Stores \p R (a TU that Clang parsed; failures and crashes are not stored).
  void store(const TranslatedCommand &Cmd, const TUOptions &Opts, const TUResult &R);

  /// Also reads entries from \p R, and writes them to it (RemoteCache.h).
  void setRemote(std::unique_ptr<RemoteCache> R, const char *Argv0);
  RemoteCache *remote() const { return Remote.get(); }

  /// Evicts the least recently used entries while the cache is over its bound.
  void trim();

  unsigned hits() const { return Hits; }
  /// Why the last write failed, once; empty when none did.
  std::string writeError() const;
  /// How many entries failed their check of the key, if any did; else empty.
  std::string refusedWarning() const;

  /// What an entry's seal covers besides its payload: the ingredients of its
  /// key but the build's identity.
  std::string entryBinding(const TranslatedCommand &Cmd, const TUOptions &Opts) const;
  /// The subdirectory and file name of the entry of \p Cmd in the directory.
  std::pair<std::string, std::string> entryName(const TranslatedCommand &Cmd,
                                                const TUOptions &Opts) const;

  static constexpr uint64_t DefaultMaxBytes = 512ull << 20;

private:
  ResultCache(std::string Dir, std::string Tool, uint64_t MaxBytes, std::string Secret)
      : Dir(std::move(Dir)), Tool(std::move(Tool)), Secret(std::move(Secret)), MaxBytes(MaxBytes) {}
  std::string entryKey(const TranslatedCommand &Cmd, const TUOptions &Opts,
                       llvm::StringRef ToolId) const;
  /// The result in entry bytes \p B, if they are whole, sealed for \p Binding
  /// (else \p Unsealed) and every file it read is unchanged.
  std::optional<TUResult> decodeEntry(llvm::StringRef B, const TranslatedCommand &Cmd,
                                      llvm::StringRef Binding, bool &Unsealed);
  void writeEntry(llvm::StringRef Sub, llvm::StringRef Name, llvm::StringRef Bytes);
  bool unchanged(const ReadFile &F);

  std::string Dir, Tool, Secret;
  std::unique_ptr<RemoteCache> Remote;
  std::string RemoteTool; // Tool for the remote keys
  uint64_t MaxBytes;
  std::atomic<unsigned> Hits{0}, Stored{0}, Refused{0};
  mutable std::mutex M;
  /// Path -> (size and modification time, content hash then): files hashed
  /// in this process, hashed again only when they look changed.
  llvm::StringMap<std::pair<std::pair<uint64_t, int64_t>, std::string>> CurrentHash;
  std::string FirstWriteError;
};

} // namespace cudalint

#endif
