//===- RemoteCache.h - Result cache entries shared over HTTP --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `--remote-cache http://HOST:PORT/PATH` shares the result cache's entries
// between CI runners and developers through any server that stores objects
// by HTTP GET and PUT (nginx with WebDAV, bazel-remote, ccache's storage
// servers): entry KEY lives at PATH/KEY. An entry from the server is used, and
// copied into the local cache, only after the same checks as a local one (its
// seal, then every file it depends on having the same content here), so a
// corrupted entry or one of another key is a miss.
//
// The server is trusted as ccache's and sccache's are: without a key, it (or
// whoever can write to it) can serve a well-formed entry with other findings.
// With CUDA_LINT_REMOTE_CACHE_KEY set on every client, entries carry an
// HMAC-SHA256 under that key, and one the server made up is refused
// ("not authenticated" in the summary), never kept. With read-only (pull
// requests from forks) nothing is uploaded. A server that cannot be reached is
// warned about once and not asked again in that run: the analysis goes on
// locally.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CACHE_REMOTECACHE_H
#define CUDALINT_ANALYZER_CACHE_REMOTECACHE_H

#include "analyzer/support/HttpClient.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace cudalint {

class RemoteCache {
public:
  /// \p Authenticated: entries are sealed with the user's key (summary()).
  static llvm::Expected<std::unique_ptr<RemoteCache>> open(llvm::StringRef Url, bool ReadOnly,
                                                           bool Authenticated = false);

  /// The entry stored under \p Key, or nothing (absent, or the server failed).
  std::optional<std::string> get(llvm::StringRef Key);
  /// Uploads \p Bytes as \p Key, unless read-only or the server is down.
  void put(llvm::StringRef Key, llvm::StringRef Bytes);
  /// An entry from the server that failed the checks; \p Unauthenticated:
  /// its seal, under the user's key.
  void rejected(bool Unauthenticated = false) {
    --Hits;
    ++Rejected;
    if (Unauthenticated)
      ++NotAuthenticated;
  }

  /// What went wrong, once per kind ("cannot connect ...; analysing without it").
  std::string warning() const;
  /// "remote cache URL: H hits, M misses, R rejected, U uploaded", then
  /// ", A not authenticated" when some were and " (keyed)" with the user's key.
  std::string summary() const;

private:
  RemoteCache(std::string Url, HttpUrl Server, bool ReadOnly, bool Authenticated)
      : Url(std::move(Url)), Server(std::move(Server)), ReadOnly(ReadOnly),
        Authenticated(Authenticated) {}
  void problem(const std::string &Why);

  std::string Url;
  HttpUrl Server;
  bool ReadOnly, Authenticated;
  std::atomic<bool> Down{false};
  std::atomic<unsigned> Hits{0}, Misses{0}, Rejected{0}, NotAuthenticated{0}, Uploaded{0};
  mutable std::mutex M;
  std::string Warning;
};

} // namespace cudalint

#endif
