//===- LaunchRule.h - Base of the rules that check each launch site -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A LaunchRule matches every launch form, builds its LaunchSite
// (rules/analysis/LaunchSite.h) and hands it to checkLaunch().
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_LAUNCHRULE_H
#define CUDALINT_RULES_LAUNCHRULE_H

#include "rules/Rule.h"
#include "rules/analysis/LaunchSite.h"

namespace cudalint {

/// Base of the rules that look at each launch site: it matches every launch
/// form, builds the LaunchSite and calls checkLaunch().
class LaunchRule : public Rule {
public:
  using Rule::Rule;
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  virtual void checkLaunch(const LaunchSite &Site, const clang::SourceManager &SM) = 0;
  /// Reports at the launch and attaches its kernel and configuration
  /// (\p Stream as in LaunchInfo).
  Finding *reportLaunch(const LaunchSite &Site, const clang::SourceManager &SM,
                        clang::SourceRange Range, std::string Message, std::string Stream = "");
};

} // namespace cudalint

#endif
