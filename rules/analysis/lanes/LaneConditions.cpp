//===- LaneConditions.cpp - Classifying conditions on lane values -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/LaneValueHelpers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <set>

using namespace clang;

namespace cudalint {

using namespace lane_detail;

namespace {

BinaryOperatorKind reversed(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT:
    return BO_GT;
  case BO_GT:
    return BO_LT;
  case BO_LE:
    return BO_GE;
  case BO_GE:
    return BO_LE;
  default:
    return Op;
  }
}

bool injective(const LaneValue &V) {
  llvm::SmallVector<int64_t, 32> Seen;
  forActive(V.Active, [&](unsigned I) { Seen.push_back(V.L[I]); });
  llvm::sort(Seen);
  return std::adjacent_find(Seen.begin(), Seen.end()) == Seen.end();
}

CondClass withFlags(CondClass C, const LaneValue &A, const LaneValue &B) {
  C.AssumedShape = A.AssumedAxis || B.AssumedAxis;
  C.NarrowShape = A.NarrowAxis || B.NarrowAxis;
  return C;
}

CondClass category(BranchCategory Cat, CondClass::Why W) {
  CondClass C;
  C.Cat = Cat;
  C.Reason = W;
  return C;
}

/// `D Op K` for a constant K: evaluates every lane of every warp it can meet.
CondClass compareWithConstant(BinaryOperatorKind Op, const LaneValue &D, int64_t K) {
  int64_t MinL = INT64_MAX, MaxL = INT64_MIN;
  forActive(D.Active, [&](unsigned I) {
    MinL = std::min(MinL, D.L[I]);
    MaxL = std::max(MaxL, D.L[I]);
  });
  int64_t Lo = 0, Hi = 0;
  // Whether the warps enumerated are all there are (no U), or reach past K on every
  // side U can go, so that the warps beyond them are like the last ones.
  bool Covered = true;
  if (D.Align != 0) {
    auto Abs = [](int64_t X) { return std::min<int64_t>(X < 0 ? -(X + 1) : X, int64_t(1) << 40); };
    int64_t Span = Abs(K) + Abs(MinL) + Abs(MaxL);
    int64_t N = std::min<int64_t>(4096, Span / D.Align + 3);
    Covered = Span / D.Align + 3 <= 4096;
    Hi = D.USign >= 0 ? N : 0;
    Lo = D.USign <= 0 ? -N : 0;
    if (D.UBound && D.USign >= 0)
      Hi = std::min(Hi, (*D.UBound + D.Align - 1) / D.Align - 1);
  }
  unsigned Splits = 0, Total = 0, MaxMinority = 0, MostTrue = 0, MostFalse = 0;
  bool TrueFull = false, FalseFull = false;
  CondClass First;
  bool HaveFirst = false;
  for (int64_t KIdx = Lo; KIdx <= Hi; ++KIdx) {
    int64_t U;
    if (__builtin_mul_overflow(KIdx, D.Align, &U))
      continue;
    uint32_t Mask = 0, Act = D.Active;
    forActive(D.Active, [&](unsigned I) {
      int64_t X;
      if (__builtin_add_overflow(D.L[I], U, &X))
        return;
      // A lane past the end of a partial last warp does not exist.
      if (D.VBound && X >= *D.VBound) {
        Act &= ~(1u << I);
        return;
      }
      if (holds(Op, X, K))
        Mask |= 1u << I;
    });
    if (Act == 0)
      continue;
    ++Total;
    MostTrue = std::max(MostTrue, unsigned(llvm::popcount(Mask)));
    MostFalse = std::max(MostFalse, unsigned(llvm::popcount(Act & ~Mask)));
    if (Mask == Act) {
      TrueFull = true;
      continue;
    }
    if (Mask == 0) {
      FalseFull = true;
      continue;
    }
    ++Splits;
    unsigned T = llvm::popcount(Mask);
    MaxMinority = std::max(MaxMinority, std::min(T, unsigned(llvm::popcount(Act)) - T));
    if (!HaveFirst) {
      HaveFirst = true;
      First.TrueMask = Mask;
      First.ActiveMask = Act;
      First.HasRange = true;
      int64_t Lo = INT64_MAX, Hi = INT64_MIN;
      forActive(Act, [&](unsigned I) {
        Lo = std::min(Lo, D.L[I]);
        Hi = std::max(Hi, D.L[I]);
      });
      First.RangeLo = Lo + U;
      First.RangeHi = Hi + U;
    }
  }
  if (Splits == 0)
    return category(BranchCategory::WarpUniform, CondClass::Why::None);
  CondClass C = First;
  // The most lanes of one warp on each side are known when the warps enumerated
  // are all there are or their like (Covered: `t < 1` is true for one lane at
  // most), or, for an equality, when the warps beyond them hold no lane equal to K.
  if (Covered || Op == BO_EQ)
    C.MaxTrue = MostTrue;
  if (Covered || Op == BO_NE)
    C.MaxFalse = MostFalse;
  if (D.Align != 0 && !D.warpVaries() && !D.PerBlock) {
    // U is one unknown multiple of Align, the same in every warp: some values
    // of it split every warp at the same lane, as a loop's last iteration does.
    // Not so for a grid-wide index (blockIdx.x * 5 + threadIdx.x in blocks of
    // 5 threads): U differs between blocks, and the warps enumerated are the
    // grid's.
    C.HasRange = false;
    C.EveryWarp = true;
    C.Cat = MaxMinority <= 1 ? BranchCategory::SingleLane : BranchCategory::TailGuard;
    C.Reason = MaxMinority <= 1 ? CondClass::Why::Equality : CondClass::Why::LaneBound;
    return C;
  }
  C.EveryWarp = D.Align == 0 || Splits == Total;
  if (C.EveryWarp)
    C.HasRange = false;
  // One lane, or one leader lane per tile of 8 or more (tile.thread_rank() == 0).
  bool Equality = Op == BO_EQ || Op == BO_NE;
  if (MaxMinority <= 1 || (Equality && MaxMinority <= 8)) {
    C.Cat = BranchCategory::SingleLane;
    C.Reason = CondClass::Why::Equality;
    return C;
  }
  C.Cat = BranchCategory::LaneSplit;
  C.Reason = CondClass::Why::LaneMask;
  if (C.EveryWarp || Splits >= 2)
    return C;
  // A grid-wide index crosses a constant bound in one warp of the whole grid.
  if ((!TrueFull || !FalseFull) && !D.PerBlock) {
    C.Reason = CondClass::Why::PartialWarp;
    C.SmallSideTrue = !TrueFull;
    C.Repeats = D.Wraps;
    return C;
  }
  C.Cat = BranchCategory::TailGuard;
  C.Reason = CondClass::Why::ConstBound;
  return C;
}

} // namespace

