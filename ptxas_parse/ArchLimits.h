//===- ArchLimits.h - Per-compute-capability SM resource limits -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The per-SM and per-block limits of every compute capability from 5.0 to 12.1 that the occupancy
// model needs. Values follow the CUDA C++ Programming Guide's "Technical Specifications per Compute
// Capability" table and the arithmetic constants of the toolkit's cuda_occupancy.h; see
// docs/occupancy.md for sources.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_ARCHLIMITS_H
#define CUDALINT_PTXAS_PARSE_ARCHLIMITS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace cudalint {

struct ArchLimits {
  unsigned Major;
  unsigned Minor;
  const char *Family;
  unsigned WarpSize;
  unsigned MaxThreadsPerBlock;
  unsigned MaxThreadsPerSM;
  unsigned MaxBlocksPerSM;
  unsigned RegistersPerSM;
  unsigned RegistersPerBlock;
  /// The largest register count ptxas gives a thread.
  unsigned MaxRegistersPerThread;
  /// The largest per-thread count the launch check accepts (256 from Volta on).
  unsigned RegisterCheckLimitPerThread;
  /// Registers are given to warps in units of this many registers.
  unsigned RegisterAllocUnit;
  /// Register-file sub-partitions (warp schedulers) per SM.
  unsigned SubPartitions;
  /// Shared memory per SM at the largest carveout, in bytes.
  unsigned SmemPerSM;
  /// Default per-block shared-memory limit (48 KiB), in bytes.
  unsigned SmemPerBlock;
  /// Per-block limit after cudaFuncSetAttribute(MaxDynamicSharedMemorySize) opt-in.
  unsigned SmemPerBlockOptIn;
  /// Shared memory the driver reserves per block (1 KiB from Ampere on).
  unsigned ReservedSmemPerBlock;
  unsigned SmemAllocUnit;
  /// The shared-memory sizes (KiB) the L1/shared carveout can select; empty where the split is
  /// fixed (Maxwell, Pascal).
  llvm::ArrayRef<unsigned> CarveoutKiB;
  /// Partitioned global caching is available (GM20x, GP10x).
  bool PartitionedGlobalCaching;
  /// Block barriers per SM = MaxBlocksPerSM * this (used from Hopper on).
  unsigned BarriersPerBlockSlot;
  /// Virtual resources per SM (Blackwell on); 0 where the limit does not exist.
  unsigned VirtualResourcesPerSM;

  unsigned smVersion() const { return Major * 10 + Minor; }
  unsigned maxWarpsPerSM() const { return MaxThreadsPerSM / WarpSize; }
  /// "sm_90".
  std::string name() const;
};

/// Every compute capability the model knows, ascending.
llvm::ArrayRef<ArchLimits> allArchLimits();

/// The limits of a compute capability given as 10*major+minor (90 for sm_90), or null.
const ArchLimits *lookupArch(unsigned SmVersion);

/// Parses "sm_90", "sm_90a", "sm_100f", "compute_86", "90", "9.0" into 10*major+minor.
llvm::Expected<unsigned> parseArchName(llvm::StringRef Name);

/// Like lookupArch(parseArchName(Name)) with an error that lists the known archs.
llvm::Expected<const ArchLimits &> lookupArchByName(llvm::StringRef Name);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_ARCHLIMITS_H
