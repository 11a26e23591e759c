//===- RuleSelection.cpp - Rule ids and globs ------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/RuleSelection.h"
#include "analyzer/support/Suggest.h"
#include "rules/RuleRegistry.h"

#include "llvm/Support/GlobPattern.h"

#include <set>

using namespace llvm;

namespace cudalint {

bool isRuleGlob(StringRef S) { return S.find_first_of("*?[{\\") != StringRef::npos; }

std::string checkRuleGlob(StringRef S) {
  if (S.empty())
    return "empty rule name";
  if (!isRuleGlob(S)) {
    if (findRule(S))
      return "";
    std::vector<std::string> Ids;
    for (const RuleInfo &R : allRules())
      Ids.push_back(R.Id);
    return "unknown rule '" + S.str() + "'" + didYouMean(S, Ids) + " (see cuda-lint --list-rules)";
  }
  if (Expected<GlobPattern> G = GlobPattern::create(S); !G)
    return "invalid glob '" + S.str() + "': " + toString(G.takeError());
  return "";
}

std::vector<std::string> rulesMatching(StringRef S) {
  std::vector<std::string> Out;
  Expected<GlobPattern> P = GlobPattern::create(S);
  if (!P) {
    consumeError(P.takeError());
    return Out;
  }
  for (const RuleInfo &R : allRules())
    if (P->match(R.Id))
      Out.push_back(R.Id);
  return Out;
}

Expected<std::vector<std::string>> selectRules(ArrayRef<std::string> Entries,
                                               ArrayRef<std::string> Disabled) {
  std::set<std::string> On;
  if (Entries.empty() || StringRef(Entries.front()).starts_with("-"))
    for (const RuleInfo &R : allRules())
      On.insert(R.Id);
  auto Apply = [&](StringRef Option, StringRef Entry, bool Add) -> Error {
    if (std::string Problem = checkRuleGlob(Entry); !Problem.empty())
      // "unknown rule '...'" for --rules reads as it always has (cli/bad-input.test).
      return createStringError(Option == "--rules" && StringRef(Problem).starts_with("unknown")
                                   ? Problem
                                   : Option + ": " + Problem);
    for (const std::string &Id : rulesMatching(Entry))
      if (Add)
        On.insert(Id);
      else
        On.erase(Id);
    return Error::success();
  };
  for (StringRef E : Entries) {
    bool Add = !E.consume_front("-");
    if (Error Err = Apply("--rules", E, Add))
      return std::move(Err);
  }
  for (StringRef E : Disabled)
    if (Error Err = Apply("--disable", E, false))
      return std::move(Err);
  std::vector<std::string> Out;
  for (const RuleInfo &R : allRules())
    if (On.count(R.Id))
      Out.push_back(R.Id);
  if (Out.empty())
    return createStringError(std::string(Entries.empty() ? "--disable" : "--rules") +
                             " leaves no rule to run (see cuda-lint --list-rules)");
  return Out;
}

} // namespace cudalint