unsigned leaderGroup(const CondClass &C) {
  if (!C.EveryWarp || C.AtMost || C.ActiveMask != AllLanes)
    return 0;
  unsigned T = llvm::popcount(C.TrueMask);
  if (T < 1 || 32 % T != 0 || T == 32)
    return 0;
  unsigned G = 32 / T, First = llvm::countr_zero(C.TrueMask);
  if (First >= G)
    return 0;
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (((C.TrueMask >> I) & 1) != (I % G == First))
      return 0;
  return G;
}

namespace lane {

CondClass compare(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B,
                  const Expr *LHS, const Expr *RHS) {
  if (A.K == LaneValue::Uniform && B.K == LaneValue::Uniform)
    return CondClass();
  if (A.K == LaneValue::Data || B.K == LaneValue::Data) {
    CondClass C = category(BranchCategory::DataDependent, CondClass::Why::Data);
    C.DataSrc = A.K == LaneValue::Data ? A.DataSrc : B.DataSrc;
    return withFlags(C, A, B);
  }
  if (A.K == LaneValue::Varying || B.K == LaneValue::Varying) {
    bool AVar = A.K == LaneValue::Varying;
    const LaneValue &V = AVar ? A : B;
    const LaneValue &O = AVar ? B : A;
    // tid % (2 * stride) == 0 with stride growing in its loop: a reduction
    // tree whose active threads are scattered. With a divisor that is merely
    // unknown (a row length), it may select one lane per warp: not modelled.
    if (V.ModOfLane && V.G != Growth::None && O.K == LaneValue::Uniform && O.Const &&
        *O.Const == 0 && (Op == BO_EQ || Op == BO_NE)) {
      CondClass C = category(BranchCategory::LaneSplit, CondClass::Why::ModUnknown);
      C.LaneSide = AVar ? LHS : RHS;
      C.G = V.G;
      C.GrowthVar = V.GrowthVar;
      C.EveryWarp = true;
      return withFlags(C, A, B);
    }
    if (V.BitOfLane && O.K == LaneValue::Uniform && O.Const && *O.Const == 0 &&
        (Op == BO_EQ || Op == BO_NE)) {
      CondClass C = category(BranchCategory::LaneSplit, CondClass::Why::BitUnknown);
      C.LaneSide = AVar ? LHS : RHS;
      C.G = V.G;
      C.GrowthVar = V.GrowthVar;
      C.EveryWarp = true;
      return withFlags(C, A, B);
    }
    // `flag == false`, `flag != 0` on a classified boolean.
    if (V.Cond && O.K == LaneValue::Uniform && O.Const && (*O.Const == 0 || *O.Const == 1) &&
        (Op == BO_EQ || Op == BO_NE)) {
      bool Same = (Op == BO_EQ) == (*O.Const == 1);
      return Same ? *V.Cond : V.Cond->negated();
    }
    // `odd == flag` with a uniform flag that is not known: the lanes split as
    // `odd` does (or its negation) whenever the flag is true or false.
    if (V.Cond && V.Cond->Cat == BranchCategory::LaneSplit && O.K == LaneValue::Uniform &&
        !O.Const && (Op == BO_EQ || Op == BO_NE)) {
      CondClass C = *V.Cond;
      C.Reason = CondClass::Why::EqualsUniform;
      C.Distinct = 2;
      // Either side of `odd` may be the side that equals the flag.
      C.MaxTrue = C.MaxFalse = std::max(V.Cond->MaxTrue, V.Cond->MaxFalse);
      return C;
    }
    if (V.Cond && V.Cond->Cat == BranchCategory::DataDependent)
      return *V.Cond;
    return withFlags(category(BranchCategory::Unknown, CondClass::Why::None), A, B);
  }

  // Both are Uniform or Lane, at least one Lane. Put the lane side on the left.
  const Expr *LaneExpr = LHS;
  LaneValue D;
  const LaneValue *Bound = nullptr;
  if (A.K == LaneValue::Lane && B.K == LaneValue::Lane) {
    if (A.isWarpUniform() && B.isWarpUniform())
      return withFlags(category(BranchCategory::WarpUniform, CondClass::Why::None), A, B);
    if (A.HasFactor || B.HasFactor)
      return withFlags(category(BranchCategory::Unknown, CondClass::Why::None), A, B);
    D = binary(BO_Sub, A, B);
    if (A.isWarpUniform())
      LaneExpr = RHS;
    if (D.K == LaneValue::Uniform)
      return CondClass();
    if (D.K != LaneValue::Lane)
      return withFlags(category(BranchCategory::Unknown, CondClass::Why::None), A, B);
    static const LaneValue Zero = LaneValue::constant(0);
    Bound = &Zero;
  } else if (A.K == LaneValue::Lane) {
    D = A;
    Bound = &B;
  } else {
    D = B;
    Bound = &A;
    Op = reversed(Op);
    LaneExpr = RHS;
  }
  auto Finish = [&](CondClass C) {
    C.LaneSide = LaneExpr;
    return withFlags(C, A, B);
  };
  bool Ordering = Op != BO_EQ && Op != BO_NE;
  bool Below = Op == BO_LT || Op == BO_LE; // the branch is taken below the bound
  // threadIdx.x + k * blockDim.x against m * blockDim.x: below it exactly when
  // k < m, since 0 <= threadIdx.x < blockDim.x, so every thread of the block
  // agrees (a block-stride loop to a bound rounded up to the block size).
  if ((Op == BO_LT || Op == BO_GE) && D.TidPlusBlocks && Bound->K == LaneValue::Uniform &&
      multipleOfBlockDim(*Bound, D.TidExtent))
    return CondClass();
  if (D.isWarpUniform()) {
    CondClass C = category(BranchCategory::WarpUniform, CondClass::Why::None);
    // `warp_id == 0`, `threadIdx.y == 0` in a 32-wide block: one warp (or a
    // few), unless the warp index wraps (`(tid / 32) % 2 == 0`).
    C.FewWarps = (Op == BO_EQ) && Bound->Const && D.K == LaneValue::Lane && !D.Wraps &&
                 D.warpVaries();
    return Finish(C);
  }

  if (D.HasFactor) {
    bool Shrinks = Ordering && ((Below && D.G == Growth::Grows) ||
                                (Below && Bound->G == Growth::Shrinks) ||
                                (!Below && Bound->G == Growth::Grows));
    if (Shrinks) {
      CondClass C = category(BranchCategory::ShrinkingThreshold,
                             D.G == Growth::Grows ? CondClass::Why::FactorGrows
                                                  : CondClass::Why::LoopThreshold);
      C.G = D.G == Growth::Grows ? D.G : Bound->G;
      C.GrowthVar = D.G == Growth::Grows ? D.GrowthVar : Bound->GrowthVar;
      C.EveryWarp = !D.warpVaries();
      return Finish(C);
    }
    // (tx + 1) * 2 * stride - 1 + stride < n with stride halving (a Brent-Kung or
    // Blelloch down-sweep): the threads that pass double each iteration from a
    // few (1, 3, 7, ...), so the first iterations split the first warp.
    if (Ordering && Below && D.G == Growth::Shrinks && Bound->G == Growth::None) {
      CondClass C = category(BranchCategory::ShrinkingThreshold, CondClass::Why::FactorShrinks);
      C.G = Growth::Shrinks;
      C.GrowthVar = D.GrowthVar;
      C.EveryWarp = !D.warpVaries();
      return Finish(C);
    }
    return Finish(category(Ordering ? BranchCategory::TailGuard : BranchCategory::Unknown,
                           CondClass::Why::UnknownBound));
  }

  // The warps' offsets must be spaced wider than the lanes' spread for the
  // enumeration to tell warps apart (tid + n with n unknown is not).
  bool UnknownOffset = D.Align != 0 && D.Align <= D.laneSpan();
  // A bound that is not known but is a multiple of something wider than the
  // lanes' spread (a loop index stepping by 128 against tid) moves the split
  // point by whole warps: compare the difference with 0 instead.
  if (!Bound->Const && Bound->K == LaneValue::Uniform && D.Align != 0 &&
      gcd64(D.Align, alignOf(*Bound)) > D.laneSpan()) {
    LaneValue E = binary(BO_Sub, D, *Bound);
    if (E.K == LaneValue::Lane) {
      E.WarpVaries = true;
      E.USign = 0;
      CondClass C = compareWithConstant(Op, E, 0);
      if (C.Cat == BranchCategory::WarpUniform)
        return Finish(C);
    }
  }
  if (!Bound->Const || UnknownOffset) {
    if (Ordering && Bound->G != Growth::None && !UnknownOffset) {
      bool Shrinks = Below == (Bound->G == Growth::Shrinks);
      CondClass C = category(Shrinks ? BranchCategory::ShrinkingThreshold
                                     : BranchCategory::LaneSplit,
                             CondClass::Why::LoopThreshold);
      C.G = Bound->G;
      C.GrowthVar = Bound->GrowthVar;
      C.GrowthExact = Bound->GrowthExact;
      C.EveryWarp = !D.warpVaries();
      C.Upper = !Below;
      return Finish(C);
    }
    if (!Ordering) {
      if (injective(D)) {
        // Distinct lane values: at most one of them equals the bound.
        CondClass C = category(BranchCategory::SingleLane, CondClass::Why::Equality);
        (Op == BO_EQ ? C.MaxTrue : C.MaxFalse) = 1;
        return Finish(C);
      }
      // A value of a few distinct lane values (tid & 1, a bool made from the
      // lane) against a uniform value: whichever of them it equals, the lanes
      // holding it take one path and the rest the other, in every warp.
      if (D.K == LaneValue::Lane && D.Align == 0 && !UnknownOffset) {
        std::set<int64_t> Values;
        forActive(D.Active, [&](unsigned I) { Values.insert(D.L[I]); });
        if (Values.size() >= 2 && Values.size() <= 4) {
          CondClass C = compareWithConstant(Op, D, *Values.begin());
          if (C.Cat == BranchCategory::LaneSplit && C.EveryWarp) {
            C.Reason = CondClass::Why::EqualsUniform;
            C.Distinct = Values.size();
            // Counted for the first value only: another may hold other lanes.
            C.MaxTrue = C.MaxFalse = WarpLanes;
            return Finish(C);
          }
        }
      }
      return Finish(category(BranchCategory::Unknown, CondClass::Why::Equality));
    }
    // Where the warp-uniform part is the same in every warp (a row narrower
    // than a warp, tx + 16 * col; lane + 32 * k), every warp holds the same
    // values: an unknown bound that falls among them splits every warp.
    return Finish(category(BranchCategory::TailGuard, D.warpVaries()
                                                          ? CondClass::Why::UnknownBound
                                                          : CondClass::Why::LaneBound));
  }
  return Finish(compareWithConstant(Op, D, *Bound->Const));
}

std::optional<bool> settledComparison(BinaryOperatorKind Op, const LaneValue &A,
                                      const LaneValue &B) {
  bool LaneLeft = A.K == LaneValue::Lane && B.K == LaneValue::Uniform && B.Const;
  bool LaneRight = B.K == LaneValue::Lane && A.K == LaneValue::Uniform && A.Const;
  if (!LaneLeft && !LaneRight)
    return std::nullopt;
  const LaneValue &D = LaneLeft ? A : B;
  int64_t K = LaneLeft ? *B.Const : *A.Const;
  if (!LaneLeft)
    Op = reversed(Op);
  if (D.HasFactor || !D.Active)
    return std::nullopt;
  // The offsets U can take: none but 0, or each multiple of Align in [0, UBound).
  int64_t Offsets = 1;
  if (D.Align != 0) {
    if (!D.UBound || D.USign != 1 || D.Align < 0 || *D.UBound <= 0)
      return std::nullopt;
    Offsets = (*D.UBound + D.Align - 1) / D.Align;
    if (Offsets > 4096)
      return std::nullopt;
  }
  std::optional<bool> Result;
  bool Mixed = false;
  for (int64_t N = 0; N < Offsets && !Mixed; ++N) {
    int64_t U = N * D.Align;
    forActive(D.Active, [&](unsigned I) {
      int64_t X;
      if (Mixed || __builtin_add_overflow(D.L[I], U, &X)) {
        Mixed = true;
        return;
      }
      if (D.VBound && X >= *D.VBound)
        return; // past the end of a partial last warp
      bool H = holds(Op, X, K);
      if (Result && *Result != H)
        Mixed = true;
      Result = H;
    });
  }
  if (Mixed)
    return std::nullopt;
  return Result;
}

CondClass truthOf(const LaneValue &V, const Expr *E) {
  if (V.Cond)
    return *V.Cond;
  if (V.K == LaneValue::Uniform)
    return CondClass();
  return compare(BO_NE, V, LaneValue::constant(0), E, nullptr);
}

namespace {
CondClass combineClasses(const CondClass &A, const CondClass &B, bool And);
} // namespace

CondClass combine(const CondClass &A, const CondClass &B, bool And) {
  CondClass R = combineClasses(A, B, And);
  // `a && b` is true only where both are, and false where either is.
  auto Sum = [](unsigned X, unsigned Y) { return uint8_t(std::min(X + Y, WarpLanes)); };
  R.MaxTrue = And ? std::min(A.MaxTrue, B.MaxTrue) : Sum(A.MaxTrue, B.MaxTrue);
  R.MaxFalse = And ? Sum(A.MaxFalse, B.MaxFalse) : std::min(A.MaxFalse, B.MaxFalse);
  return R;
}

namespace {

CondClass combineClasses(const CondClass &A, const CondClass &B, bool And) {
  if (A.Cat == BranchCategory::Uniform)
    return B;
  if (B.Cat == BranchCategory::Uniform)
    return A;
  CondClass R;
  auto Exact = [](const CondClass &C) {
    return (C.Cat == BranchCategory::LaneSplit || C.Cat == BranchCategory::SingleLane) &&
           (C.Reason == CondClass::Why::LaneMask || C.Reason == CondClass::Why::Equality) &&
           C.EveryWarp;
  };
  if (Exact(A) && Exact(B)) {
    R = A;
    R.ActiveMask = A.ActiveMask & B.ActiveMask;
    R.TrueMask = (And ? (A.TrueMask & B.TrueMask) : (A.TrueMask | B.TrueMask)) & R.ActiveMask;
    unsigned T = llvm::popcount(R.TrueMask), N = llvm::popcount(R.ActiveMask);
    if (T == 0 || T == N) {
      R.Cat = BranchCategory::WarpUniform;
      R.Reason = CondClass::Why::None;
    } else {
      // Leader lanes (`iqs % 16 == 0 && iqs < 96`) stay leader lanes.
      bool Leaders = And && (A.Cat == BranchCategory::SingleLane ||
                             B.Cat == BranchCategory::SingleLane) && T <= 8;
      R.Cat = std::min(T, N - T) <= 1 || Leaders ? BranchCategory::SingleLane
                                                  : BranchCategory::LaneSplit;
      R.Reason = R.Cat == BranchCategory::SingleLane ? CondClass::Why::Equality
                                                     : CondClass::Why::LaneMask;
    }
  } else if (And && (A.Cat == BranchCategory::SingleLane || B.Cat == BranchCategory::SingleLane)) {
    R = A.Cat == BranchCategory::SingleLane ? A : B;
    R.AtMost = true;
  } else {
    auto Rank = [](BranchCategory C) {
      switch (C) {
      case BranchCategory::LaneSplit:
        return 7;
      case BranchCategory::ShrinkingThreshold:
        return 6;
      case BranchCategory::SingleLane:
        return 5;
      case BranchCategory::TailGuard:
        return 4;
      case BranchCategory::DataDependent:
        return 3;
      case BranchCategory::Unknown:
        return 2;
      case BranchCategory::WarpUniform:
        return 1;
      case BranchCategory::Uniform:
        return 0;
      }
      return 0;
    };
    R = Rank(A.Cat) >= Rank(B.Cat) ? A : B;
    // `lanes && other`: the lanes outside the mask never take it; those inside
    // take it where the other operand holds.
    const CondClass &Other = Rank(A.Cat) >= Rank(B.Cat) ? B : A;
    if (And && isThreadDependent(Other.Cat) && Other.Cat != BranchCategory::WarpUniform)
      R.AtMost = true;
    // `warp_id == 0 && lane < 8`: only in the warps the other operand admits.
    if (And && Other.Cat == BranchCategory::WarpUniform && R.EveryWarp) {
      R.EveryWarp = false;
      R.HasRange = false;
      R.FewWarps = Other.FewWarps;
    }
  }
  R.AssumedShape = A.AssumedShape || B.AssumedShape;
  R.NarrowShape = A.NarrowShape || B.NarrowShape;
  return R;
}

} // namespace

LaneValue fromCond(CondClass C) {
  LaneValue V;
  if (C.Cat == BranchCategory::Uniform)
    return V;
  if (C.Cat == BranchCategory::WarpUniform)
    V = LaneValue::warpUniform();
  else if (C.Cat == BranchCategory::DataDependent)
    V = LaneValue::data(C.DataSrc);
  else
    V = LaneValue::varying();
  V.AssumedAxis = C.AssumedShape;
  V.NarrowAxis = C.NarrowShape;
  V.Cond = std::make_shared<const CondClass>(std::move(C));
  return V;
}

} // namespace lane

} // namespace cudalint
