//===- TempDir.cpp - Temporary directories that do not outlive the process ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/TempDir.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace llvm;

namespace cudalint {
namespace {

// The registered directories, in storage a signal handler can read: fixed slots of paths,
// each published by its flag once written.
constexpr int MaxDirs = 32;
constexpr size_t MaxPath = 4096;
char Slots[MaxDirs][MaxPath];
std::atomic<bool> InUse[MaxDirs];
std::mutex SlotLock;

const int Signals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction Previous[std::size(Signals)];

/// Removes the files of \p Dir, with system calls only (async-signal-safe).
void removeFiles(int Fd) {
  alignas(8) char Buf[8192];
  for (int Rounds = 0; Rounds < 4096; ++Rounds) {
    long N = ::syscall(SYS_getdents64, Fd, Buf, sizeof Buf);
    if (N <= 0)
      break;
    for (long Off = 0; Off < N;) {
      struct Entry {
        unsigned long long Ino;
        long long Off;
        unsigned short Reclen;
        unsigned char Type;
        char Name[1];
      };
      const Entry *E = reinterpret_cast<const Entry *>(Buf + Off);
      if (std::strcmp(E->Name, ".") != 0 && std::strcmp(E->Name, "..") != 0)
        ::unlinkat(Fd, E->Name, 0);
      Off += E->Reclen;
    }
  }
}

/// Removes the files of \p Dir and then \p Dir, with system calls only (async-signal-safe).
/// Subdirectories are not descended into: cuda-lint's temporary directories hold files. Another
/// thread may still write a file into it meanwhile (a preamble being written when the signal
/// came): the directory is first renamed, so that no file can be created under its name any
/// more, and the files are removed again until it goes, a few times at most.
void removeFlat(const char *Dir) {
  int Saved = errno;
  char Gone[MaxPath + 8];
  size_t Len = std::strlen(Dir);
  if (Len + sizeof(".gone") <= sizeof Gone) {
    std::memcpy(Gone, Dir, Len);
    std::memcpy(Gone + Len, ".gone", sizeof(".gone"));
    if (::rename(Dir, Gone) == 0)
      Dir = Gone;
  }
  int Fd = ::open(Dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (Fd < 0) {
    errno = Saved;
    return;
  }
  for (int Try = 0; Try < 16; ++Try) {
    ::lseek(Fd, 0, SEEK_SET);
    removeFiles(Fd);
    if (::rmdir(Dir) == 0 || errno != ENOTEMPTY)
      break;
  }
  ::close(Fd);
  errno = Saved;
}

void onSignal(int Sig) {
  for (int I = 0; I < MaxDirs; ++I)
    if (InUse[I].load(std::memory_order_acquire))
      removeFlat(Slots[I]);
  // Then whatever was there before (LLVM's handler, or the default): the process still ends
  // by the signal.
  for (size_t I = 0; I < std::size(Signals); ++I)
    if (Signals[I] == Sig)
      ::sigaction(Sig, &Previous[I], nullptr);
  ::raise(Sig);
}

void installHandlers() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    for (size_t I = 0; I < std::size(Signals); ++I) {
      struct sigaction A = {};
      A.sa_handler = onSignal;
      sigemptyset(&A.sa_mask);
      A.sa_flags = SA_RESETHAND;
      ::sigaction(Signals[I], &A, &Previous[I]);
    }
  });
}

/// Removes `cuda-lint-<Purpose>-<pid>-*` directories under \p Tmp of processes that no longer
/// run: this user's, real directories, not links.
void removeStale(StringRef Tmp, StringRef Purpose) {
  std::string Prefix = ("cuda-lint-" + Purpose + "-").str();
  std::error_code EC;
  unsigned Seen = 0;
  for (sys::fs::directory_iterator It(Tmp, EC), End; It != End && !EC && Seen < 100000;
       It.increment(EC), ++Seen) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.consume_front(Prefix))
      continue;
    unsigned long Pid = 0;
    if (Name.consumeInteger(10, Pid) || !Name.starts_with("-") || Pid == 0)
      continue;
    struct stat St;
    if (::lstat(It->path().c_str(), &St) != 0 || !S_ISDIR(St.st_mode) || St.st_uid != ::getuid())
      continue;
    if (::kill(static_cast<pid_t>(Pid), 0) == 0 || errno != ESRCH)
      continue; // running (or not ours to ask about)
    removeFlat(It->path().c_str());
  }
}

/// Registers \p Path for the signal handler; false when every slot is taken.
bool registerPath(StringRef Path) {
  if (Path.size() >= MaxPath)
    return false;
  std::lock_guard<std::mutex> Lock(SlotLock);
  for (int I = 0; I < MaxDirs; ++I) {
    if (InUse[I].load(std::memory_order_relaxed))
      continue;
    std::memcpy(Slots[I], Path.data(), Path.size());
    Slots[I][Path.size()] = '\0';
    InUse[I].store(true, std::memory_order_release);
    return true;
  }
  return false;
}

void unregisterPath(StringRef Path) {
  std::lock_guard<std::mutex> Lock(SlotLock);
  for (int I = 0; I < MaxDirs; ++I)
    if (InUse[I].load(std::memory_order_relaxed) && Path == Slots[I])
      InUse[I].store(false, std::memory_order_release);
}

} // namespace

std::error_code createTempDir(StringRef Purpose, SmallVectorImpl<char> &Path) {
  SmallString<128> Tmp;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Tmp);
  removeStale(Tmp, Purpose);
  installHandlers();
  std::string Model =
      ("cuda-lint-" + Purpose + "-" + Twine(sys::Process::getProcessId()) + "-%%%%%%").str();
  for (int Attempt = 0; Attempt < 128; ++Attempt) {
    SmallString<256> Name;
    sys::fs::createUniquePath(Model, Name, /*MakeAbsolute=*/true);
    // Registered before it exists: a signal between the two must not leave it behind.
    bool Registered = registerPath(Name);
    std::error_code EC =
        sys::fs::create_directory(Name, /*IgnoreExisting=*/false, sys::fs::owner_all);
    if (!EC) {
      Path.assign(Name.begin(), Name.end());
      return EC;
    }
    if (Registered)
      unregisterPath(Name);
    if (EC != std::errc::file_exists)
      return EC;
  }
  return std::make_error_code(std::errc::file_exists);
}

void removeTempDir(StringRef Path) {
  unregisterPath(Path);
  sys::fs::remove_directories(Path);
}

} // namespace cudalint
