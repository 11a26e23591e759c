//===- Rule.h - Base class of the AST rules -------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A rule is modelled on a clang-tidy check: registerMatchers() adds AST
// matchers, check() is called for every match and reports findings through
// the RuleContext, which turns Clang source locations into plain Findings.
// Rules that need the whole program also (or only) provide a finalize step
// that runs on the facts of every translation unit (RuleRegistry.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_RULE_H
#define CUDALINT_RULES_RULE_H

#include "rules/Finding.h"
#include "rules/analysis/Facts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/Diagnostic.h"

#include <memory>
#include <string>
#include <vector>

namespace cudalint {

struct RuleInfo;
class ThreadDependence;

/// Per-translation-unit state shared by the rules.
class RuleContext {
public:
  /// Compiled with --default-stream per-thread (CUDA_API_PER_THREAD_DEFAULT_STREAM).
  bool PerThreadDefaultStream = false;
  /// Driver API launches (cuLaunchKernel) use CU_API_PER_THREAD_DEFAULT_STREAM.
  bool DriverPerThreadDefaultStream = false;
  /// --pedantic: rules may add notes for silent categories.
  bool Pedantic = false;
  std::vector<Finding> Findings;
  TUFacts Facts;
  /// The thread-dependence analysis, shared by the rules that read it
  /// (ThreadDependenceRule in ThreadDependence.h): collected and run once.
  std::shared_ptr<ThreadDependence> Divergence;
  /// Block shapes of this TU's kernels from launches in other TUs (TUOptions); may be null.
  const ExternalLaunches *LaunchedElsewhere = nullptr;

  /// Reports a finding at \p Range (its file location when it comes from a
  /// macro). \p Message's first line is the finding's message, each further
  /// line a note (setMessage in Finding.h). Returns null, reporting nothing, for locations in system headers
  /// or outside any file.
  Finding *report(const RuleInfo &Rule, const clang::SourceManager &SM, clang::SourceRange Range,
                  std::string Message);
  /// Adds a fix-it to \p F. Returns false (adding nothing) when the edit
  /// touches a macro expansion.
  static bool addFix(Finding &F, const clang::SourceManager &SM, const clang::FixItHint &Hint);
};

/// Absolute path and line/column of a file location; false if not in a file.
bool describeLocation(const clang::SourceManager &SM, clang::SourceLocation Loc, std::string &File,
                      unsigned &Line, unsigned &Column, std::string *SourceLine = nullptr);

/// A finding of \p Rule at \p L's launch site (for the whole-program rules).
Finding findingAt(const RuleInfo &Rule, const LaunchFact &L, std::string Message);

class Rule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  Rule(const RuleInfo &Info, RuleContext &Ctx) : Info(Info), Ctx(Ctx) {}
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;
  virtual void check(const clang::ast_matchers::MatchFinder::MatchResult &Result) = 0;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) final { check(Result); }
  llvm::StringRef getID() const override;

protected:
  Finding *report(const clang::SourceManager &SM, clang::SourceRange Range, std::string Message) {
    return Ctx.report(Info, SM, Range, std::move(Message));
  }

  const RuleInfo &Info;
  RuleContext &Ctx;
};

} // namespace cudalint

#endif
