//===- LaneValue.cpp - Lane-affine values and branch-condition classes ----===//
#include "rules/LaneValue.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

using namespace clang;

namespace cudalint {

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
  return N;
}

namespace {

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

template <typename F> void forActive(uint32_t Active, F Fn) {
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (Active & (1u << I))
      Fn(I);
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
    return withProvenance(R, A, B);
  }
  LaneValue R = LaneValue::varying();
  return withProvenance(R, A, B);
}

bool isUnknownKind(const LaneValue &V) {
  return V.K == LaneValue::Varying || V.K == LaneValue::Data;
}

// --- uniform arithmetic -------------------------------------------------------

Growth growthOfProduct(const LaneValue &A, const LaneValue &B) {
  auto Positive = [](const LaneValue &V) { return V.Const && *V.Const > 0; };
  if (A.G != Growth::None && (Positive(B) || B.G == A.G))
    return A.G;
  if (B.G != Growth::None && (Positive(A) || A.G == B.G))
    return B.G;
  return Growth::None;
}

const VarDecl *growthVarOf(const LaneValue &A, const LaneValue &B) {
  return A.GrowthVar ? A.GrowthVar : B.GrowthVar;
}

LaneValue uniformBinary(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  LaneValue R;
  withProvenance(R, A, B);
  if (A.Const && B.Const) {
    int64_t X = *A.Const, Y = *B.Const, Z = 0;
    bool Ok = true;
    switch (Op) {
    case BO_Add:
      Ok = !__builtin_add_overflow(X, Y, &Z);
      break;
    case BO_Sub:
      Ok = !__builtin_sub_overflow(X, Y, &Z);
      break;
    case BO_Mul:
      Ok = !__builtin_mul_overflow(X, Y, &Z);
      break;
    case BO_Div:
      Ok = Y != 0 && !(X == INT64_MIN && Y == -1);
      if (Ok)
        Z = X / Y;
      break;
    case BO_Rem:
      Ok = Y != 0 && !(X == INT64_MIN && Y == -1);
      if (Ok)
        Z = X % Y;
      break;
    case BO_Shl:
      Ok = Y >= 0 && Y < 63 && X >= 0 && X <= (INT64_MAX >> Y);
      if (Ok)
        Z = X << Y;
      break;
    case BO_Shr:
      Ok = Y >= 0 && Y < 64;
      if (Ok)
        Z = X >> Y;
      break;
    case BO_And:
      Z = X & Y;
      break;
    case BO_Or:
      Z = X | Y;
      break;
    case BO_Xor:
      Z = X ^ Y;
      break;
    case BO_LT:
      Z = X < Y;
      break;
    case BO_GT:
      Z = X > Y;
      break;
    case BO_LE:
      Z = X <= Y;
      break;
    case BO_GE:
      Z = X >= Y;
      break;
    case BO_EQ:
      Z = X == Y;
      break;
    case BO_NE:
      Z = X != Y;
      break;
    case BO_LAnd:
      Z = X && Y;
      break;
    case BO_LOr:
      Z = X || Y;
      break;
    default:
      Ok = false;
    }
    if (Ok) {
      R.Const = Z;
      R.NonNeg = Z >= 0;
    }
    return R;
  }
  bool BothNonNeg = A.NonNeg && B.NonNeg;
  switch (Op) {
  case BO_Add:
  case BO_Mul:
  case BO_Div:
  case BO_Rem:
  case BO_Shl:
  case BO_Shr:
  case BO_Or:
  case BO_Xor:
    R.NonNeg = BothNonNeg;
    break;
  case BO_And:
    R.NonNeg = A.NonNeg || B.NonNeg;
    break;
  default:
    break;
  }
  switch (Op) {
  case BO_Add:
  case BO_Sub:
    R.Align = std::max<int64_t>(1, gcd64(alignOf(A), alignOf(B)));
    // d + 1, d - 1, 1 + d change as d does; n - d changes the other way.
    if (A.G != Growth::None && B.Const)
      R.G = A.G, R.GrowthVar = A.GrowthVar;
    else if (B.G != Growth::None && A.Const)
      R.G = Op == BO_Add ? B.G : B.G == Growth::Grows ? Growth::Shrinks : Growth::Grows,
      R.GrowthVar = B.GrowthVar;
    break;
  case BO_Mul: {
    if ((A.Const && *A.Const == 0) || (B.Const && *B.Const == 0)) {
      R.Const = 0;
      return R;
    }
    int64_t P;
    R.Align = __builtin_mul_overflow(alignOf(A), alignOf(B), &P) ? 1 : std::max<int64_t>(1, P);
    R.G = growthOfProduct(A, B);
    if (R.G != Growth::None)
      R.GrowthVar = growthVarOf(A, B);
    break;
  }
  case BO_Shl:
    if (B.Const && *B.Const >= 0 && *B.Const < 62) {
      int64_t P;
      R.Align = __builtin_mul_overflow(alignOf(A), int64_t(1) << *B.Const, &P) ? 1 : P;
      R.G = A.G, R.GrowthVar = A.GrowthVar;
    } else if (A.Const && *A.Const > 0 && B.G != Growth::None) {
      R.G = B.G, R.GrowthVar = B.GrowthVar; // 1 << i
    }
    break;
  case BO_Div:
  case BO_Shr: {
    std::optional<int64_t> D;
    if (B.Const)
      D = Op == BO_Div ? *B.Const
                       : (*B.Const >= 0 && *B.Const < 62 ? int64_t(1) << *B.Const : 0);
    if (D && *D > 0 && A.Align % *D == 0)
      R.Align = std::max<int64_t>(1, A.Align / *D);
    if (B.G == Growth::Grows && A.G != Growth::Grows)
      R.G = Growth::Shrinks, R.GrowthVar = B.GrowthVar;
    else if (A.G != Growth::None && D && *D > 0)
      R.G = A.G, R.GrowthVar = A.GrowthVar;
    break;
  }
  case BO_Rem:
    if (B.Const && *B.Const != 0 && A.Align % *B.Const == 0)
      R.Const = 0;
    break;
  default:
    break;
  }
  return R;
}

