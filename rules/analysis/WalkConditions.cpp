//===- WalkConditions.cpp - Classifying branch conditions -------------------===//
#include "rules/analysis/ThreadDependenceWalker.h"

using namespace clang;

namespace cudalint {
namespace walker {

// --- conditions --------------------------------------------------------------

/// `c & x == k` (a comparison as an operand of a bit operation, unparenthesised)
/// that folds to a constant although x is thread-dependent.
bool Walker::precedenceConstant(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || !BO->isBitwiseOp())
    return false;
  const Expr *Sides[2] = {BO->getLHS()->IgnoreImpCasts(), BO->getRHS()->IgnoreImpCasts()};
  for (int I = 0; I < 2; ++I) {
    const auto *Cmp = dyn_cast<BinaryOperator>(Sides[I]);
    if (!Cmp || !Cmp->isComparisonOp())
      continue;
    bool SavedRec = Recording;
    Recording = false;
    LaneValue Other = expr(Sides[1 - I]);
    Recording = SavedRec;
    if (Other.isThreadDependent())
      return true;
  }
  return false;
}

/// Shrinking thresholds whose loop stops while whole warps are active
/// (`for (s = blockDim.x / 2; s > 32; s >>= 1) if (tid < s)`) are warp-uniform
/// for power-of-two block sizes.
void Walker::protectShrinking(CondClass &C) {
  if (C.Cat != BranchCategory::ShrinkingThreshold || !C.GrowthExact || !C.GrowthVar ||
      C.G != Growth::Shrinks || C.EveryWarp)
    return;
  for (auto It = LoopStack.rbegin(); It != LoopStack.rend(); ++It) {
    const LoopInfo &Info = **It;
    if (!Info.Grow.count(C.GrowthVar))
      continue;
    const auto *BO = Info.Cond ? dyn_cast<BinaryOperator>(Info.Cond->IgnoreParenImpCasts())
                               : nullptr;
    if (!BO)
      return;
    BinaryOperatorKind Op = BO->getOpcode();
    const Expr *Bound = nullptr;
    if (refVar(BO->getLHS()) == C.GrowthVar)
      Bound = BO->getRHS();
    else if (refVar(BO->getRHS()) == C.GrowthVar) {
      Bound = BO->getLHS();
      Op = Op == BO_LT ? BO_GT : Op == BO_LE ? BO_GE : Op;
    }
    std::optional<int64_t> K = Bound ? constantOf(Bound) : std::nullopt;
    if (!K)
      return;
    int64_t Min = Op == BO_GT ? *K + 1 : Op == BO_GE ? *K : 0;
    if (Min >= 32) {
      C.Cat = BranchCategory::WarpUniform;
      C.Reason = CondClass::Why::None;
    }
    return;
  }
}

/// Loop conditions: a bound or start that differs between lanes gives each
/// lane its own trip count.
void Walker::refineTripCount(const Expr *Cond, CondClass &C, const LoopInfo &Info) {
  if (C.Cat != BranchCategory::TailGuard && C.Cat != BranchCategory::Unknown &&
      C.Reason != CondClass::Why::LoopThreshold)
    return;
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || !BO->isRelationalOp())
    return;
  bool SavedRec = Recording;
  Recording = false;
  State Saved = S;
  LaneValue LV = expr(BO->getLHS()), RV = expr(BO->getRHS());
  S = std::move(Saved);
  Recording = SavedRec;
  bool LLane = LV.K == LaneValue::Lane && !LV.isWarpUniform();
  bool RLane = RV.K == LaneValue::Lane && !RV.isWarpUniform();
  if (LLane == RLane || !(LLane ? RV : LV).isWarpUniform())
    return;
  const Expr *LaneE = LLane ? BO->getLHS() : BO->getRHS();
  const Expr *OtherE = LLane ? BO->getRHS() : BO->getLHS();
  const LaneValue &Lane = LLane ? LV : RV;
  bool LaneModified = references(LaneE, Info.Modified);
  bool OtherModified = references(OtherE, Info.Modified);
  bool Split = false;
  if (!LaneModified && OtherModified) {
    Split = true;
  } else if (LaneModified) {
    for (const VarDecl *V : Info.Modified) {
      if (!references(LaneE, llvm::DenseSet<const VarDecl *>{V}))
        continue;
      auto It = Info.Step.find(V);
      if (It == Info.Step.end())
        continue;
      int64_t Step = 1;
      if (It->second) {
        // Only a literal step: `i += blockSize` is a block-stride loop even
        // in the instantiation where blockSize is 1.
        const Expr *StepE = It->second->IgnoreParens();
        while (const auto *ICE = dyn_cast<ImplicitCastExpr>(StepE))
          StepE = ICE->getSubExpr()->IgnoreParens();
        const auto *Lit = dyn_cast<IntegerLiteral>(StepE);
        if (!Lit)
          continue;
        Step = static_cast<int64_t>(Lit->getValue().getLimitedValue());
      }
      // Stepping by 1 from a per-lane start gives per-lane trip counts
      // (for (t = t3; t < T; t++)); a larger constant step from the thread
      // index is a block-stride loop over a small block: a tail.
      if (Step == 1 && Lane.laneSpan() > 1)
        Split = true;
    }
  }
  if (!Split)
    return;
  CondClass R;
  R.Cat = BranchCategory::LaneSplit;
  R.Reason = CondClass::Why::TripCount;
  R.LaneSide = LaneE;
  R.AssumedShape = C.AssumedShape;
  R.NarrowShape = C.NarrowShape;
  C = R;
}

} // namespace walker
} // namespace cudalint
