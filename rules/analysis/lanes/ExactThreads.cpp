//===- ExactThreads.cpp - Each thread's value in blocks of known shape -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Arithmetic on ExactThreads (LaneValue.h): the value of every thread of a block whose shape
// the launches give, plus a part the same in every thread and not known. A remainder or
// quotient by a constant that is neither a divisor nor a multiple of 32 (`tid % 5`,
// `tid / 9 % 9` in a block of 384 threads mapped onto a 9x9x33 tile) gives each warp its own
// lanes' values, which the Lane form (one pattern of 32 lanes plus a per-warp part) cannot
// hold; this form can, at the cost of one integer per thread.
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/lanes/LaneValueHelpers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace cudalint {
namespace lane {

namespace {

using lane_detail::gcd64;

/// One operand: each thread's value (V) or one value for all (Scalar), plus the unknown
/// block-uniform part R (a multiple of RAlign, RAlign 0: none).
struct Operand {
  const std::vector<int64_t> *V = nullptr;
  int64_t Scalar = 0;
  int64_t RAlign = 0;
  bool RNonNeg = true;
  // Thread T of the result's worlds: a value of one block holds in each of them.
  int64_t at(size_t T) const { return V ? (*V)[T % V->size()] : Scalar; }
  bool known() const { return RAlign == 0; }
};

bool sameWorlds(const ExactThreads &X, const ExactThreads &Y) {
  return X.Worlds == Y.Worlds && X.SplitAlign == Y.SplitAlign && X.SplitMod == Y.SplitMod;
}

/// Gives \p R the worlds of \p From (ExactThreads::Worlds).
void copyWorlds(ExactThreads &R, const ExactThreads &From) {
  R.Worlds = From.Worlds;
  R.SplitAlign = From.SplitAlign;
  R.SplitMod = From.SplitMod;
}

/// The worlds of a result of \p A and \p B (ExactThreads::Worlds): the one that has them, or
/// both alike; its thread count in N. Null where they differ.
const ExactThreads *layoutOf(const LaneValue &A, const LaneValue &B, size_t &N) {
  const ExactThreads *X = A.Exact.get(), *Y = B.Exact.get();
  if (!X || !Y || (X->V.size() == Y->V.size() && sameWorlds(*X, *Y))) {
    const ExactThreads *L = X ? X : Y;
    N = L->V.size();
    return L;
  }
  if (X->Worlds > 1 && Y->Worlds > 1)
    return nullptr;
  const ExactThreads *Many = X->Worlds > 1 ? X : Y, *One = Many == X ? Y : X;
  if (Many->blockThreads() != One->V.size())
    return nullptr;
  N = Many->V.size();
  return Many;
}

/// At most this many worlds (classes of blocks) a split makes, and threads over them all.
constexpr int64_t MaxWorlds = 8;
constexpr size_t MaxWorldThreads = 4096;

std::optional<Operand> operandOf(const LaneValue &X) {
  Operand O;
  if (X.Exact) {
    O.V = &X.Exact->V;
    O.RAlign = X.Exact->RAlign;
    O.RNonNeg = X.Exact->RNonNeg;
    return O;
  }
  if (X.K != LaneValue::Uniform)
    return std::nullopt;
  if (X.Const) {
    O.Scalar = *X.Const;
    return O;
  }
  // A uniform value not known: all of it is the unknown part.
  O.RAlign = std::max<int64_t>(1, X.Align);
  O.RNonNeg = X.NonNeg;
  return O;
}

bool allNonNegative(const Operand &O, size_t N) {
  for (size_t T = 0; T < N; ++T)
    if (O.at(T) < 0)
      return false;
  return O.known() || O.RNonNeg;
}

/// Divisor \p D leaves the unknown part whole: R / D and R % D are known from R's alignment.
bool divides(const Operand &O, int64_t D) { return O.RAlign == 0 || O.RAlign % D == 0; }

} // namespace

/// Each thread's truth of \p X where known, 1 (may be true) elsewhere; null if not a truth.
static const std::vector<int64_t> *truthsOf(const LaneValue &X) {
  return X.Exact && (X.Exact->AtMost || X.Exact->RAlign == 0) ? &X.Exact->V : nullptr;
}

/// `A && B` where one side is not known in each thread: true at most where the other is.
static SharedExact atMostAnd(const LaneValue &A, const LaneValue &B) {
  const std::vector<int64_t> *P = truthsOf(A), *Q = truthsOf(B);
  if ((!P && !Q) || (P && Q && P->size() != Q->size()))
    return nullptr;
  auto R = std::make_shared<ExactThreads>();
  R->AtMost = true;
  const ExactThreads &From = P ? *A.Exact : *B.Exact;
  if (P && Q && !sameWorlds(*A.Exact, *B.Exact))
    return nullptr;
  copyWorlds(*R, From);
  size_t N = P ? P->size() : Q->size();
  R->V.resize(N);
  for (size_t T = 0; T < N; ++T)
    R->V[T] = (!P || (*P)[T] != 0) && (!Q || (*Q)[T] != 0);
  return R;
}

/// `X / D` or `X % D` where D does not divide X's unknown part R (a multiple of A): one world
/// for each remainder w * A (w < D / gcd(A, D)) that R leaves modulo lcm(A, D), in which
/// (V + R) / D is (V + w * A) / D plus a multiple of lcm / D and (V + R) % D is (V + w * A) % D.
/// Null for a value already split, one that may be negative, or too many worlds.
static SharedExact splitWorlds(const ExactThreads &X, int64_t D, bool Rem) {
  int64_t A = X.RAlign;
  int64_t Worlds = D / gcd64(A, D);
  if (X.Worlds != 1 || X.AtMost || !X.RNonNeg || A <= 0 || Worlds > MaxWorlds ||
      X.V.size() * size_t(Worlds) > MaxWorldThreads)
    return nullptr;
  auto R = std::make_shared<ExactThreads>();
  R->V.reserve(X.V.size() * size_t(Worlds));
  for (int64_t W = 0; W < Worlds; ++W)
    for (int64_t V : X.V) {
      int64_t P;
      if (V < 0 || __builtin_add_overflow(V, W * A, &P))
        return nullptr;
      R->V.push_back(Rem ? P % D : P / D);
    }
  R->Worlds = uint32_t(Worlds);
  R->SplitAlign = A;
  R->SplitMod = A * Worlds;
  R->RAlign = Rem ? 0 : A * Worlds / D;
  return R;
}

SharedExact exactBinary(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B) {
  if (!A.Exact && !B.Exact)
    return nullptr;
  std::optional<Operand> X = operandOf(A), Y = operandOf(B);
  // A condition known from above only takes part in `&&`, and so does one not known at all.
  bool Bounded = (A.Exact && A.Exact->AtMost) || (B.Exact && B.Exact->AtMost);
  if (Op == BO_LAnd && (Bounded || !X || !Y || !X->known() || !Y->known()))
    return atMostAnd(A, B);
  if (Bounded || !X || !Y)
    return nullptr;
  size_t N = 0;
  const ExactThreads *Layout = layoutOf(A, B, N);
  if (!Layout)
    return nullptr;
  auto R = std::make_shared<ExactThreads>();
  R->V.resize(N);
  copyWorlds(*R, *Layout);
  bool Ok = true;
  auto Each = [&](auto Fn) {
    for (size_t T = 0; T < N && Ok; ++T)
      Ok &= Fn(X->at(T), Y->at(T), R->V[T]);
  };
  // A constant right operand (no unknown part, one value for all).
  std::optional<int64_t> C;
  if (!Y->V && Y->known())
    C = Y->Scalar;
  switch (Op) {
  case BO_Add:
  case BO_Sub: {
    bool Add = Op == BO_Add;
    Each([&](int64_t P, int64_t Q, int64_t &Out) {
      return Add ? !__builtin_add_overflow(P, Q, &Out) : !__builtin_sub_overflow(P, Q, &Out);
    });
    R->RAlign = gcd64(X->RAlign, Y->RAlign);
    R->RNonNeg = (X->known() || X->RNonNeg) && (Y->known() || (Add && Y->RNonNeg));
    break;
  }
  case BO_Mul: {
    // One side known: the other's unknown part is scaled; neither known: not exact.
    const Operand *Unknown = !X->known() ? &*X : !Y->known() ? &*Y : nullptr;
    const Operand *Other = Unknown == &*X ? &*Y : &*X;
    if (Unknown && (!Other->known() || Other->V))
      return nullptr;
    Each([](int64_t P, int64_t Q, int64_t &Out) { return !__builtin_mul_overflow(P, Q, &Out); });
    if (Unknown) {
      int64_t K = Other->Scalar;
      if (__builtin_mul_overflow(Unknown->RAlign, K < 0 ? -K : K, &R->RAlign))
        return nullptr;
      R->RNonNeg = K >= 0 && Unknown->RNonNeg;
    }
    break;
  }
  case BO_Div:
  case BO_Shr:
  case BO_Rem: {
    if (!C || (Op == BO_Shr && (*C < 0 || *C >= 62)))
      return nullptr;
    int64_t D = Op == BO_Shr ? int64_t(1) << *C : *C;
    // Integer division truncates: exact on values >= 0 whose unknown part D divides.
    if (D <= 0 || !allNonNegative(*X, N))
      return nullptr;
    bool Rem = Op == BO_Rem;
    if (divides(*X, D)) {
      Each([&](int64_t P, int64_t, int64_t &Out) {
        Out = Rem ? P % D : P / D;
        return true;
      });
      R->RAlign = Rem ? 0 : X->RAlign / D;
      R->RNonNeg = true;
      break;
    }
    return splitWorlds(*A.Exact, D, Rem);
  }
  case BO_Shl:
    if (!C || *C < 0 || *C >= 62 || X->RAlign > (INT64_MAX >> *C))
      return nullptr;
    Each([&](int64_t P, int64_t, int64_t &Out) {
      return !__builtin_mul_overflow(P, int64_t(1) << *C, &Out);
    });
    R->RAlign = X->RAlign << *C;
    R->RNonNeg = X->RNonNeg;
    break;
  case BO_And:
  case BO_Or:
  case BO_Xor: {
    // The bits below a power of two P that divides the unknown part come from the known one.
    const Operand *Val = Y->known() ? &*X : &*Y;
    const Operand *Mask = Val == &*X ? &*Y : &*X;
    if (!Mask->known())
      return nullptr;
    if (!Val->known()) {
      uint64_t P = uint64_t(1) << llvm::countr_zero(static_cast<uint64_t>(Val->RAlign));
      if (Mask->V || Mask->Scalar < 0 || static_cast<uint64_t>(Mask->Scalar) >= P ||
          !allNonNegative(*Val, N))
        return nullptr;
      R->RAlign = Op == BO_And ? 0 : Val->RAlign;
      R->RNonNeg = Op == BO_And || Val->RNonNeg;
    }
    Each([&](int64_t P, int64_t Q, int64_t &Out) {
      Out = Op == BO_And ? (P & Q) : Op == BO_Or ? (P | Q) : (P ^ Q);
      return true;
    });
    break;
  }
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE:
  case BO_EQ:
  case BO_NE:
  case BO_LAnd:
  case BO_LOr:
    if (!X->known() || !Y->known())
      return nullptr;
    Each([&](int64_t P, int64_t Q, int64_t &Out) {
      Out = Op == BO_LAnd  ? (P && Q)
            : Op == BO_LOr ? (P || Q)
                           : lane_detail::holds(Op, P, Q);
      return true;
    });
    break;
  default:
    return nullptr;
  }
  if (!Ok)
    return nullptr;
  return R;
}

SharedExact exactUnsigned(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B,
                          unsigned Bits) {
  if (!A.Exact || A.Exact->AtMost || B.K != LaneValue::Uniform || !B.Const || Bits > 64)
    return nullptr;
  int64_t D = *B.Const;
  if (Op == BO_Shr)
    D = *B.Const >= 0 && *B.Const < 62 ? int64_t(1) << *B.Const : 0;
  // A power of two that divides 2^Bits and the unknown part: the value modulo 2^Bits keeps
  // each thread's remainder, whatever the unknown part's sign.
  if (D <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(D)) ||
      (Bits < 63 && D > (int64_t(1) << Bits)))
    return nullptr;
  const ExactThreads &X = *A.Exact;
  if (X.RAlign % D != 0)
    return nullptr;
  auto R = std::make_shared<ExactThreads>();
  R->V.reserve(X.V.size());
  copyWorlds(*R, X);
  if (Op == BO_Rem) {
    for (int64_t V : X.V)
      R->V.push_back(llvm::mod(V, D));
    return R;
  }
  if ((Op != BO_Div && Op != BO_Shr) || X.RAlign == 0)
    return nullptr;
  // The quotient, taking the unknown part to keep every thread in one window of 2^Bits (an
  // index the code means to be one value, not one that wraps in some threads only).
  for (int64_t V : X.V)
    R->V.push_back(llvm::divideFloorSigned(V, D));
  int64_t Window = Bits >= 63 ? 0 : (int64_t(1) << Bits) / D;
  R->RAlign = gcd64(X.RAlign / D, Window);
  return R;
}

SharedExact exactSelect(const LaneValue &C, const LaneValue &T, const LaneValue &F) {
  if (!C.Exact || C.Exact->RAlign != 0 || C.Exact->AtMost)
    return nullptr;
  std::optional<Operand> A = operandOf(T), B = operandOf(F);
  size_t N = C.Exact->V.size();
  if (!A || !B || !A->known() || !B->known() || (A->V && A->V->size() != N) ||
      (B->V && B->V->size() != N) || (T.Exact && !sameWorlds(*T.Exact, *C.Exact)) ||
      (F.Exact && !sameWorlds(*F.Exact, *C.Exact)))
    return nullptr;
  auto R = std::make_shared<ExactThreads>();
  R->V.resize(N);
  copyWorlds(*R, *C.Exact);
  for (size_t I = 0; I < N; ++I)
    R->V[I] = C.Exact->V[I] != 0 ? A->at(I) : B->at(I);
  return R;
}

SharedExact joinExact(const SharedExact &A, const SharedExact &B) {
  // Values that differ by a known amount (`i` and `i + 384`) stay apart: the known part of
  // each thread's value is what the walk's trips of a loop and its shared accesses read.
  if (!A || !B || A->AtMost || B->AtMost || A->Worlds != 1 || B->Worlds != 1 || A->V != B->V)
    return nullptr;
  if (A->RAlign == B->RAlign && A->RNonNeg == B->RNonNeg)
    return A;
  auto R = std::make_shared<ExactThreads>(*A);
  R->RAlign = gcd64(A->RAlign, B->RAlign);
  R->RNonNeg = A->RNonNeg && B->RNonNeg;
  return R;
}

LaneValue uniformIfExactSame(LaneValue V) {
  const ExactThreads *X = V.Exact.get();
  if (V.K == LaneValue::Uniform || !X || X->AtMost || X->Worlds != 1 || X->V.empty() ||
      !llvm::all_equal(X->V))
    return V;
  int64_t First = X->V.front();
  LaneValue U = X->RAlign == 0 ? LaneValue::constant(First) : LaneValue::uniform();
  if (X->RAlign != 0) {
    U.Align = gcd64(X->RAlign, First); // gcd64(A, 0) is A
    U.NonNeg = X->RNonNeg && First >= 0;
  }
  U.PerBlock = V.PerBlock;
  return U;
}

bool sameExact(const SharedExact &A, const SharedExact &B) {
  if (!A || !B)
    return !A && !B;
  return A == B || *A == *B;
}

} // namespace lane
} // namespace cudalint
