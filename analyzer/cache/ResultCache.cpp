//===- ResultCache.cpp - Translation unit results kept between runs -------===//
#include "analyzer/cache/ResultCache.h"
#include "analyzer/cache/RemoteCache.h"
#include "analyzer/cache/ResultCodec.h"
#include "analyzer/support/AtomicFile.h"
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

constexpr StringLiteral Magic = "cuda-lint-result\n";
constexpr size_t HashBytes = 32;
/// An entry is a few KiB; anything this large is not one of ours.
constexpr uint64_t MaxEntryBytes = 64 << 20;

std::string hashOf(StringRef Bytes) { return contentHash(Bytes); }

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
                                                         uint64_t MaxBytes) {
  SmallString<256> Abs(Dir);
  sys::fs::make_absolute(Abs);
  if (std::error_code EC = sys::fs::create_directories(Abs))
    return createStringError(EC, "cannot create the cache directory '" + Abs + "': " +
                                     EC.message());
  if (!sys::fs::is_directory(Abs))
    return createStringError("the cache directory '" + Abs + "' is not a directory");
  return std::unique_ptr<ResultCache>(new ResultCache(Abs.str().str(), std::move(Tool), MaxBytes));
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

Expected<std::unique_ptr<ResultCache>>
ResultCache::openForRun(StringRef Dir, bool Disabled, const char *Argv0, StringRef RemoteUrl,
                        bool RemoteReadOnly) {
  auto EnvOn = [](const char *Var) {
    std::optional<std::string> V = sys::Process::GetEnv(Var);
    return V && !V->empty() && *V != "0";
  };
  std::string Url = RemoteUrl.str();
  if (Url.empty())
    Url = sys::Process::GetEnv("CUDA_LINT_REMOTE_CACHE").value_or("");
  RemoteReadOnly |= EnvOn("CUDA_LINT_REMOTE_CACHE_READ_ONLY");
  std::unique_ptr<RemoteCache> Remote;
  if (!Url.empty()) {
    Expected<std::unique_ptr<RemoteCache>> R = RemoteCache::open(Url, RemoteReadOnly);
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
  Expected<std::unique_ptr<ResultCache>> C = open(Where, toolIdentity(Argv0), Max);
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

std::string ResultCache::entryPath(const TranslatedCommand &Cmd, const TUOptions &Opts) const {
  std::string Key = entryKey(Cmd, Opts, Tool);
  SmallString<256> P(Dir);
  sys::path::append(P, Key.substr(0, 2), Key.substr(2) + ".entry");
  return P.str().str();
}

std::string ResultCache::entryKey(const TranslatedCommand &Cmd, const TUOptions &Opts,
                                  StringRef ToolId) const {
  BLAKE3 H;
  auto Add = [&](StringRef S) {
    H.update(S);
    H.update(StringRef("\0", 1));
  };
  Add(ToolId);
  Add(Cmd.File);
  Add(Cmd.Directory);
  for (const std::string &A : Cmd.ClangArgs)
    Add(A);
  Add("--rules");
  std::vector<std::string> Rules = Opts.EnabledRules;
  llvm::sort(Rules);
  for (const std::string &R : Rules)
    Add(R);
  Add(Opts.Pedantic ? "pedantic" : "");
  // Clang's driver also searches these.
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH"})
    Add(sys::Process::GetEnv(Var).value_or("-"));
  return toHex(H.final<16>(), /*LowerCase=*/true);
}

bool ResultCache::unchanged(const ReadFile &F) {
  // The content decides; the size and modification time only tell whether the
  // hash taken earlier in this process still describes the file.
  sys::fs::file_status St;
  if (sys::fs::status(F.Path, St) || St.type() != sys::fs::file_type::regular_file)
    return false;
  auto Stamp = std::make_pair(St.getSize(), St.getLastModificationTime().time_since_epoch().count());
  {
    std::lock_guard<std::mutex> Lock(M);
    if (auto It = CurrentHash.find(F.Path); It != CurrentHash.end() && It->second.first == Stamp)
      return It->second.second == F.ContentHash;
  }
  std::optional<std::string> Text = readRegularFile(F.Path, UINT32_MAX);
  std::string Now = Text ? hashOf(*Text) : "";
  std::lock_guard<std::mutex> Lock(M);
  CurrentHash[F.Path] = {Stamp, Now};
  return Now == F.ContentHash;
}

std::optional<TUResult> ResultCache::decodeEntry(StringRef B, const TranslatedCommand &Cmd) {
  if (!B.consume_front(Magic) || B.size() < HashBytes)
    return std::nullopt;
  StringRef Sum = B.take_front(HashBytes), Payload = B.drop_front(HashBytes);
  if (hashOf(Payload) != Sum)
    return std::nullopt;
  std::optional<TUResult> R = decodeTUResult(Payload);
  if (!R || R->File != Cmd.File || R->ReadFiles.empty())
    return std::nullopt;
  for (const ReadFile &F : R->ReadFiles)
    if (!unchanged(F))
      return std::nullopt;
  return R;
}

std::optional<TUResult> ResultCache::lookup(const TranslatedCommand &Cmd, const TUOptions &Opts) {
  std::string Path = entryPath(Cmd, Opts);
  std::optional<TUResult> R;
  if (std::optional<std::string> Bytes = readRegularFile(Path, MaxEntryBytes))
    R = decodeEntry(*Bytes, Cmd);
  if (!R && Remote) {
    std::optional<std::string> Bytes = Remote->get(entryKey(Cmd, Opts, RemoteTool));
    if (!Bytes)
      return std::nullopt;
    R = decodeEntry(*Bytes, Cmd);
    if (!R) {
      Remote->rejected(); // corrupted, or for files that differ here: analysed again
      return std::nullopt;
    }
    writeEntry(Path, *Bytes);
    ++Hits;
    return R;
  }
  if (!R)
    return std::nullopt;
  // Recently used: trim() evicts the oldest first.
  if (Expected<sys::fs::file_t> FD = sys::fs::openNativeFileForRead(Path)) {
    (void)sys::fs::setLastAccessAndModificationTime(*FD, std::chrono::system_clock::now());
    sys::fs::closeFile(*FD);
  } else {
    consumeError(FD.takeError());
  }
  ++Hits;
  return R;
}

void ResultCache::writeEntry(const std::string &Path, StringRef Bytes) {
  Error E = Error::success();
  if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Path)))
    E = createStringError(EC, EC.message());
  else
    E = writeFileAtomically(Path, Bytes);
  if (E) {
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
  std::string Bytes = Magic.str() + hashOf(Payload) + Payload;
  writeEntry(entryPath(Cmd, Opts), Bytes);
  if (Remote)
    Remote->put(entryKey(Cmd, Opts, RemoteTool), Bytes);
}

std::string ResultCache::writeError() const {
  std::lock_guard<std::mutex> Lock(M);
  return FirstWriteError;
}

void ResultCache::trim() {
  if (!Stored)
    return;
  struct Entry {
    std::string Path;
    uint64_t Size;
    sys::TimePoint<> Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    sys::fs::file_status St;
    if (It->type() == sys::fs::file_type::directory_file || sys::fs::status(It->path(), St) ||
        St.type() != sys::fs::file_type::regular_file)
      continue;
    StringRef Name = sys::path::filename(It->path());
    // A temporary file that a killed run left behind.
    if (Name.ends_with(".tmp") && Now - St.getLastModificationTime() > std::chrono::hours(1)) {
      sys::fs::remove(It->path());
      continue;
    }
    if (!Name.ends_with(".entry"))
      continue;
    Entries.push_back({It->path(), St.getSize(), St.getLastModificationTime()});
    Total += St.getSize();
  }
  if (Total <= MaxBytes)
    return;
  llvm::sort(Entries, [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  for (const Entry &E : Entries) {
    if (Total <= MaxBytes / 10 * 8)
      break;
    if (!sys::fs::remove(E.Path))
      Total -= E.Size;
  }
}

} // namespace cudalint
