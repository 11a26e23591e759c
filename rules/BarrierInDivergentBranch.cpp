//===- BarrierInDivergentBranch.cpp - barrier-in-divergent-branch ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags block barriers (__syncthreads, __syncthreads_count/and/or, and the
// cooperative-groups block, cluster and grid syncs) that only some threads of
// the block reach: inside a branch or loop whose condition depends on the
// thread (warp-uniform is not enough: every warp of the block must arrive),
// or after a return, break or continue that some threads took. The CUDA
// programming model requires every thread of the block to reach the same
// __syncthreads(); otherwise the behaviour is undefined, which in practice
// is a hang, or a barrier that completes early and lets threads read shared
// memory before it is written. The thread-dependence analysis
// (ThreadDependence.h) finds the barriers and the conditions.
//
// One shape is a note, not an error: an if/else whose two branches each run
// the same number of barriers unconditionally (warp-specialised double
// buffering: producers and consumers meet at each other's __syncthreads()).
// The CUDA C++ guide still calls it undefined, but on sm_70 and later
// bar.sync counts arrivals per barrier, not per instruction, so it works.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/ThreadDependenceRule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

class BarrierInDivergentBranch : public ThreadDependenceRule {
public:
  using ThreadDependenceRule::ThreadDependenceRule;

  void reportFrom(const ThreadDependence &TD) override {
    ASTContext *AST = TD.context();
    if (!AST)
      return;
    const SourceManager &SM = AST->getSourceManager();
    // One finding per cause, at the first barrier it affects: the barriers
    // after one early return, or in one divergent branch, share one fix (and
    // a template instantiated twice, or a call reaching two barriers, is one
    // finding).
    std::set<std::pair<int, std::pair<FileID, unsigned>>> Seen;
    for (const BarrierEvent &E : TD.barriers()) {
      const Stmt *CauseS = E.Exit ? static_cast<const Stmt *>(E.Exit) : E.Cond;
      SourceLocation Cause = SM.getExpansionLoc(CauseS ? CauseS->getBeginLoc()
                                                       : E.ReportAt->getBeginLoc());
      if (!Seen.insert({static_cast<int>(E.W), SM.getDecomposedLoc(Cause)}).second)
        continue;
      const IfStmt *Balanced = E.W == BarrierEvent::Why::Condition && !E.Exit
                                   ? balancedIfElse(E, *AST)
                                   : nullptr;
      std::string Msg = Balanced ? balancedMessage(E, *AST) : message(E, *AST);
      Finding *F = report(SM, E.ReportAt->getSourceRange(), std::move(Msg));
      if (F && Balanced)
        F->Level = Severity::Note;
      if (F && E.ReportAt != E.Barrier) {
        FindingNote Inner{"the barrier it executes is here", "", 0, 0};
        if (describeLocation(SM, SM.getExpansionLoc(E.Barrier->getBeginLoc()), Inner.File,
                             Inner.Line, Inner.Column))
          F->Notes.insert(F->Notes.begin(), std::move(Inner));
      }
      attributeToKernel(F, E.Root);
    }
  }

private:
  static std::string lineOf(const Stmt *S, const SourceManager &SM) {
    return std::to_string(SM.getExpansionLineNumber(S->getBeginLoc()));
  }

  /// The barrier calls among the statements of \p S itself (not nested in
  /// further branches or loops), or -1 when one of them is nested.
  static int directBarriers(const Stmt *S, const std::string &Name) {
    auto IsBarrier = [&](const Stmt *X) {
      if (const auto *EWC = dyn_cast<ExprWithCleanups>(X))
        X = EWC->getSubExpr();
      const auto *CE = dyn_cast<CallExpr>(X);
      const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
      return FD && FD->getIdentifier() && Name == FD->getName().str() + "()";
    };
    int Direct = 0;
    std::vector<const Stmt *> Work(S->child_begin(), S->child_end());
    if (!isa<CompoundStmt>(S))
      Work = {S};
    for (const Stmt *Child : Work) {
      if (!Child)
        continue;
      if (IsBarrier(Child)) {
        ++Direct;
        continue;
      }
      // A barrier deeper inside (a nested if or loop) breaks the count.
      std::vector<const Stmt *> Stack{Child};
      while (!Stack.empty()) {
        const Stmt *X = Stack.back();
        Stack.pop_back();
        if (!X)
          continue;
        if (IsBarrier(X))
          return -1;
        Stack.insert(Stack.end(), X->child_begin(), X->child_end());
      }
    }
    return Direct;
  }

