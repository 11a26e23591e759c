//===- BarrierInDivergentBranch.cpp - barrier-in-divergent-branch ---------===//
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
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/ThreadDependenceRule.h"

#include "clang/AST/ASTContext.h"
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
      std::string Msg = message(E, *AST);
      Finding *F = report(SM, E.ReportAt->getSourceRange(), std::move(Msg));
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
