//===- WalkEvents.cpp - Branch and barrier events ---------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"
#include "rules/analysis/Mutation.h"
#include "rules/analysis/ValueEval.h"

#include <functional>

using namespace clang;

namespace cudalint {
namespace walker {

// --- events ------------------------------------------------------------------

bool Walker::oneLanePath() const {
  // A branch or loop side that at most one lane of a warp takes.
  auto OneLane = [](const CondClass &C, bool TakenWhenFalse) {
    return (TakenWhenFalse ? C.MaxFalse : C.MaxTrue) <= 1;
  };
  for (const Control &C : Controls)
    if (C.Class && OneLane(*C.Class, C.WhenFalse))
      return true;
  // The threads left on this path after a return, break or continue that
  // the others took: those for which its condition did not hold.
  for (const ExitMark &M : S.Exits)
    if (M.Class && OneLane(*M.Class, !M.WhenFalse))
      return true;
  return false;
}

namespace {

/// A condition `Base + Off op Bound` (or turned round) as the interval of Base it leaves on one
/// side: Bound + Lo <= Base < Bound + Hi.
struct Window {
  const Expr *Base = nullptr, *Bound = nullptr;
  std::optional<int64_t> Lo, Hi;
};

/// The window the side \p WhenFalse of relational \p Cond leaves its left-hand value (or its
/// right-hand one when \p Swap).
std::optional<Window> windowOf(const Expr *Cond, bool WhenFalse, bool Swap, const ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || !B->isRelationalOp() || !B->getLHS()->getType()->isIntegerType())
    return std::nullopt;
  BinaryOperatorKind Op = B->getOpcode();
  const Expr *X = B->getLHS(), *N = B->getRHS();
  if (Swap) {
    std::swap(X, N);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (WhenFalse)
    Op = BinaryOperator::negateComparisonOp(Op);
  int64_t Off = 0;
  const Expr *Base = withoutConstant(X, Ctx, &Off);
  if (Base != X->IgnoreParenImpCasts() && Off == 0)
    return std::nullopt; // a constant that does not fit in 32 bits
  Window W{Base, N->IgnoreParenImpCasts(), std::nullopt, std::nullopt};
  switch (Op) {
  case BO_LT: // Base + Off < N
    W.Hi = -Off;
    break;
  case BO_LE:
    W.Hi = 1 - Off;
    break;
  case BO_GT:
    W.Lo = 1 - Off;
    break;
  case BO_GE:
    W.Lo = -Off;
    break;
  default:
    return std::nullopt;
  }
  return W;
}

/// Whether \p E computes its value from constants and this thread's locals and parameters (and
/// fields of them) only: no memory read, no call, nothing another thread can write, so that it
/// keeps its value where nothing on the path assigns what it names.
bool ownValue(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (E->isIntegerConstantExpr(Ctx))
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    return V && V->hasLocalStorage() && !V->getType()->isReferenceType();
  }
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return !M->isArrow() && ownValue(M->getBase(), Ctx);
  if (const auto *P = dyn_cast<PseudoObjectExpr>(E)) // threadIdx.x, blockDim.x
    return isa<MSPropertyRefExpr>(P->getSyntacticForm()->IgnoreParens());
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && ownValue(B->getLHS(), Ctx) && ownValue(B->getRHS(), Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           U->getOpcode() != UO_AddrOf && ownValue(U->getSubExpr(), Ctx);
  return false;
}

void collectVars(const Stmt *S, llvm::SmallVectorImpl<const ValueDecl *> &Out) {
  if (!S)
    return;
  if (const auto *R = dyn_cast<DeclRefExpr>(S))
    Out.push_back(R->getDecl());
  for (const Stmt *C : S->children())
    collectVars(C, Out);
}

} // namespace

bool Walker::oneLaneWindow() {
  // Where what a condition names must keep its value: a loop's body (its counter steps in the
  // increment, before the condition is tested again), a branch's whole statement.
  auto Scope = [](const Control &C) -> const Stmt * {
    if (!C.Loop)
      return C.S;
    if (const auto *F = dyn_cast<ForStmt>(C.S))
      return F->getBody();
    if (const auto *W = dyn_cast<WhileStmt>(C.S))
      return W->getBody();
    return nullptr; // a do-while tests after its body
  };
  // The comparisons each condition of this frame's path implies, with the side taken: both of
  // `a && b` where it holds, both of `a || b` where it fails, the operand of `!a` turned.
  struct Atom {
    const Expr *Cond;
    bool WhenFalse;
    const Stmt *Scope;
  };
  llvm::SmallVector<Atom, 8> Atoms;
  auto SameExpr = [&](const Expr *A, const Expr *B) {
    llvm::FoldingSetNodeID IA, IB;
    A->Profile(IA, Ctx, /*Canonical=*/true);
    B->Profile(IB, Ctx, /*Canonical=*/true);
    return IA == IB;
  };
  std::function<void(const Expr *, bool, const Stmt *)> Split = [&](const Expr *E, bool WhenFalse,
                                                                    const Stmt *In) {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
      return Split(U->getSubExpr(), !WhenFalse, In);
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && B->getOpcode() == (WhenFalse ? BO_LOr : BO_LAnd)) {
      Split(B->getLHS(), WhenFalse, In);
      return Split(B->getRHS(), WhenFalse, In);
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isRelationalOp())
      Atoms.push_back({B, WhenFalse, In});
  };
  unsigned Here = static_cast<unsigned>(Frames.size() - 1);
  for (const Control &C : Controls)
    if (C.Frame == Here && C.Cond)
      if (const Stmt *In = Scope(C))
        Split(C.Cond, C.WhenFalse, In);
  for (size_t I = 0; I < Atoms.size(); ++I) {
    for (bool Swap : {false, true}) {
      std::optional<Window> W = windowOf(Atoms[I].Cond, Atoms[I].WhenFalse, Swap, Ctx);
      if (!W || !ownValue(W->Base, Ctx) || !ownValue(W->Bound, Ctx))
        continue;
      llvm::SmallVector<const Stmt *, 4> Scopes{Atoms[I].Scope};
      for (size_t J = I + 1; J < Atoms.size(); ++J)
        for (bool SwapJ : {false, true}) {
          std::optional<Window> V = windowOf(Atoms[J].Cond, Atoms[J].WhenFalse, SwapJ, Ctx);
          if (!V || !SameExpr(W->Base, V->Base) || !SameExpr(W->Bound, V->Bound))
            continue;
          if (V->Lo)
            W->Lo = W->Lo ? std::max(*W->Lo, *V->Lo) : *V->Lo;
          if (V->Hi)
            W->Hi = W->Hi ? std::min(*W->Hi, *V->Hi) : *V->Hi;
          Scopes.push_back(Atoms[J].Scope);
          break;
        }
      if (!W->Lo || !W->Hi)
        continue;
      llvm::SmallVector<const ValueDecl *, 4> Vars;
      collectVars(W->Base, Vars);
      collectVars(W->Bound, Vars);
      if (llvm::any_of(Scopes, [&](const Stmt *In) {
            return llvm::any_of(Vars, [&](const ValueDecl *D) { return changesVariable(In, D); });
          }))
        continue;
      LaneValue B = peek(W->Base), N = peek(W->Bound);
      if (B.K != LaneValue::Lane || N.K != LaneValue::Uniform)
        continue;
      // The most lanes whose values fall in one window of Hi - Lo consecutive integers.
      llvm::SmallVector<int64_t, WarpLanes> L;
      for (unsigned K = 0; K < WarpLanes; ++K)
        if (B.Active & (1u << K))
          L.push_back(B.L[K]);
      llvm::sort(L);
      int64_t Width = *W->Hi - *W->Lo;
      size_t Most = 0;
      for (size_t A = 0, Z = 0; Z < L.size(); ++Z) {
        while (L[Z] - L[A] >= Width)
          ++A;
        Most = std::max(Most, Z - A + 1);
      }
      if (Width <= 0 || Most <= 1)
        return true;
    }
  }
  return false;
}

bool Walker::edgeOnlyPath() const {
  for (const Control &C : Controls) {
    if (!C.Class || C.Loop)
      continue;
    const CondClass &K = *C.Class;
    if (K.Cat == BranchCategory::TailGuard && K.Reason == CondClass::Why::PartialWarp &&
        !K.Repeats && K.SmallSideTrue != C.WhenFalse)
      return true;
    // A split of the warp whose values start at 0 (`x_2 >= 2`, `x_4 >= 4 && x_4 + 7 < w` with
    // x_4 the grid-wide index): the side of its first lanes, at most a quarter of them, has no
    // warp below it. (`x < 513` true only in lane 0 of the warp from 512 has whole warps
    // below it on that side, and is no edge.)
    uint32_t Side = (C.WhenFalse ? ~K.TrueMask : K.TrueMask) & K.ActiveMask;
    if ((K.Cat == BranchCategory::SingleLane ||
         (K.Cat == BranchCategory::TailGuard && K.Reason == CondClass::Why::ConstBound)) &&
        !K.EveryWarp && K.HasRange && K.RangeLo == 0 && (Side & 1u) &&
        4 * llvm::popcount(Side) <= llvm::popcount(K.ActiveMask))
      return true;
  }
  return false;
}

bool Walker::leftToLoopTrips(size_t ExactThreadsOf) {
  auto Outer =
      std::find_if(Targets.begin(), Targets.end(), [](const Target *T) { return T->IsLoop; });
  if (Outer == Targets.end())
    return false;
  auto Guards = [&](size_t From, auto Each) {
    for (size_t I = From; I < Controls.size(); ++I) {
      const Control &C = Controls[I];
      if (C.Loop || !C.Class || !isThreadDependent(C.Class->Cat) ||
          (ExactThreadsOf && knownInEachThread(C, ExactThreadsOf)))
        continue;
      if (std::optional<bool> Left = Each(*C.Class))
        return *Left;
    }
    return false;
  };
  // A bound a loop around the access moves (`threadIdx.x >= d`, d *= 2): each trip has lanes of
  // its own, whichever loop the guard is in. So does one that stays within a warp (`tid < s`, s
  // from 32 down in blocks of 64): the class holds the first trip that splits the warp, not the
  // trips before it, where every lane of the warp passes.
  if (Guards((*Outer)->ControlBase, [&](const CondClass &K) -> std::optional<bool> {
        if ((K.Cat != BranchCategory::ShrinkingThreshold && !K.OneWarpLoop) || !K.GrowthVar)
          return std::nullopt;
        GrowingVars.push_back(K.GrowthVar);
        return true;
      }))
    return true;
  auto Loop =
      std::find_if(Targets.rbegin(), Targets.rend(), [](const Target *T) { return T->IsLoop; });
  // Counted as unsettled (recordBranch): the loop walks its first trips again, where its
  // condition is known true at its entry. One that runs a number of trips not known here
  // (`for (n = 0; n < bgrids; n += 8) if (n + tx < bgrids)`, gpu4pyscf's tail loop) walks
  // none: the joined walk records the access with every lane, as in the trips the guard
  // lets every lane through, as it does outside a loop.
  return Guards((*Loop)->ControlBase, [&](const CondClass &K) -> std::optional<bool> {
    if (K.Cat != BranchCategory::LaneSplit && K.Cat != BranchCategory::ShrinkingThreshold &&
        K.Cat != BranchCategory::WarpUniform && K.Cat != BranchCategory::DataDependent)
      return EntryTripKnown.empty() || EntryTripKnown.back();
    return std::nullopt;
  });
}

void Walker::recordBranch(BranchEvent::Form F, const Stmt *St, const Expr *Cond, const CondClass &C,
                          std::optional<int64_t> Constant) {
  if (!Recording || Exhausted || AccessTripsOnly)
    return;
  if (!isThreadDependent(C.Cat) && !Constant)
    return;
  // Only one lane of each warp runs here (`if (threadIdx.x == best)`, after
  // `if (tid != 0) return;`): a lone lane cannot split its warp, whatever
  // its trip counts.
  if (!Constant && oneLanePath())
    return;
  if (!Constant && C.Cat != BranchCategory::LaneSplit &&
      C.Cat != BranchCategory::ShrinkingThreshold && C.Cat != BranchCategory::WarpUniform &&
      C.Cat != BranchCategory::DataDependent)
    ++Unsettled;
  // Walks with more values known add only the splits of every warp by a lane
  // pattern those values settle: a single split warp per trip, or a bound
  // that moves with a loop whose values are not known (a causal mask's
  // `tx < j * Bc + y`), stays what the joined walk says it is.
  if (OnlyLaneSplits &&
      (Constant || C.Cat != BranchCategory::LaneSplit || C.Reason != CondClass::Why::LaneMask ||
       !C.EveryWarp || C.AtMost || C.G != Growth::None || C.GrowthVar))
    return;
  BranchEvent E;
  E.F = F;
  E.Branch = St;
  E.Cond = Cond;
  E.Class = C;
  E.Shape = &Shape;
  E.Root = Root;
  E.ConstantValue = Constant;
  E.Args = BoundText;
  for (const std::string &T : Trips)
    E.Trip += (E.Trip.empty() ? "" : ", ") + T;
  Branches.push_back(std::move(E));
}

void Walker::barrier(const CallExpr *Call, std::string Name) {
  if (!Recording || Exhausted || OnlyLaneSplits)
    return;
  // The outermost divergence: the frame whose control flow splits the block.
  const Control *BestC = nullptr;
  const ExitMark *BestE = nullptr;
  unsigned BestFrame = ~0u;
  for (const Control &C : Controls)
    if (C.Frame < BestFrame) {
      BestFrame = C.Frame;
      BestC = &C;
    }
  for (const ExitMark &M : S.Exits)
    if (M.Frame < BestFrame) {
      BestFrame = M.Frame;
      BestE = &M;
      BestC = nullptr;
    }
  if (!BestC && !BestE)
    return;
  BarrierEvent B;
  B.Barrier = Call;
  B.BarrierName = std::move(Name);
  B.ReportAt = BestFrame + 1 < Frames.size() ? Frames[BestFrame + 1].Call : Call;
  B.Shape = &Shape;
  B.Root = Root;
  if (BestC) {
    B.W = BestC->Loop ? BarrierEvent::Why::Loop : BarrierEvent::Why::Condition;
    B.Cond = BestC->Cond;
    B.Class = *BestC->Class;
    B.WhenFalse = BestC->WhenFalse;
  } else {
    B.W = BestE->K == ExitMark::Return  ? BarrierEvent::Why::AfterReturn
          : BestE->K == ExitMark::Break ? BarrierEvent::Why::AfterBreak
                                        : BarrierEvent::Why::AfterContinue;
    B.Cond = BestE->Cond;
    B.Exit = BestE->Exit;
    B.WhenFalse = BestE->WhenFalse;
    if (BestE->Class)
      B.Class = *BestE->Class;
  }
  Barriers.push_back(std::move(B));
}

} // namespace walker
} // namespace cudalint
