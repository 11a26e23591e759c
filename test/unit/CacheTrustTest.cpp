//===- CacheTrustTest.cpp - The result cache's seals and its directory ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// HMAC-SHA256 against RFC 4231's vectors; entries that someone without the
// user's key writes (a server, or whoever can write the cache directory) are
// refused, while the same forgery is accepted where no key is set (the
// documented trust); the directory walk through planted links and its bound.
//
//===----------------------------------------------------------------------===//
#include "analyzer/cache/CacheFiles.h"
#include "analyzer/cache/EntrySeal.h"
#include "analyzer/cache/ResultCache.h"
#include "analyzer/cache/ResultCodec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;
using namespace cudalint;

namespace {

std::string hexMac(StringRef Key, ArrayRef<StringRef> Parts) {
  return toHex(hmacSha256(Key, Parts), /*LowerCase=*/true);
}

TEST(CacheTrust, HmacSha256MatchesRfc4231) {
  EXPECT_EQ(hexMac(std::string(20, '\x0b'), {"Hi There"}),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  EXPECT_EQ(hexMac("Jefe", {"what do ya want for nothing?"}),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  // A key longer than SHA-256's block is hashed first.
  EXPECT_EQ(
      hexMac(std::string(131, '\xaa'), {"Test Using Larger Than Block-Size Key - Hash Key First"}),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
  // The parts are one message.
  EXPECT_EQ(hexMac("Jefe", {"what do ya ", "want for ", "nothing?"}),
            hexMac("Jefe", {"what do ya want for nothing?"}));
}

TEST(CacheTrust, SealVerifiesOnlyItsBindingAndKey) {
  std::string Keyed = sealEntry("0123456789abcdef", "binding", "payload");
  ASSERT_TRUE(unsealEntry("0123456789abcdef", "binding", Keyed));
  EXPECT_EQ(*unsealEntry("0123456789abcdef", "binding", Keyed), "payload");
  EXPECT_FALSE(unsealEntry("0123456789abcdeX", "binding", Keyed));
  EXPECT_FALSE(unsealEntry("0123456789abcdef", "bindinG", Keyed));
  EXPECT_FALSE(unsealEntry("", "binding", Keyed));
  std::string Plain = sealEntry("", "binding", "payload");
  EXPECT_TRUE(unsealEntry("", "binding", Plain));
  EXPECT_FALSE(unsealEntry("0123456789abcdef", "binding", Plain));
  // A byte moved from the payload to the binding does not verify.
  std::string Shifted = sealEntry("", "binding", "payload");
  Shifted.erase(Shifted.size() - 7, 1); // the payload is now "ayload"
  EXPECT_FALSE(unsealEntry("", "bindingp", Shifted));
  for (size_t Cut = 0; Cut < Keyed.size(); ++Cut)
    EXPECT_FALSE(unsealEntry("0123456789abcdef", "binding", StringRef(Keyed).take_front(Cut)));
  EXPECT_EQ(secretId(""), "");
  EXPECT_NE(secretId("0123456789abcdef"), secretId("0123456789abcdeX"));
  EXPECT_EQ(secretId("0123456789abcdef").find("0123"), std::string::npos);
}

class CacheDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    SmallString<256> Model;
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Model);
    sys::path::append(Model, "cuda-lint-cache-trust");
    ASSERT_FALSE(sys::fs::createUniqueDirectory(Model, Root));
    SmallString<256> Src(Root);
    sys::path::append(Src, "k.cu");
    Source = Src.str().str();
    std::error_code EC;
    raw_fd_ostream(Source, EC) << "__global__ void k() {}\n";
    ASSERT_FALSE(EC);
    Cmd.File = Source;
    Cmd.ClangArgs = {"clang++", Source};
  }
  void TearDown() override { sys::fs::remove_directories(Root); }

  std::string dir(StringRef Name) {
    SmallString<256> D(Root);
    sys::path::append(D, Name);
    return D.str().str();
  }
  TUResult result(StringRef Message) {
    TUResult R;
    R.File = Source;
    R.Parsed = true;
    R.ReadFiles = {{Source, contentHash("__global__ void k() {}\n")}};
    Finding F;
    F.RuleId = "missing-launch-bounds";
    F.Message = Message.str();
    F.File = Source;
    F.Line = 1;
    R.Findings.push_back(F);
    return R;
  }
  std::unique_ptr<ResultCache> open(StringRef Dir, StringRef Secret) {
    Expected<std::unique_ptr<ResultCache>> C =
        ResultCache::open(Dir, "test build", ResultCache::DefaultMaxBytes, Secret.str());
    EXPECT_TRUE(bool(C));
    if (!C) {
      consumeError(C.takeError());
      return nullptr;
    }
    return std::move(*C);
  }
  /// Overwrites the entry of Cmd and Opts in \p C's directory \p Dir.
  void plant(ResultCache &C, StringRef Dir, const TUOptions &O, StringRef Bytes) {
    auto [Sub, Name] = C.entryName(Cmd, O);
    ASSERT_FALSE(writeCacheFile(Dir, Sub, Name, Bytes));
  }
  std::string payload(StringRef Message) {
    std::string P;
    encodeTUResult(result(Message), P);
    return P;
  }

  SmallString<256> Root;
  std::string Source;
  TranslatedCommand Cmd;
  TUOptions Opts;
};

TEST_F(CacheDirTest, KeyedEntriesRefuseForgeries) {
  const std::string Key = "a key of the user, 32 bytes long";
  std::string D = dir("keyed");
  std::unique_ptr<ResultCache> C = open(D, Key);
  ASSERT_TRUE(C);
  C->store(Cmd, Opts, result("honest"));
  std::optional<TUResult> Hit = C->lookup(Cmd, Opts);
  ASSERT_TRUE(Hit);
  EXPECT_EQ(Hit->Findings.at(0).Message, "honest");

  // Without the key one can seal with the plain hash, or under another key: refused.
  std::string Binding = C->entryBinding(Cmd, Opts);
  plant(*C, D, Opts, sealEntry("", Binding, payload("forged")));
  EXPECT_FALSE(C->lookup(Cmd, Opts));
  plant(*C, D, Opts, sealEntry("another key of sixteen", Binding, payload("forged")));
  EXPECT_FALSE(C->lookup(Cmd, Opts));
  EXPECT_NE(C->refusedWarning().find("2 entries not sealed with CUDA_LINT_REMOTE_CACHE_KEY"),
            std::string::npos)
      << C->refusedWarning();
  // With the key, the same bytes verify: what was refused was the seal alone.
  plant(*C, D, Opts, sealEntry(Key, Binding, payload("forged")));
  ASSERT_TRUE(C->lookup(Cmd, Opts));
}

TEST_F(CacheDirTest, PlainEntriesAreTrustedButBoundToTheirOptions) {
  std::string D = dir("plain");
  std::unique_ptr<ResultCache> C = open(D, "");
  ASSERT_TRUE(C);
  // Whoever can write the directory can make an entry without a key: documented trust.
  plant(*C, D, Opts, sealEntry("", C->entryBinding(Cmd, Opts), payload("forged")));
  std::optional<TUResult> Hit = C->lookup(Cmd, Opts);
  ASSERT_TRUE(Hit);
  EXPECT_EQ(Hit->Findings.at(0).Message, "forged");
  EXPECT_EQ(C->refusedWarning(), "");
  // An honest entry of other options, moved under this key, is refused.
  TUOptions Fewer;
  Fewer.EnabledRules = {"warp-divergent-branch"};
  C->store(Cmd, Fewer, result("fewer rules"));
  auto [Sub, Name] = C->entryName(Cmd, Fewer);
  std::optional<std::string> Moved = readCacheFile(D, Sub, Name, 1 << 20, false);
  ASSERT_TRUE(Moved);
  ASSERT_TRUE(C->lookup(Cmd, Fewer));
  plant(*C, D, Opts, *Moved);
  EXPECT_FALSE(C->lookup(Cmd, Opts));
}

TEST_F(CacheDirTest, DirectoryIsPrivate) {
  std::string D = dir("private/cache");
  ASSERT_TRUE(open(D, ""));
  struct stat St;
  ASSERT_EQ(::stat(D.c_str(), &St), 0);
  EXPECT_EQ(St.st_mode & 0777, 0700u);
  EXPECT_EQ(checkPrivateDirectory(D), "");
  ASSERT_EQ(::chmod(D.c_str(), 0770), 0);
  EXPECT_NE(checkPrivateDirectory(D).find("writable by other users (mode 0770)"),
            std::string::npos);
  Expected<std::unique_ptr<ResultCache>> C = ResultCache::open(D, "test build");
  ASSERT_FALSE(bool(C));
  consumeError(C.takeError());
}

TEST_F(CacheDirTest, WalkFollowsNoLinkAndIsBounded) {
  std::string D = dir("walk");
  ASSERT_FALSE(createPrivateDirectory(D));
  for (unsigned I = 0; I < 6; ++I)
    ASSERT_FALSE(writeCacheFile(D, "0" + std::to_string(I), "e.entry", "x"));
  // Links to '.', to the parent and to a directory outside, under entry-like names.
  ASSERT_EQ(::symlink(".", (D + "/aa").c_str()), 0);
  ASSERT_EQ(::symlink("..", (D + "/ab").c_str()), 0);
  ASSERT_EQ(::symlink(Root.c_str(), (D + "/ac").c_str()), 0);
  ASSERT_EQ(::symlink(Source.c_str(), (D + "/00/linked.entry").c_str()), 0);
  auto Hex = [](StringRef N) { return N.size() == 2; };
  bool Complete = false;
  std::vector<CacheFile> All = listCacheFiles(D, Hex, 1000, Complete);
  EXPECT_TRUE(Complete);
  EXPECT_EQ(All.size(), 6u);
  for (const CacheFile &F : All)
    EXPECT_EQ(F.Name, "e.entry");
  std::vector<CacheFile> Some = listCacheFiles(D, Hex, 5, Complete);
  EXPECT_FALSE(Complete);
  EXPECT_LT(Some.size(), 6u);
  // Removing goes through no link either.
  EXPECT_FALSE(removeCacheFile(D, "aa", "00"));
  EXPECT_TRUE(removeCacheFile(D, "00", "e.entry"));
  EXPECT_FALSE(readCacheFile(D, "00", "e.entry", 10, false));
}

TEST_F(CacheDirTest, WriteReplacesALinkInsteadOfItsTarget) {
  std::string D = dir("links");
  ASSERT_FALSE(createPrivateDirectory(D));
  ASSERT_FALSE(writeCacheFile(D, "0a", "e.entry", "first"));
  std::string Victim = dir("victim");
  {
    std::error_code EC;
    raw_fd_ostream(Victim, EC) << "precious";
  }
  std::string Entry = D + "/0a/e.entry";
  ASSERT_FALSE(sys::fs::remove(Entry));
  ASSERT_EQ(::symlink(Victim.c_str(), Entry.c_str()), 0);
  EXPECT_FALSE(readCacheFile(D, "0a", "e.entry", 100, false)); // not read through
  ASSERT_FALSE(writeCacheFile(D, "0a", "e.entry", "second"));
  EXPECT_EQ(*readCacheFile(D, "0a", "e.entry", 100, false), "second");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Victim);
  ASSERT_TRUE(bool(Text));
  EXPECT_EQ((*Text)->getBuffer(), "precious");
  // A linked subdirectory is refused for writing too.
  ASSERT_EQ(::symlink(Root.c_str(), (D + "/0b").c_str()), 0);
  Error E = writeCacheFile(D, "0b", "victim", "overwritten");
  EXPECT_TRUE(bool(E));
  consumeError(std::move(E));
  Text = MemoryBuffer::getFile(Victim);
  EXPECT_EQ((*Text)->getBuffer(), "precious");
}

} // namespace

// A facts file or cache entry may be damaged or forged: an integer padded past the 10 bytes a
// 64-bit value needs is refused (LLVM's LEB128 decoders would shift past 64 bits, undefined
// behaviour the facts fuzz target found), while its shortest form decodes.
TEST(CacheTrust, PaddedIntegersAreRefused) {
  std::string Bytes;
  encodeTUResult(TUResult(), Bytes);
  ASSERT_TRUE(decodeTUResult(Bytes).has_value());
  ASSERT_EQ(static_cast<uint8_t>(Bytes[0]) & 0x80, 0); // the codec's version, one byte
  std::string Padded(1, static_cast<char>(Bytes[0] | 0x80));
  Padded += std::string(9, static_cast<char>(0x80));
  Padded += '\0';
  EXPECT_FALSE(decodeTUResult(Padded + Bytes.substr(1)).has_value());
}
