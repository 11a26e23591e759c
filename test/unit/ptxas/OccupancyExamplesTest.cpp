//===- OccupancyExamplesTest.cpp - Worked examples and launch checks ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The worked examples of SPEC section 5 (from the seeds: CUDA Best Practices Guide, occupancy
// calculator screenshots, a CC 6.1 tuning note), the H200 launch failure of a 96-register kernel
// at 1024 threads, __launch_bounds__ register caps, carveouts and dynamic shared memory.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/Occupancy.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

const ArchLimits &arch(unsigned V) {
  const ArchLimits *L = lookupArch(V);
  EXPECT_TRUE(L) << V;
  return *L;
}

OccupancyResult occupancy(unsigned Arch, unsigned Regs, unsigned Block, uint64_t StaticSmem = 0,
                          uint64_t Dynamic = 0, OccupancyOptions Options = {}) {
  KernelAttributes K;
  K.Registers = Regs;
  K.StaticSmem = StaticSmem;
  llvm::Expected<OccupancyResult> R = computeOccupancy(arch(Arch), K, Block, Dynamic, Options);
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return {};
  }
  return *R;
}

// Best Practices Guide, "Calculating Occupancy": CC 7.0, 37 registers. The guide's arithmetic
// (65536 / (37 * 32) = 55 warps) leaves out the register allocation granularity it mentions next;
// with 256-register units per warp (1280 per warp, 12 warps per sub-partition) the calculator and
// the driver give 48 warps.
TEST(OccupancyExamples, Volta37RegistersAsTheGuideComputesIt) {
  OccupancyOptions Guide;
  Guide.IgnoreRegisterGranularity = true;
  EXPECT_DOUBLE_EQ(occupancy(70, 37, 128, 0, 0, Guide).Occupancy, 0.8125);
  EXPECT_EQ(occupancy(70, 37, 128, 0, 0, Guide).ActiveBlocks, 13u);
  EXPECT_DOUBLE_EQ(occupancy(70, 37, 320, 0, 0, Guide).Occupancy, 0.78125);
  EXPECT_EQ(occupancy(70, 37, 320, 0, 0, Guide).ActiveBlocks, 5u);
}

TEST(OccupancyExamples, Volta37RegistersWithAllocationGranularity) {
  OccupancyResult R128 = occupancy(70, 37, 128);
  EXPECT_EQ(R128.ActiveBlocks, 12u);
  EXPECT_DOUBLE_EQ(R128.Occupancy, 0.75);
  EXPECT_EQ(R128.Primary, Limiter::Registers);
  EXPECT_EQ(R128.AllocatedRegistersPerBlock, 4u * 1280);
  OccupancyResult R320 = occupancy(70, 37, 320);
  EXPECT_EQ(R320.ActiveBlocks, 4u);
  EXPECT_DOUBLE_EQ(R320.Occupancy, 0.625);
}

// Occupancy calculator screenshot: CC 5.0, 128 threads, 48 registers, 5000 B shared memory.
TEST(OccupancyExamples, Maxwell48Registers5000BytesShared) {
  OccupancyResult R = occupancy(50, 48, 128, 5000);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.625);
  EXPECT_EQ(R.ActiveBlocks, 10u);
  EXPECT_EQ(R.ActiveWarps, 40u);
  EXPECT_EQ(R.Primary, Limiter::Registers);
  EXPECT_EQ(R.BlockLimitWarps, 16u);
  EXPECT_EQ(R.BlockLimitRegisters, 10u);
  EXPECT_EQ(R.BlockLimitSmem, 12u); // 5000 B rounds up to 5120 B; 65536 / 5120.
  EXPECT_EQ(R.AllocatedSmemPerBlock, 5120u);
  // The calculator's follow-up question: 10000 B of shared memory.
  OccupancyResult R10k = occupancy(50, 48, 128, 10000);
  EXPECT_EQ(R10k.ActiveBlocks, 6u);
  EXPECT_EQ(R10k.Primary, Limiter::SharedMemory);
  EXPECT_DOUBLE_EQ(R10k.Occupancy, 0.375);
}

// GTX 1080 (CC 6.1), an im2col kernel with 39 registers.
TEST(OccupancyExamples, Pascal39Registers) {
  EXPECT_DOUBLE_EQ(occupancy(61, 39, 1024).Occupancy, 0.5);
  EXPECT_DOUBLE_EQ(occupancy(61, 39, 512).Occupancy, 0.75);
  EXPECT_DOUBLE_EQ(occupancy(61, 39, 768).Occupancy, 0.75);
  EXPECT_EQ(occupancy(61, 39, 1024).Primary, Limiter::Registers);
}

