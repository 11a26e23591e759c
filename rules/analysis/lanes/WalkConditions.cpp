//===- WalkConditions.cpp - Classifying branch conditions -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "llvm/Support/SaveAndRestore.h"

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
    // A stop that depends on a template parameter (`s > WARP`) may keep whole
    // warps in every instantiation: in a template as written, not sure either way.
    if (Bound && Bound->isValueDependent()) {
      C.Cat = BranchCategory::Unknown;
      C.Reason = CondClass::Why::None;
      return;
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

void Walker::boundedThreshold(CondClass &C, const BinaryOperator *B, const LaneValue &L,
                              const LaneValue &R) {
  if (!C.GrowthVar || !C.GrowthExact || C.EveryWarp || !B->isRelationalOp() ||
      !(C.Cat == BranchCategory::ShrinkingThreshold ||
        (C.Cat == BranchCategory::LaneSplit && C.Reason == CondClass::Why::LoopThreshold)))
    return;
  // The lane side D, compared as `D Op bound`.
  BinaryOperatorKind Op = B->getOpcode();
  const LaneValue *D = nullptr;
  const Expr *LaneE = nullptr;
  if (refVar(B->getRHS()) == C.GrowthVar) {
    D = &L;
    LaneE = B->getLHS();
  } else if (refVar(B->getLHS()) == C.GrowthVar) {
    D = &R;
    LaneE = B->getRHS();
    Op = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE : BO_LE;
  }
  if (!D || D->K != LaneValue::Lane)
    return;
  // The loop that steps the bound, its start and its factor.
  size_t Idx = LoopStack.size();
  while (Idx > 0 && !LoopStack[Idx - 1]->Grow.count(C.GrowthVar))
    --Idx;
  if (Idx == 0)
    return;
  const LoopInfo &Info = *LoopStack[Idx - 1];
  auto Start = LoopEntry[Idx - 1].find(C.GrowthVar);
  auto Fac = Info.Factor.find(C.GrowthVar);
  auto Gr = Info.Grow.find(C.GrowthVar);
  if (Start == LoopEntry[Idx - 1].end() || Fac == Info.Factor.end() || Fac->second < 2 ||
      Gr->second == Growth::None || Start->second <= 0)
    return;
  bool Grows = Gr->second == Growth::Grows;
  // The loop's own test of the bound, when it compares it with a known value.
  std::optional<BinaryOperatorKind> LimitOp;
  std::optional<int64_t> Limit;
  bool Truthy = false;
  if (const Expr *LC = Info.Cond ? Info.Cond->IgnoreParenImpCasts() : nullptr) {
    if (refVar(LC) == C.GrowthVar) {
      Truthy = true;
    } else if (const auto *LB = dyn_cast<BinaryOperator>(LC); LB && LB->isComparisonOp()) {
      const Expr *Other = nullptr;
      BinaryOperatorKind LOp = LB->getOpcode();
      if (refVar(LB->getLHS()) == C.GrowthVar) {
        Other = LB->getRHS();
      } else if (refVar(LB->getRHS()) == C.GrowthVar) {
        Other = LB->getLHS();
        LOp = LOp == BO_LT   ? BO_GT
              : LOp == BO_GT ? BO_LT
              : LOp == BO_LE ? BO_GE
              : LOp == BO_GE ? BO_LE
                             : LOp;
      }
      if (Other) {
        LaneValue OV = peek(Other);
        if (OV.K == LaneValue::Uniform && OV.Const) {
          LimitOp = LOp;
          Limit = OV.Const;
        }
      }
    }
  }
  auto InLoop = [&](int64_t V) {
    if (Truthy)
      return V != 0;
    if (!Limit)
      return Grows || V > 0; // a shrinking bound the loop does not test stops at 0 at the latest
    switch (*LimitOp) {
    case BO_LT:
      return V < *Limit;
    case BO_LE:
      return V <= *Limit;
    case BO_GT:
      return V > *Limit;
    case BO_GE:
      return V >= *Limit;
    case BO_NE:
      return V != *Limit;
    default:
      return false;
    }
  };
  // The values the bound takes; a growing bound with no known limit is
  // followed far enough that its lane pattern no longer changes.
  llvm::SmallVector<int64_t, 32> Values;
  bool Open = Grows && !Limit && !Truthy;
  for (int64_t V = Start->second; V > 0 && InLoop(V) && Values.size() < 40;
       V = Grows ? V * Fac->second : V / Fac->second) {
    Values.push_back(V);
    if (V > (int64_t(1) << 24))
      break;
  }
  if (Values.empty() || (Open && Values.back() <= (int64_t(1) << 24)))
    return;
  int64_t MinL = INT64_MAX;
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (D->Active & (1u << I))
      MinL = std::min(MinL, D->L[I]);
  std::optional<CondClass> First;
  int64_t FirstAt = 0;
  for (int64_t V : Values) {
    CondClass Cv = lane::compare(Op, *D, LaneValue::constant(V), LaneE, nullptr);
    if (Cv.Cat == BranchCategory::WarpUniform || Cv.Cat == BranchCategory::Uniform)
      continue;
    // One lane on one side (`tid < 1`) is a single-lane split of the same warp.
    bool OneWarp =
        (Cv.Cat == BranchCategory::LaneSplit && Cv.Reason == CondClass::Why::PartialWarp) ||
        Cv.Cat == BranchCategory::SingleLane;
    if (!OneWarp || Cv.EveryWarp || !Cv.HasRange || (First && Cv.RangeLo != First->RangeLo))
      return;
    // Threads below the bound take the branch: they must stay inside that
    // warp in every trip (a warp-synchronous finish), not shrink to it from
    // whole warps (a reduction tree, which is reported).
    bool Below = Op == BO_LT || Op == BO_LE;
    if (Below && (Cv.RangeLo != MinL || D->Align == 0))
      return;
    if (!First || First->Cat == BranchCategory::SingleLane) {
      First = Cv;
      FirstAt = V;
    }
  }
  if (!First)
    return;
  bool Below = Op == BO_LT || Op == BO_LE;
  if (Below)
    for (int64_t V : Values)
      if (V > First->RangeHi + 1)
        return;
  CondClass Out = *First;
  Out.Cat = BranchCategory::LaneSplit;
  Out.Reason = CondClass::Why::PartialWarp;
  Out.OneWarpLoop = true;
  Out.G = C.G;
  Out.GrowthVar = C.GrowthVar;
  Out.GrowthExact = true;
  Out.BoundAt = FirstAt;
  Out.BoundFirst = Values.front();
  Out.BoundLast = Open ? 0 : Values.back(); // 0: no last value (grows until the loop ends)
  Out.Upper = !Below;
  Out.AssumedShape = C.AssumedShape;
  Out.NarrowShape = C.NarrowShape;
  Out.LaneSide = C.LaneSide;
  C = Out;
}

/// The factor \p V is multiplied by in the sum \p E (`X` in `X * V + threadIdx.x`), null
/// when \p V appears on its own (a factor of 1) or in any other form.
static const Expr *counterFactor(const Expr *E, const VarDecl *V) {
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return nullptr;
  llvm::DenseSet<const VarDecl *> Var{V};
  bool L = references(BO->getLHS(), Var), R = references(BO->getRHS(), Var);
  if (L == R)
    return nullptr;
  if (BO->getOpcode() == BO_Add || (BO->getOpcode() == BO_Sub && L))
    return counterFactor(L ? BO->getLHS() : BO->getRHS(), V);
  if (BO->getOpcode() != BO_Mul)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>((L ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts());
  return Ref && Ref->getDecl() == V ? (L ? BO->getRHS() : BO->getLHS()) : nullptr;
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
  // Values in the current state, nothing recorded and the state kept (one copy of it for all).
  auto ValuesOf = [&](llvm::ArrayRef<const Expr *> Es) {
    llvm::SaveAndRestore<bool> Quiet(Recording, false);
    State Saved = S;
    llvm::SmallVector<LaneValue, 2> Vs;
    for (const Expr *E : Es)
      Vs.push_back(expr(E));
    S = std::move(Saved);
    return Vs;
  };
  auto Sides = ValuesOf({BO->getLHS(), BO->getRHS()});
  LaneValue LV = Sides[0], RV = Sides[1];
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
      if (Step != 1 || Lane.laneSpan() <= 1)
        continue;
      // So is a counter the lane side multiplies by a factor other than 1: `blockDim.x * i +
      // threadIdx.x` advances by the block's width each trip (a block-uniform factor not known
      // here counts as such). Evaluated only here: it copies the walker's state.
      if (const Expr *F = counterFactor(LaneE, V))
        if (LaneValue FV = ValuesOf({F})[0]; FV.isWarpUniform() && FV.Const.value_or(0) != 1)
          continue;
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