  /// The if/else whose condition is \p E's, when its two branches run the
  /// same number of barriers, none of them nested further; else null.
  static const IfStmt *balancedIfElse(const BarrierEvent &E, ASTContext &AST) {
    if (!E.Cond || E.ReportAt != E.Barrier)
      return nullptr;
    DynTypedNode N = DynTypedNode::create(*E.Cond);
    for (unsigned Depth = 0; Depth < 8; ++Depth) {
      DynTypedNodeList Parents = AST.getParents(N);
      if (Parents.empty())
        return nullptr;
      if (const auto *If = Parents[0].get<IfStmt>()) {
        if (!If->getElse() || If->getCond()->IgnoreParenImpCasts() !=
                                  E.Cond->IgnoreParenImpCasts())
          return nullptr;
        int Then = directBarriers(If->getThen(), E.BarrierName);
        int Else = directBarriers(If->getElse(), E.BarrierName);
        return Then > 0 && Then == Else ? If : nullptr;
      }
      if (!Parents[0].get<Expr>())
        return nullptr;
      N = Parents[0];
    }
    return nullptr;
  }

  std::string balancedMessage(const BarrierEvent &E, ASTContext &AST) const {
    return E.BarrierName + " runs in both branches of " + fitLine("", sourceText(E.Cond, AST), "", 48) +
           ", the same number of times in each\nthreads on either side meet at each other's "
           "barriers: on sm_70 and later bar.sync counts arrivals, not instructions, so this "
           "works (warp-specialised double buffering), but the CUDA C++ guide calls barriers in "
           "divergent code undefined and sm_6x and older GPUs hang\nto make the split explicit, "
           "use named barriers (bar.sync with an id and a thread count) or cuda::barrier";
  }

  std::string message(const BarrierEvent &E, ASTContext &AST) const {
    const SourceManager &SM = AST.getSourceManager();
    std::string Cond =
        E.Cond ? "'" + clip(sourceText(E.Cond, AST)) + "'" : "a thread-dependent condition";
    std::string Holds = std::string(" is ") + (E.WhenFalse ? "false" : "true");
    std::string Why;
    switch (E.Class.Cat) {
    case BranchCategory::WarpUniform:
      Why = "the condition is the same within a warp, but not across the warps of the block\n";
      break;
    case BranchCategory::DataDependent:
      Why = "the condition depends on data read through a thread-dependent address\n";
      break;
    default:
      break;
    }
    // Reached through a call: name the call (a note points at the barrier).
    std::string Subject = E.BarrierName;
    if (E.ReportAt != E.Barrier) {
      std::string Callee = "a function";
      if (const auto *CE = dyn_cast<CallExpr>(E.ReportAt))
        if (const FunctionDecl *FD = CE->getDirectCallee())
          Callee = "'" + clip(FD->getNameAsString(), 32) + "'";
      Subject = "call to " + Callee + " (runs " + E.BarrierName + ")";
    }
    const char *UB = "a block barrier that some threads of the block never reach is undefined "
                     "behaviour (in practice a hang, or a barrier that completes early)";
    switch (E.W) {
    case BarrierEvent::Why::Condition:
      return Subject + " is reached only by threads for which " + Cond + Holds + "\n" + Why +
             UB + "\nmove the barrier out of the conditional code so that every thread of the "
             "block executes it";
    case BarrierEvent::Why::Loop:
      return Subject + " is in a loop whose condition " + Cond +
             " differs between threads\n" + Why +
             "threads that leave the loop early miss the barriers of the later iterations, "
             "and " + UB +
             "\nmake the trip count block-uniform (e.g. step a block-wide base by blockDim.x "
             "while it is below the bound) and guard only the work inside the loop";
    case BarrierEvent::Why::AfterReturn:
      return Subject + " comes after the 'return' at line " + lineOf(E.Exit, SM) +
             " that some threads take\n" + Why + "the return is taken by threads for which " +
             Cond + Holds +
             ": they never reach this barrier, which CUDA does not allow (code that relies on "
             "exited threads counting as arrived is undefined behaviour)\ninstead of "
             "returning early, guard the work with the opposite condition and let every thread "
             "reach the barrier";
    case BarrierEvent::Why::AfterBreak:
    case BarrierEvent::Why::AfterContinue: {
      std::string Kw = E.W == BarrierEvent::Why::AfterBreak ? "break" : "continue";
      return Subject + " comes after the '" + Kw + "' at line " + lineOf(E.Exit, SM) +
             " that some threads take\n" + Why + "the '" + Kw + "' is taken by threads for which " +
             Cond + Holds + ": they skip this barrier while the others wait at it, and " + UB +
             "\nkeep every thread on the path through the barrier and guard only the work";
    }
    }
    return "";
  }

};

} // namespace

std::unique_ptr<Rule> createBarrierInDivergentBranch(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<BarrierInDivergentBranch>(Info, Ctx);
}

} // namespace cudalint
