//===- CacheFiles.cpp - Files of the cache directory, no symlink followed -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cache/CacheFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <atomic>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

using namespace llvm;

namespace cudalint {
namespace {

/// A file descriptor closed when it goes out of scope.
class Descriptor {
public:
  explicit Descriptor(int FD = -1) : FD(FD) {}
  Descriptor(Descriptor &&O) : FD(O.FD) { O.FD = -1; }
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  Descriptor &operator=(Descriptor &&O) {
    std::swap(FD, O.FD);
    return *this;
  }
  ~Descriptor() {
    if (FD >= 0)
      ::close(FD);
  }
  int get() const { return FD; }
  explicit operator bool() const { return FD >= 0; }

private:
  int FD;
};

std::error_code lastError() { return std::error_code(errno, std::generic_category()); }

/// Retries a call that a signal interrupted.
template <class Fn> auto retry(Fn Call) {
  decltype(Call()) R;
  do
    R = Call();
  while (R < 0 && errno == EINTR);
  return R;
}

/// The cache directory itself: the user named it (or it is under $HOME), so
/// it may be a link; what is inside it is opened through this descriptor.
Descriptor openTop(StringRef Dir) {
  SmallString<256> Z(Dir);
  return Descriptor(retry([&] { return ::open(Z.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); }));
}

/// SUB inside \p Top: a directory, not a link to one.
Descriptor openSub(const Descriptor &Top, StringRef Sub) {
  if (!Top)
    return Descriptor();
  SmallString<16> Z(Sub);
  return Descriptor(retry([&] {
    return ::openat(Top.get(), Z.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  }));
}

std::string temporaryName(StringRef Name) {
  static std::atomic<unsigned> Counter{0};
  return "." + Name.str() + "." + std::to_string(sys::Process::getProcessId()) + "-" +
         std::to_string(++Counter) + "-" + std::to_string(sys::Process::GetRandomNumber()) + ".tmp";
}

} // namespace

std::error_code createPrivateDirectory(StringRef Dir) {
  return sys::fs::create_directories(Dir, /*IgnoreExisting=*/true, sys::fs::owner_all);
}

std::string checkPrivateDirectory(StringRef Dir) {
  SmallString<256> Z(Dir);
  struct stat St;
  if (::stat(Z.c_str(), &St) != 0)
    return "cannot use the cache directory '" + Dir.str() + "': " + lastError().message();
  if (!S_ISDIR(St.st_mode))
    return "the cache directory '" + Dir.str() + "' is not a directory";
  if (St.st_uid != ::geteuid())
    return "the cache directory '" + Dir.str() + "' belongs to another user (uid " +
           std::to_string(St.st_uid) + "), who could change the results it holds";
  if (St.st_mode & (S_IWGRP | S_IWOTH)) {
    char Mode[8];
    snprintf(Mode, sizeof(Mode), "%04o", static_cast<unsigned>(St.st_mode & 07777));
    return "the cache directory '" + Dir.str() + "' is writable by other users (mode " + Mode +
           "), who could change the results it holds; make it private (chmod go-w) or choose "
           "another with --cache-dir";
  }
  return "";
}

std::optional<std::string> readCacheFile(StringRef Dir, StringRef Sub, StringRef Name,
                                         uint64_t MaxBytes, bool Touch) {
  Descriptor Parent = openSub(openTop(Dir), Sub);
  if (!Parent)
    return std::nullopt;
  SmallString<128> Z(Name);
  // O_NONBLOCK: a FIFO planted here must not block the open.
  Descriptor File(retry([&] {
    return ::openat(Parent.get(), Z.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  }));
  struct stat St;
  if (!File || ::fstat(File.get(), &St) != 0 || !S_ISREG(St.st_mode) ||
      static_cast<uint64_t>(St.st_size) > MaxBytes)
    return std::nullopt;
  std::string Bytes(static_cast<size_t>(St.st_size), '\0');
  size_t Have = 0;
  while (Have < Bytes.size()) {
    ssize_t N = retry([&] { return ::read(File.get(), &Bytes[Have], Bytes.size() - Have); });
    if (N < 0)
      return std::nullopt;
    if (N == 0)
      break; // shorter than it was: the seal check refuses it
    Have += static_cast<size_t>(N);
  }
  Bytes.resize(Have);
  if (Touch)
    (void)sys::fs::setLastAccessAndModificationTime(File.get(), std::chrono::system_clock::now());
  return Bytes;
}

Error writeCacheFile(StringRef Dir, StringRef Sub, StringRef Name, StringRef Bytes) {
  Descriptor Top = openTop(Dir);
  if (!Top)
    return createStringError(lastError(), "cannot open the directory: " + lastError().message());
  SmallString<16> SubZ(Sub);
  Descriptor Parent = openSub(Top, Sub);
  if (!Parent && errno == ENOENT) {
    if (::mkdirat(Top.get(), SubZ.c_str(), 0700) != 0 && errno != EEXIST)
      return createStringError(lastError(),
                               "cannot create '" + Sub + "': " + lastError().message());
    Parent = openSub(Top, Sub);
  }
  if (!Parent)
    return createStringError(lastError(),
                             "'" + Sub + "' is not a directory (" + lastError().message() + ")");
  std::string Temp;
  Descriptor Out;
  for (unsigned Try = 0; Try < 8 && !Out; ++Try) {
    Temp = temporaryName(Name);
    Out = Descriptor(retry([&] {
      return ::openat(Parent.get(), Temp.c_str(),
                      O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    }));
    if (!Out && errno != EEXIST)
      break;
  }
  if (!Out)
    return createStringError(lastError(), "cannot create a file: " + lastError().message());
  for (size_t Done = 0; Done < Bytes.size();) {
    ssize_t N = retry([&] { return ::write(Out.get(), Bytes.data() + Done, Bytes.size() - Done); });
    if (N <= 0) {
      std::error_code EC = N < 0 ? lastError() : std::make_error_code(std::errc::io_error);
      ::unlinkat(Parent.get(), Temp.c_str(), 0);
      return createStringError(EC, "cannot write: " + EC.message());
    }
    Done += static_cast<size_t>(N);
  }
  // No fsync: an entry that a crash leaves partial fails its seal and is a miss.
  SmallString<128> NameZ(Name);
  if (::renameat(Parent.get(), Temp.c_str(), Parent.get(), NameZ.c_str()) != 0) {
    std::error_code EC = lastError();
    ::unlinkat(Parent.get(), Temp.c_str(), 0);
    return createStringError(EC, "cannot rename: " + EC.message());
  }
  return Error::success();
}

std::vector<CacheFile> listCacheFiles(StringRef Dir, bool (*IsSub)(StringRef), size_t MaxNames,
                                      bool &Complete) {
  std::vector<CacheFile> Out;
  Complete = true;
  size_t Seen = 0;
  // Reads the names in the directory \p FD (which it takes over).
  auto Names = [&](int FD) {
    std::vector<std::string> Found;
    DIR *D = ::fdopendir(FD);
    if (!D) {
      ::close(FD);
      return Found;
    }
    while (const dirent *E = ::readdir(D)) {
      StringRef N(E->d_name);
      if (N == "." || N == "..")
        continue;
      if (++Seen > MaxNames) {
        Complete = false;
        break;
      }
      Found.push_back(N.str());
    }
    ::closedir(D);
    return Found;
  };
  Descriptor Top = openTop(Dir);
  if (!Top)
    return Out;
  for (const std::string &Sub : Names(::dup(Top.get()))) {
    if (!IsSub(Sub))
      continue;
    Descriptor Parent = openSub(Top, Sub); // a link is refused here
    if (!Parent)
      continue;
    for (std::string &Name : Names(::dup(Parent.get()))) {
      struct stat St;
      if (::fstatat(Parent.get(), Name.c_str(), &St, AT_SYMLINK_NOFOLLOW) != 0 ||
          !S_ISREG(St.st_mode))
        continue;
      Out.push_back({Sub, std::move(Name), static_cast<uint64_t>(St.st_size),
                     sys::toTimePoint(St.st_mtim.tv_sec, St.st_mtim.tv_nsec)});
    }
    if (!Complete)
      break;
  }
  return Out;
}

bool removeCacheFile(StringRef Dir, StringRef Sub, StringRef Name) {
  Descriptor Parent = openSub(openTop(Dir), Sub);
  if (!Parent)
    return false;
  SmallString<128> Z(Name);
  struct stat St;
  if (::fstatat(Parent.get(), Z.c_str(), &St, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(St.st_mode))
    return false;
  return ::unlinkat(Parent.get(), Z.c_str(), 0) == 0;
}

} // namespace cudalint
