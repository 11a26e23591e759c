//===- Occupancy.cpp - Theoretical occupancy of a kernel launch -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each resource (warp slots, registers, shared memory, block slots, barriers, virtual resources)
// bounds the blocks an SM can hold; the smallest bound wins. The rounding rules are those of
// cuda_occupancy.h: registers are given per warp in 256-register units and per sub-partition,
// shared memory in 128/256-byte units plus the driver's per-block reservation, and on Volta and
// later the SM's shared memory is the carveout rounded up to a size the hardware supports.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/Occupancy.h"

#include "ptxas_parse/PtxasReport.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

namespace cudalint {
namespace {

constexpr uint64_t KiB = 1024;

unsigned divideRoundUp(unsigned X, unsigned Y) { return X / Y + (X % Y != 0); }
uint64_t roundUp(uint64_t X, uint64_t Y) { return (X / Y + (X % Y != 0)) * Y; }

/// Inputs are saturated here, so that no sum or product below can wrap: no GPU has 1 TiB of shared
/// memory per block nor 65,536 registers per thread, so a saturated kernel still does not fit.
constexpr uint64_t SaturatedBytes = uint64_t(1) << 40;
constexpr unsigned SaturatedRegisters = 1u << 16;

KernelAttributes saturate(const KernelAttributes &K) {
  KernelAttributes S = K;
  S.Registers = std::min(S.Registers, SaturatedRegisters);
  S.StaticSmem = std::min(S.StaticSmem, SaturatedBytes);
  if (S.MaxDynamicSmem)
    S.MaxDynamicSmem = std::min(*S.MaxDynamicSmem, SaturatedBytes);
  S.Barriers = std::min(S.Barriers, SaturatedRegisters);
  return S;
}

llvm::Error invalidInput(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// Rounds a shared-memory size up to the next carveout the SM supports (Volta and later).
llvm::Expected<uint64_t> alignUpToCarveout(const ArchLimits &Arch, uint64_t Bytes) {
  for (unsigned Size : Arch.CarveoutKiB)
    if (Bytes <= Size * KiB)
      return Size * KiB;
  return invalidInput(llvm::formatv("{0} bytes of shared memory exceed the largest carveout of {1}",
                                    Bytes, Arch.name()));
}

/// Shared memory per SM that the carveout / cache preference asks for.
llvm::Expected<uint64_t> preferredSmemPerSM(const ArchLimits &Arch,
                                            const OccupancyOptions &Options) {
  if (Arch.Major < 7)
    return Arch.SmemPerSM; // Maxwell and Pascal: dedicated shared memory.
  int Preference = Options.CarveoutPercent;
  if (Preference == -1) {
    switch (Options.Cache) {
    case CachePreference::PreferL1:
      Preference = 0;
      break;
    case CachePreference::PreferShared:
      Preference = 100;
      break;
    case CachePreference::PreferEqual:
      Preference = 50;
      break;
    case CachePreference::None:
      break;
    }
  }
  uint64_t Bytes = Preference == -1 ? Arch.SmemPerSM : uint64_t(Preference) * Arch.SmemPerSM / 100;
  return alignUpToCarveout(Arch, Bytes);
}

/// The per-block shared-memory limit, reservation included from Ampere on.
uint64_t smemLimitPerBlock(const ArchLimits &Arch, SmemLimitConfig Config, uint64_t MaxUsage) {
  uint64_t Limit = Arch.SmemPerBlock;
  if (Arch.Major >= 7 && Config == SmemLimitConfig::OptIn && MaxUsage > Arch.SmemPerBlock)
    Limit = Arch.SmemPerBlockOptIn;
  if (Arch.Major >= 8)
    Limit += Arch.ReservedSmemPerBlock;
  return Limit;
}

struct RegisterLimit {
  unsigned Blocks = 0;
  unsigned AllocatedPerWarp = 0;
  unsigned AllocatedPerBlock = 0;
  /// Registers the hardware check assumes: the warps rounded up to the sub-partitions.
  unsigned AssumedPerBlock = 0;
};

RegisterLimit registerLimit(const ArchLimits &Arch, unsigned SubPartitions,
                            const KernelAttributes &Kernel, unsigned BlockSize, bool Ideal,
                            PartitionedGC &GC) {
  RegisterLimit R;
  unsigned Warps = divideRoundUp(BlockSize, Arch.WarpSize);
  unsigned PerWarp = Kernel.Registers * Arch.WarpSize;
  R.AllocatedPerWarp = Ideal ? PerWarp : roundUp(PerWarp, Arch.RegisterAllocUnit);
  R.AllocatedPerBlock = R.AllocatedPerWarp * Warps;
  R.AssumedPerBlock =
      Ideal ? R.AllocatedPerBlock : R.AllocatedPerWarp * unsigned(roundUp(Warps, SubPartitions));
  if (Arch.RegistersPerBlock < R.AssumedPerBlock || Arch.RegistersPerBlock < R.AllocatedPerBlock ||
      Kernel.Registers > Arch.RegisterCheckLimitPerThread)
    return R; // Blocks = 0: one block does not fit.
  if (R.AllocatedPerWarp == 0) {
    R.Blocks = NoLimit;
    return R;
  }
  if (Ideal) {
    R.Blocks = Arch.RegistersPerSM / R.AllocatedPerWarp / Warps;
    return R;
  }
  // Registers live in per-sub-partition files; a warp's registers come from one of them.
  unsigned WarpsPerSubPartition = Arch.RegistersPerSM / SubPartitions / R.AllocatedPerWarp;
  if (GC != PartitionedGC::Off) {
    // With partitioned global caching a block is confined to half the SM.
    unsigned WarpsPerHalf = WarpsPerSubPartition * (SubPartitions / 2);
    R.Blocks = WarpsPerHalf / Warps * 2;
  }
  if (R.Blocks == 0 && GC != PartitionedGC::OnStrict) {
    GC = PartitionedGC::Off; // The driver turns caching off when a block cannot fit with it.
    R.Blocks = WarpsPerSubPartition * SubPartitions / Warps;
  }
  return R;
}

unsigned warpLimit(const ArchLimits &Arch, unsigned BlockSize, PartitionedGC GC) {
  if (BlockSize > Arch.MaxThreadsPerBlock)
    return 0;
  unsigned Warps = divideRoundUp(BlockSize, Arch.WarpSize);
  if (GC != PartitionedGC::Off)
    return Arch.maxWarpsPerSM() / 2 / Warps * 2;
  return Arch.maxWarpsPerSM() / Warps;
}

struct SmemLimit {
  unsigned Blocks = 0;
  uint64_t Allocated = 0;
  uint64_t LimitPerBlock = 0;
  uint64_t PerSM = 0;
};

llvm::Expected<SmemLimit> smemLimit(const ArchLimits &Arch, const KernelAttributes &Kernel,
                                    uint64_t DynamicSmem, const OccupancyOptions &Options) {
  SmemLimit S;
  llvm::Expected<uint64_t> Preferred = preferredSmemPerSM(Arch, Options);
  if (!Preferred)
    return Preferred.takeError();
  uint64_t Static = Kernel.StaticSmem + Arch.ReservedSmemPerBlock;
  S.Allocated = roundUp(Static + DynamicSmem, Arch.SmemAllocUnit);
  uint64_t MaxDynamic = Kernel.maxDynamicSmem(Arch);
  S.LimitPerBlock = smemLimitPerBlock(Arch, Kernel.SmemConfig, Static + MaxDynamic);
  bool DynamicExceeded = Kernel.SmemConfig != SmemLimitConfig::Default && DynamicSmem > MaxDynamic;
  if (DynamicExceeded || S.Allocated > S.LimitPerBlock)
    return S;
  // The preference holds as long as one block fits in it; otherwise the SM takes the smallest
  // carveout that holds one block (Volta on) or all of its shared memory (before).
  if (*Preferred >= S.Allocated) {
    S.PerSM = *Preferred;
  } else if (Arch.Major >= 7) {
    llvm::Expected<uint64_t> Aligned = alignUpToCarveout(Arch, S.Allocated);
    if (!Aligned)
      return Aligned.takeError();
    S.PerSM = *Aligned;
  } else {
    S.PerSM = Arch.SmemPerSM;
  }
  S.Blocks =
      S.Allocated > 0 ? unsigned(std::min<uint64_t>(S.PerSM / S.Allocated, NoLimit)) : NoLimit;
  return S;
}

Limiter primaryLimiter(unsigned Factors) {
  for (Limiter L : {Limiter::Warps, Limiter::Blocks, Limiter::Registers, Limiter::SharedMemory,
                    Limiter::Barriers, Limiter::VirtualResources})
    if (Factors & unsigned(L))
      return L;
  return Limiter::Warps;
}

} // namespace

uint64_t KernelAttributes::maxDynamicSmem(const ArchLimits &Arch) const {
  if (MaxDynamicSmem)
    return *MaxDynamicSmem;
  return StaticSmem >= Arch.SmemPerBlock ? 0 : Arch.SmemPerBlock - StaticSmem;
}

llvm::StringRef limiterName(Limiter L) {
  switch (L) {
  case Limiter::Warps:
    return "warps";
  case Limiter::Registers:
    return "registers";
  case Limiter::SharedMemory:
    return "shared_memory";
  case Limiter::Blocks:
    return "blocks";
  case Limiter::Barriers:
    return "barriers";
  case Limiter::VirtualResources:
    return "virtual_resources";
  }
  return "warps";
}

llvm::Expected<OccupancyResult> computeOccupancy(const ArchLimits &Arch,
                                                 const KernelAttributes &Unsaturated,
                                                 unsigned BlockSize, uint64_t DynamicSmem,
                                                 const OccupancyOptions &Options) {
  const KernelAttributes Kernel = saturate(Unsaturated);
  DynamicSmem = std::min(DynamicSmem, SaturatedBytes);
  if (BlockSize == 0)
    return invalidInput("block size must be at least 1");
  if (Options.CarveoutPercent < -1 || Options.CarveoutPercent > 100)
    return invalidInput(llvm::formatv("carveout {0} is not -1 (default) or a percentage 0..100",
                                      Options.CarveoutPercent));
  OccupancyResult R;
  PartitionedGC GC = Arch.PartitionedGlobalCaching ? Kernel.GlobalCaching : PartitionedGC::Off;

  RegisterLimit Regs = registerLimit(Arch, Arch.SubPartitions, Kernel, BlockSize,
                                     Options.IgnoreRegisterGranularity, GC);
  // GP100 has two sub-partitions, GP10x four; a block that cannot run on GP10x is not allowed to
  // run on any Pascal part, so 6.0 is also checked with four.
  if (Arch.Major == 6 && Arch.Minor == 0 && Regs.Blocks != 0) {
    PartitionedGC GP10xGC = GC;
    if (registerLimit(Arch, 4, Kernel, BlockSize, Options.IgnoreRegisterGranularity, GP10xGC)
            .Blocks == 0)
      Regs.Blocks = 0;
  }
  R.BlockLimitRegisters = Regs.Blocks;
  R.AllocatedRegistersPerBlock = Regs.AllocatedPerBlock;
  R.BlockLimitWarps = warpLimit(Arch, BlockSize, GC);
  R.BlockLimitBlocks = Arch.MaxBlocksPerSM;

  llvm::Expected<SmemLimit> Smem = smemLimit(Arch, Kernel, DynamicSmem, Options);
  if (!Smem)
    return Smem.takeError();
  R.BlockLimitSmem = Smem->Blocks;
  R.AllocatedSmemPerBlock = Smem->Allocated;
  R.SmemLimitPerBlock = Smem->LimitPerBlock;
  R.SmemPerSM = Smem->PerSM;

  if (Arch.VirtualResourcesPerSM > 0 && Kernel.VirtualResources > 0)
    R.BlockLimitVirtual = Arch.VirtualResourcesPerSM / Kernel.VirtualResources;

  unsigned Blocks = std::min({R.BlockLimitRegisters, R.BlockLimitSmem, R.BlockLimitWarps,
                              R.BlockLimitBlocks, R.BlockLimitVirtual});
  auto Mark = [&](unsigned Limit, Limiter L) {
    if (Limit == Blocks)
      R.LimitingFactors |= unsigned(L);
  };
  Mark(R.BlockLimitWarps, Limiter::Warps);
  Mark(R.BlockLimitRegisters, Limiter::Registers);
  Mark(R.BlockLimitSmem, Limiter::SharedMemory);
  Mark(R.BlockLimitBlocks, Limiter::Blocks);
  Mark(R.BlockLimitVirtual, Limiter::VirtualResources);
  // From Hopper on, block barriers are a per-SM resource too.
  if (Arch.Major >= 9 && Kernel.Barriers > 0) {
    R.BlockLimitBarriers = Arch.MaxBlocksPerSM * Arch.BarriersPerBlockSlot / Kernel.Barriers;
    Blocks = std::min(Blocks, R.BlockLimitBarriers);
    Mark(R.BlockLimitBarriers, Limiter::Barriers);
  }

  R.ActiveBlocks = Blocks;
  R.WarpsPerBlock = divideRoundUp(BlockSize, Arch.WarpSize);
  R.MaxWarps = Arch.maxWarpsPerSM();
  R.ActiveWarps = Blocks * R.WarpsPerBlock;
  R.Occupancy = double(R.ActiveWarps) / double(R.MaxWarps);
  // LimitingFactors follows the calculator, which marks factors before the barrier limit is
  // applied; the reported limiter is one whose bound is the final count.
  unsigned Final = 0;
  for (auto [Limit, L] : {std::pair{R.BlockLimitWarps, Limiter::Warps},
                          {R.BlockLimitRegisters, Limiter::Registers},
                          {R.BlockLimitSmem, Limiter::SharedMemory},
                          {R.BlockLimitBlocks, Limiter::Blocks},
                          {R.BlockLimitBarriers, Limiter::Barriers},
                          {R.BlockLimitVirtual, Limiter::VirtualResources}})
    if (Limit == Blocks)
      Final |= unsigned(L);
  R.Primary = primaryLimiter(Final);
  R.PartitionedGCUsed = GC != PartitionedGC::Off;
  return R;
}

llvm::Expected<BlockSizeChoice> bestBlockSize(const ArchLimits &Arch,
                                              const KernelAttributes &Kernel, uint64_t DynamicSmem,
                                              const OccupancyOptions &Options) {
  unsigned Limit = Arch.MaxThreadsPerBlock;
  if (Kernel.MaxThreadsPerBlock)
    Limit = std::min(Limit, Kernel.MaxThreadsPerBlock);
  BlockSizeChoice Best;
  unsigned BestThreads = 0;
  OccupancyResult Smallest;
  // Largest first, so that ties keep the larger block (fewer blocks for the same occupancy).
  for (unsigned Aligned = unsigned(roundUp(Limit, Arch.WarpSize)); Aligned > 0;
       Aligned -= Arch.WarpSize) {
    unsigned Size = std::min(Limit, Aligned);
    llvm::Expected<OccupancyResult> R = computeOccupancy(Arch, Kernel, Size, DynamicSmem, Options);
    if (!R)
      return R.takeError();
    Smallest = *R;
    unsigned Threads = Size * R->ActiveBlocks;
    if (Threads > BestThreads) {
      BestThreads = Threads;
      Best.BlockSize = Size;
      Best.BlocksPerSM = R->ActiveBlocks;
      Best.Result = *R;
    }
    if (BestThreads == Arch.MaxThreadsPerSM)
      break;
  }
  // When nothing fits, the smallest block's result says why.
  if (Best.BlockSize == 0)
    Best.Result = Smallest;
  return Best;
}

LaunchCheck checkLaunchResources(const ArchLimits &Arch, const KernelAttributes &Kernel,
                                 unsigned BlockSize, uint64_t DynamicSmem) {
  LaunchCheck C;
  auto Fail = [&](Limiter Reason, std::string Message) {
    C.Fits = false;
    C.Reason = Reason;
    C.Message = std::move(Message);
    return C;
  };
  if (BlockSize == 0 || BlockSize > Arch.MaxThreadsPerBlock)
    return Fail(Limiter::Warps, llvm::formatv("a block of {0} threads is outside 1..{1} on {2}",
                                              BlockSize, Arch.MaxThreadsPerBlock, Arch.name()));
  if (Kernel.MaxThreadsPerBlock && BlockSize > Kernel.MaxThreadsPerBlock)
    return Fail(Limiter::Warps,
                llvm::formatv("a block of {0} threads exceeds the kernel's __launch_bounds__ "
                              "maximum of {1}",
                              BlockSize, Kernel.MaxThreadsPerBlock));
  // The driver checks shared memory before registers (its error differs: invalid value, not
  // too many resources).
  uint64_t MaxDynamic = Kernel.maxDynamicSmem(Arch);
  uint64_t Static = Kernel.StaticSmem + Arch.ReservedSmemPerBlock;
  uint64_t Allocated = roundUp(Static + DynamicSmem, Arch.SmemAllocUnit);
  uint64_t Limit = smemLimitPerBlock(Arch, Kernel.SmemConfig, Static + MaxDynamic);
  std::string Reserved =
      Arch.ReservedSmemPerBlock
          ? std::string(llvm::formatv(" + {0} B reserved", Arch.ReservedSmemPerBlock))
          : std::string();
  if (Kernel.SmemConfig != SmemLimitConfig::Default && DynamicSmem > MaxDynamic)
    return Fail(Limiter::SharedMemory,
                llvm::formatv("{0} B of dynamic shared memory exceed the kernel's maximum of {1} "
                              "B; raise it with cudaFuncSetAttribute("
                              "cudaFuncAttributeMaxDynamicSharedMemorySize) (up to {2} B in all "
                              "on {3})",
                              DynamicSmem, MaxDynamic, Arch.SmemPerBlockOptIn, Arch.name()));
  if (Allocated > Limit)
    return Fail(Limiter::SharedMemory,
                llvm::formatv("{0} B static + {1} B dynamic{2} = {3} B of shared memory per "
                              "block exceed the {4} B per-block limit of {5}",
                              Kernel.StaticSmem, DynamicSmem, Reserved, Allocated, Limit,
                              Arch.name()));
  if (Kernel.Registers > Arch.RegisterCheckLimitPerThread)
    return Fail(Limiter::Registers,
                llvm::formatv("{0} registers per thread exceed the {1} a thread can have on {2}",
                              Kernel.Registers, Arch.MaxRegistersPerThread, Arch.name()));
  PartitionedGC GC = PartitionedGC::Off;
  RegisterLimit Regs = registerLimit(Arch, Arch.SubPartitions, Kernel, BlockSize, false, GC);
  if (Regs.Blocks == 0) {
    unsigned Warps = divideRoundUp(BlockSize, Arch.WarpSize);
    unsigned Counted = unsigned(roundUp(Warps, Arch.SubPartitions));
    std::string WarpText =
        Counted == Warps
            ? llvm::formatv("{0} warps", Warps).str()
            : llvm::formatv("{0} warps, counted as {1} across the {2} register-file partitions",
                            Warps, Counted, Arch.SubPartitions)
                  .str();
    return Fail(Limiter::Registers,
                llvm::formatv("{0} registers x {1} threads need {2} registers per block ({3}, "
                              "each given {4} registers in units of {5}) but {6} gives a block "
                              "at most {7}",
                              Kernel.Registers, BlockSize,
                              std::max(Regs.AllocatedPerBlock, Regs.AssumedPerBlock), WarpText,
                              Regs.AllocatedPerWarp, Arch.RegisterAllocUnit, Arch.name(),
                              Arch.RegistersPerBlock));
  }
  return C;
}

unsigned registerCapForLaunchBounds(const ArchLimits &Arch, unsigned MaxThreads,
                                    unsigned MinBlocks) {
  if (MaxThreads == 0 || MaxThreads > Arch.MaxThreadsPerBlock)
    return 0;
  KernelAttributes K;
  for (unsigned Regs = Arch.MaxRegistersPerThread; Regs > 0; --Regs) {
    K.Registers = Regs;
    PartitionedGC GC = PartitionedGC::Off;
    if (registerLimit(Arch, Arch.SubPartitions, K, MaxThreads, false, GC).Blocks >=
        std::max(MinBlocks, 1u))
      return Regs;
  }
  return 0;
}

KernelAttributes kernelAttributesFrom(const KernelResources &R) {
  KernelAttributes K;
  K.Registers = R.Registers;
  K.StaticSmem = R.StaticSmem;
  K.Barriers = R.Barriers;
  return K;
}

} // namespace cudalint
