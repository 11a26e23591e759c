//===- ResultCache.cpp - Translation unit results kept between runs -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cache/ResultCache.h"
#include "analyzer/cache/CacheFiles.h"
#include "analyzer/cache/EntrySeal.h"
#include "analyzer/cache/RemoteCache.h"
#include "analyzer/cache/ResultCodec.h"
#include "analyzer/support/Version.h"
#include "ptxas_parse/ReadFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;

namespace cudalint {
namespace {

/// An entry is a few KiB; anything this large is not one of ours.
constexpr uint64_t MaxEntryBytes = 64 << 20;
/// The most names trim() looks at: about ten times the entries of a full
/// cache of the default size. A directory with more is not walked further.
constexpr size_t MaxWalkNames = 4u << 20;

/// The subdirectories of the cache: two lower-case hex digits.
bool isEntrySubdirectory(StringRef Name) {
  return Name.size() == 2 &&
         llvm::all_of(Name, [](char C) { return isDigit(C) || (C >= 'a' && C <= 'f'); });
}

/// Reads a whole regular file (not a FIFO or a device), or nothing.
std::optional<std::string> readRegularFile(StringRef Path, uint64_t Max) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St) || St.type() != sys::fs::file_type::regular_file)
    return std::nullopt;
  Expected<std::string> Text = readFileBounded(Path, Max);
  if (!Text) {
    consumeError(Text.takeError());
    return std::nullopt;
  }
  return std::move(*Text);
}

} // namespace

Expected<std::unique_ptr<ResultCache>> ResultCache::open(StringRef Dir, std::string Tool,
                                                         uint64_t MaxBytes,
                                                         std::optional<std::string> Secret) {
  if (!Secret) {
    Expected<std::string> FromEnv = secretFromEnvironment();
    if (!FromEnv)
      return FromEnv.takeError();
    Secret = std::move(*FromEnv);
  }
  SmallString<256> Abs(Dir);
  sys::fs::make_absolute(Abs);
  if (std::error_code EC = createPrivateDirectory(Abs))
    return createStringError(EC,
                             "cannot create the cache directory '" + Abs + "': " + EC.message());
  if (std::string Why = checkPrivateDirectory(Abs); !Why.empty())
    return createStringError(Why);
  return std::unique_ptr<ResultCache>(
      new ResultCache(Abs.str().str(), std::move(Tool), MaxBytes, std::move(*Secret)));
}

std::string ResultCache::defaultDirectory() {
  if (std::optional<std::string> D = sys::Process::GetEnv("CUDA_LINT_CACHE_DIR"); D && !D->empty())
    return *D;
  SmallString<256> Base;
  if (std::optional<std::string> X = sys::Process::GetEnv("XDG_CACHE_HOME"); X && !X->empty())
    Base = *X;
  else if (!sys::path::home_directory(Base))
    return "";
  else
    sys::path::append(Base, ".cache");
  sys::path::append(Base, "cuda-lint");
  return Base.str().str();
}

Expected<std::string> ResultCache::secretFromEnvironment() {
  std::string Secret = sys::Process::GetEnv("CUDA_LINT_REMOTE_CACHE_KEY").value_or("");
  if (!Secret.empty() && Secret.size() < MinSecretBytes)
    return createStringError("CUDA_LINT_REMOTE_CACHE_KEY has " + std::to_string(Secret.size()) +
                             " bytes; a key needs at least " + std::to_string(MinSecretBytes) +
                             " (e.g. the output of `openssl rand -hex 32`)");
  return Secret;
}

Expected<std::unique_ptr<ResultCache>> ResultCache::openForRun(StringRef Dir, bool Disabled,
                                                               const char *Argv0,
                                                               StringRef RemoteUrl,
                                                               bool RemoteReadOnly) {
  auto EnvOn = [](const char *Var) {
    std::optional<std::string> V = sys::Process::GetEnv(Var);
    return V && !V->empty() && *V != "0";
  };
  Expected<std::string> Secret = secretFromEnvironment();
  if (!Secret)
    return Secret.takeError();
  std::string Url = RemoteUrl.str();
  if (Url.empty())
    Url = sys::Process::GetEnv("CUDA_LINT_REMOTE_CACHE").value_or("");
  RemoteReadOnly |= EnvOn("CUDA_LINT_REMOTE_CACHE_READ_ONLY");
  std::unique_ptr<RemoteCache> Remote;
  if (!Url.empty()) {
    Expected<std::unique_ptr<RemoteCache>> R =
        RemoteCache::open(Url, RemoteReadOnly, /*Authenticated=*/!Secret->empty());
    if (!R)
      return R.takeError();
    Remote = std::move(*R);
  }
  if (Disabled || EnvOn("CUDA_LINT_NO_CACHE")) {
    if (Remote)
      errs() << "cuda-lint: warning: the remote cache goes through the local one, which is off "
                "(--no-cache or CUDA_LINT_NO_CACHE); analysing without either\n";
    return nullptr;
  }
  std::string Where = Dir.empty() ? defaultDirectory() : Dir.str();
  if (Where.empty())
    return nullptr;
  uint64_t Max = DefaultMaxBytes;
  if (std::optional<std::string> MB = sys::Process::GetEnv("CUDA_LINT_CACHE_MAX_MB"))
    if (unsigned long long N; !getAsUnsignedInteger(*MB, 10, N))
      Max = N << 20;
  Expected<std::unique_ptr<ResultCache>> C =
      open(Where, toolIdentity(Argv0), Max, std::move(*Secret));
  if (!C) {
    errs() << "cuda-lint: warning: " << toString(C.takeError())
           << "; analysing without the cache\n";
    return nullptr;
  }
  if (Remote)
    (*C)->setRemote(std::move(Remote), Argv0);
  return std::move(*C);
}

