//===- LaneArithmetic.cpp - Arithmetic on lane values -----------------------===//
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

namespace {

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

LaneValue uniformArith(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B);

/// `A Op B` on two uniform values, and whether the result is a multiple of
/// blockDim.x (a product with one, a sum or difference of two).
LaneValue uniformBinary(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  LaneValue R = uniformArith(Op, A, B);
  switch (Op) {
  case BO_Mul:
    R.BlockDimMultiple = A.BlockDimMultiple || B.BlockDimMultiple;
    break;
  case BO_Shl:
    R.BlockDimMultiple = A.BlockDimMultiple && B.Const && *B.Const >= 0;
    break;
  case BO_Add:
  case BO_Sub:
    R.BlockDimMultiple = multipleOfBlockDim(A, 0) && multipleOfBlockDim(B, 0);
    break;
  default:
    R.BlockDimMultiple = false;
    break;
  }
  return R;
}

/// `A Op B` where both are symbolic in one variable (`depth - (depth - 1)`,
/// `i < n` with i = n - 1): a constant, as the offsets give it.
std::optional<int64_t> symbolicConstant(BinaryOperatorKind Op, const LaneValue &A,
                                        const LaneValue &B) {
  if (!A.SymVar || A.SymVar != B.SymVar)
    return std::nullopt;
  int64_t X = A.SymOff, Y = B.SymOff, Z = 0;
  if (isComparison(Op))
    return holds(Op, X, Y);
  if (Op == BO_Sub && !__builtin_sub_overflow(X, Y, &Z))
    return Z;
  return std::nullopt;
}

/// The value of `A Op B` for a symbolic value and a constant added or
/// subtracted: the same variable, another offset.
void addSymbol(LaneValue &R, BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  int64_t Off;
  if (A.SymVar && B.Const &&
      !(Op == BO_Add ? __builtin_add_overflow(A.SymOff, *B.Const, &Off)
                     : __builtin_sub_overflow(A.SymOff, *B.Const, &Off))) {
    R.SymVar = A.SymVar;
    R.SymOff = Off;
  } else if (Op == BO_Add && B.SymVar && A.Const &&
             !__builtin_add_overflow(B.SymOff, *A.Const, &Off)) {
    R.SymVar = B.SymVar;
    R.SymOff = Off;
  }
}

LaneValue uniformArith(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  LaneValue R;
  withProvenance(R, A, B);
  if (std::optional<int64_t> Z = symbolicConstant(Op, A, B)) {
    R.Const = *Z;
    R.NonNeg = *Z >= 0;
    return R;
  }
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
  // At least 1 (gridDim.x): a product of such values and positive constants, or a sum of one
  // with a value >= 0.
  auto Pos = [](const LaneValue &V) { return V.Const ? *V.Const > 0 : V.Positive; };
  auto NonNeg = [](const LaneValue &V) { return V.Const ? *V.Const >= 0 : V.NonNeg; };
  if (Op == BO_Mul)
    R.Positive = Pos(A) && Pos(B);
  else if (Op == BO_Add)
    R.Positive = (Pos(A) && NonNeg(B)) || (Pos(B) && NonNeg(A));
  switch (Op) {
  case BO_Add:
  case BO_Sub:
    R.Align = std::max<int64_t>(1, gcd64(alignOf(A), alignOf(B)));
    addSymbol(R, Op, A, B);
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

} // namespace

namespace lane {

/// Lane value \p V is >= 0 and does not decrease from lane to lane, in every warp: all lanes
/// active, L >= 0 and non-decreasing, U >= 0, no unknown factor.
static bool growsWithLane(const LaneValue &V) {
  if (V.K != LaneValue::Lane || V.HasFactor || V.Active != AllLanes ||
      (V.Align != 0 && V.USign != 1))
    return false;
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (V.L[I] < 0 || (I + 1 < WarpLanes && V.L[I + 1] < V.L[I]))
      return false;
  return true;
}

std::optional<LaneValue> growingGaps(BinaryOperatorKind Op, const LaneValue &A,
                                     const LaneValue &B) {
  // (a_i + Ua) * (b_i + Ub) with a, b >= 0 non-decreasing and Ua, Ub >= 0: from lane i to
  // i + 1 it grows by a_{i+1} b_{i+1} - a_i b_i + Ua (b_{i+1} - b_i) + Ub (a_{i+1} - a_i), at
  // least its first term, which is its growth where Ua = Ub = 0.
  if (Op == BO_Mul && growsWithLane(A) && growsWithLane(B) &&
      !(A.isWarpUniform() && B.isWarpUniform())) {
    LaneValue R = LaneValue::varying();
    withProvenance(R, A, B);
    for (unsigned I = 0; I + 1 < WarpLanes; ++I) {
      int64_t P0, P1;
      if (__builtin_mul_overflow(A.L[I], B.L[I], &P0) ||
          __builtin_mul_overflow(A.L[I + 1], B.L[I + 1], &P1))
        return std::nullopt;
      R.L[I] = P1 - P0;
    }
    R.L[WarpLanes - 1] = 0;
    R.MinGaps = R.NonNeg = true;
    return R;
  }
  // x * n with x growing with the lane and n known only to be at least m (`gridDim.x * 32`):
  // from lane i to i + 1 it grows by at least (x_{i+1} - x_i) m.
  if (Op == BO_Mul) {
    const LaneValue &X = A.K == LaneValue::Lane ? A : B, &N = A.K == LaneValue::Lane ? B : A;
    // Not a factor that changes with a loop (`2 * stride * tid`): its trips are walked one by
    // one, and the divergence idioms read the lane pattern kept with the unknown factor.
    if (X.K == LaneValue::Lane && N.K == LaneValue::Uniform && !N.Const && N.Positive &&
        N.G == Growth::None && !N.SymVar && growsWithLane(X) && !X.isWarpUniform()) {
      LaneValue R = LaneValue::varying();
      withProvenance(R, X, N);
      int64_t M = std::max<int64_t>(1, N.Align);
      for (unsigned I = 0; I + 1 < WarpLanes; ++I)
        if (__builtin_mul_overflow(X.L[I + 1] - X.L[I], M, &R.L[I]))
          return std::nullopt;
      R.L[WarpLanes - 1] = 0;
      R.MinGaps = R.NonNeg = R.ByFactor = true;
      return R;
    }
  }
  bool Left = A.K == LaneValue::Varying && A.MinGaps;
  const LaneValue &G = Left ? A : B, &U = Left ? B : A;
  // A value the same in every lane of the warp shifts every lane alike, as a uniform one does.
  bool Shift = U.K == LaneValue::Lane && U.isWarpUniform() && (Op == BO_Add || Op == BO_Sub);
  if (!(G.K == LaneValue::Varying && G.MinGaps) || (U.K != LaneValue::Uniform && !Shift))
    return std::nullopt;
  LaneValue R = G;
  R.Cond.reset();
  withProvenance(R, G, U);
  bool UNonNeg = U.Const ? *U.Const >= 0 : U.NonNeg;
  if (Shift) {
    UNonNeg = U.Align == 0 || U.USign == 1;
    forActive(U.Active, [&](unsigned I) { UNonNeg &= U.L[I] >= 0; });
  }
  int64_t C = U.Const.value_or(0);
  auto Scale = [&](int64_t F) {
    for (unsigned I = 0; I + 1 < WarpLanes; ++I)
      if (__builtin_mul_overflow(G.L[I], F, &R.L[I]))
        return false;
    return true;
  };
  switch (Op) {
  case BO_Add: // a uniform value shifts every lane alike
    R.NonNeg = G.NonNeg && UNonNeg;
    return R;
  case BO_Sub:
    if (!Left)
      return std::nullopt;
    R.NonNeg = G.NonNeg && U.Const && *U.Const <= 0;
    return R;
  case BO_Mul:
    if (!U.Const || C <= 0 || !Scale(C))
      return std::nullopt;
    return R;
  case BO_Shl:
    if (!Left || !U.Const || C < 0 || C > 30 || !Scale(int64_t(1) << C))
      return std::nullopt;
    return R;
  case BO_Div:
  case BO_Shr: {
    // floor((x + g) / D) - floor(x / D) >= floor(g / D) for x >= 0.
    int64_t D = Op == BO_Shr ? (C >= 0 && C < 62 ? int64_t(1) << C : 0) : C;
    if (!Left || !U.Const || D <= 0 || !G.NonNeg)
      return std::nullopt;
    for (unsigned I = 0; I + 1 < WarpLanes; ++I)
      R.L[I] = G.L[I] / D;
    return R;
  }
  default:
    return std::nullopt;
  }
}

static LaneValue binaryForms(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B);

LaneValue binary(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  LaneValue R = binaryForms(Op, A, B);
  R.Exact = exactBinary(Op, A, B);
  return R;
}

/// The width of the rows of \p V, a Lane value with an unknown factor that is the same within
/// each run of W consecutive active lanes and grows from run to run (`y * width` in a block 16
/// threads wide: 0 in lanes 0-15, 1 in 16-31, times width): W, or 0.
static unsigned rowWidth(const LaneValue &V) {
  if (V.K != LaneValue::Lane || !V.HasFactor || V.Active != AllLanes)
    return 0;
  for (unsigned W = 2; W <= 16; W *= 2) {
    bool Rows = true;
    for (unsigned I = 1; I < WarpLanes && Rows; ++I)
      Rows = I % W ? V.L[I] == V.L[I - 1] : V.L[I] > V.L[I - 1];
    if (Rows)
      return W;
  }
  return 0;
}

std::optional<LaneValue> rowsApart(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  auto Rows = [](const LaneValue &V) { return V.K == LaneValue::Varying ? V.RowLanes : 0u; };
  auto Make = [&](unsigned W, const LaneValue &Known) {
    LaneValue R = varyingOf(A, B);
    R.RowLanes = static_cast<uint8_t>(W);
    R.Active = Known.K == LaneValue::Uniform ? AllLanes : Known.Active;
    if (Known.K != LaneValue::Uniform)
      R.L = Known.L;
    return R;
  };
  unsigned RA = Rows(A), RB = Rows(B);
  if (!RA && !RB) {
    // A row part plus what the lanes of a row hold: the lane's own part, or one value.
    if (Op != BO_Add)
      return std::nullopt;
    for (auto [P, K] : {std::pair{&A, &B}, std::pair{&B, &A}})
      if (unsigned W = rowWidth(*P))
        if ((K->K == LaneValue::Lane && !K->HasFactor) || K->K == LaneValue::Uniform)
          return Make(W, *K);
    return std::nullopt;
  }
  const LaneValue &V = RA ? A : B, &O = RA ? B : A;
  unsigned W = RA ? RA : RB;
  bool Left = RA != 0;
  LaneValue R = V;
  withProvenance(R, A, B);
  R.Exact.reset();
  bool Ok = true;
  if ((Op == BO_Add || (Op == BO_Sub && Left)) && O.K == LaneValue::Uniform) {
    // One value added to every lane: each row moves alike.
    if (O.Const)
      forActive(R.Active, [&](unsigned I) {
        Ok &= Op == BO_Add ? !__builtin_add_overflow(R.L[I], *O.Const, &R.L[I])
                           : !__builtin_sub_overflow(R.L[I], *O.Const, &R.L[I]);
      });
    return Ok ? std::optional<LaneValue>(R) : std::nullopt;
  }
  if (Op == BO_Add && ((O.K == LaneValue::Lane && !O.HasFactor) || Rows(O) == W)) {
    R.Active &= O.Active;
    forActive(R.Active,
              [&](unsigned I) { Ok &= !__builtin_add_overflow(R.L[I], O.L[I], &R.L[I]); });
    return Ok ? std::optional<LaneValue>(R) : std::nullopt;
  }
  if (Op == BO_Add && rowWidth(O) == W) // another amount of each row's own
    return R;
  if ((Op == BO_Mul || (Op == BO_Shl && Left)) && O.K == LaneValue::Uniform && O.Const &&
      *O.Const > 0 && (Op == BO_Mul || *O.Const < 32)) {
    int64_t C = Op == BO_Mul ? *O.Const : int64_t(1) << *O.Const;
    forActive(R.Active, [&](unsigned I) { Ok &= !__builtin_mul_overflow(R.L[I], C, &R.L[I]); });
    return Ok ? std::optional<LaneValue>(R) : std::nullopt;
  }
  return std::nullopt;
}

static LaneValue binaryForms(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  if (isComparison(Op) || Op == BO_LAnd || Op == BO_LOr) {
    if (A.K == LaneValue::Uniform && B.K == LaneValue::Uniform)
      return uniformBinary(Op, A, B);
    return fromCond(compare(Op, A, B, nullptr, nullptr));
  }
  if (std::optional<LaneValue> R = growingGaps(Op, A, B))
    return *R;
  if (std::optional<LaneValue> R = rowsApart(Op, A, B))
    return *R;
  if (isUnknownKind(A) || isUnknownKind(B)) {
    LaneValue R = varyingOf(A, B);
    if (Op == BO_Rem && A.K == LaneValue::Varying && A.ModOfLane && B.K == LaneValue::Uniform)
      R.ModOfLane = true;
    return R;
  }
  if (A.K == LaneValue::Uniform && B.K == LaneValue::Uniform)
    return uniformBinary(Op, A, B);

  // The bound on the values of the threads that exist, through the operations
  // that keep their order (a constant added, subtracted, multiplied, divided).
  std::optional<int64_t> VB;
  const LaneValue &LaneArg = A.K == LaneValue::Lane ? A : B;
  const LaneValue &ConstArg = A.K == LaneValue::Lane ? B : A;
  if (LaneArg.VBound && ConstArg.K == LaneValue::Uniform && ConstArg.Const) {
    int64_t V = *LaneArg.VBound, C = *ConstArg.Const, Out;
    bool LaneLeft = A.K == LaneValue::Lane;
    switch (Op) {
    case BO_Add:
      if (!__builtin_add_overflow(V, C, &Out))
        VB = Out;
      break;
    case BO_Sub:
      if (LaneLeft && !__builtin_sub_overflow(V, C, &Out))
        VB = Out;
      break;
    case BO_Mul:
      if (C > 0 && !__builtin_mul_overflow(V - 1, C, &Out))
        VB = Out + 1;
      break;
    case BO_Shl:
      if (LaneLeft && C >= 0 && C < 62 && !__builtin_mul_overflow(V - 1, int64_t(1) << C, &Out))
        VB = Out + 1;
      break;
    case BO_Div:
    case BO_Shr: {
      int64_t D = Op == BO_Shr ? ((C >= 0 && C < 62) ? int64_t(1) << C : 0) : C;
      if (LaneLeft && D > 0 && V > 0)
        VB = (V - 1) / D + 1;
      break;
    }
    default:
      break;
    }
  }

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
  R.VBound = R.K == LaneValue::Lane ? VB : std::nullopt;
  // threadIdx.x + R stays that form when a multiple of blockDim.x is added or
  // subtracted; any other operation loses it.
  R.TidPlusBlocks = false;
  R.TidExtent = 0;
  if (R.K == LaneValue::Lane && (Op == BO_Add || Op == BO_Sub)) {
    const LaneValue *Tid = A.K == LaneValue::Lane ? &A : (Op == BO_Add ? &B : nullptr);
    const LaneValue &Other = Tid == &A ? B : A;
    if (Tid && Tid->TidPlusBlocks && multipleOfBlockDim(Other, Tid->TidExtent)) {
      R.TidPlusBlocks = true;
      R.TidExtent = Tid->TidExtent;
    }
  }
  return normalize(R);
}

static LaneValue negateForm(const LaneValue &A);

LaneValue negate(const LaneValue &A) {
  LaneValue R = negateForm(A);
  R.Exact = exactBinary(BO_Sub, LaneValue::constant(0), A);
  return R;
}

static LaneValue negateForm(const LaneValue &A) {
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
    R.SymVar = nullptr; // -(n - 1) is not n plus an offset
    return R;
  }
  case LaneValue::Lane: {
    LaneValue R = laneScale(A, -1);
    R.VBound.reset();
    R.TidPlusBlocks = false;
    R.TidExtent = 0;
    return R;
  }
  default: {
    LaneValue R = A;
    R.MinGaps = false; // -x shrinks with the lane
    return R;
  }
  }
}

LaneValue bitNot(const LaneValue &A) {
  if (A.K == LaneValue::Uniform && A.Const)
    return LaneValue::constant(~*A.Const);
  return binary(BO_Sub, negate(A), LaneValue::constant(1));
}

} // namespace lane

} // namespace cudalint
