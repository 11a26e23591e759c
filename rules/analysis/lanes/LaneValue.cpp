//===- LaneValue.cpp - Lane values, merges and control dependence -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/LaneValueHelpers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

using namespace clang;

namespace cudalint {

using namespace lane_detail;

const char *categoryName(BranchCategory C) {
  switch (C) {
  case BranchCategory::Uniform:
    return "uniform";
  case BranchCategory::WarpUniform:
    return "warp-uniform";
  case BranchCategory::LaneSplit:
    return "lane-split";
  case BranchCategory::ShrinkingThreshold:
    return "shrinking-threshold";
  case BranchCategory::TailGuard:
    return "tail-guard";
  case BranchCategory::SingleLane:
    return "single-lane";
  case BranchCategory::DataDependent:
    return "data-dependent";
  case BranchCategory::Unknown:
    return "thread-dependent";
  }
  return "";
}

CondClass CondClass::negated() const {
  CondClass N = *this;
  N.TrueMask = ActiveMask & ~TrueMask;
  N.SmallSideTrue = !SmallSideTrue;
  std::swap(N.MaxTrue, N.MaxFalse);
  return N;
}

// --- helpers shared with LaneArithmetic.cpp and LaneConditions.cpp ---------------

namespace lane_detail {

int64_t gcd64(int64_t A, int64_t B) {
  return static_cast<int64_t>(std::gcd(static_cast<uint64_t>(A < 0 ? -A : A),
                                       static_cast<uint64_t>(B < 0 ? -B : B)));
}

/// The divisor known for a uniform value (0 for the constant 0).
int64_t alignOf(const LaneValue &V) {
  if (V.Const)
    return *V.Const < 0 ? -*V.Const : *V.Const;
  return V.Align;
}

bool allActiveNonNegative(const LaneValue &V) {
  bool Ok = true;
  forActive(V.Active, [&](unsigned I) { Ok &= V.L[I] >= 0; });
  return Ok;
}

bool allActiveBelow(const LaneValue &V, int64_t Bound) {
  bool Ok = true;
  forActive(V.Active, [&](unsigned I) { Ok &= V.L[I] < Bound; });
  return Ok;
}

/// Copies the provenance of \p A and \p B into \p R.
LaneValue &withProvenance(LaneValue &R, const LaneValue &A, const LaneValue &B) {
  R.AssumedAxis = A.AssumedAxis || B.AssumedAxis;
  R.NarrowAxis = A.NarrowAxis || B.NarrowAxis;
  R.PerBlock = A.PerBlock || B.PerBlock;
  if (!R.DataSrc)
    R.DataSrc = A.DataSrc ? A.DataSrc : B.DataSrc;
  return R;
}

/// A uniform value in the Lane form (so that Lane operations apply).
LaneValue asLane(const LaneValue &U) {
  LaneValue R;
  R.K = LaneValue::Lane;
  if (U.Const) {
    R.L.fill(*U.Const);
    R.Align = 0;
  } else {
    R.L.fill(0);
    R.Align = U.Align;
    R.USign = 0;
  }
  R.AssumedAxis = U.AssumedAxis;
  R.NarrowAxis = U.NarrowAxis;
  R.PerBlock = U.PerBlock;
  return R;
}

/// Folds Lane values that every thread of the block agrees on into Uniform.
LaneValue normalize(LaneValue V) {
  if (V.K != LaneValue::Lane)
    return V;
  if (V.Active == 0)
    V.Active = AllLanes;
  if (V.Align == 0) {
    V.WarpVaries = false;
    V.WarpCoef = 0;
    V.UBound.reset();
  }
  bool Equal = true;
  int64_t First = 0;
  bool Seen = false;
  forActive(V.Active, [&](unsigned I) {
    if (!Seen) {
      First = V.L[I];
      Seen = true;
    } else if (V.L[I] != First) {
      Equal = false;
    }
  });
  if (!Equal || V.warpVaries())
    return V;
  LaneValue U;
  U.AssumedAxis = V.AssumedAxis;
  U.NarrowAxis = V.NarrowAxis;
  U.PerBlock = V.PerBlock;
  if (V.Align == 0 && !V.HasFactor) {
    U.Const = First;
    U.NonNeg = First >= 0;
  } else {
    U.Align = V.HasFactor ? 1 : std::max<int64_t>(1, gcd64(V.Align, First));
    U.NonNeg = !V.HasFactor && First >= 0 && V.USign == 1;
  }
  return U;
}

LaneValue varyingOf(const LaneValue &A, const LaneValue &B) {
  if (A.K == LaneValue::Data || B.K == LaneValue::Data) {
    LaneValue R = LaneValue::data(A.K == LaneValue::Data ? A.DataSrc : B.DataSrc);
    // What lanes hold alike in both, they hold alike in the result.
    unsigned G = std::min(A.sameInGroupsOf(), B.sameInGroupsOf());
    R.GroupSame = G >= 2 ? G : 0;
    return withProvenance(R, A, B);
  }
  LaneValue R = LaneValue::varying();
  return withProvenance(R, A, B);
}

bool isUnknownKind(const LaneValue &V) {
  return V.K == LaneValue::Varying || V.K == LaneValue::Data;
}

bool isComparison(BinaryOperatorKind Op) {
  return Op == BO_LT || Op == BO_GT || Op == BO_LE || Op == BO_GE || Op == BO_EQ || Op == BO_NE;
}

bool holds(BinaryOperatorKind Op, int64_t X, int64_t K) {
  switch (Op) {
  case BO_LT:
    return X < K;
  case BO_GT:
    return X > K;
  case BO_LE:
    return X <= K;
  case BO_GE:
    return X >= K;
  case BO_EQ:
    return X == K;
  default:
    return X != K;
  }
}

} // namespace lane_detail

// --- LaneValue -------------------------------------------------------------------

LaneValue LaneValue::constant(int64_t C) {
  LaneValue V;
  V.Const = C;
  V.NonNeg = C >= 0;
  return V;
}

LaneValue LaneValue::aligned(int64_t Align) {
  LaneValue V;
  V.Align = std::max<int64_t>(1, Align);
  V.NonNeg = true;
  return V;
}

LaneValue LaneValue::lanes(const std::array<int64_t, WarpLanes> &Lanes, int64_t Align,
                           bool WarpVaries, uint32_t Active) {
  LaneValue V;
  V.K = Lane;
  V.L = Lanes;
  V.Align = Align;
  V.WarpVaries = WarpVaries;
  V.Active = Active;
  return normalize(V);
}

LaneValue LaneValue::threadIndex(uint32_t Active) {
  LaneValue V;
  V.K = Lane;
  for (unsigned I = 0; I < WarpLanes; ++I)
    V.L[I] = I;
  V.Align = 32;
  V.WarpCoef = 1;
  V.Active = Active;
  return V;
}

LaneValue LaneValue::warpUniform() {
  LaneValue V;
  V.K = Lane;
  V.L.fill(0);
  V.Align = 1;
  V.WarpVaries = true;
  V.USign = 0;
  return V;
}

LaneValue LaneValue::varying() {
  LaneValue V;
  V.K = Varying;
  return V;
}

LaneValue LaneValue::data(const Expr *Src) {
  LaneValue V;
  V.K = Data;
  V.DataSrc = Src;
  return V;
}

bool LaneValue::isWarpUniform() const {
  if (K == Uniform)
    return true;
  if (K != Lane)
    return false;
  bool Equal = true, Seen = false;
  int64_t First = 0;
  forActive(Active, [&](unsigned I) {
    if (!Seen) {
      First = L[I];
      Seen = true;
    } else if (L[I] != First) {
      Equal = false;
    }
  });
  return Equal;
}

int64_t LaneValue::laneSpan() const {
  if (K != Lane)
    return 0;
  int64_t MinL = INT64_MAX, MaxL = INT64_MIN;
  forActive(Active, [&](unsigned I) {
    MinL = std::min(MinL, L[I]);
    MaxL = std::max(MaxL, L[I]);
  });
  return MaxL - MinL;
}

unsigned LaneValue::sameInGroupsOf() const {
  switch (K) {
  case Uniform:
    return WarpLanes;
  case Data:
    return GroupSame >= 2 ? GroupSame : 1;
  case Varying:
    return 1;
  case Lane:
    break;
  }
  for (unsigned G = WarpLanes; G >= 2; G /= 2) {
    bool Same = true;
    forActive(Active, [&](unsigned I) {
      unsigned First = I - I % G;
      // The group's first active lane stands for it.
      while (First < I && !(Active & (1u << First)))
        ++First;
      Same &= L[I] == L[First];
    });
    if (Same)
      return G;
  }
  return 1;
}

bool CondClass::identical(const CondClass &O) const {
  auto Fields = [](const CondClass &C) {
    return std::tie(C.Cat, C.Reason, C.TrueMask, C.ActiveMask, C.EveryWarp, C.SmallSideTrue,
                    C.FewWarps, C.Repeats, C.AtMost, C.Upper, C.HasRange, C.RangeLo, C.RangeHi,
                    C.Distinct, C.G, C.GrowthVar, C.GrowthExact, C.LaneSide, C.DataSrc,
                    C.OneWarpLoop, C.BoundFirst, C.BoundLast, C.BoundAt, C.AssumedShape,
                    C.NarrowShape, C.MaxTrue, C.MaxFalse);
  };
  return Fields(*this) == Fields(O);
}

bool LaneValue::identical(const LaneValue &O) const {
  auto Fields = [](const LaneValue &V) {
    return std::tie(V.K, V.Const, V.Align, V.NonNeg, V.Positive, V.SymVar, V.SymOff, V.L, V.Active, V.WarpCoef, V.WarpVaries,
                    V.USign, V.UBound, V.Wraps, V.VBound, V.HasFactor, V.G, V.GrowthVar,
                    V.GrowthExact, V.ModOfLane, V.BitOfLane, V.MinGaps, V.ByFactor, V.AssumedAxis, V.NarrowAxis,
                    V.PerBlock, V.TidPlusBlocks, V.TidExtent, V.BlockDimMultiple, V.SameInWarps, V.GroupSame,
                    V.DataSrc);
  };
  return Fields(*this) == Fields(O) && cudalint::identical(Cond, O.Cond) &&
         lane::sameExact(Exact, O.Exact);
}

bool identical(const std::shared_ptr<const CondClass> &A,
               const std::shared_ptr<const CondClass> &B) {
  if (!A || !B)
    return !A && !B;
  return A == B || A->identical(*B);
}

bool LaneValue::operator==(const LaneValue &O) const {
  if (K != O.K || AssumedAxis != O.AssumedAxis || NarrowAxis != O.NarrowAxis ||
      !lane::sameExact(Exact, O.Exact))
    return false;
  auto SameCond = [&]() {
    if (!Cond || !O.Cond)
      return !Cond && !O.Cond;
    return Cond->Cat == O.Cond->Cat && Cond->TrueMask == O.Cond->TrueMask &&
           Cond->Reason == O.Cond->Reason;
  };
  switch (K) {
  case Uniform:
    return Const == O.Const &&
           (Const || (Align == O.Align && NonNeg == O.NonNeg && Positive == O.Positive &&
                      SymVar == O.SymVar && SymOff == O.SymOff)) &&
           G == O.G &&
           GrowthVar == O.GrowthVar && BlockDimMultiple == O.BlockDimMultiple && SameCond();
  case Lane: {
    if (Active != O.Active || Align != O.Align || WarpVaries != O.WarpVaries ||
        WarpCoef != O.WarpCoef || USign != O.USign || UBound != O.UBound || Wraps != O.Wraps ||
        VBound != O.VBound || HasFactor != O.HasFactor || G != O.G || GrowthVar != O.GrowthVar ||
        TidPlusBlocks != O.TidPlusBlocks || TidExtent != O.TidExtent)
      return false;
    bool Same = true;
    forActive(Active, [&](unsigned I) { Same &= L[I] == O.L[I]; });
    return Same && SameCond();
  }
  case Varying:
    return ModOfLane == O.ModOfLane && BitOfLane == O.BitOfLane && G == O.G &&
           MinGaps == O.MinGaps &&
           (!MinGaps || (L == O.L && NonNeg == O.NonNeg && ByFactor == O.ByFactor)) &&
           RowLanes == O.RowLanes && (!RowLanes || (L == O.L && Active == O.Active)) &&
           SameCond();
  case Data:
    return DataSrc == O.DataSrc && SameInWarps == O.SameInWarps && GroupSame == O.GroupSame;
  }
  return false;
}

// --- merges ----------------------------------------------------------------------

namespace lane {

LaneValue opaque(llvm::ArrayRef<LaneValue> Vs) {
  LaneValue R;
  bool Warp = false, Lane = false;
  for (const LaneValue &V : Vs) {
    R.AssumedAxis |= V.AssumedAxis;
    R.NarrowAxis |= V.NarrowAxis;
    R.PerBlock |= V.PerBlock;
    if (V.K == LaneValue::Data) {
      // A function of values that a group of lanes holds alike is alike there.
      LaneValue D = LaneValue::data(V.DataSrc);
      unsigned G = 32;
      for (const LaneValue &W : Vs)
        G = std::min(G, W.sameInGroupsOf());
      D.GroupSame = G >= 2 ? G : 0;
      return D;
    }
    if (V.K == LaneValue::Varying || (V.K == LaneValue::Lane && !V.isWarpUniform()))
      Lane = true;
    else if (V.K == LaneValue::Lane)
      Warp = true;
  }
  if (Lane) {
    LaneValue V = LaneValue::varying();
    V.AssumedAxis = R.AssumedAxis;
    V.NarrowAxis = R.NarrowAxis;
    return V;
  }
  if (Warp) {
    LaneValue V = LaneValue::warpUniform();
    V.AssumedAxis = R.AssumedAxis;
    V.NarrowAxis = R.NarrowAxis;
    return V;
  }
  return R;
}

static LaneValue joinForms(const LaneValue &A, const LaneValue &B);

LaneValue join(const LaneValue &A, const LaneValue &B) {
  if (A == B)
    return A;
  // Each thread holds one of two values: not known which (without the condition), unless
  // they differ only in a part that is the same in every thread.
  LaneValue R = joinForms(A, B);
  R.Exact = joinExact(A.Exact, B.Exact);
  return R;
}

static LaneValue joinForms(const LaneValue &A, const LaneValue &B) {
  if (A.K == LaneValue::Data || B.K == LaneValue::Data)
    return varyingOf(A, B);
  if (A.K == LaneValue::Varying || B.K == LaneValue::Varying) {
    LaneValue R = varyingOf(A, B);
    R.ModOfLane = A.ModOfLane && B.ModOfLane;
    R.BitOfLane = A.BitOfLane && B.BitOfLane;
    if (R.ModOfLane || R.BitOfLane) {
      R.G = A.G == B.G ? A.G : Growth::None;
      R.GrowthVar = A.GrowthVar;
    }
    return R;
  }
  if (A.K == LaneValue::Uniform && B.K == LaneValue::Uniform) {
    LaneValue R;
    withProvenance(R, A, B);
    if (A.Const && B.Const)
      R.Align = std::max<int64_t>(1, gcd64(gcd64(*A.Const, *B.Const), *A.Const - *B.Const));
    else
      R.Align = std::max<int64_t>(1, gcd64(alignOf(A), alignOf(B)));
    R.NonNeg = A.NonNeg && B.NonNeg;
    R.Positive = (A.Const ? *A.Const > 0 : A.Positive) && (B.Const ? *B.Const > 0 : B.Positive);
    R.BlockDimMultiple = multipleOfBlockDim(A, 0) && multipleOfBlockDim(B, 0);
    if (A.G == B.G && A.GrowthVar == B.GrowthVar) {
      R.G = A.G;
      R.GrowthVar = A.GrowthVar;
    }
    return R;
  }
  LaneValue LA = A.K == LaneValue::Lane ? A : asLane(A);
  LaneValue LB = B.K == LaneValue::Lane ? B : asLane(B);
  if (LA.HasFactor != LB.HasFactor)
    return varyingOf(A, B);
  // Same lane pattern up to a shift d: the shift moves into U.
  uint32_t Active = LA.Active & LB.Active;
  bool Seen = false, Shifted = true;
  int64_t D = 0;
  forActive(Active, [&](unsigned I) {
    int64_t Diff = LB.L[I] - LA.L[I];
    if (!Seen) {
      D = Diff;
      Seen = true;
    } else if (Diff != D) {
      Shifted = false;
    }
  });
  if (!Shifted)
    return varyingOf(A, B);
  LaneValue R = LA;
  withProvenance(R, A, B);
  R.Active = Active;
  R.Align = gcd64(gcd64(LA.Align, LB.Align), D);
  // A merge chosen the same way by every thread keeps U equal across warps.
  R.WarpVaries = LA.WarpVaries || LB.WarpVaries || LA.WarpCoef != LB.WarpCoef;
  R.WarpCoef = LA.WarpCoef == LB.WarpCoef ? LA.WarpCoef : 0;
  // U is LA's U or LB's U + D.
  bool NonNeg = (LA.Align == 0 || LA.USign == 1) && (LB.Align == 0 || LB.USign == 1) && D >= 0;
  bool NonPos = (LA.Align == 0 || LA.USign == -1) && (LB.Align == 0 || LB.USign == -1) && D <= 0;
  R.USign = NonNeg ? 1 : NonPos ? -1 : 0;
  R.Wraps = LA.Wraps || LB.Wraps;
  if (LA.UBound && LB.UBound)
    R.UBound = std::max(*LA.UBound, *LB.UBound + (D > 0 ? D : 0));
  else
    R.UBound.reset();
  if (LA.VBound && LB.VBound)
    R.VBound = std::max(*LA.VBound, *LB.VBound);
  else
    R.VBound.reset();
  if (LA.G != LB.G || LA.GrowthVar != LB.GrowthVar) {
    R.G = Growth::None;
    R.GrowthVar = nullptr;
  }
  R.GrowthExact = false;
  R.Cond.reset();
  // threadIdx.x plus one multiple of blockDim.x or another: still such a value.
  R.TidPlusBlocks = LA.TidPlusBlocks && LB.TidPlusBlocks && LA.TidExtent == LB.TidExtent;
  return normalize(R);
}

static LaneValue controlDependentForm(const LaneValue &V,
                                      const std::shared_ptr<const CondClass> &C);

LaneValue controlDependent(const LaneValue &V, const std::shared_ptr<const CondClass> &C) {
  LaneValue R = controlDependentForm(V, C);
  if (C && C->Cat != BranchCategory::Uniform)
    R.Exact.reset();
  return R;
}

LaneValue joinUnder(const LaneValue &A, const LaneValue &B,
                    const std::shared_ptr<const CondClass> &C) {
  LaneValue J = join(A, B);
  // A tail guard splits at most the warp at an edge (`if (px < width - 1) i += 4`, a clamp
  // at the image's last column): every other warp takes one path with all its lanes. Two
  // lane patterns one uniform shift apart are then that pattern in those warps, as after a
  // warp-uniform choice; the edge warp is left out, as a tail guard's partial warp is.
  if (C && C->Cat == BranchCategory::TailGuard && A.K == LaneValue::Lane &&
      B.K == LaneValue::Lane && J.K == LaneValue::Lane) {
    auto W = std::make_shared<CondClass>(*C);
    W->Cat = BranchCategory::WarpUniform;
    return controlDependent(J, W);
  }
  return controlDependent(J, C);
}

static LaneValue controlDependentForm(const LaneValue &V,
                                      const std::shared_ptr<const CondClass> &C) {
  if (!C || C->Cat == BranchCategory::Uniform || V.K == LaneValue::Data)
    return V;
  if (C->Cat == BranchCategory::WarpUniform) {
    if (V.K == LaneValue::Uniform) {
      LaneValue R = LaneValue::warpUniform();
      R.AssumedAxis = V.AssumedAxis || C->AssumedShape;
      R.NarrowAxis = V.NarrowAxis;
      return R;
    }
    if (V.K == LaneValue::Lane) {
      LaneValue R = V;
      R.TidPlusBlocks = false; // the rest may now differ between warps
      R.WarpVaries = true;
      if (R.Align == 0)
        R.Align = 1;
      R.USign = 0;
      R.UBound.reset();
      return R;
    }
    return V;
  }
  if (C->Cat == BranchCategory::DataDependent)
    return LaneValue::data(C->DataSrc);
  LaneValue R = LaneValue::varying();
  R.AssumedAxis = V.AssumedAxis;
  R.NarrowAxis = V.NarrowAxis;
  return R;
}

} // namespace lane

bool multipleOfBlockDim(const LaneValue &U, int64_t Extent) {
  if (U.K != LaneValue::Uniform)
    return false;
  if (U.BlockDimMultiple || (U.Const && *U.Const == 0))
    return true;
  return Extent > 0 && lane_detail::alignOf(U) % Extent == 0;
}

std::string describeLanes(uint32_t Mask) {
  unsigned N = llvm::popcount(Mask);
  if (N == 0)
    return "no lane";
  if (N == 1)
    return "lane " + std::to_string(llvm::countr_zero(Mask));
  if (Mask == 0x55555555u)
    return "even lanes";
  if (Mask == 0xAAAAAAAAu)
    return "odd lanes";
  // Every P-th lane starting at lane S.
  for (unsigned P = 2; P <= 8; P *= 2) {
    unsigned S = llvm::countr_zero(Mask);
    if (S >= P)
      continue;
    uint32_t Want = 0;
    for (unsigned I = S; I < WarpLanes; I += P)
      Want |= 1u << I;
    if (Want == Mask)
      return "every " + std::to_string(P) + "th lane (" + std::to_string(S) + ", " +
             std::to_string(S + P) + ", " + std::to_string(S + 2 * P) + ", ...)";
  }
  // Ranges.
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  for (unsigned I = 0; I < WarpLanes;) {
    if (!(Mask & (1u << I))) {
      ++I;
      continue;
    }
    unsigned J = I;
    while (J + 1 < WarpLanes && (Mask & (1u << (J + 1))))
      ++J;
    Ranges.push_back({I, J});
    I = J + 1;
  }
  if (Ranges.size() > 4)
    return std::to_string(N) + " of the 32 lanes";
  std::string S = Ranges.size() == 1 && Ranges[0].first == Ranges[0].second ? "lane " : "lanes ";
  for (size_t I = 0; I < Ranges.size(); ++I) {
    if (I)
      S += I + 1 == Ranges.size() ? " and " : ", ";
    S += std::to_string(Ranges[I].first);
    if (Ranges[I].second != Ranges[I].first)
      S += "-" + std::to_string(Ranges[I].second);
  }
  return S;
}

} // namespace cudalint