std::string ResultCache::toolIdentity(const char *Argv0) {
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0, &Anchor);
  std::string Id = "cuda-lint " + toolVersion().str();
  sys::fs::file_status St;
  if (!Exe.empty() && !sys::fs::status(Exe, St))
    Id += " " + std::to_string(St.getSize()) + " " +
          std::to_string(St.getLastModificationTime().time_since_epoch().count());
  return Id;
}

void ResultCache::setRemote(std::unique_ptr<RemoteCache> R, const char *Argv0) {
  // Builds on other machines have other modification times: the remote key
  // names the build by the executable's content.
  static int Anchor;
  std::string Exe = sys::fs::getMainExecutable(Argv0, &Anchor);
  ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes = MemoryBuffer::getFile(Exe);
  RemoteTool = "cuda-lint " + toolVersion().str() + " " +
               (Bytes ? toHex(contentHash((*Bytes)->getBuffer()), true) : Tool);
  Remote = std::move(R);
}

std::pair<std::string, std::string> ResultCache::entryName(const TranslatedCommand &Cmd,
                                                           const TUOptions &Opts) const {
  std::string Key = entryKey(Cmd, Opts, Tool);
  return {Key.substr(0, 2), Key.substr(2) + ".entry"};
}

std::string ResultCache::entryKey(const TranslatedCommand &Cmd, const TUOptions &Opts,
                                  StringRef ToolId) const {
  BLAKE3 H;
  auto Add = [&](StringRef S) {
    H.update(S);
    H.update(StringRef("\0", 1));
  };
  Add(ToolId);
  // Entries of different keys are kept apart (each verifies only under its own).
  Add(secretId(Secret));
  // Everything of the command that reaches the analysis of the TU: its Clang
  // arguments (the database's and the configurations' extra args, --extra-arg,
  // the CUDA path), and the archs, which pick the device-side parse's target.
  Add(Cmd.File);
  Add(Cmd.Directory);
  for (const std::string &A : Cmd.ClangArgs)
    Add(A);
  Add("--archs");
  for (const std::string &A : Cmd.Archs)
    Add(A);
  Add(Cmd.PerThreadDefaultStream ? "per-thread" : "legacy");
  // And the options of the analysis.
  Add("--rules");
  std::vector<std::string> Rules = Opts.EnabledRules;
  llvm::sort(Rules);
  for (const std::string &R : Rules)
    Add(R);
  Add(Opts.Pedantic ? "pedantic" : "");
  // The blocks other TUs launch its kernels with (the whole program's second look).
  for (const auto &[Kernel, Launches] : Opts.LaunchedElsewhere) {
    Add(Kernel);
    for (const ExternalLaunch &L : Launches)
      Add(std::to_string(L.Block[0]) + "x" + std::to_string(L.Block[1]) + "x" +
          std::to_string(L.Block[2]) + " " + L.Where);
  }
  // Clang's driver also searches these.
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"})
    Add(sys::Process::GetEnv(Var).value_or("-"));
  return toHex(H.final<16>(), /*LowerCase=*/true);
}

std::string ResultCache::entryBinding(const TranslatedCommand &Cmd, const TUOptions &Opts) const {
  // The key without the build's identity: an entry that a server holds for
  // one build verifies for another build of this version, as it is the same
  // analysis; an entry of another command or other options never does.
  return entryKey(Cmd, Opts, "cuda-lint " + toolVersion().str());
}

bool ResultCache::unchanged(const ReadFile &F) {
  // The content decides; the size and modification time only tell whether the
  // hash taken earlier in this process still describes the file.
  sys::fs::file_status St;
  if (sys::fs::status(F.Path, St) || St.type() != sys::fs::file_type::regular_file)
    return false;
  auto Stamp =
      std::make_pair(St.getSize(), St.getLastModificationTime().time_since_epoch().count());
  {
    std::lock_guard<std::mutex> Lock(M);
    if (auto It = CurrentHash.find(F.Path); It != CurrentHash.end() && It->second.first == Stamp)
      return It->second.second == F.ContentHash;
  }
  std::optional<std::string> Text = readRegularFile(F.Path, UINT32_MAX);
  std::string Now = Text ? contentHashAsParsed(*Text) : "";
  std::lock_guard<std::mutex> Lock(M);
  CurrentHash[F.Path] = {Stamp, Now};
  return Now == F.ContentHash;
}

