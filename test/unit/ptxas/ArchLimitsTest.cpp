//===- ArchLimitsTest.cpp - The arch table against published values -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The expected values are the CUDA C++ Programming Guide's "Technical Specifications per Compute
// Capability" table (and its shared-memory carveout lists), typed in independently of the model's
// table. OccupancyOracleTest checks the arithmetic constants against cuda_occupancy.h.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ArchLimits.h"

#include "gtest/gtest.h"

#include <vector>

using namespace cudalint;

namespace {

struct Published {
  unsigned Version;
  unsigned BlocksPerSM, WarpsPerSM, ThreadsPerSM;
  unsigned RegsPerSMK, RegsPerBlockK;
  unsigned SmemPerSMKiB, SmemPerBlockOptInKiB;
  std::vector<unsigned> CarveoutKiB;
};

// clang-format off
const Published Guide[] = {
  {50, 32, 64, 2048, 64, 64,  64,  48, {}},
  {52, 32, 64, 2048, 64, 64,  96,  48, {}},
  {53, 32, 64, 2048, 64, 32,  64,  48, {}},
  {60, 32, 64, 2048, 64, 64,  64,  48, {}},
  {61, 32, 64, 2048, 64, 64,  96,  48, {}},
  {62, 32, 64, 2048, 64, 32,  64,  48, {}},
  {70, 32, 64, 2048, 64, 64,  96,  96, {0, 8, 16, 32, 64, 96}},
  {72, 32, 64, 2048, 64, 64,  96,  96, {0, 8, 16, 32, 64, 96}},
  {75, 16, 32, 1024, 64, 64,  64,  64, {32, 64}},
  {80, 32, 64, 2048, 64, 64, 164, 163, {0, 8, 16, 32, 64, 100, 132, 164}},
  {86, 16, 48, 1536, 64, 64, 100,  99, {0, 8, 16, 32, 64, 100}},
  {87, 16, 48, 1536, 64, 64, 164, 163, {0, 8, 16, 32, 64, 100, 132, 164}},
  {88, 16, 48, 1536, 64, 64, 100,  99, {0, 8, 16, 32, 64, 100}},
  {89, 24, 48, 1536, 64, 64, 100,  99, {0, 8, 16, 32, 64, 100}},
  {90, 32, 64, 2048, 64, 64, 228, 227, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
  {100, 32, 64, 2048, 64, 64, 228, 227, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
  {101, 24, 48, 1536, 64, 64, 228, 227, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
  {103, 32, 64, 2048, 64, 64, 228, 227, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
  {110, 24, 48, 1536, 64, 64, 228, 227, {0, 8, 16, 32, 64, 100, 132, 164, 196, 228}},
  {120, 24, 48, 1536, 64, 64, 100,  99, {0, 8, 16, 32, 64, 100}},
  {121, 24, 48, 1536, 64, 64, 100,  99, {0, 8, 16, 32, 64, 100}},
};
// clang-format on

TEST(ArchLimits, EveryArchMatchesTheProgrammingGuide) {
  ASSERT_EQ(allArchLimits().size(), std::size(Guide));
  for (const Published &P : Guide) {
    SCOPED_TRACE("sm_" + std::to_string(P.Version));
    const ArchLimits *L = lookupArch(P.Version);
    ASSERT_TRUE(L);
    EXPECT_EQ(L->smVersion(), P.Version);
    EXPECT_EQ(L->MaxBlocksPerSM, P.BlocksPerSM);
    EXPECT_EQ(L->maxWarpsPerSM(), P.WarpsPerSM);
    EXPECT_EQ(L->MaxThreadsPerSM, P.ThreadsPerSM);
    EXPECT_EQ(L->RegistersPerSM, P.RegsPerSMK * 1024);
    EXPECT_EQ(L->RegistersPerBlock, P.RegsPerBlockK * 1024);
    EXPECT_EQ(L->MaxRegistersPerThread, 255u);
    EXPECT_EQ(L->MaxThreadsPerBlock, 1024u);
    EXPECT_EQ(L->WarpSize, 32u);
    EXPECT_EQ(L->SmemPerSM, P.SmemPerSMKiB * 1024);
    EXPECT_EQ(L->SmemPerBlock, 48u * 1024);
    EXPECT_EQ(L->SmemPerBlockOptIn, P.SmemPerBlockOptInKiB * 1024);
    EXPECT_EQ(L->ReservedSmemPerBlock, P.Version >= 80 ? 1024u : 0u);
    EXPECT_EQ(std::vector<unsigned>(L->CarveoutKiB.begin(), L->CarveoutKiB.end()), P.CarveoutKiB);
    // From Ampere on, the opt-in maximum is the SM's shared memory less the reservation.
    if (P.Version >= 80) {
      EXPECT_EQ(L->SmemPerBlockOptIn + L->ReservedSmemPerBlock, L->SmemPerSM);
    }
  }
}

TEST(ArchLimits, ParseArchNames) {
  struct Case {
    const char *Text;
    unsigned Version;
  } Good[] = {{"sm_90", 90}, {"sm_90a", 90}, {"sm_100f", 100}, {"compute_86", 86}, {"9.0", 90},
              {"12.1", 121}, {"SM_75", 75},  {"86", 86},       {"sm_121a", 121},   {" sm_52 ", 52}};
  for (const Case &C : Good) {
    llvm::Expected<unsigned> V = parseArchName(C.Text);
    ASSERT_TRUE(bool(V)) << C.Text << ": " << llvm::toString(V.takeError());
    EXPECT_EQ(*V, C.Version) << C.Text;
  }
  for (const char *Bad : {"", "sm_", "sm_9", "gfx90a", "sm_abc", "1.10", "sm_90b"}) {
    llvm::Expected<unsigned> V = parseArchName(Bad);
    EXPECT_FALSE(bool(V)) << Bad;
    llvm::consumeError(V.takeError());
  }
}

TEST(ArchLimits, UnknownArchErrorListsTheKnownOnes) {
  llvm::Expected<const ArchLimits &> L = lookupArchByName("sm_35");
  ASSERT_FALSE(bool(L));
  std::string Message = llvm::toString(L.takeError());
  EXPECT_NE(Message.find("unknown architecture 'sm_35' (known: sm_50, sm_52"), std::string::npos)
      << Message;
  EXPECT_NE(Message.find("sm_121)"), std::string::npos) << Message;
  llvm::Expected<const ArchLimits &> H = lookupArchByName("sm_90a");
  ASSERT_TRUE(bool(H));
  EXPECT_EQ(H->name(), "sm_90");
  EXPECT_STREQ(H->Family, "Hopper");
}

} // namespace
