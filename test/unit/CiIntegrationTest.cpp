//===- CiIntegrationTest.cpp - NOLINT, config, diff, escaping, fingerprints -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/ChangedLines.h"
#include "analyzer/inputs/Config.h"
#include "analyzer/report/Report.h"
#include "analyzer/report/Suppressions.h"
#include "analyzer/support/Docs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cudalint;
using namespace llvm;

namespace {

TEST(Nolint, ParsesClangTidyGrammar) {
  auto D = parseNolintDirectives("a; // NOLINT\n"
                                 "b; // NOLINT(default-stream-launch, missing-*)\n"
                                 "// NOLINTNEXTLINE(x)\n"
                                 "/* NOLINTBEGIN */ c; // NOLINTEND\n"
                                 "d; // NOLINT(unclosed\n"
                                 "e; // NOLINT()\r\n");
  ASSERT_EQ(D.size(), 7u);
  EXPECT_EQ(D[0].Kind, NolintKind::SameLine);
  EXPECT_TRUE(D[0].AllRules);
  EXPECT_EQ(D[0].Line, 1u);
  EXPECT_EQ(D[0].Column, 7u);
  EXPECT_FALSE(D[1].AllRules);
  EXPECT_EQ(D[1].Names, (std::vector<std::string>{"default-stream-launch", "missing-*"}));
  EXPECT_EQ(D[1].Text, "NOLINT(default-stream-launch, missing-*)");
  EXPECT_EQ(D[2].Kind, NolintKind::NextLine);
  EXPECT_EQ(D[3].Kind, NolintKind::Begin);
  EXPECT_EQ(D[4].Kind, NolintKind::End);
  EXPECT_EQ(D[4].Line, 4u);
  EXPECT_FALSE(D[5].AllRules) << "no closing parenthesis: no rule (clang-tidy: every rule)";
  EXPECT_TRUE(D[5].Unclosed);
  EXPECT_EQ(D[5].Text, "NOLINT(unclosed");
  EXPECT_FALSE(D[6].AllRules);
  EXPECT_TRUE(D[6].Names.empty()) << "NOLINT() names no rule";
}

class TempFile {
public:
  explicit TempFile(StringRef Text) {
    EXPECT_FALSE(sys::fs::createTemporaryFile("ci-test", "cu", Path));
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    OS << Text;
  }
  ~TempFile() { sys::fs::remove(Path); }
  std::string path() const { return std::string(Path); }

private:
  SmallString<128> Path;
};

Finding at(const std::string &File, unsigned Line, const char *Rule, unsigned Column = 3) {
  Finding F;
  F.File = File;
  F.Line = F.EndLine = Line;
  F.Column = Column;
  F.EndColumn = Column + 1;
  F.RuleId = Rule;
  F.Message = "m";
  return F;
}

std::vector<std::string> ids(const std::vector<Finding> &Fs) {
  std::vector<std::string> Out;
  for (const Finding &F : Fs)
    Out.push_back(F.RuleId + ":" + std::to_string(F.Line));
  return Out;
}

TEST(Nolint, SuppressesAndReports) {
  TempFile Src("k(); // NOLINT(default-*)\n"           // 1
               "// NOLINTNEXTLINE(missing-launch-bounds)\n" // 2
               "k();\n"                                // 3
               "// NOLINTBEGIN(default-stream-launch)\n"   // 4
               "k();\n"                                // 5
               "// NOLINTEND(default-stream-launch)\n"     // 6
               "k(); // NOLINT\n"                      // 7
               "k(); // NOLINT(bugprone-foo)\n"        // 8
               "// NOLINTBEGIN(missing-launch-bounds)\n"); // 9
  std::string P = Src.path();
  std::vector<Finding> Fs = {at(P, 1, "default-stream-launch"), at(P, 1, "missing-launch-bounds"),
                             at(P, 3, "missing-launch-bounds"), at(P, 3, "default-stream-launch"),
                             at(P, 5, "default-stream-launch"), at(P, 8, "default-stream-launch")};
  SuppressionOptions Opts;
  Opts.ReportUnused = true;
  Opts.KnownRules = {"default-stream-launch", "missing-launch-bounds"};
  applySuppressions(Fs, {}, Opts);
  EXPECT_EQ(ids(Fs), (std::vector<std::string>{
                         "missing-launch-bounds:1", "default-stream-launch:3",
                         "unused-nolint:7", // bare NOLINT with nothing on its line
                         "default-stream-launch:8", // bugprone-foo is not ours: not reported
                         "unmatched-nolint:9"}));
  EXPECT_EQ(Fs.back().Level, Severity::Error);
  EXPECT_NE(Fs.back().Message.find("NOLINTBEGIN(missing-launch-bounds)"), std::string::npos);
}

TEST(Nolint, UnusedOnlyForRulesThatRan) {
  TempFile Src("k(); // NOLINT(missing-launch-bounds)\n");
  std::vector<Finding> Fs;
  SuppressionOptions Opts;
  Opts.ReportUnused = true;
  Opts.KnownRules = {"missing-launch-bounds"};
  Opts.RuleRan = [](StringRef, StringRef) { return false; };
  applySuppressions(Fs, {Src.path()}, Opts);
  EXPECT_TRUE(Fs.empty());
  Opts.RuleRan = nullptr;
  applySuppressions(Fs, {Src.path()}, Opts);
  EXPECT_EQ(ids(Fs), (std::vector<std::string>{"unused-nolint:1"}));
}

TEST(ChangedLines, ParsesZeroContextHunks) {
  DiffLines D = parseUnifiedDiff("diff --git a/src/a.cu b/src/a.cu\n"
                                 "--- a/src/a.cu\n+++ b/src/a.cu\n"
                                 "@@ -3 +3 @@\n-x\n+y\n"
                                 "@@ -10,0 +11,2 @@ void f()\n+a\n+b\n"
                                 "@@ -20,3 +22,0 @@\n-gone\n"
                                 "diff --git a/old.cu b/old.cu\n--- a/old.cu\n+++ /dev/null\n"
                                 "@@ -1 +0,0 @@\n-x\n"
                                 "diff --git \"a/we\\tird.cu\" \"b/we\\tird.cu\"\n"
                                 "+++ \"b/we\\tird.cu\"\n@@ -0,0 +1 @@\n+z\n");
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D["src/a.cu"], (std::vector<std::pair<unsigned, unsigned>>{{3, 3}, {11, 12}}));
  EXPECT_EQ(D["we\tird.cu"], (std::vector<std::pair<unsigned, unsigned>>{{1, 1}}));
}