std::optional<TUResult> ResultCache::decodeEntry(StringRef B, const TranslatedCommand &Cmd,
                                                 StringRef Binding, bool &Unsealed) {
  std::optional<StringRef> Payload = unsealEntry(Secret, Binding, B);
  Unsealed = !Payload;
  if (!Payload)
    return std::nullopt;
  std::optional<TUResult> R = decodeTUResult(*Payload);
  if (!R || R->File != Cmd.File || R->ReadFiles.empty())
    return std::nullopt;
  for (const ReadFile &F : R->ReadFiles)
    if (!unchanged(F))
      return std::nullopt;
  // A header that now exists where the parse found none (a submodule checked out, a generated
  // header built, one that would shadow the header used) makes the result stale.
  // Not remembered between lookups: an editor's server lives while files appear.
  for (const std::string &P : R->AbsentPaths)
    if (sys::fs::exists(P))
      return std::nullopt;
  return R;
}

std::optional<TUResult> ResultCache::lookup(const TranslatedCommand &Cmd, const TUOptions &Opts) {
  auto [Sub, Name] = entryName(Cmd, Opts);
  std::string Binding = entryBinding(Cmd, Opts);
  std::optional<TUResult> R;
  bool Unsealed = false;
  // Touched: trim() evicts the least recently used first. A bad entry touched
  // is rewritten by this run anyway.
  if (std::optional<std::string> Bytes =
          readCacheFile(Dir, Sub, Name, MaxEntryBytes, /*Touch=*/true)) {
    R = decodeEntry(*Bytes, Cmd, Binding, Unsealed);
    if (Unsealed && !Secret.empty())
      ++Refused;
  }
  if (!R && Remote) {
    std::optional<std::string> Bytes = Remote->get(entryKey(Cmd, Opts, RemoteTool));
    if (!Bytes)
      return std::nullopt;
    // Verified before it is kept: an entry that fails here is analysed
    // again, and never reaches the local cache.
    R = decodeEntry(*Bytes, Cmd, Binding, Unsealed);
    if (!R) {
      Remote->rejected(Unsealed && !Secret.empty());
      return std::nullopt;
    }
    writeEntry(Sub, Name, *Bytes);
  }
  if (!R)
    return std::nullopt;
  ++Hits;
  return R;
}

void ResultCache::writeEntry(StringRef Sub, StringRef Name, StringRef Bytes) {
  if (Error E = writeCacheFile(Dir, Sub, Name, Bytes)) {
    std::lock_guard<std::mutex> Lock(M);
    std::string Why = toString(std::move(E));
    if (FirstWriteError.empty())
      FirstWriteError = "cannot write to the cache '" + Dir + "': " + Why;
    return;
  }
  ++Stored;
}

void ResultCache::store(const TranslatedCommand &Cmd, const TUOptions &Opts, const TUResult &R) {
  if (!R.Parsed || R.ReadFiles.empty())
    return;
  std::string Payload;
  encodeTUResult(R, Payload);
  std::string Bytes = sealEntry(Secret, entryBinding(Cmd, Opts), Payload);
  auto [Sub, Name] = entryName(Cmd, Opts);
  writeEntry(Sub, Name, Bytes);
  if (Remote)
    Remote->put(entryKey(Cmd, Opts, RemoteTool), Bytes);
}

std::string ResultCache::writeError() const {
  std::lock_guard<std::mutex> Lock(M);
  return FirstWriteError;
}

std::string ResultCache::refusedWarning() const {
  if (!Refused)
    return "";
  return "the result cache '" + Dir + "' held " + std::to_string(Refused) + " entr" +
         (Refused == 1 ? "y" : "ies") +
         " not sealed with CUDA_LINT_REMOTE_CACHE_KEY (corrupted, or written by someone "
         "without the key); analysed again";
}

void ResultCache::trim() {
  if (!Stored)
    return;
  auto Now = std::chrono::system_clock::now();
  bool Complete = true;
  // One level below the directory, through no link, a bounded number of names.
  std::vector<CacheFile> Files = listCacheFiles(Dir, isEntrySubdirectory, MaxWalkNames, Complete);
  std::vector<CacheFile *> Entries;
  uint64_t Total = 0;
  for (CacheFile &F : Files) {
    // A temporary file that a killed run left behind.
    if (StringRef(F.Name).ends_with(".tmp") && Now - F.Modified > std::chrono::hours(1)) {
      removeCacheFile(Dir, F.Sub, F.Name);
      continue;
    }
    if (!StringRef(F.Name).ends_with(".entry"))
      continue;
    Entries.push_back(&F);
    Total += F.Size;
  }
  if (Total <= MaxBytes)
    return;
  llvm::sort(Entries,
             [](const CacheFile *A, const CacheFile *B) { return A->Modified < B->Modified; });
  for (const CacheFile *E : Entries) {
    if (Total <= MaxBytes / 10 * 8)
      break;
    if (removeCacheFile(Dir, E->Sub, E->Name))
      Total -= E->Size;
  }
}

} // namespace cudalint
