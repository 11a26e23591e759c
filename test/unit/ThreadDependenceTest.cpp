//===- ThreadDependenceTest.cpp - The lane-affine value domain ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The arithmetic of LaneValue and the classification of conditions on it,
// without an AST: threadIdx.x of a block whose x-extent is a multiple of 32
// is LaneValue::threadIndex().
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/lanes/LaneValue.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace clang;

namespace {

LaneValue tid() { return LaneValue::threadIndex(); }
LaneValue k(int64_t C) { return LaneValue::constant(C); }
LaneValue op(BinaryOperatorKind O, const LaneValue &A, const LaneValue &B) {
  return lane::binary(O, A, B);
}
BranchCategory cmp(BinaryOperatorKind O, const LaneValue &A, const LaneValue &B) {
  return lane::compare(O, A, B, nullptr, nullptr).Cat;
}

TEST(LaneValue, WarpIndexIsWarpUniform) {
  LaneValue W = op(BO_Div, tid(), k(32));
  EXPECT_TRUE(W.isWarpUniform());
  EXPECT_TRUE(W.isThreadDependent());
  EXPECT_TRUE(op(BO_Shr, tid(), k(5)).isWarpUniform());
  EXPECT_EQ(cmp(BO_EQ, op(BO_Rem, W, k(2)), k(0)), BranchCategory::WarpUniform);
}

TEST(LaneValue, EvenOddSplitsEveryWarp) {
  CondClass C = lane::compare(BO_EQ, op(BO_Rem, tid(), k(2)), k(0), nullptr, nullptr);
  EXPECT_EQ(C.Cat, BranchCategory::LaneSplit);
  EXPECT_TRUE(C.EveryWarp);
  EXPECT_EQ(C.TrueMask, 0x55555555u);
  EXPECT_EQ(describeLanes(C.TrueMask), "even lanes");
}

TEST(LaneValue, ThresholdsOnWholeWarps) {
  EXPECT_EQ(cmp(BO_LT, tid(), k(64)), BranchCategory::WarpUniform);
  EXPECT_EQ(cmp(BO_LT, op(BO_Rem, tid(), k(64)), k(32)), BranchCategory::WarpUniform);
  CondClass C = lane::compare(BO_LT, tid(), k(16), nullptr, nullptr);
  EXPECT_EQ(C.Cat, BranchCategory::LaneSplit);
  EXPECT_EQ(C.Reason, CondClass::Why::PartialWarp);
  EXPECT_EQ(C.TrueMask, 0x0000FFFFu);
  EXPECT_EQ(cmp(BO_LT, tid(), k(48)), BranchCategory::TailGuard);
}

TEST(LaneValue, BitTests) {
  CondClass C = lane::compare(BO_NE, op(BO_And, tid(), k(16)), k(0), nullptr, nullptr);
  EXPECT_EQ(C.Cat, BranchCategory::LaneSplit);
  EXPECT_EQ(describeLanes(C.TrueMask), "lanes 16-31");
  LaneValue Lane = op(BO_And, tid(), k(31));
  EXPECT_FALSE(Lane.warpVaries());
  EXPECT_EQ(cmp(BO_EQ, Lane, k(0)), BranchCategory::SingleLane);
  EXPECT_EQ(cmp(BO_EQ, op(BO_And, tid(), k(~int64_t(31))), k(64)), BranchCategory::WarpUniform);
}

TEST(LaneValue, UnknownBoundsAreTailGuards) {
  LaneValue N = LaneValue::aligned(1);
  EXPECT_EQ(cmp(BO_LT, tid(), N), BranchCategory::TailGuard);
  EXPECT_EQ(cmp(BO_EQ, tid(), N), BranchCategory::SingleLane);
}

TEST(LaneValue, ShrinkingThreshold) {
  LaneValue S = LaneValue::aligned(1);
  S.G = Growth::Shrinks;
  EXPECT_EQ(cmp(BO_LT, tid(), S), BranchCategory::ShrinkingThreshold);
  // 2 * stride * tid < blockDim.x with stride doubling.
  LaneValue Stride = LaneValue::aligned(1);
  Stride.G = Growth::Grows;
  LaneValue Index = op(BO_Mul, op(BO_Mul, k(2), Stride), tid());
  EXPECT_EQ(cmp(BO_LT, Index, LaneValue::aligned(32)), BranchCategory::ShrinkingThreshold);
  // tid % (2 * stride) == 0: scattered active threads.
  EXPECT_EQ(cmp(BO_EQ, op(BO_Rem, tid(), op(BO_Mul, k(2), Stride)), k(0)),
            BranchCategory::LaneSplit);
}

TEST(LaneValue, ThreadIndexCancels) {
  // t = start + tid against end + tid: the same trip count in every thread.
  LaneValue T = op(BO_Add, LaneValue::aligned(1), tid());
  LaneValue End = op(BO_Add, LaneValue::aligned(1), tid());
  EXPECT_EQ(cmp(BO_LT, T, End), BranchCategory::Uniform);
  // ... but not against a value that only shares the lane.
  EXPECT_NE(cmp(BO_LT, T, op(BO_And, tid(), k(31))), BranchCategory::Uniform);
}

TEST(LaneValue, PrecedenceBugFoldsToConstant) {
  // itid & (0x01 == 0) with itid = tid >> 5.
  LaneValue V = op(BO_And, op(BO_Shr, tid(), k(5)), op(BO_EQ, k(1), k(0)));
  ASSERT_TRUE(V.isUniform());
  ASSERT_TRUE(V.Const.has_value());
  EXPECT_EQ(*V.Const, 0);
}

TEST(LaneValue, JoinKeepsLanePatternAcrossIterations) {
  // i = lane; i += 32: still lane + a multiple of 32.
  LaneValue I = op(BO_And, tid(), k(31));
  LaneValue Next = op(BO_Add, I, k(32));
  LaneValue J = lane::join(I, Next);
  EXPECT_EQ(J.K, LaneValue::Lane);
  EXPECT_EQ(J.Align, 32);
  EXPECT_EQ(cmp(BO_LT, J, k(64)), BranchCategory::WarpUniform);
}

TEST(LaneValue, Combine) {
  CondClass Even = lane::compare(BO_EQ, op(BO_Rem, tid(), k(2)), k(0), nullptr, nullptr);
  CondClass Tail = lane::compare(BO_LT, tid(), LaneValue::aligned(1), nullptr, nullptr);
  CondClass C = lane::combine(Even, Tail, /*And=*/true);
  EXPECT_EQ(C.Cat, BranchCategory::LaneSplit);
  EXPECT_TRUE(C.AtMost);
  CondClass Low = lane::compare(BO_LT, op(BO_And, tid(), k(31)), k(16), nullptr, nullptr);
  CondClass Both = lane::combine(Even, Low, /*And=*/true);
  EXPECT_EQ(Both.TrueMask, 0x00005555u);
}

TEST(LaneValue, DescribeLanes) {
  EXPECT_EQ(describeLanes(1u), "lane 0");
  EXPECT_EQ(describeLanes(0x00010001u), "lanes 0 and 16");
  EXPECT_EQ(describeLanes(0x11111111u), "every 4th lane (0, 4, 8, ...)");
  EXPECT_EQ(describeLanes(0x0000F0F0u), "lanes 4-7 and 12-15");
}

// The loop memo (LoopMemo.cpp) reuses a fixed point only for an entry
// identical field for field: values that the fixed point takes as the same
// (operator==) may still differ in what a message says.
TEST(LaneValue, IdenticalSeesWhatEqualityIgnores) {
  LaneValue A = op(BO_Add, tid(), k(1));
  LaneValue B = A;
  EXPECT_TRUE(A.identical(B));
  B.PerBlock = true;
  EXPECT_TRUE(A == B);
  EXPECT_FALSE(A.identical(B));

  LaneValue P = k(1), Q = k(1);
  CondClass C = lane::compare(BO_EQ, op(BO_Rem, tid(), k(2)), k(0), nullptr, nullptr);
  CondClass D = C;
  D.EveryWarp = !C.EveryWarp;
  P.Cond = std::make_shared<const CondClass>(C);
  Q.Cond = std::make_shared<const CondClass>(D);
  EXPECT_TRUE(P == Q);
  EXPECT_FALSE(P.identical(Q));
  Q.Cond = std::make_shared<const CondClass>(C);
  EXPECT_TRUE(P.identical(Q));
  EXPECT_TRUE(C.identical(C));
  EXPECT_FALSE(C.identical(D));
}

// issue 34: threadIdx.x + k * blockDim.x against m * blockDim.x is the same
// comparison in every thread of the block (0 <= threadIdx.x < blockDim.x).
TEST(LaneValue, BlockStrideAgainstRoundedBound) {
  LaneValue Tid = tid();
  Tid.TidPlusBlocks = true; // threadIdx.x, block size not known
  LaneValue BDim = LaneValue::aligned(32);
  BDim.BlockDimMultiple = true;
  LaneValue N = LaneValue::aligned(1);
  LaneValue Rounded = op(BO_Mul, op(BO_Div, op(BO_Add, N, op(BO_Sub, BDim, k(1))), BDim), BDim);
  EXPECT_TRUE(Rounded.BlockDimMultiple);
  LaneValue I = op(BO_Add, Tid, op(BO_Mul, LaneValue::aligned(1), BDim));
  EXPECT_TRUE(I.TidPlusBlocks);
  EXPECT_EQ(cmp(BO_LT, I, Rounded), BranchCategory::Uniform);
  EXPECT_EQ(cmp(BO_GE, I, Rounded), BranchCategory::Uniform);
  EXPECT_EQ(cmp(BO_GT, Rounded, I), BranchCategory::Uniform);
  EXPECT_NE(cmp(BO_LE, I, Rounded), BranchCategory::Uniform);
  EXPECT_NE(cmp(BO_LT, I, N), BranchCategory::Uniform);
  // Rounded to a warp only: the same within a warp, not within the block.
  LaneValue ToWarp = op(BO_Mul, op(BO_Div, op(BO_Add, N, k(31)), k(32)), k(32));
  EXPECT_EQ(cmp(BO_LT, I, ToWarp), BranchCategory::WarpUniform);
  // A known block size: a constant multiple of it counts.
  LaneValue Tid128 = tid();
  Tid128.TidPlusBlocks = true;
  Tid128.TidExtent = 128;
  EXPECT_EQ(cmp(BO_LT, Tid128, op(BO_Mul, N, k(256))), BranchCategory::Uniform);
  EXPECT_NE(cmp(BO_LT, Tid128, op(BO_Mul, N, k(64))), BranchCategory::Uniform);
  // Scaling or negating the index loses the form.
  EXPECT_FALSE(op(BO_Mul, Tid, k(2)).TidPlusBlocks);
  EXPECT_FALSE(lane::negate(Tid).TidPlusBlocks);
}

// issue 34: how many lanes of one warp each side of a condition can hold.
TEST(LaneValue, MostLanesPerSide) {
  LaneValue Lane = op(BO_And, tid(), k(31));
  CondClass Eq = lane::compare(BO_EQ, Lane, k(3), nullptr, nullptr);
  EXPECT_EQ(Eq.MaxTrue, 1);
  EXPECT_EQ(Eq.MaxFalse, 31);
  CondClass Ne = Eq.negated();
  EXPECT_EQ(Ne.MaxTrue, 31);
  EXPECT_EQ(Ne.MaxFalse, 1);
  // Against a value not known here: distinct lane values, one match at most.
  CondClass Best = lane::compare(BO_EQ, tid(), LaneValue::aligned(1), nullptr, nullptr);
  EXPECT_EQ(Best.MaxTrue, 1);
  EXPECT_EQ(Best.MaxFalse, 32);
  // The linear index == 0: only one warp holds lane 0's match; the others none.
  CondClass Zero = lane::compare(BO_EQ, tid(), k(0), nullptr, nullptr);
  EXPECT_EQ(Zero.MaxTrue, 1);
  CondClass Low = lane::compare(BO_LT, Lane, k(16), nullptr, nullptr);
  EXPECT_EQ(lane::combine(Eq, Low, /*And=*/true).MaxTrue, 1);
  EXPECT_EQ(lane::combine(Eq, Low, /*And=*/false).MaxTrue, 17);
  EXPECT_EQ(lane::combine(CondClass(), Ne, /*And=*/true).MaxFalse, 32);
  EXPECT_EQ(lane::combine(CondClass(), Eq, /*And=*/true).MaxTrue, 1);
  // `few == flag` with a flag not known here: either side of `few` may be the
  // one that equals it.
  LaneValue FewLanes = lane::fromCond(lane::compare(BO_LT, Lane, k(3), nullptr, nullptr));
  CondClass Flag = lane::compare(BO_EQ, FewLanes, LaneValue::aligned(1), nullptr, nullptr);
  EXPECT_EQ(Flag.Reason, CondClass::Why::EqualsUniform);
  EXPECT_EQ(Flag.MaxTrue, 29); // lanes 3-31, or lanes 0-2
  EXPECT_EQ(Flag.MaxFalse, 29);
  // A value of few distinct lane values against one not known here.
  CondClass Few =
      lane::compare(BO_EQ, op(BO_And, tid(), k(1)), LaneValue::aligned(1), nullptr, nullptr);
  EXPECT_EQ(Few.MaxTrue, 32);
  EXPECT_EQ(Few.MaxFalse, 32);
}

// issue 34: a grid-wide index in blocks of 5 threads (one warp each) picks one
// lane of one warp in the grid, not a lane of every warp.
TEST(LaneValue, GridIndexInTinyBlocks) {
  std::array<int64_t, WarpLanes> L{};
  for (unsigned I = 0; I < WarpLanes; ++I)
    L[I] = I;
  LaneValue Tid5 = LaneValue::lanes(L, 0, false, 0x1fu);
  LaneValue Base = op(BO_Mul, LaneValue::aligned(1), k(5));
  Base.PerBlock = true;
  LaneValue T = op(BO_Add, Tid5, Base);
  CondClass C = lane::compare(BO_EQ, T, k(1), nullptr, nullptr);
  EXPECT_EQ(C.Cat, BranchCategory::SingleLane);
  EXPECT_FALSE(C.EveryWarp);
  EXPECT_EQ(C.TrueMask, 0x2u);
  // Without blockIdx (a loop index instead), every warp splits alike.
  LaneValue Loop = op(BO_Add, Tid5, op(BO_Mul, LaneValue::aligned(1), k(5)));
  EXPECT_TRUE(lane::compare(BO_EQ, Loop, k(1), nullptr, nullptr).EveryWarp);
}

/// threadIdx.x in a 1-D block of \p N threads, with each thread's value.
LaneValue exactTid(int64_t N) {
  LaneValue V = tid();
  auto E = std::make_shared<ExactThreads>();
  for (int64_t T = 0; T < N; ++T)
    E->V.push_back(T);
  V.Exact = E;
  return V;
}

TEST(ExactThreads, RemainderByANonDivisorKeepsEachThread) {
  // tid % 5 in a block of 384: the Lane form cannot hold it, each thread's value can.
  LaneValue X = op(BO_Rem, exactTid(384), k(5));
  EXPECT_EQ(X.K, LaneValue::Varying);
  ASSERT_TRUE(X.Exact);
  EXPECT_EQ(X.Exact->V[37], 2);
  LaneValue Y = op(BO_Rem, op(BO_Div, exactTid(384), k(5)), k(9));
  ASSERT_TRUE(Y.Exact);
  EXPECT_EQ(Y.Exact->V[383], 383 / 5 % 9);
  LaneValue Addr = op(BO_Add, op(BO_Mul, Y, k(33)), op(BO_Mul, X, k(2)));
  ASSERT_TRUE(Addr.Exact);
  EXPECT_EQ(Addr.Exact->V[100], (100 / 5 % 9) * 33 + 100 % 5 * 2);
  EXPECT_EQ(Addr.Exact->RAlign, 0);
}

TEST(ExactThreads, UnknownUniformPart) {
  // tid + blockIdx.x * 96: each thread's part plus a multiple of 96 not known.
  LaneValue B = op(BO_Mul, LaneValue::aligned(1), k(96));
  B.NonNeg = true;
  LaneValue T = op(BO_Add, exactTid(96), B);
  ASSERT_TRUE(T.Exact);
  EXPECT_EQ(T.Exact->RAlign, 96);
  // Divisors of 96 see through it; 5 and 40 split the blocks by the remainder it leaves.
  LaneValue R32 = op(BO_Rem, T, k(32));
  ASSERT_TRUE(R32.Exact);
  EXPECT_EQ(R32.Exact->RAlign, 0);
  EXPECT_EQ(R32.Exact->V[70], 6);
  EXPECT_EQ(R32.Exact->Worlds, 1u);
  ASSERT_TRUE(op(BO_Rem, T, k(5)).Exact);
  EXPECT_EQ(op(BO_Rem, T, k(5)).Exact->Worlds, 5u);
  ASSERT_TRUE(op(BO_Rem, T, k(40)).Exact);
  EXPECT_EQ(op(BO_Rem, T, k(40)).Exact->Worlds, 5u);
  LaneValue Q = op(BO_Div, T, k(32));
  ASSERT_TRUE(Q.Exact);
  EXPECT_EQ(Q.Exact->RAlign, 3);
  // Two unknown parts do not multiply, and no comparison with one is known.
  EXPECT_FALSE(op(BO_Mul, T, T).Exact);
  EXPECT_FALSE(op(BO_LT, T, k(50)).Exact);
  // Its low bits below 32 come from each thread's part.
  LaneValue Low = op(BO_And, T, k(31));
  ASSERT_TRUE(Low.Exact);
  EXPECT_EQ(Low.Exact->V[33], 1);
}

TEST(ExactThreads, BlocksSplitByTheRemainderOfTheirOffset) {
  // i = blockIdx.x * 512 + tid; i / 3 and i % 3 depend on blockIdx.x % 3: one world each, in
  // which the offset is 0, 512 or 1024 modulo 1536.
  LaneValue B = op(BO_Mul, LaneValue::aligned(1), k(512));
  B.NonNeg = true;
  LaneValue I = op(BO_Add, exactTid(512), B);
  LaneValue J = op(BO_Div, I, k(3)), K = op(BO_Rem, I, k(3));
  ASSERT_TRUE(J.Exact && K.Exact);
  EXPECT_EQ(J.Exact->Worlds, 3u);
  EXPECT_EQ(J.Exact->V.size(), 1536u);
  EXPECT_EQ(J.Exact->blockThreads(), 512u);
  EXPECT_EQ(J.Exact->RAlign, 512);
  EXPECT_EQ(J.Exact->SplitMod, 1536);
  EXPECT_EQ(K.Exact->RAlign, 0);
  // Thread 7 of the world whose offset is 1024: (1031) / 3 and 1031 % 3.
  EXPECT_EQ(J.Exact->V[1024 + 7], 1031 / 3);
  EXPECT_EQ(K.Exact->V[1024 + 7], 1031 % 3);
  // Values of one split pair world by world; a value of one block holds in each world.
  LaneValue Diag = op(BO_Add, op(BO_Mul, J, k(9)), op(BO_Mul, K, k(4)));
  ASSERT_TRUE(Diag.Exact);
  EXPECT_EQ(Diag.Exact->Worlds, 3u);
  EXPECT_EQ(Diag.Exact->V[512 + 40], (552 / 3) * 9 + (552 % 3) * 4);
  LaneValue Plus = op(BO_Add, K, exactTid(512));
  ASSERT_TRUE(Plus.Exact);
  EXPECT_EQ(Plus.Exact->V[1024 + 7], 1031 % 3 + 7);
  // A split of a split, or of another partition, is not followed.
  EXPECT_FALSE(op(BO_Rem, op(BO_Add, J, B), k(5)).Exact);
  LaneValue By96 = op(BO_Mul, LaneValue::aligned(1), k(96));
  LaneValue Other = op(BO_Rem, op(BO_Add, exactTid(512), By96), k(5));
  EXPECT_FALSE(op(BO_Add, K, Other).Exact);
}

TEST(ExactThreads, ConditionsKnownFromAbove) {
  // x <= 3 && n > x with n not known: false where x > 3, perhaps true elsewhere.
  LaneValue X = op(BO_Rem, exactTid(64), k(5));
  LaneValue Known = op(BO_LE, X, k(3));
  ASSERT_TRUE(Known.Exact);
  EXPECT_FALSE(Known.Exact->AtMost);
  LaneValue N = LaneValue::aligned(1);
  LaneValue Both = op(BO_LAnd, Known, op(BO_GT, N, X));
  ASSERT_TRUE(Both.Exact);
  EXPECT_TRUE(Both.Exact->AtMost);
  EXPECT_EQ(Both.Exact->V[4], 0);
  EXPECT_EQ(Both.Exact->V[3], 1);
  // Nothing but another `&&` takes it further.
  EXPECT_FALSE(op(BO_Add, Both, k(1)).Exact);
  EXPECT_FALSE(op(BO_EQ, Both, k(0)).Exact);
}

TEST(ExactThreads, UnsignedRemainderOfAPartOfUnknownSign) {
  // tid - blockIdx.x * 64 in unsigned arithmetic: the unknown part's sign is not known, so
  // exactBinary cannot take `% 16` of it; modulo 2^32, 16 divides it and the remainder is known.
  LaneValue B = op(BO_Mul, LaneValue::aligned(1), k(64));
  B.NonNeg = true;
  LaneValue A = op(BO_Sub, exactTid(64), B);
  ASSERT_TRUE(A.Exact);
  EXPECT_FALSE(A.Exact->RNonNeg);
  EXPECT_FALSE(op(BO_Rem, A, k(16)).Exact);
  SharedExact R = lane::exactUnsigned(BO_Rem, A, k(16), 32);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->V[37], 5);
  EXPECT_EQ(R->RAlign, 0);
  SharedExact Q = lane::exactUnsigned(BO_Shr, A, k(4), 32);
  ASSERT_TRUE(Q);
  EXPECT_EQ(Q->V[37], 2);
  EXPECT_EQ(Q->RAlign, 4);
  // Not a power of two, or one the unknown part does not divide: not known.
  EXPECT_FALSE(lane::exactUnsigned(BO_Rem, A, k(12), 32));
  EXPECT_FALSE(lane::exactUnsigned(BO_Rem, A, k(128), 32));
}

