//===- ThreadDependenceRule.h - Base of the rules that read divergence ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The divergence rules report from one thread-dependence analysis
// (rules/analysis/lanes/ThreadDependence.h) per translation unit, however many of
// them are enabled.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_THREADDEPENDENCERULE_H
#define CUDALINT_RULES_THREADDEPENDENCERULE_H

#include "rules/Rule.h"
#include "rules/analysis/lanes/ThreadDependence.h"

#include "llvm/ADT/ArrayRef.h"

namespace cudalint {

/// A rule that reads the thread-dependence analysis. However many such rules
/// are enabled, the analysis is collected by the first one and run once per
/// translation unit; each rule then reports from it in reportFrom().
class ThreadDependenceRule : public Rule {
public:
  ThreadDependenceRule(const RuleInfo &Info, RuleContext &Ctx);
  /// Every user registers the matchers: MatchFinder calls
  /// onEndOfTranslationUnit() only on callbacks that have matchers.
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) final;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) final;
  void onEndOfTranslationUnit() final;

protected:
  virtual void reportFrom(const ThreadDependence &TD) = 0;
  /// Names the kernel of \p F when \p Root (the walked function) is one.
  static void attributeToKernel(Finding *F, const clang::FunctionDecl *Root);
  /// The same, and lists in F->KernelInstances the device names of every
  /// kernel in \p Roots when there are several or \p Root is a template
  /// instantiation: the kernels whose code holds the finding's location.
  static void attributeToKernel(Finding *F, const clang::FunctionDecl *Root,
                                llvm::ArrayRef<const clang::FunctionDecl *> Roots);

private:
  std::shared_ptr<ThreadDependence> TD;
  bool Collects = false; // the first user collects for all
};

} // namespace cudalint

#endif