// --- lane arithmetic ------------------------------------------------------------

LaneValue laneAdd(const LaneValue &A, const LaneValue &B) {
  // A is Lane; B is Lane or Uniform.
  if (B.K == LaneValue::Uniform) {
    LaneValue R = A;
    withProvenance(R, A, B);
    R.GrowthExact = false;
    if (A.HasFactor) {
      R.Align = 1;
      R.USign = 0;
      R.UBound.reset();
      return R;
    }
    if (B.Const) {
      bool Ok = true;
      forActive(A.Active, [&](unsigned I) { Ok &= !__builtin_add_overflow(A.L[I], *B.Const, &R.L[I]); });
      return Ok ? R : LaneValue::varying();
    }
    R.Align = std::max<int64_t>(1, gcd64(A.Align, B.Align));
    R.USign = ((A.Align == 0 || A.USign == 1) && B.NonNeg) ? 1 : 0;
    R.UBound.reset();
    return R;
  }
  if (A.HasFactor || B.HasFactor)
    return varyingOf(A, B);
  LaneValue R = A;
  withProvenance(R, A, B);
  R.GrowthExact = false;
  R.Active = A.Active & B.Active;
  bool Ok = true;
  forActive(R.Active, [&](unsigned I) { Ok &= !__builtin_add_overflow(A.L[I], B.L[I], &R.L[I]); });
  if (!Ok)
    return varyingOf(A, B);
  R.Align = gcd64(A.Align, B.Align);
  R.WarpVaries = A.WarpVaries || B.WarpVaries;
  if (__builtin_add_overflow(A.WarpCoef, B.WarpCoef, &R.WarpCoef)) {
    R.WarpCoef = 0;
    R.WarpVaries = true;
  }
  R.USign = A.USign == B.USign ? A.USign : (A.Align == 0 ? B.USign : (B.Align == 0 ? A.USign : 0));
  R.UBound.reset();
  return R;
}

