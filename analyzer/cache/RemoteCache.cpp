//===- RemoteCache.cpp - Result cache entries shared over HTTP ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cache/RemoteCache.h"

using namespace llvm;

namespace cudalint {
namespace {

/// A lookup must not hold a run up: a server that takes longer is down.
constexpr std::chrono::milliseconds Deadline(5000);
constexpr size_t MaxEntryBytes = 64 << 20;

} // namespace

Expected<std::unique_ptr<RemoteCache>> RemoteCache::open(StringRef Url, bool ReadOnly,
                                                         bool Authenticated) {
  Expected<HttpUrl> Server = parseHttpUrl(Url);
  if (!Server)
    return createStringError("--remote-cache " + toString(Server.takeError()));
  return std::unique_ptr<RemoteCache>(
      new RemoteCache(Url.str(), std::move(*Server), ReadOnly, Authenticated));
}

void RemoteCache::problem(const std::string &Why) {
  std::lock_guard<std::mutex> Lock(M);
  if (Warning.empty())
    Warning = "remote cache " + Url + ": " + Why;
}

std::optional<std::string> RemoteCache::get(StringRef Key) {
  if (Down)
    return std::nullopt;
  Expected<HttpResponse> R =
      httpRequest(Server, "GET", Server.Path + Key.str(), "", Deadline, MaxEntryBytes);
  if (!R) {
    Down = true;
    problem(toString(R.takeError()) + "; analysing without it");
    return std::nullopt;
  }
  if (R->Status == 200) {
    ++Hits;
    return std::move(R->Body);
  }
  ++Misses;
  if (R->Status != 404)
    problem("GET answered HTTP " + std::to_string(R->Status));
  return std::nullopt;
}

void RemoteCache::put(StringRef Key, StringRef Bytes) {
  if (ReadOnly || Down)
    return;
  Expected<HttpResponse> R =
      httpRequest(Server, "PUT", Server.Path + Key.str(), Bytes, Deadline, MaxEntryBytes);
  if (!R) {
    Down = true;
    problem(toString(R.takeError()) + "; analysing without it");
    return;
  }
  if (R->Status >= 200 && R->Status < 300)
    ++Uploaded;
  else
    problem("PUT answered HTTP " + std::to_string(R->Status) +
            " (a read-only server? then use --remote-cache-read-only)");
}

std::string RemoteCache::warning() const {
  std::lock_guard<std::mutex> Lock(M);
  return Warning;
}

std::string RemoteCache::summary() const {
  return "remote cache " + Url + ": " + std::to_string(Hits) + " hits, " + std::to_string(Misses) +
         " misses, " + std::to_string(Rejected) + " rejected, " + std::to_string(Uploaded) +
         " uploaded" +
         (NotAuthenticated ? ", " + std::to_string(NotAuthenticated) + " not authenticated" : "") +
         (Authenticated ? " (keyed)" : "") + (ReadOnly ? " (read-only)" : "") +
         (Down ? " (unreachable)" : "");
}

} // namespace cudalint