TEST(ExactThreads, SelectTakesEachThreadsArm) {
  // `bin == 0 ? 35 : bin - 1` with bin the thread index of a block of 64: each thread's value.
  LaneValue Bin = exactTid(64);
  LaneValue Prev = op(BO_Sub, Bin, k(1));
  SharedExact R = lane::exactSelect(op(BO_EQ, Bin, k(0)), k(35), Prev);
  ASSERT_TRUE(R);
  ASSERT_EQ(R->V.size(), 64u);
  EXPECT_EQ(R->V[0], 35);
  EXPECT_EQ(R->V[1], 0);
  EXPECT_EQ(R->V[63], 62);
  EXPECT_EQ(R->RAlign, 0);
  // An arm with a part not known (a kernel argument), or a condition not known in each
  // thread: no value.
  EXPECT_FALSE(lane::exactSelect(op(BO_EQ, Bin, k(0)), LaneValue::aligned(1), Prev));
  EXPECT_FALSE(lane::exactSelect(k(1), k(35), Prev));
}

TEST(ExactThreads, MergesKeepOnlyWhatBothSidesHold) {
  LaneValue A = op(BO_Rem, exactTid(64), k(5)), B = op(BO_Rem, exactTid(64), k(7));
  EXPECT_TRUE(lane::join(A, A).Exact);
  EXPECT_FALSE(lane::join(A, B).Exact);
  EXPECT_FALSE(A == B);
}

} // namespace