LaneValue laneScale(const LaneValue &A, int64_t C) {
  if (C == 0)
    return LaneValue::constant(0);
  LaneValue R = A;
  bool Ok = true;
  forActive(A.Active, [&](unsigned I) { Ok &= !__builtin_mul_overflow(A.L[I], C, &R.L[I]); });
  Ok &= !__builtin_mul_overflow(A.Align, C < 0 ? -C : C, &R.Align);
  Ok &= !__builtin_mul_overflow(A.WarpCoef, C, &R.WarpCoef);
  if (!Ok)
    return LaneValue::varying();
  if (C < 0)
    R.USign = static_cast<int8_t>(-A.USign);
  int64_t Bound;
  if (A.UBound && C > 0 && !__builtin_mul_overflow(*A.UBound, C, &Bound))
    R.UBound = Bound;
  else
    R.UBound.reset();
  R.GrowthExact = false;
  return R;
}

LaneValue laneMul(const LaneValue &A, const LaneValue &B) {
  // A is Lane.
  if (B.K == LaneValue::Uniform) {
    if (B.Const) {
      LaneValue R = laneScale(A, *B.Const);
      withProvenance(R, A, B);
      return R;
    }
    bool AllZero = true;
    forActive(A.Active, [&](unsigned I) { AllZero &= A.L[I] == 0; });
    LaneValue R = A;
    withProvenance(R, A, B);
    R.GrowthExact = false;
    if (AllZero && !A.HasFactor) {
      int64_t P;
      R.Align = __builtin_mul_overflow(A.Align, B.Align, &P) ? 1 : P;
      R.WarpVaries = A.warpVaries();
      R.WarpCoef = 0;
      R.USign = 0;
      R.UBound.reset();
      return R;
    }
    R.HasFactor = true;
    Growth G = B.G;
    if (A.HasFactor && A.G != B.G)
      G = A.HasFactor && B.G == Growth::None ? A.G : Growth::None;
    R.G = G;
    R.GrowthVar = G == Growth::None ? nullptr : (B.GrowthVar ? B.GrowthVar : A.GrowthVar);
    return R;
  }
  if (A.isWarpUniform() && B.isWarpUniform()) {
    LaneValue R = LaneValue::warpUniform();
    return withProvenance(R, A, B);
  }
  return varyingOf(A, B);
}

/// (L + U) / D for a constant D > 0.
LaneValue laneDiv(const LaneValue &A, int64_t D) {
  if (A.HasFactor || D <= 0 || !allActiveNonNegative(A) || (A.Align != 0 && A.USign != 1))
    return LaneValue::varying();
  LaneValue R = A;
  R.GrowthExact = false;
  if (A.Align == 0 || A.Align % D == 0) {
    forActive(A.Active, [&](unsigned I) { R.L[I] = A.L[I] / D; });
    R.Align = A.Align / D;
    if (A.UBound)
      R.UBound = (*A.UBound + D - 1) / D;
    if (A.WarpCoef % D != 0) {
      R.WarpVaries = true;
      R.WarpCoef = 0;
    } else {
      R.WarpCoef = A.WarpCoef / D;
    }
    return R;
  }
  if (D % A.Align == 0 && allActiveBelow(A, A.Align)) {
    // floor((A*k + l) / (A*m)) = floor(k / m) when 0 <= l < A.
    R.L.fill(0);
    R.Align = 1;
    R.UBound.reset();
    R.WarpVaries = A.warpVaries();
    R.WarpCoef = 0;
    return R;
  }
  return LaneValue::varying();
}

LaneValue laneRem(const LaneValue &A, int64_t M) {
  if (A.HasFactor || M <= 0 || !allActiveNonNegative(A) || (A.Align != 0 && A.USign != 1))
    return LaneValue::varying();
  LaneValue R = A;
  R.GrowthExact = false;
  if (A.Align == 0 || A.Align % M == 0) {
    forActive(A.Active, [&](unsigned I) { R.L[I] = A.L[I] % M; });
    R.Align = 0;
    R.WarpVaries = false;
    R.WarpCoef = 0;
    R.UBound.reset();
    return R;
  }
  if (M % A.Align == 0 && allActiveBelow(A, A.Align)) {
    // (A*k + l) % M = (A*k % M) + l: U stays a multiple of A, now below M.
    R.UBound = A.UBound ? std::min(*A.UBound, M) : M;
    R.Wraps = true;
    R.WarpVaries = A.warpVaries();
    R.WarpCoef = 0;
    return R;
  }
  return LaneValue::varying();
}

