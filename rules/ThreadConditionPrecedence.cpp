//===- ThreadConditionPrecedence.cpp - thread-condition-precedence ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags a branch condition on the thread index that is constant because of
// operator precedence: in `tid & 1 == 0` the comparison binds tighter than
// the bit operation, so the condition reads `tid & (1 == 0)`, always false.
// It never splits a warp (every lane agrees), so it is not a divergence
// finding, but the code the author meant to run for half the threads runs for
// none or all of them. The thread-dependence analysis finds such conditions
// (a bit operation on a comparison whose other operand is thread-dependent,
// which folds to a constant); Clang's -Wparentheses warns about the same
// shape, but only a build with warnings enabled sees it and it does not say
// that the result is constant.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/ThreadDependenceRule.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace cudalint {
namespace {

/// The message for \p E, whose condition folds to a constant; empty when its
/// shape is not the `a & b == c` this rule explains.
std::string precedenceMessage(const BranchEvent &E, ASTContext &AST) {
  const auto *BO = dyn_cast<BinaryOperator>(E.Cond->IgnoreParenImpCasts());
  if (!BO)
    return "";
  const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreImpCasts());
  const auto *L = dyn_cast<BinaryOperator>(BO->getLHS()->IgnoreImpCasts());
  std::string Op = BO->getOpcodeStr().str();
  std::string Reads, Meant;
  const BinaryOperator *Cmp = nullptr;
  if (R && R->isComparisonOp()) {
    Cmp = R;
    Reads = sourceText(BO->getLHS(), AST) + " " + Op + " (" + sourceText(R, AST) + ")";
    Meant = "(" + sourceText(BO->getLHS(), AST) + " " + Op + " " +
            sourceText(R->getLHS(), AST) + ") " + R->getOpcodeStr().str() + " " +
            sourceText(R->getRHS(), AST);
  } else if (L && L->isComparisonOp()) {
    Cmp = L;
    Reads = "(" + sourceText(L, AST) + ") " + Op + " " + sourceText(BO->getRHS(), AST);
    Meant = sourceText(L->getLHS(), AST) + " " + L->getOpcodeStr().str() + " (" +
            sourceText(L->getRHS(), AST) + " " + Op + " " + sourceText(BO->getRHS(), AST) +
            ")";
  } else {
    return "";
  }
  bool False = *E.ConstantValue == 0;
  std::string Taken = False ? "the branch never runs" : "the branch always runs";
  if (E.F == BranchEvent::Form::Loop)
    Taken = !False                   ? "the loop never stops on this condition"
            : isa<DoStmt>(E.Branch) ? "the loop body runs only once"
                                    : "the loop body never runs";
  if (E.F == BranchEvent::Form::If && False)
    Taken = isa<IfStmt>(E.Branch) && cast<IfStmt>(E.Branch)->getElse()
                ? "the else branch always runs"
                : "the branch never runs";
  return "branch condition '" + clip(sourceText(E.Cond, AST)) + "' is always " +
         (False ? "false" : "true") + ": '" + Cmp->getOpcodeStr().str() +
         "' binds tighter than '" + Op + "'\nit reads '" + Reads + "': it does not diverge, but " +
         Taken + "\nwrite '" + Meant + "'";
}

class ThreadConditionPrecedence : public ThreadDependenceRule {
public:
  using ThreadDependenceRule::ThreadDependenceRule;

  void reportFrom(const ThreadDependence &TD) override {
    ASTContext *AST = TD.context();
    if (!AST)
      return;
    const SourceManager &SM = AST->getSourceManager();
    // Instantiations and block shapes walk one condition several times.
    std::set<std::pair<FileID, unsigned>> Seen;
    for (const BranchEvent &E : TD.branches()) {
      if (!E.ConstantValue)
        continue;
      SourceLocation Loc = SM.getExpansionLoc(E.Cond->getBeginLoc());
      if (!Seen.insert(SM.getDecomposedLoc(Loc)).second)
        continue;
      std::string Msg = precedenceMessage(E, *AST);
      if (Msg.empty())
        continue;
      Finding *F = report(SM, E.Cond->getSourceRange(), std::move(Msg));
      attributeToKernel(F, E.Root);
    }
  }
};

} // namespace

std::unique_ptr<Rule> createThreadConditionPrecedence(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<ThreadConditionPrecedence>(Info, Ctx);
}

} // namespace cudalint
