//===- SectorFillTest.cpp - Bytes used against the DRAM segments they need -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// memrules::fillOf and fillsSegments: the bytes a warp's lanes use against the 64-byte segments
// in which L2 reads them from DRAM, each run of ranges from its lowest byte, a single run up to
// its highest only; a quarter or more unused is what uncoalesced-global-access reports.
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

TEST(SectorFill, ThreeQuartersIsFilled) {
  // .x, .y, .z of float4s: 384 of 508 bytes.
  SectorFill F = fillOf(lanes(16, {{0, 12}}));
  EXPECT_EQ(F.Bytes, 384);
  EXPECT_EQ(F.Delivered, 31 * 16 + 12);
  EXPECT_TRUE(fillsSegments(F));
  // x and y of 12-byte points: 256 of 380.
  EXPECT_FALSE(fillsSegments(fillOf(lanes(12, {{0, 8}}))));
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

TEST(SectorFill, RowsKeepWholeSegments) {
  // 8-byte rows of an 8x8 block of bytes, rows a pitch not known apart: 8 of 64 bytes each.
  SectorFill F = fillOf(lanes(1, {{0, 1}}, 8));
  EXPECT_EQ(F.Bytes, 32);
  EXPECT_EQ(F.Delivered, 4 * 64);
  EXPECT_FALSE(fillsSegments(F));
}

TEST(SectorFill, NothingUsedIsNotFilled) { EXPECT_FALSE(fillsSegments(fillOf({}))); }

} // namespace