// SPEC section 4: on an H200 a 96-register kernel launched with 1024 threads fails with "too
// many resources requested for launch"; with __launch_bounds__(1024) it compiles to 64 registers
// and runs.
TEST(OccupancyExamples, HopperRegisterHeavyKernelAt1024Threads) {
  KernelAttributes Heavy;
  Heavy.Registers = 96;
  LaunchCheck C = checkLaunchResources(arch(90), Heavy, 1024, 0);
  EXPECT_FALSE(C.Fits);
  EXPECT_EQ(C.Reason, Limiter::Registers);
  EXPECT_EQ(C.Message, "96 registers x 1024 threads need 98304 registers per block (32 warps, "
                       "each given 3072 registers in units of 256) but sm_90 gives a block at "
                       "most 65536");
  EXPECT_EQ(occupancy(90, 96, 1024).ActiveBlocks, 0u);
  EXPECT_EQ(occupancy(90, 96, 1024).Primary, Limiter::Registers);
  EXPECT_TRUE(checkLaunchResources(arch(90), Heavy, 640, 0).Fits);

  EXPECT_EQ(registerCapForLaunchBounds(arch(90), 1024, 1), 64u);
  KernelAttributes Bounded;
  Bounded.Registers = 64;
  Bounded.MaxThreadsPerBlock = 1024;
  EXPECT_TRUE(checkLaunchResources(arch(90), Bounded, 1024, 0).Fits);
  EXPECT_DOUBLE_EQ(occupancy(90, 64, 1024).Occupancy, 0.5);
  LaunchCheck TooBig = checkLaunchResources(arch(90), Bounded, 1025, 0);
  EXPECT_FALSE(TooBig.Fits);
  EXPECT_EQ(TooBig.Message, "a block of 1025 threads is outside 1..1024 on sm_90");
  Bounded.MaxThreadsPerBlock = 256;
  EXPECT_EQ(checkLaunchResources(arch(90), Bounded, 512, 0).Message,
            "a block of 512 threads exceeds the kernel's __launch_bounds__ maximum of 256");
}

TEST(OccupancyExamples, LaunchBoundsRegisterCaps) {
  // 65536 registers / (MinBlocks x threads), in 8-register steps (256 per warp).
  EXPECT_EQ(registerCapForLaunchBounds(arch(90), 256, 4), 64u);
  EXPECT_EQ(registerCapForLaunchBounds(arch(90), 256, 2), 128u);
  EXPECT_EQ(registerCapForLaunchBounds(arch(90), 128, 1), 255u);
  EXPECT_EQ(registerCapForLaunchBounds(arch(86), 512, 3), 40u);
  // 3 warps per block: 5 blocks need 4 warps per sub-partition, 4096 registers per warp.
  EXPECT_EQ(registerCapForLaunchBounds(arch(90), 96, 5), 128u);
  EXPECT_EQ(registerCapForLaunchBounds(arch(90), 2048, 1), 0u);
}

TEST(OccupancyExamples, SharedMemoryLimitsAndOptIn) {
  KernelAttributes K;
  K.Registers = 32;
  K.StaticSmem = 16 * 1024;
  // 40 KiB dynamic: 56 KiB exceed the 48 KiB default; the launch needs the opt-in attribute.
  LaunchCheck C = checkLaunchResources(arch(90), K, 256, 40 * 1024);
  EXPECT_FALSE(C.Fits);
  EXPECT_EQ(C.Reason, Limiter::SharedMemory);
  EXPECT_NE(C.Message.find("40960 B of dynamic shared memory exceed the kernel's maximum of "
                           "32768 B"),
            std::string::npos)
      << C.Message;
  llvm::Expected<OccupancyResult> R = computeOccupancy(arch(90), K, 256, 40 * 1024);
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->ActiveBlocks, 0u);
  EXPECT_EQ(R->Primary, Limiter::SharedMemory);

  K.MaxDynamicSmem = 227 * 1024 - K.StaticSmem;
  EXPECT_TRUE(checkLaunchResources(arch(90), K, 256, 40 * 1024).Fits);
  R = computeOccupancy(arch(90), K, 256, 40 * 1024);
  ASSERT_TRUE(bool(R));
  // 16 KiB + 40 KiB + 1 KiB reserved = 57 KiB per block; 228 KiB / 57 KiB = 4.
  EXPECT_EQ(R->AllocatedSmemPerBlock, 57u * 1024);
  EXPECT_EQ(R->ActiveBlocks, 4u);
  // 227 KiB in all fits exactly; one byte more does not.
  EXPECT_TRUE(checkLaunchResources(arch(90), K, 256, 211 * 1024).Fits);
  LaunchCheck Over = checkLaunchResources(arch(90), K, 256, 211 * 1024 + 1);
  EXPECT_FALSE(Over.Fits);
  EXPECT_NE(Over.Message.find("exceed the kernel's maximum"), std::string::npos) << Over.Message;
  K.StaticSmem = 50 * 1024;
  K.MaxDynamicSmem = 0;
  LaunchCheck Static = checkLaunchResources(arch(90), K, 256, 0);
  EXPECT_TRUE(Static.Fits) << Static.Message;
}