/// (L + U) & C, | C or ^ C for a constant C >= 0.
LaneValue laneBits(BinaryOperatorKind Op, const LaneValue &A, int64_t C) {
  if (A.HasFactor || !allActiveNonNegative(A) || (A.Align != 0 && A.USign != 1))
    return LaneValue::varying();
  // x & ~31 (a negative mask): clears low bits of L and keeps U whole when U
  // is a multiple of a power of two P whose bits the mask keeps.
  if (C < 0) {
    int64_t P = A.Align;
    bool KeepsU = P == 0 || (llvm::isPowerOf2_64(static_cast<uint64_t>(P)) &&
                             (C | (P - 1)) == -1 && allActiveBelow(A, P));
    if (Op != BO_And || !KeepsU)
      return LaneValue::varying();
    LaneValue R = A;
    R.GrowthExact = false;
    forActive(A.Active, [&](unsigned I) { R.L[I] = A.L[I] & C; });
    return R;
  }
  auto Apply = [&](int64_t X) {
    return Op == BO_And ? (X & C) : Op == BO_Or ? (X | C) : (X ^ C);
  };
  LaneValue R = A;
  R.GrowthExact = false;
  if (A.Align == 0) {
    forActive(A.Active, [&](unsigned I) { R.L[I] = Apply(A.L[I]); });
    return R;
  }
  // U is a multiple of the power of two P and every L is below P: the low
  // bits come from L alone.
  int64_t P = A.Align;
  if (!llvm::isPowerOf2_64(static_cast<uint64_t>(P)) || !allActiveBelow(A, P))
    return LaneValue::varying();
  if (Op != BO_And && C >= P)
    return LaneValue::varying();
  forActive(A.Active, [&](unsigned I) { R.L[I] = Apply(A.L[I]); });
  if (Op == BO_And) {
    if (C < P) {
      R.Align = 0;
      R.WarpVaries = false;
      R.WarpCoef = 0;
      R.UBound.reset();
    } else {
      R.UBound = C + 1;
      R.Wraps = true;
      R.WarpVaries = A.warpVaries();
      R.WarpCoef = 0;
    }
  }
  return R;
}

