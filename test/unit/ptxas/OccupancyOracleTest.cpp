//===- OccupancyOracleTest.cpp - The model against cuda_occupancy.h -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The toolkit's occupancy calculator is the oracle for the arithmetic. Its cudaOccDeviceProp is
// filled from the model's own arch table, so a mismatch is an arithmetic difference; the table
// itself is checked against the header's per-arch constants and (ArchLimitsTest) the
// Programming Guide. Sweeps: every arch x registers 0..256 x block sizes 1..1025; then seeded
// random samples over static and dynamic shared memory, carveouts, cache preferences, opt-in
// limits, barriers, partitioned global caching and virtual resources; and the block size that
// maximises occupancy. Every field of cudaOccResult is compared.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/Occupancy.h"

#include "cuda_occupancy.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <sstream>

using namespace cudalint;

namespace {

cudaOccDeviceProp deviceProp(const ArchLimits &L) {
  cudaOccDeviceProp P;
  P.computeMajor = int(L.Major);
  P.computeMinor = int(L.Minor);
  P.maxThreadsPerBlock = int(L.MaxThreadsPerBlock);
  P.maxThreadsPerMultiprocessor = int(L.MaxThreadsPerSM);
  P.regsPerBlock = int(L.RegistersPerBlock);
  P.regsPerMultiprocessor = int(L.RegistersPerSM);
  P.warpSize = int(L.WarpSize);
  P.sharedMemPerBlock = L.SmemPerBlock;
  P.sharedMemPerMultiprocessor = L.SmemPerSM;
  P.numSms = 132;
  P.sharedMemPerBlockOptin = L.SmemPerBlockOptIn;
  P.reservedSharedMemPerBlock = L.ReservedSmemPerBlock;
  return P;
}

cudaOccFuncAttributes funcAttributes(const ArchLimits &L, const KernelAttributes &K) {
  cudaOccFuncAttributes A;
  A.maxThreadsPerBlock = K.MaxThreadsPerBlock ? int(K.MaxThreadsPerBlock) : INT_MAX;
  A.numRegs = int(K.Registers);
  A.sharedSizeBytes = K.StaticSmem;
  A.partitionedGCConfig = K.GlobalCaching == PartitionedGC::Off  ? PARTITIONED_GC_OFF
                          : K.GlobalCaching == PartitionedGC::On ? PARTITIONED_GC_ON
                                                                 : PARTITIONED_GC_ON_STRICT;
  A.shmemLimitConfig =
      K.SmemConfig == SmemLimitConfig::OptIn ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
  A.maxDynamicSharedSizeBytes = K.maxDynamicSmem(L);
  A.numBlockBarriers = int(K.Barriers);
  A.virtualResourceCount = int(K.VirtualResources);
  return A;
}

cudaOccDeviceState deviceState(const OccupancyOptions &O) {
  cudaOccDeviceState S;
  S.carveoutConfig = O.CarveoutPercent;
  switch (O.Cache) {
  case CachePreference::None:
    S.cacheConfig = CACHE_PREFER_NONE;
    break;
  case CachePreference::PreferShared:
    S.cacheConfig = CACHE_PREFER_SHARED;
    break;
  case CachePreference::PreferL1:
    S.cacheConfig = CACHE_PREFER_L1;
    break;
  case CachePreference::PreferEqual:
    S.cacheConfig = CACHE_PREFER_EQUAL;
    break;
  }
  return S;
}

std::string describe(const ArchLimits &L, const KernelAttributes &K, unsigned Block,
                     uint64_t Dynamic, const OccupancyOptions &O) {
  std::ostringstream S;
  S << L.name() << " regs=" << K.Registers << " static=" << K.StaticSmem << " block=" << Block
    << " dynamic=" << Dynamic << " carveout=" << O.CarveoutPercent << " cache=" << int(O.Cache)
    << " optin=" << (K.SmemConfig == SmemLimitConfig::OptIn) << " maxdyn=" << K.maxDynamicSmem(L)
    << " barriers=" << K.Barriers << " gc=" << int(K.GlobalCaching)
    << " virtual=" << K.VirtualResources;
  return S.str();
}

/// Compares one configuration; returns an empty string when model and oracle agree.
std::string compareOne(const ArchLimits &L, const KernelAttributes &K, unsigned Block,
                       uint64_t Dynamic, const OccupancyOptions &O) {
  cudaOccDeviceProp P = deviceProp(L);
  cudaOccFuncAttributes A = funcAttributes(L, K);
  cudaOccDeviceState S = deviceState(O);
  cudaOccResult Oracle;
  cudaOccError Status =
      cudaOccMaxActiveBlocksPerMultiprocessor(&Oracle, &P, &A, &S, int(Block), Dynamic);
  llvm::Expected<OccupancyResult> Model = computeOccupancy(L, K, Block, Dynamic, O);
  if (Status != CUDA_OCC_SUCCESS || !Model) {
    bool ModelFailed = !Model;
    if (!Model)
      llvm::consumeError(Model.takeError());
    if ((Status != CUDA_OCC_SUCCESS) == ModelFailed)
      return "";
    return describe(L, K, Block, Dynamic, O) + ": oracle status " + std::to_string(Status) +
           ", model " + (ModelFailed ? "failed" : "succeeded");
  }
  std::ostringstream Diff;
  auto Check = [&](const char *Field, long long Want, long long Got) {
    if (Want != Got)
      Diff << " " << Field << " oracle=" << Want << " model=" << Got;
  };
  Check("activeBlocks", Oracle.activeBlocksPerMultiprocessor, Model->ActiveBlocks);
  Check("limitingFactors", Oracle.limitingFactors, Model->LimitingFactors);
  Check("blockLimitRegs", Oracle.blockLimitRegs, Model->BlockLimitRegisters);
  Check("blockLimitSharedMem", Oracle.blockLimitSharedMem, Model->BlockLimitSmem);
  Check("blockLimitWarps", Oracle.blockLimitWarps, Model->BlockLimitWarps);
  Check("blockLimitBlocks", Oracle.blockLimitBlocks, Model->BlockLimitBlocks);
  Check("blockLimitBarriers", Oracle.blockLimitBarriers, Model->BlockLimitBarriers);
  Check("blockLimitVirtual", Oracle.blockLimitVirtual, Model->BlockLimitVirtual);
  Check("allocatedRegistersPerBlock", Oracle.allocatedRegistersPerBlock,
        Model->AllocatedRegistersPerBlock);
  Check("allocatedSharedMemPerBlock", (long long)Oracle.allocatedSharedMemPerBlock,
        (long long)Model->AllocatedSmemPerBlock);
  Check("partitionedGC", Oracle.partitionedGCConfig != PARTITIONED_GC_OFF,
        Model->PartitionedGCUsed);
  if (Diff.str().empty())
    return "";
  return describe(L, K, Block, Dynamic, O) + ":" + Diff.str();
}

struct Tally {
  unsigned long long Compared = 0;
  unsigned long long Mismatches = 0;
  std::vector<std::string> Examples;
  void add(std::string Difference) {
    ++Compared;
    if (Difference.empty())
      return;
    ++Mismatches;
    if (Examples.size() < 10)
      Examples.push_back(std::move(Difference));
  }
  void expectNone() const {
    EXPECT_EQ(Mismatches, 0u) << "of " << Compared << " configurations";
    for (const std::string &E : Examples)
      ADD_FAILURE() << E;
  }
};

/// A kernel as the runtime describes a real one (cudaOccFuncAttributes(cudaFuncAttributes)).
KernelAttributes runtimeKernel(unsigned Registers) {
  KernelAttributes K;
  K.Registers = Registers;
  K.Barriers = 1;
  K.SmemConfig = SmemLimitConfig::OptIn;
  return K;
}

TEST(OccupancyOracle, TableMatchesTheCalculatorConstants) {
  for (const ArchLimits &L : allArchLimits()) {
    SCOPED_TRACE(L.name());
    cudaOccDeviceProp P = deviceProp(L);
    int Value = 0;
    ASSERT_EQ(cudaOccMaxBlocksPerMultiprocessor(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.MaxBlocksPerSM);
    ASSERT_EQ(cudaOccSMemAllocationGranularity(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.SmemAllocUnit);
    ASSERT_EQ(cudaOccRegAllocationGranularity(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.RegisterAllocUnit);
    ASSERT_EQ(cudaOccRegAllocationMaxPerThread(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.RegisterCheckLimitPerThread);
    ASSERT_EQ(cudaOccSubPartitionsPerMultiprocessor(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.SubPartitions);
    ASSERT_EQ(cudaOccMaxVirtualResourceCountPerSM(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.VirtualResourcesPerSM);
    cudaOccPartitionedGCSupport GC;
    cudaOccPartitionedGlobalCachingModeSupport(&GC, &P);
    EXPECT_EQ(GC == PARTITIONED_GC_SUPPORTED, L.PartitionedGlobalCaching);
    cudaOccFuncAttributes OneBarrier;
    OneBarrier.numBlockBarriers = 1;
    ASSERT_EQ(cudaOccMaxBlocksPerSMBlockBarrierLimit(&Value, 1, &P, &OneBarrier), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), L.BarriersPerBlockSlot);
    // The carveout steps: every size rounds up to the next listed one.
    if (L.Major >= 7) {
      ASSERT_FALSE(L.CarveoutKiB.empty());
      for (size_t Bytes = 0; Bytes <= L.SmemPerSM + 1; Bytes += 64) {
        size_t Size = Bytes;
        cudaOccError Status = cudaOccAlignUpShmemSizeVoltaPlus(&Size, &P);
        const unsigned *Next = std::find_if(L.CarveoutKiB.begin(), L.CarveoutKiB.end(),
                                            [&](unsigned K) { return Bytes <= K * 1024; });
        if (Next == L.CarveoutKiB.end()) {
          EXPECT_NE(Status, CUDA_OCC_SUCCESS) << Bytes;
        } else {
          EXPECT_EQ(Status, CUDA_OCC_SUCCESS) << Bytes;
          EXPECT_EQ(Size, *Next * 1024u) << Bytes;
        }
      }
      EXPECT_EQ(L.CarveoutKiB.back() * 1024, L.SmemPerSM);
    } else {
      EXPECT_TRUE(L.CarveoutKiB.empty());
    }
  }
}

TEST(OccupancyOracle, EveryRegisterCountAndBlockSize) {
  Tally T;
  for (const ArchLimits &L : allArchLimits())
    for (unsigned Regs = 0; Regs <= 256; ++Regs) {
      KernelAttributes K = runtimeKernel(Regs);
      for (unsigned Block = 1; Block <= 1025; ++Block)
        T.add(compareOne(L, K, Block, 0, {}));
    }
  EXPECT_EQ(T.Compared, allArchLimits().size() * 257ull * 1025);
  T.expectNone();
}

TEST(OccupancyOracle, EveryBlockSizeWithSharedMemoryAndCarveouts) {
  // Full block range for a few register counts, crossed with shared memory and carveouts.
  const uint64_t Statics[] = {0, 1, 4096, 5000, 12289, 40000};
  const uint64_t Dynamics[] = {0, 129, 8192, 20000, 49152};
  const int Carveouts[] = {-1, 0, 25, 50, 100};
  Tally T;
  for (const ArchLimits &L : allArchLimits())
    for (unsigned Regs : {24u, 37u, 64u})
      for (uint64_t Static : Statics)
        for (uint64_t Dynamic : Dynamics)
          for (int Carveout : Carveouts) {
            KernelAttributes K = runtimeKernel(Regs);
            K.StaticSmem = Static;
            OccupancyOptions O;
            O.CarveoutPercent = Carveout;
            for (unsigned Block = 1; Block <= 1024; ++Block)
              T.add(compareOne(L, K, Block, Dynamic, O));
          }
  T.expectNone();
}

uint64_t pick(std::mt19937_64 &Rng, std::initializer_list<uint64_t> Edges, uint64_t Max) {
  // Half the time an edge value, otherwise uniform in 0..Max.
  if (Rng() % 2) {
    auto It = Edges.begin();
    std::advance(It, Rng() % Edges.size());
    return *It;
  }
  return Rng() % (Max + 1);
}

TEST(OccupancyOracle, RandomConfigurations) {
  std::mt19937_64 Rng(20251122);
  Tally T;
  for (const ArchLimits &L : allArchLimits()) {
    const uint64_t KiB = 1024, OptIn = L.SmemPerBlockOptIn, PerSM = L.SmemPerSM;
    for (unsigned I = 0; I < 250000; ++I) {
      KernelAttributes K;
      K.Registers = unsigned(pick(Rng, {0, 1, 8, 32, 33, 37, 40, 48, 64, 128, 168, 255, 256}, 256));
      K.StaticSmem = pick(Rng,
                          {0, 1, 127, 128, 129, 5000, 16 * KiB, 48 * KiB - 1, 48 * KiB,
                           48 * KiB + 1, 64 * KiB, OptIn - 1, OptIn, OptIn + 1, PerSM},
                          PerSM + KiB);
      uint64_t RestOfOptIn = K.StaticSmem < OptIn ? OptIn - K.StaticSmem : 0;
      uint64_t Dynamic = pick(Rng,
                              {0, 1, 255, 256, 5000, 32 * KiB, 48 * KiB - 1, 48 * KiB, 48 * KiB + 1,
                               96 * KiB, RestOfOptIn, OptIn, OptIn + 1, PerSM},
                              PerSM + KiB);
      switch (Rng() % 4) {
      case 0:
        K.SmemConfig = SmemLimitConfig::Default;
        break;
      case 1:
        K.SmemConfig = SmemLimitConfig::OptIn; // runtime default maximum
        break;
      case 2:
        K.SmemConfig = SmemLimitConfig::OptIn;
        K.MaxDynamicSmem = K.StaticSmem >= OptIn ? 0 : OptIn - K.StaticSmem;
        break;
      default:
        K.SmemConfig = SmemLimitConfig::OptIn;
        K.MaxDynamicSmem = pick(Rng, {0, 1, 48 * KiB, OptIn}, PerSM);
        break;
      }
      K.Barriers = unsigned(pick(Rng, {0, 1, 2, 3, 4, 16}, 32));
      K.VirtualResources = unsigned(pick(Rng, {0, 1, 3, 128}, 200));
      K.GlobalCaching = PartitionedGC(Rng() % 3);
      OccupancyOptions O;
      O.CarveoutPercent = int(pick(Rng, {0, 1, 9, 10, 33, 50, 66, 67, 99, 100}, 101)) - 1;
      O.Cache = CachePreference(Rng() % 4);
      unsigned Block =
          unsigned(pick(Rng, {1, 31, 32, 33, 64, 96, 128, 768, 1023, 1024, 1025}, 1100));
      if (Block == 0)
        Block = 1;
      T.add(compareOne(L, K, Block, Dynamic, O));
    }
  }
  T.expectNone();
}

TEST(OccupancyOracle, BestBlockSize) {
  std::mt19937_64 Rng(7);
  Tally T;
  for (const ArchLimits &L : allArchLimits())
    for (unsigned I = 0; I < 3000; ++I) {
      KernelAttributes K = runtimeKernel(unsigned(Rng() % 256));
      K.StaticSmem = Rng() % 3 ? Rng() % (24 * 1024) : 0;
      K.MaxThreadsPerBlock = Rng() % 3 ? 0 : unsigned(1 + Rng() % 1024);
      uint64_t Dynamic = Rng() % 2 ? Rng() % (20 * 1024) : 0;
      OccupancyOptions O;
      O.CarveoutPercent = int(Rng() % 102) - 1;
      cudaOccDeviceProp P = deviceProp(L);
      cudaOccFuncAttributes A = funcAttributes(L, K);
      cudaOccDeviceState S = deviceState(O);
      int MinGrid = 0, Block = 0;
      cudaOccError Status =
          cudaOccMaxPotentialOccupancyBlockSize(&MinGrid, &Block, &P, &A, &S, Dynamic);
      llvm::Expected<BlockSizeChoice> Model = bestBlockSize(L, K, Dynamic, O);
      ASSERT_EQ(Status, CUDA_OCC_SUCCESS);
      ASSERT_TRUE(bool(Model)) << llvm::toString(Model.takeError());
      std::string Diff;
      if (unsigned(Block) != Model->BlockSize ||
          unsigned(MinGrid) != Model->BlocksPerSM * unsigned(P.numSms))
        Diff = describe(L, K, 0, Dynamic, O) + ": oracle block " + std::to_string(Block) +
               " grid " + std::to_string(MinGrid) + ", model block " +
               std::to_string(Model->BlockSize) + " blocks/SM " +
               std::to_string(Model->BlocksPerSM);
      T.add(Diff);
    }
  T.expectNone();
}

} // namespace
