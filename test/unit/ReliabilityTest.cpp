//===- ReliabilityTest.cpp - Regression tests of issue 13 -----------------===//
//
// Defects found by an adversarial audit: memory safety, atomic writes, bounds.
//
//===----------------------------------------------------------------------===//
#include "analyzer/Git.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
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

} // namespace
