//===- RuleSelectionTest.cpp - --rules/--disable and "did you mean" --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/RuleSelection.h"
#include "analyzer/support/Suggest.h"
#include "rules/RuleRegistry.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

std::vector<std::string> select(std::vector<std::string> Rules, std::vector<std::string> Off = {}) {
  llvm::Expected<std::vector<std::string>> S = selectRules(Rules, Off);
  if (!S) {
    ADD_FAILURE() << llvm::toString(S.takeError());
    return {};
  }
  return *S;
}

size_t allCount() { return allRules().size(); }

} // namespace

TEST(RuleSelection, IdsAndGlobsSelectOnlyThose) {
  EXPECT_EQ(select({"default-stream-launch"}), std::vector<std::string>{"default-stream-launch"});
  std::vector<std::string> Legacy = select({"legacy-*"});
  ASSERT_FALSE(Legacy.empty());
  for (const std::string &Id : Legacy)
    EXPECT_EQ(Id.rfind("legacy-", 0), 0u) << Id;
}

TEST(RuleSelection, NegationAppliesInOrder) {
  // A first entry that takes rules away starts from every rule.
  std::vector<std::string> AllButOne = select({"-default-stream-launch"});
  EXPECT_EQ(AllButOne.size(), allCount() - 1);
  EXPECT_FALSE(llvm::is_contained(AllButOne, "default-stream-launch"));
  // clang-tidy's -*,x-*: nothing, then x-*.
  EXPECT_EQ(select({"-*", "default-*"}), select({"default-*"}));
  // Later entries win: added, taken away, added again.
  EXPECT_EQ(select({"default-*", "-default-stream-launch", "default-stream-launch"}),
            select({"default-*"}));
}

TEST(RuleSelection, DisableAppliesLast) {
  std::vector<std::string> S = select({}, {"missing-launch-bounds"});
  EXPECT_EQ(S.size(), allCount() - 1);
  EXPECT_FALSE(llvm::is_contained(S, "missing-launch-bounds"));
  EXPECT_TRUE(select({"default-stream-launch", "block-size-not-multiple-of-32"},
                     {"block-*"}) == std::vector<std::string>{"default-stream-launch"});
}

TEST(RuleSelection, Errors) {
  auto Message = [](std::vector<std::string> Rules, std::vector<std::string> Off) {
    llvm::Expected<std::vector<std::string>> S = selectRules(Rules, Off);
    EXPECT_FALSE(bool(S));
    return S ? std::string() : llvm::toString(S.takeError());
  };
  EXPECT_EQ(Message({"default-stream-lunch"}, {}),
            "unknown rule 'default-stream-lunch'; did you mean 'default-stream-launch'? (see "
            "cuda-lint --list-rules)");
  EXPECT_EQ(Message({}, {"nope"}), "--disable: unknown rule 'nope' (see cuda-lint --list-rules)");
  EXPECT_EQ(Message({"-*"}, {}), "--rules leaves no rule to run (see cuda-lint --list-rules)");
  EXPECT_EQ(Message({"["}, {}).rfind("--rules: invalid glob '['", 0), 0u);
  EXPECT_EQ(Message({""}, {}), "--rules: empty rule name");
}

TEST(Suggest, PartsAndTypos) {
  std::vector<std::string> Names = {"--format", "--output-format", "--fix", "--color",
                                    "--output"};
  EXPECT_EQ(didYouMean("--colr", Names), "; did you mean '--color'?");
  EXPECT_EQ(didYouMean("--output-formt", Names), "; did you mean '--output-format'?");
  // A part of several names lists them.
  EXPECT_EQ(didYouMean("format", Names), "; did you mean '--format' or '--output-format'?");
  // Nothing close: nothing said; an exact name is not suggested to itself.
  EXPECT_EQ(didYouMean("--zzzzzzzz", Names), "");
  EXPECT_EQ(didYouMean("--fix", {"--fix"}), "");
  EXPECT_EQ(didYouMean("", Names), "");
}
