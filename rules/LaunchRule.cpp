//===- LaunchRule.cpp - Base of the rules that check each launch site -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/LaunchRule.h"
#include "rules/analysis/KernelNames.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

/// The launch configuration to attach to a finding; \p Stream as in LaunchInfo.
LaunchInfo toLaunchInfo(const LaunchSite &S, std::string Stream) {
  LaunchInfo L;
  auto Convert = [](const std::optional<Dim3> &D)
      -> std::optional<std::array<unsigned long long, 3>> {
    if (!D)
      return std::nullopt;
    return std::array<unsigned long long, 3>{(unsigned long long)(*D)[0],
                                             (unsigned long long)(*D)[1],
                                             (unsigned long long)(*D)[2]};
  };
  L.Grid = Convert(S.Grid);
  L.Block = Convert(S.Block);
  if (S.DynamicSmem)
    L.DynamicSmem = (unsigned long long)*S.DynamicSmem;
  L.Stream = std::move(Stream);
  return L;
}

} // namespace

void LaunchRule::registerMatchers(MatchFinder &Finder) {
  Finder.addMatcher(launchCallMatcher(), this);
}

void LaunchRule::check(const MatchFinder::MatchResult &Result) {
  if (std::optional<LaunchSite> Site =
          analyzeLaunch(Result.Nodes.getNodeAs<CallExpr>("launch"), *Result.Context))
    checkLaunch(*Site, *Result.SourceManager);
}

Finding *LaunchRule::reportLaunch(const LaunchSite &Site, const SourceManager &SM,
                                  SourceRange Range, std::string Message, std::string Stream) {
  Finding *F = report(SM, Range, std::move(Message));
  if (F && Site.Kernel) {
    F->KernelName = mangledName(Site.Kernel);
    F->KernelDemangled = specializationName(Site.Kernel);
  }
  if (F)
    F->Launch = toLaunchInfo(Site, std::move(Stream));
  return F;
}

} // namespace cudalint
