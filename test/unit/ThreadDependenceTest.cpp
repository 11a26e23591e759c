//===- ThreadDependenceTest.cpp - The lane-affine value domain ------------===//
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

} // namespace
