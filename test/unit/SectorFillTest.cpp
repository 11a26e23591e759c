//===- SectorFillTest.cpp - Bytes used against the DRAM segments they need -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// memrules::fillOf and fillsSegments: the bytes a warp's lanes use against the 64-byte segments
// in which L2 reads them from DRAM, each run of ranges from its lowest byte to its highest; more
// than a third unused is what uncoalesced-global-access reports.
//
//===----------------------------------------------------------------------===//
#include "rules/MemoryAccessRule.h"

#include "gtest/gtest.h"

using namespace cudalint::memrules;

namespace {

/// 32 lanes \p Stride bytes apart, each using the [begin, end) ranges of \p Fields.
std::vector<std::pair<int64_t, int64_t>> lanes(int64_t Stride,
                                               std::vector<std::pair<int64_t, int64_t>> Fields,
                                               int64_t RowEvery = 0) {
  std::vector<std::pair<int64_t, int64_t>> Used;
  for (int64_t L = 0; L < 32; ++L) {
    int64_t At = L * Stride + (RowEvery ? (L / RowEvery) << 44 : 0);
    for (auto [B, E] : Fields)
      Used.push_back({At + B, At + E});
  }
  return Used;
}

TEST(SectorFill, RecordFieldsCountTheSpanTheyCover) {
  // CenterPoint: fields 0-6 of 44-byte boxes: 896 bytes of the 1392 from the first to the last.
  SectorFill F = fillOf(lanes(44, {{0, 28}}));
  EXPECT_EQ(F.Bytes, 896);
  EXPECT_EQ(F.Delivered, 1392);
  EXPECT_FALSE(fillsSegments(F));
  // Every field: filled.
  EXPECT_TRUE(fillsSegments(fillOf(lanes(44, {{0, 44}}))));
}

TEST(SectorFill, TwoThirdsIsFilled) {
  // .x, .y, .z of float4s: 384 of 508 bytes.
  SectorFill F = fillOf(lanes(16, {{0, 12}}));
  EXPECT_EQ(F.Bytes, 384);
  EXPECT_EQ(F.Delivered, 31 * 16 + 12);
  EXPECT_TRUE(fillsSegments(F));
  // x and y of 12-byte points: 256 of 380; fields 0, 1, 3, 4, 6 of 9-float boxes: 640 of 1140.
  EXPECT_TRUE(fillsSegments(fillOf(lanes(12, {{0, 8}}))));
  EXPECT_FALSE(fillsSegments(fillOf(lanes(36, {{0, 8}, {12, 20}, {24, 28}}))));
}

TEST(SectorFill, SparseFieldsCostWholeSegments) {
  // Three doubles of 512-byte records: each lane a segment of its own, the last cut at its end.
  SectorFill F = fillOf(lanes(512, {{160, 184}}));
  EXPECT_EQ(F.Bytes, 768);
  EXPECT_EQ(F.Delivered, 31 * 64 + 24);
  EXPECT_FALSE(fillsSegments(F));
}

TEST(SectorFill, OverlapsCountOnce) {
  SectorFill F = fillOf({{0, 8}, {4, 12}, {0, 12}});
  EXPECT_EQ(F.Bytes, 12);
  EXPECT_EQ(F.Delivered, 12);
  EXPECT_TRUE(fillsSegments(F));
}

TEST(SectorFill, EachRowEndsAtItsHighestByte) {
  // uchar4 .x, .y, .z of pixels x - 1 and x + 1 in rows of 16 lanes a pitch apart: 54 of the 71
  // bytes from each row's first to its last, the rest of its segments the neighbouring blocks'.
  std::vector<std::pair<int64_t, int64_t>> Used = lanes(4, {{0, 3}, {8, 11}}, 16);
  SectorFill F = fillOf(Used);
  EXPECT_EQ(F.Bytes, 2 * 54);
  EXPECT_EQ(F.Delivered, 2 * 71);
  EXPECT_TRUE(fillsSegments(F));
  // 8-byte rows of an 8x8 block of bytes fill their rows.
  EXPECT_TRUE(fillsSegments(fillOf(lanes(1, {{0, 1}}, 8))));
}

TEST(SectorFill, NothingUsedIsNotFilled) { EXPECT_FALSE(fillsSegments(fillOf({}))); }

} // namespace
