//===- ReliabilityTest.cpp - Regression tests of issue 13 -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Defects found by an adversarial audit: memory safety, atomic writes, bounds.
//
//===----------------------------------------------------------------------===//
#include "analyzer/inputs/Config.h"
#include "analyzer/support/AtomicFile.h"
#include "analyzer/support/Git.h"
#include "ptxas_parse/JsonText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>

using namespace cudalint;
using namespace llvm;

namespace {

/// A fresh directory under the system temporary directory, removed at the end.
class TempDir {
public:
  TempDir() { EXPECT_FALSE(sys::fs::createUniqueDirectory("cuda-lint-reliability", Path)); }
  ~TempDir() { sys::fs::remove_directories(Path); }
  SmallString<128> Path;
};

// Issue 13 item 9: the first line of git's stderr was read through a StringRef
// into a destroyed temporary (heap-use-after-free on every run outside a git tree).
TEST(Git, StderrOutsideAWorkTreeIsReadIntact) {
  if (!sys::findProgramByName("git"))
    GTEST_SKIP() << "git is not installed";
  TempDir D;
  for (int I = 0; I < 20; ++I) {
    GitOutput G = runGit(D.Path, {"rev-parse", "--show-toplevel"});
    EXPECT_NE(G.ExitCode, 0);
    EXPECT_TRUE(StringRef(G.Stderr).starts_with("fatal: not a git repository")) << G.Stderr;
  }
  EXPECT_EQ(gitTopLevel(D.Path), std::nullopt);
}

/// Undoes writeJsonValue's escapes of one string: \\udcXX -> byte XX (surrogateescape).
std::string decodeSurrogateEscapes(llvm::StringRef Json) {
  std::string Out;
  for (size_t I = 0; I < Json.size(); ++I) {
    if (Json.substr(I).starts_with("\\udc") && I + 6 <= Json.size()) {
      unsigned B;
      if (!Json.substr(I + 4, 2).getAsInteger(16, B)) {
        Out += char(B);
        I += 5;
        continue;
      }
    }
    Out += Json[I];
  }
  return Out;
}

// Issue 13 item 12: any bytes survive a JSON document, and the document is valid UTF-8.
TEST(JsonText, AnyBytesRoundTrip) {
  const std::string Cases[] = {
      "plain ascii",
      "caf\xc3\xa9 \xe2\x82\xac", // valid UTF-8 stays as it is
      "k\xff.cu",
      "\x80\x81\xfe\xff",
      "cut \xe2\x82", // a sequence cut short
      "\xed\xa0\x80", // an encoded surrogate is not UTF-8
      "\xf4\x8f\xbe\x80 looks like a placeholder",
  };
  for (const std::string &S : Cases) {
    std::string Text = jsonText(S);
    EXPECT_TRUE(llvm::json::isUTF8(Text)) << S;
    std::string Out;
    llvm::raw_string_ostream OS(Out);
    writeJsonValue(OS, llvm::json::Value(Text));
    EXPECT_TRUE(llvm::json::isUTF8(Out)) << S;
    ASSERT_GE(Out.size(), 2u);
    EXPECT_EQ(decodeSurrogateEscapes(llvm::StringRef(Out).drop_front().drop_back()), S) << Out;
  }
  EXPECT_EQ(jsonText("caf\xc3\xa9"), "caf\xc3\xa9");
}

// Issue 13 item 7: the file is replaced as a whole, keeps its mode, and nothing is left beside it.
TEST(AtomicFile, ReplacesKeepingTheModeAndLeavesNoTemporary) {
  TempDir D;
  SmallString<128> File(D.Path);
  sys::path::append(File, "k.cu");
  ASSERT_FALSE(bool(writeFileAtomically(File, "old\n")));
  ASSERT_FALSE(sys::fs::setPermissions(File, sys::fs::owner_read | sys::fs::owner_write |
                                                 sys::fs::group_read));
  ASSERT_FALSE(bool(writeFileAtomically(File, "new text\n")));
  auto Buf = MemoryBuffer::getFile(File);
  ASSERT_TRUE(bool(Buf));
  EXPECT_EQ((*Buf)->getBuffer(), "new text\n");
  sys::fs::file_status St;
  ASSERT_FALSE(sys::fs::status(File, St));
  EXPECT_EQ(St.permissions(), sys::fs::owner_read | sys::fs::owner_write | sys::fs::group_read);
  std::error_code EC;
  unsigned Entries = 0;
  for (sys::fs::directory_iterator It(D.Path, EC), End; It != End && !EC; It.increment(EC))
    ++Entries;
  EXPECT_EQ(Entries, 1u);
  // A directory in the way: an error, and the directory is untouched.
  SmallString<128> Dir(D.Path);
  sys::path::append(Dir, "sub");
  ASSERT_FALSE(sys::fs::create_directory(Dir));
  llvm::Error E = writeFileAtomically(Dir, "x");
  EXPECT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)), "not a regular file");
  EXPECT_TRUE(sys::fs::is_directory(Dir));
}

/// Parses \p Text as /p/.cuda-lint.yaml over the defaults; the error text, or "" on success.
std::string configError(llvm::StringRef Text, Config *Out = nullptr) {
  static const Config Parent = Config::defaults();
  Expected<Config> C =
      parseConfig(Text, "/p/.cuda-lint.yaml", []() -> Expected<const Config &> { return Parent; });
  if (!C)
    return toString(C.takeError());
  if (Out)
    *Out = std::move(*C);
  return "";
}

// What the config fuzzer (scripts/fuzz.sh config) found: errors must be one line naming the file,
// and --dump-config's output must read back as the same configuration.
TEST(ConfigFuzzFindings, ErrorsAreOneLineNamingTheFile) {
  EXPECT_EQ(configError("exclude@\n  \nexclude: [a]\n"),
            "/p/.cuda-lint.yaml:1:1: unknown key 'exclude@\\nexclude' (valid keys: inherit, "
            "rules, severity, occupancy-threshold, archs, gpu, include, exclude, extra-args)");
  EXPECT_EQ(configError("?\n%"), "/p/.cuda-lint.yaml: Map key must be a scalar");
  EXPECT_EQ(configError("exclude: [a]\ninclude: ['\xff']\n"),
            "/p/.cuda-lint.yaml:2:12: not valid UTF-8 (a configuration is YAML, which is Unicode)");
}

TEST(ConfigFuzzFindings, DumpReadsBackTheSame) {
  Config C;
  ASSERT_EQ(configError("extra-args: [\"-DA=1\\nB\", \"-DQ='\\\"\\t\"]\n", &C), "");
  ASSERT_EQ(C.ExtraArgs.size(), 2u);
  EXPECT_EQ(C.ExtraArgs[0], "-DA=1\nB");
  std::string Dump;
  raw_string_ostream OS(Dump);
  C.dump(OS, "/p/k.cu");
  Config Again;
  ASSERT_EQ(configError(Dump, &Again), "") << Dump;
  EXPECT_EQ(Again.ExtraArgs, C.ExtraArgs) << Dump;
}

} // namespace