bool isComparison(BinaryOperatorKind Op) {
  return Op == BO_LT || Op == BO_GT || Op == BO_LE || Op == BO_GE || Op == BO_EQ || Op == BO_NE;
}

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
  if (D.Align != 0) {
    auto Abs = [](int64_t X) { return std::min<int64_t>(X < 0 ? -(X + 1) : X, int64_t(1) << 40); };
    int64_t Span = Abs(K) + Abs(MinL) + Abs(MaxL);
    int64_t N = std::min<int64_t>(4096, Span / D.Align + 3);
    Hi = D.USign >= 0 ? N : 0;
    Lo = D.USign <= 0 ? -N : 0;
    if (D.UBound && D.USign >= 0)
      Hi = std::min(Hi, (*D.UBound + D.Align - 1) / D.Align - 1);
  }
  unsigned Splits = 0, Total = 0, MaxMinority = 0;
  bool TrueFull = false, FalseFull = false;
  CondClass First;
  bool HaveFirst = false;
  unsigned ActiveCount = llvm::popcount(D.Active);
  for (int64_t KIdx = Lo; KIdx <= Hi; ++KIdx) {
    int64_t U;
    if (__builtin_mul_overflow(KIdx, D.Align, &U))
      continue;
    uint32_t Mask = 0;
    forActive(D.Active, [&](unsigned I) {
      int64_t X;
      if (!__builtin_add_overflow(D.L[I], U, &X) && holds(Op, X, K))
        Mask |= 1u << I;
    });
    ++Total;
    if (Mask == D.Active) {
      TrueFull = true;
      continue;
    }
    if (Mask == 0) {
      FalseFull = true;
      continue;
    }
    ++Splits;
    unsigned T = llvm::popcount(Mask);
    MaxMinority = std::max(MaxMinority, std::min(T, ActiveCount - T));
    if (!HaveFirst) {
      HaveFirst = true;
      First.TrueMask = Mask;
      First.ActiveMask = D.Active;
      First.HasRange = true;
      First.RangeLo = MinL + U;
      First.RangeHi = MaxL + U;
    }
  }
  if (Splits == 0)
    return category(BranchCategory::WarpUniform, CondClass::Why::None);
  CondClass C = First;
  if (D.Align != 0 && !D.warpVaries()) {
    // U is one unknown multiple of Align, the same in every warp: some values
    // of it split every warp at the same lane, as a loop's last iteration does.
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

bool LaneValue::operator==(const LaneValue &O) const {
  if (K != O.K || AssumedAxis != O.AssumedAxis || NarrowAxis != O.NarrowAxis)
    return false;
  auto SameCond = [&]() {
    if (!Cond || !O.Cond)
      return !Cond && !O.Cond;
    return Cond->Cat == O.Cond->Cat && Cond->TrueMask == O.Cond->TrueMask &&
           Cond->Reason == O.Cond->Reason;
  };
  switch (K) {
  case Uniform:
    return Const == O.Const && (Const || (Align == O.Align && NonNeg == O.NonNeg)) && G == O.G &&
           GrowthVar == O.GrowthVar && SameCond();
  case Lane: {
    if (Active != O.Active || Align != O.Align || WarpVaries != O.WarpVaries ||
        WarpCoef != O.WarpCoef ||
        USign != O.USign || UBound != O.UBound || Wraps != O.Wraps || HasFactor != O.HasFactor ||
        G != O.G ||
        GrowthVar != O.GrowthVar)
      return false;
    bool Same = true;
    forActive(Active, [&](unsigned I) { Same &= L[I] == O.L[I]; });
    return Same && SameCond();
  }
  case Varying:
    return ModOfLane == O.ModOfLane && BitOfLane == O.BitOfLane && G == O.G && SameCond();
  case Data:
    return DataSrc == O.DataSrc && SameInWarps == O.SameInWarps;
  }
  return false;
}

// --- operations ------------------------------------------------------------------

namespace lane {

LaneValue binary(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  if (isComparison(Op) || Op == BO_LAnd || Op == BO_LOr) {
    if (A.K == LaneValue::Uniform && B.K == LaneValue::Uniform)
      return uniformBinary(Op, A, B);
    return fromCond(compare(Op, A, B, nullptr, nullptr));
  }
  if (isUnknownKind(A) || isUnknownKind(B)) {
    LaneValue R = varyingOf(A, B);
    if (Op == BO_Rem && A.K == LaneValue::Varying && A.ModOfLane && B.K == LaneValue::Uniform)
      R.ModOfLane = true;
    return R;
  }
  if (A.K == LaneValue::Uniform && B.K == LaneValue::Uniform)
    return uniformBinary(Op, A, B);

  LaneValue R;
  switch (Op) {
  case BO_Add:
    R = A.K == LaneValue::Lane ? laneAdd(A, B) : laneAdd(B, A);
    break;
  case BO_Sub:
    R = A.K == LaneValue::Lane ? laneAdd(A, negate(B)) : laneAdd(negate(B), A);
    break;
  case BO_Mul:
    R = A.K == LaneValue::Lane ? laneMul(A, B) : laneMul(B, A);
    break;
  case BO_Div:
  case BO_Shr:
    if (A.K == LaneValue::Lane && B.K == LaneValue::Uniform && B.Const) {
      int64_t D = *B.Const;
      if (Op == BO_Shr)
        D = (D >= 0 && D < 62) ? int64_t(1) << D : 0;
      R = laneDiv(A, D);
    } else if (A.isWarpUniform() && B.isWarpUniform()) {
      R = LaneValue::warpUniform();
    } else {
      R = LaneValue::varying();
    }
    break;
  case BO_Rem:
    if (A.K == LaneValue::Lane && B.K == LaneValue::Uniform && B.Const) {
      R = laneRem(A, *B.Const);
    } else if (A.isWarpUniform() && B.isWarpUniform()) {
      R = LaneValue::warpUniform();
    } else {
      R = LaneValue::varying();
      if (A.K == LaneValue::Lane && B.K == LaneValue::Uniform) {
        R.ModOfLane = true;
        R.G = B.G;
        R.GrowthVar = B.GrowthVar;
      }
    }
    break;
  case BO_Shl:
    if (A.K == LaneValue::Lane && B.K == LaneValue::Uniform && B.Const && *B.Const >= 0 &&
        *B.Const < 62)
      R = laneScale(A, int64_t(1) << *B.Const);
    else if (A.isWarpUniform() && B.isWarpUniform())
      R = LaneValue::warpUniform();
    else
      R = LaneValue::varying();
    break;
  case BO_And:
  case BO_Or:
  case BO_Xor: {
    const LaneValue *LaneSide = A.K == LaneValue::Lane ? &A : &B;
    const LaneValue *Other = A.K == LaneValue::Lane ? &B : &A;
    if (Other->K == LaneValue::Uniform && Other->Const) {
      R = laneBits(Op, *LaneSide, *Other->Const);
    } else if (A.isWarpUniform() && B.isWarpUniform()) {
      R = LaneValue::warpUniform();
    } else {
      R = LaneValue::varying();
      if (Op == BO_And && Other->K == LaneValue::Uniform && Other->G != Growth::None) {
        R.BitOfLane = true; // tid & k, k = 1, 2, 4, ... in a bitonic network
        R.G = Other->G;
        R.GrowthVar = Other->GrowthVar;
      }
    }
    break;
  }
  default:
    R = (A.isWarpUniform() && B.isWarpUniform()) ? LaneValue::warpUniform() : LaneValue::varying();
    break;
  }
  withProvenance(R, A, B);
  return normalize(R);
}

LaneValue negate(const LaneValue &A) {
  switch (A.K) {
  case LaneValue::Uniform: {
    LaneValue R = A;
    if (A.Const) {
      if (*A.Const == INT64_MIN)
        R.Const.reset();
      else
        R.Const = -*A.Const;
    }
    R.G = Growth::None;
    R.GrowthVar = nullptr;
    R.GrowthExact = false;
    return R;
  }
  case LaneValue::Lane:
    return laneScale(A, -1);
  default:
    return A;
  }
}

LaneValue bitNot(const LaneValue &A) {
  if (A.K == LaneValue::Uniform && A.Const)
    return LaneValue::constant(~*A.Const);
  return binary(BO_Sub, negate(A), LaneValue::constant(1));
}

LaneValue opaque(llvm::ArrayRef<LaneValue> Vs) {
  LaneValue R;
  bool Warp = false, Lane = false;
  for (const LaneValue &V : Vs) {
    R.AssumedAxis |= V.AssumedAxis;
    R.NarrowAxis |= V.NarrowAxis;
    R.PerBlock |= V.PerBlock;
    if (V.K == LaneValue::Data)
      return LaneValue::data(V.DataSrc);
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

LaneValue join(const LaneValue &A, const LaneValue &B) {
  if (A == B)
    return A;
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
  if (LA.G != LB.G || LA.GrowthVar != LB.GrowthVar) {
    R.G = Growth::None;
    R.GrowthVar = nullptr;
  }
  R.GrowthExact = false;
  R.Cond.reset();
  return normalize(R);
}

LaneValue controlDependent(const LaneValue &V, const std::shared_ptr<const CondClass> &C) {
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
  if (D.isWarpUniform()) {
    CondClass C = category(BranchCategory::WarpUniform, CondClass::Why::None);
    // `warp_id == 0`, `threadIdx.y == 0` in a 32-wide block: one warp (or a
    // few), unless the warp index wraps (`(tid / 32) % 2 == 0`).
    C.FewWarps = (Op == BO_EQ) && Bound->Const && D.K == LaneValue::Lane && !D.Wraps &&
                 D.warpVaries();
    return Finish(C);
  }
  bool Ordering = Op != BO_EQ && Op != BO_NE;
  bool Below = Op == BO_LT || Op == BO_LE; // the branch is taken below the bound

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
    if (!Ordering)
      return Finish(category(injective(D) ? BranchCategory::SingleLane : BranchCategory::Unknown,
                             CondClass::Why::Equality));
    return Finish(category(BranchCategory::TailGuard,
                           D.warpVaries() || D.Align != 0 ? CondClass::Why::UnknownBound
                                                        : CondClass::Why::LaneBound));
  }
  return Finish(compareWithConstant(Op, D, *Bound->Const));
}

CondClass truthOf(const LaneValue &V, const Expr *E) {
  if (V.Cond)
    return *V.Cond;
  if (V.K == LaneValue::Uniform)
    return CondClass();
  return compare(BO_NE, V, LaneValue::constant(0), E, nullptr);
}

CondClass combine(const CondClass &A, const CondClass &B, bool And) {
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