TEST(OccupancyExamples, CarveoutPreference) {
  // sm_90, 1 B of static shared memory: 1 KiB reserved + 1 B -> 1152 B per block.
  OccupancyOptions Options;
  OccupancyResult Default = occupancy(90, 16, 64, 1, 0, Options);
  EXPECT_EQ(Default.SmemPerSM, 228u * 1024);
  EXPECT_EQ(Default.ActiveBlocks, 32u);
  Options.CarveoutPercent = 0; // maximum L1: the SM keeps the smallest size holding one block.
  OccupancyResult MaxL1 = occupancy(90, 16, 64, 1, 0, Options);
  EXPECT_EQ(MaxL1.SmemPerSM, 8u * 1024);
  EXPECT_EQ(MaxL1.ActiveBlocks, 7u);
  EXPECT_EQ(MaxL1.Primary, Limiter::SharedMemory);
  Options.CarveoutPercent = 50; // 114 KiB rounds up to 132 KiB.
  EXPECT_EQ(occupancy(90, 16, 64, 1, 0, Options).SmemPerSM, 132u * 1024);
  Options.CarveoutPercent = 101;
  KernelAttributes K;
  llvm::Expected<OccupancyResult> Bad = computeOccupancy(arch(90), K, 64, 0, Options);
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "carveout 101 is not -1 (default) or a percentage 0..100");
  // Turing's smallest carveout is 32 KiB.
  Options.CarveoutPercent = 0;
  EXPECT_EQ(occupancy(75, 16, 64, 0, 0, Options).SmemPerSM, 32u * 1024);
}

TEST(OccupancyExamples, HopperBarriersLimitBlocks) {
  KernelAttributes K;
  K.Registers = 16;
  K.Barriers = 16;
  llvm::Expected<OccupancyResult> R = computeOccupancy(arch(90), K, 64, 0);
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->BlockLimitBarriers, 4u); // 32 blocks x 2 barrier sets / 16.
  EXPECT_EQ(R->ActiveBlocks, 4u);
  EXPECT_EQ(R->Primary, Limiter::Barriers);
  // Before Hopper the calculator does not count barriers.
  R = computeOccupancy(arch(80), K, 64, 0);
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->ActiveBlocks, 32u);
}

TEST(OccupancyExamples, BestBlockSize) {
  KernelAttributes K;
  K.Registers = 37;
  llvm::Expected<BlockSizeChoice> B = bestBlockSize(arch(70), K, 0);
  ASSERT_TRUE(bool(B));
  // 48 warps at most; 768 threads (24 warps) x 2 is the largest block that reaches them.
  EXPECT_EQ(B->BlockSize, 768u);
  EXPECT_EQ(B->BlocksPerSM, 2u);
  EXPECT_DOUBLE_EQ(B->Result.Occupancy, 0.75);
  K.MaxThreadsPerBlock = 200;
  B = bestBlockSize(arch(70), K, 0);
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->BlockSize, 192u);
  K.Registers = 255;
  K.MaxThreadsPerBlock = 0;
  B = bestBlockSize(arch(90), K, 0);
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->BlockSize, 256u);
  EXPECT_DOUBLE_EQ(B->Result.Occupancy, 0.125);
}

TEST(OccupancyExamples, LimiterNamesAndPrecedence) {
  EXPECT_EQ(limiterName(Limiter::Warps), "warps");
  EXPECT_EQ(limiterName(Limiter::Registers), "registers");
  EXPECT_EQ(limiterName(Limiter::SharedMemory), "shared_memory");
  EXPECT_EQ(limiterName(Limiter::Blocks), "blocks");
  // 32 registers, 1024 threads on sm_90: warps and registers both allow 2 blocks (full
  // occupancy); warps is reported.
  OccupancyResult Full = occupancy(90, 32, 1024);
  EXPECT_EQ(Full.LimitingFactors, unsigned(Limiter::Warps) | unsigned(Limiter::Registers));
  EXPECT_EQ(Full.Primary, Limiter::Warps);
  // 32 threads: the 32-block slot limit caps a 64-warp SM at 50%.
  OccupancyResult Small = occupancy(90, 16, 32);
  EXPECT_EQ(Small.Primary, Limiter::Blocks);
  EXPECT_DOUBLE_EQ(Small.Occupancy, 0.5);
}

} // namespace