TEST(Github, Escaping) {
  EXPECT_EQ(escapeGithubData("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b");
  EXPECT_EQ(escapeGithubProperty("dir,x/a:b%.cu\n"), "dir%2Cx/a%3Ab%25.cu%0A");
}

TEST(Sarif, FingerprintsIgnoreUnrelatedMoves) {
  Finding A = at("/r/src/a.cu", 10, "default-stream-launch");
  A.SourceLine = "  k<<<1, 32>>>(p);";
  Finding B = A; // the same text again further down
  B.Line = 20;
  Finding C = at("/r/src/a.cu", 15, "missing-launch-bounds");
  C.SourceLine = "__global__ void k(float *x) {";
  std::vector<std::string> Before = findingFingerprints({A, B, C}, "/r");

  // Lines inserted above and re-indented text: same fingerprints.
  A.Line += 5, B.Line += 7, C.Line += 5;
  A.SourceLine = "\tk<<<1,  32>>>(p);  ";
  std::vector<std::string> After = findingFingerprints({C, B, A}, "/r");
  EXPECT_EQ(Before[0], After[2]);
  EXPECT_EQ(Before[1], After[1]);
  EXPECT_EQ(Before[2], After[0]);
  EXPECT_NE(Before[0], Before[1]) << "the occurrence index tells identical lines apart";

  // The flagged line itself changed: a new fingerprint.
  C.SourceLine = "__global__ void k(double *x) {";
  EXPECT_NE(findingFingerprints({C}, "/r")[0], Before[2]);
  // Another file: a new fingerprint.
  Finding D = A;
  D.File = "/r/src/b.cu";
  EXPECT_NE(findingFingerprints({D}, "/r")[0], Before[0]);
}

TEST(Report, RelativeToRoot) {
  EXPECT_EQ(relativeToRoot("/r", "/r/src/a.cu").value_or(""), "src/a.cu");
  EXPECT_EQ(relativeToRoot("/r/", "/r/a.cu").value_or(""), "a.cu");
  EXPECT_FALSE(relativeToRoot("/r", "/rx/a.cu"));
}

TEST(Config, PatternMatching) {
  PathPattern Name{"third_party", "/repo"}, Glob{"*.cuh", "/repo"}, Path{"src/gen*", "/repo"},
      Dir{"build/", "/repo"}, Abs{"/elsewhere/*.cu", "/repo"};
  EXPECT_TRUE(matchesPattern(Name, "/repo/a/third_party/x/k.cu"));
  EXPECT_FALSE(matchesPattern(Name, "/repo/a/third_party_x/k.cu"));
  EXPECT_TRUE(matchesPattern(Glob, "/repo/include/k.cuh"));
  EXPECT_FALSE(matchesPattern(Glob, "/repo/include/k.cu"));
  EXPECT_TRUE(matchesPattern(Path, "/repo/src/generated/k.cu"));
  EXPECT_FALSE(matchesPattern(Path, "/repo/lib/src/generated/k.cu"));
  EXPECT_TRUE(matchesPattern(Dir, "/repo/build/k.cu"));
  EXPECT_FALSE(matchesPattern(Dir, "/repo/build"));
  EXPECT_TRUE(matchesPattern(Abs, "/elsewhere/k.cu"));
}

Expected<const Config &> noParent() {
  ADD_FAILURE() << "the parent was read without inherit: true";
  static Config C = Config::defaults();
  return C;
}

TEST(Config, InheritMergesOntoParent) {
  Expected<Config> Parent = parseConfig("rules: {disable: [default-stream-launch]}\n"
                                        "severity: {missing-launch-bounds: error}\n"
                                        "exclude: [third_party]\nextra-args: [-DA]\n",
                                        "/repo/.cuda-lint.yaml", noParent);
  ASSERT_TRUE(bool(Parent)) << toString(Parent.takeError());
  EXPECT_FALSE(Parent->ruleEnabled("default-stream-launch"));
  EXPECT_TRUE(Parent->ruleEnabled("missing-launch-bounds"));

  auto Provide = [&]() -> Expected<const Config &> { return *Parent; };
  Expected<Config> Child = parseConfig("inherit: true\nrules: {enable: [default-*]}\n"
                                       "occupancy-threshold: 25%\nextra-args: [-I, inc]\n",
                                       "/repo/src/.cuda-lint.yaml", Provide);
  ASSERT_TRUE(bool(Child)) << toString(Child.takeError());
  EXPECT_TRUE(Child->ruleEnabled("default-stream-launch"));
  EXPECT_EQ(Child->Severities.at("missing-launch-bounds"), Severity::Error);
  EXPECT_DOUBLE_EQ(Child->OccupancyThreshold, 0.25);
  EXPECT_EQ(Child->ExtraArgs, (std::vector<std::string>{"-DA", "-I", "/repo/src/inc"}));
  EXPECT_TRUE(Child->excludes("/repo/src/third_party/x.cu"));
  EXPECT_EQ(Child->Sources.size(), 2u);

  // Without inherit, `enable` is the whole list.
  Expected<Config> Alone =
      parseConfig("rules: {enable: [missing-launch-bounds]}\n", "/repo/x/.cuda-lint.yaml",
                  noParent);
  ASSERT_TRUE(bool(Alone)) << toString(Alone.takeError());
  EXPECT_FALSE(Alone->ruleEnabled("default-stream-launch"));
  EXPECT_FALSE(Alone->excludes("/repo/x/third_party/y.cu")) << "no inherit: no parent excludes";
}

TEST(Config, ErrorsNameFileAndLine) {
  auto Err = [](StringRef Text) {
    Expected<Config> C = parseConfig(Text, "/p/.cuda-lint.yaml", noParent);
    return C ? std::string("no error") : toString(C.takeError());
  };
  EXPECT_EQ(Err("rules:\n  disable: [nope]\n"),
            "/p/.cuda-lint.yaml:2:13: unknown rule 'nope' (see cuda-lint --list-rules)");
  EXPECT_EQ(Err("archs: [sm_90]\ncolour: red\n").substr(0, 44),
            "/p/.cuda-lint.yaml:2:1: unknown key 'colour'");
  EXPECT_EQ(Err("severity:\n  default-stream-launch: loud\n"),
            "/p/.cuda-lint.yaml:2:26: invalid severity 'loud' for 'default-stream-launch' "
            "(expected note, warning or error)");
  EXPECT_NE(Err("occupancy-threshold: 0\n").find(":1:22: occupancy threshold '0' is out of range"),
            std::string::npos);
  EXPECT_NE(Err("include: [a\n").find("/p/.cuda-lint.yaml:"), std::string::npos);
  EXPECT_EQ(Err(""), "no error");
  EXPECT_EQ(Err("# only a comment\n"), "no error");
}

TEST(Docs, FirstParagraphSkipsHeadingsAndMetadata) {
  EXPECT_EQ(
      firstParagraph("# rule\n\n**Severity:** warning\n\n## What\n\nFlags a\nthing.\n\nMore."),
      "Flags a thing.");
  EXPECT_EQ(firstParagraph("```\ncode\n```\nText"), "Text");
}

} // namespace
