//===- Occupancy.h - Theoretical occupancy of a kernel launch ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Active blocks and warps per SM for a kernel's registers and shared memory at a block size, the
// resource that limits them, the block size that maximises occupancy, and whether a launch fits an
// SM at all. The arithmetic reproduces the CUDA Occupancy Calculator (cuda_occupancy.h); the unit
// tests compare it with that header over every arch, and kernels/occupancy_check with the driver.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_OCCUPANCY_H
#define CUDALINT_PTXAS_PARSE_OCCUPANCY_H

#include "ptxas_parse/ArchLimits.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <climits>
#include <cstdint>
#include <optional>
#include <string>

namespace cudalint {

struct KernelResources;

/// Which per-block shared-memory limit applies (cudaOccFuncShmemConfig).
enum class SmemLimitConfig {
  /// The 48 KiB default limit only.
  Default,
  /// The opt-in limit when the kernel's maximum dynamic size asks for more than 48 KiB; this is
  /// what the runtime uses for a real kernel.
  OptIn,
};

/// Partitioned global caching request (GM20x/GP10x only; cudaOccPartitionedGCConfig).
enum class PartitionedGC { Off, On, OnStrict };

/// Legacy cache preference (cudaFuncCachePrefer*), used on Volta and later when no carveout is set.
enum class CachePreference { None, PreferShared, PreferL1, PreferEqual };

/// The resources of one kernel as the occupancy model sees them (cudaOccFuncAttributes).
struct KernelAttributes {
  unsigned Registers = 0;
  uint64_t StaticSmem = 0;
  /// Named block barriers (ptxas "used N barriers"); limits blocks from Hopper on.
  unsigned Barriers = 0;
  unsigned VirtualResources = 0;
  /// __launch_bounds__ maximum threads per block; 0 when the kernel has none.
  unsigned MaxThreadsPerBlock = 0;
  SmemLimitConfig SmemConfig = SmemLimitConfig::OptIn;
  /// cudaFuncAttributeMaxDynamicSharedMemorySize; unset means the runtime's default, the 48 KiB
  /// per-block limit less the static shared memory.
  std::optional<uint64_t> MaxDynamicSmem;
  PartitionedGC GlobalCaching = PartitionedGC::Off;

  /// The effective maximum dynamic shared memory on \p Arch.
  uint64_t maxDynamicSmem(const ArchLimits &Arch) const;
};

/// Device-wide settings that change the result (cudaOccDeviceState) and model variants.
struct OccupancyOptions {
  /// cudaFuncAttributePreferredSharedMemoryCarveout: -1 (driver default) or 0..100 percent.
  int CarveoutPercent = -1;
  CachePreference Cache = CachePreference::None;
  /// The Best Practices Guide's first approximation: registers per warp are not rounded to the
  /// allocation unit nor split over sub-partitions. Off for every real prediction.
  bool IgnoreRegisterGranularity = false;
};

enum class Limiter : unsigned {
  Warps = 1,
  Registers = 2,
  SharedMemory = 4,
  Blocks = 8,
  Barriers = 16,
  VirtualResources = 32,
};

/// "warps", "registers", "shared_memory", "blocks", "barriers", "virtual_resources".
llvm::StringRef limiterName(Limiter L);

constexpr unsigned NoLimit = INT_MAX;

struct OccupancyResult {
  unsigned ActiveBlocks = 0;
  unsigned ActiveWarps = 0;
  unsigned MaxWarps = 0;
  /// ActiveWarps / MaxWarps, 0..1.
  double Occupancy = 0;
  /// Every factor whose limit equals ActiveBlocks, as a mask of Limiter bits.
  unsigned LimitingFactors = 0;
  /// The one factor to report: warps, then blocks, registers, shared memory, barriers, virtual
  /// resources, in that order of precedence among ties.
  Limiter Primary = Limiter::Warps;
  unsigned BlockLimitWarps = 0;
  unsigned BlockLimitRegisters = 0;
  unsigned BlockLimitSmem = 0;
  unsigned BlockLimitBlocks = 0;
  unsigned BlockLimitBarriers = NoLimit;
  unsigned BlockLimitVirtual = NoLimit;
  unsigned WarpsPerBlock = 0;
  unsigned AllocatedRegistersPerBlock = 0;
  uint64_t AllocatedSmemPerBlock = 0;
  /// The per-block shared-memory limit that applied (reserved memory included from Ampere on).
  uint64_t SmemLimitPerBlock = 0;
  /// Shared memory per SM under the carveout that the launch gets.
  uint64_t SmemPerSM = 0;
  bool PartitionedGCUsed = false;
};

/// Active blocks per SM of a launch (cudaOccMaxActiveBlocksPerMultiprocessor). Fails only on
/// invalid input: block size 0, carveout outside -1..100.
llvm::Expected<OccupancyResult> computeOccupancy(const ArchLimits &Arch,
                                                 const KernelAttributes &Kernel, unsigned BlockSize,
                                                 uint64_t DynamicSmem,
                                                 const OccupancyOptions &Options = {});

struct BlockSizeChoice {
  /// 0 when no block size can run.
  unsigned BlockSize = 0;
  unsigned BlocksPerSM = 0;
  /// The result at BlockSize; when nothing runs, at the smallest block size tried.
  OccupancyResult Result;
};

/// The block size with the most active threads per SM, the largest among ties
/// (cudaOccMaxPotentialOccupancyBlockSize); honours Kernel.MaxThreadsPerBlock.
llvm::Expected<BlockSizeChoice> bestBlockSize(const ArchLimits &Arch,
                                              const KernelAttributes &Kernel, uint64_t DynamicSmem,
                                              const OccupancyOptions &Options = {});

/// Whether one block of a launch fits an SM at all; when it does not, the launch fails with
/// "too many resources requested for launch" (or "invalid configuration argument").
struct LaunchCheck {
  bool Fits = true;
  /// Registers, SharedMemory, Warps (block larger than the arch or __launch_bounds__ allows).
  Limiter Reason = Limiter::Warps;
  /// One sentence with the numbers, e.g. "96 registers x 1024 threads need 98304 registers per
  /// block (...) but sm_90 has 65536".
  std::string Message;
};

LaunchCheck checkLaunchResources(const ArchLimits &Arch, const KernelAttributes &Kernel,
                                 unsigned BlockSize, uint64_t DynamicSmem);

/// The per-thread register cap that ptxas derives from __launch_bounds__(MaxThreads, MinBlocks):
/// the most registers with which MinBlocks blocks of MaxThreads threads fit an SM's register file,
/// at most MaxRegistersPerThread.
unsigned registerCapForLaunchBounds(const ArchLimits &Arch, unsigned MaxThreads,
                                    unsigned MinBlocks);

/// Model input for a parsed ptxas record (registers, static shared memory, barriers).
KernelAttributes kernelAttributesFrom(const KernelResources &R);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_OCCUPANCY_H
