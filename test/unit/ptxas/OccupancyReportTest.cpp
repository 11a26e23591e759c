//===- OccupancyReportTest.cpp - Reports joined with the model ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// computeOccupancyReport and its text and JSON renderings on a recorded CUDA 13 report.
//
//===----------------------------------------------------------------------===//

#include "PtxasTestSupport.h"

#include "ptxas_parse/OccupancyReport.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace cudalint::test;

namespace {

PtxasReport cuda13Report() {
  llvm::Expected<PtxasReport> R = parsePtxasReportFile(inputPath("cuda13.0-sm75-sm90.log"));
  EXPECT_TRUE(bool(R));
  return R ? std::move(*R) : PtxasReport();
}

const KernelOccupancy *find(const std::vector<KernelOccupancy> &Ks, llvm::StringRef Name,
                            unsigned Arch) {
  for (const KernelOccupancy &K : Ks)
    if (K.Resources.MangledName == Name && K.Arch->smVersion() == Arch)
      return &K;
  return nullptr;
}

TEST(OccupancyReport, EveryKernelAndArchOfTheReport) {
  OccupancyRequest Req;
  Req.BlockSizes = {128, 1024};
  Req.DynamicSmem = {0, 16384};
  llvm::Expected<std::vector<KernelOccupancy>> Ks = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_TRUE(bool(Ks)) << llvm::toString(Ks.takeError());
  EXPECT_EQ(Ks->size(), 14u);
  const KernelOccupancy *Tiled = find(*Ks, "_Z5tiledPf", 75);
  ASSERT_TRUE(Tiled);
  ASSERT_EQ(Tiled->Rows.size(), 4u);
  EXPECT_EQ(Tiled->Rows[0].BlockSize, 128u);
  EXPECT_EQ(Tiled->Rows[0].DynamicSmem, 0u);
  EXPECT_EQ(Tiled->Rows[3].BlockSize, 1024u);
  EXPECT_EQ(Tiled->Rows[3].DynamicSmem, 16384u);
  // 38 registers on Turing: 1280 registers per warp, 12 warps per sub-partition (48 warps), but
  // Turing holds 32 warps.
  EXPECT_EQ(Tiled->Rows[0].Result.ActiveBlocks, 8u);
  EXPECT_EQ(Tiled->Rows[0].Result.Primary, Limiter::Warps);
  EXPECT_EQ(Tiled->Rows[1].Result.ActiveBlocks, 1u);
  EXPECT_TRUE(Tiled->Rows[1].Launch.Fits);
  // 4096 B static + 16384 B dynamic: 3 blocks in 64 KiB.
  EXPECT_EQ(Tiled->Rows[2].Result.ActiveBlocks, 3u);
  EXPECT_EQ(Tiled->Rows[2].Result.Primary, Limiter::SharedMemory);
  ASSERT_EQ(Tiled->Best.size(), 2u);
  EXPECT_EQ(Tiled->Best[0].second.BlockSize, 1024u);
  EXPECT_EQ(Tiled->Best[1].first, 16384u);
  EXPECT_EQ(Tiled->Best[1].second.BlockSize, 1024u);
}

TEST(OccupancyReport, ArchFilterAndRegisterCap) {
  OccupancyRequest Req;
  Req.Archs = {90};
  Req.BlockSizes = {1024};
  Req.MaxRegCount = 32;
  llvm::Expected<std::vector<KernelOccupancy>> Ks = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_TRUE(bool(Ks)) << llvm::toString(Ks.takeError());
  EXPECT_EQ(Ks->size(), 7u);
  const KernelOccupancy *Pressure = find(*Ks, "_Z8pressurePf", 90);
  ASSERT_TRUE(Pressure);
  EXPECT_EQ(Pressure->Resources.Registers, 64u);
  EXPECT_EQ(Pressure->Registers, 32u);
  EXPECT_DOUBLE_EQ(Pressure->Rows[0].Result.Occupancy, 1.0);

  Req.Archs = {80};
  llvm::Expected<std::vector<KernelOccupancy>> None = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_FALSE(bool(None));
  EXPECT_EQ(llvm::toString(None.takeError()),
            "no kernel compiled for sm_80 in the report (it has sm_75, sm_90)");
}

TEST(OccupancyReport, KernelFilterAndUnknownArchs) {
  OccupancyRequest Req;
  Req.KernelFilter = "stencil<float";
  llvm::Expected<std::vector<KernelOccupancy>> Ks = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_TRUE(bool(Ks)) << llvm::toString(Ks.takeError());
  EXPECT_EQ(Ks->size(), 2u);
  Req.KernelFilter = "nosuchkernel";
  Ks = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_FALSE(bool(Ks));
  EXPECT_EQ(llvm::toString(Ks.takeError()), "no kernel in the report matches 'nosuchkernel'");

  llvm::Expected<PtxasReport> Legacy = parsePtxasReportFile(inputPath("legacy-cuda6.5-sm35.log"));
  ASSERT_TRUE(bool(Legacy));
  Ks = computeOccupancyReport(*Legacy, OccupancyRequest());
  ASSERT_FALSE(bool(Ks));
  EXPECT_NE(llvm::toString(Ks.takeError()).find("unknown architecture 'sm_35'"), std::string::npos);

  llvm::Expected<PtxasReport> Filtered = parsePtxasReportFile(inputPath("grep-filtered.log"));
  ASSERT_TRUE(bool(Filtered));
  Ks = computeOccupancyReport(*Filtered, OccupancyRequest());
  ASSERT_FALSE(bool(Ks));
  EXPECT_EQ(llvm::toString(Ks.takeError()),
            "the report does not give the arch of '_Z10gemmTiledPK6__halfS1_PS_iii' (line 1); "
            "pass --arch sm_XX");
  OccupancyRequest WithArch;
  WithArch.Archs = {86, 89};
  Ks = computeOccupancyReport(*Filtered, WithArch);
  ASSERT_TRUE(bool(Ks)) << llvm::toString(Ks.takeError());
  EXPECT_EQ(Ks->size(), 4u);
}

TEST(OccupancyReport, JsonCarriesTheDocumentedFields) {
  OccupancyRequest Req;
  Req.Archs = {90};
  Req.BlockSizes = {256};
  Req.KernelFilter = "_Z5tiledPf";
  llvm::Expected<std::vector<KernelOccupancy>> Ks = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_TRUE(bool(Ks));
  llvm::json::Value V = renderOccupancyJson(*Ks, Req);
  const llvm::json::Array *Kernels = V.getAsObject()->getArray("kernels");
  ASSERT_TRUE(Kernels);
  ASSERT_EQ(Kernels->size(), 1u);
  const llvm::json::Object &K = *(*Kernels)[0].getAsObject();
  EXPECT_EQ(K.getString("name"), "_Z5tiledPf");
  EXPECT_EQ(K.getString("demangled"), "tiled(float*)");
  EXPECT_EQ(K.getString("arch"), "sm_90");
  EXPECT_EQ(K.getInteger("registers"), 27);
  EXPECT_EQ(K.getInteger("static_smem"), 4096);
  EXPECT_EQ(K.getInteger("spill_stores"), 0);
  EXPECT_EQ(K.getInteger("spill_loads"), 0);
  const llvm::json::Object &Row = *K.getArray("rows")->front().getAsObject();
  EXPECT_EQ(Row.getInteger("block_size"), 256);
  EXPECT_EQ(Row.getInteger("dynamic_smem"), 0);
  // 27 registers -> 1024 per warp; 4096 + 1024 reserved B -> 45 blocks by shared memory; 8
  // blocks of 8 warps fill the 64 warp slots.
  EXPECT_EQ(Row.getInteger("active_blocks"), 8);
  EXPECT_EQ(Row.getInteger("active_warps"), 64);
  EXPECT_EQ(Row.getNumber("occupancy"), 1.0);
  EXPECT_EQ(Row.getString("limiter"), "warps");
}

TEST(OccupancyReport, TextTable) {
  OccupancyRequest Req;
  Req.Archs = {75};
  Req.BlockSizes = {128, 1024};
  Req.KernelFilter = "_Z5tiledPf";
  llvm::Expected<std::vector<KernelOccupancy>> Ks = computeOccupancyReport(cuda13Report(), Req);
  ASSERT_TRUE(bool(Ks));
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  renderOccupancyText(OS, *Ks);
  EXPECT_EQ(Text, "tiled(float*) [_Z5tiledPf]  sm_75 (Turing)\n"
                  "  registers 38, static smem 4096 B, stack frame 128 B, spills 0 B stores / 0 B "
                  "loads, barriers 1\n"
                  "   block  dynamic smem  blocks/SM  warps/SM  occupancy  limiter\n"
                  "     128           0 B          8        32     100.0%  warps\n"
                  "    1024           0 B          1        32     100.0%  warps\n"
                  "  best block size: 1024 (1 blocks/SM, 32 warps/SM, 100.0%, limited by warps)\n");
}

} // namespace
