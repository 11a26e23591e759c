//===- LowOccupancy.cpp - low-occupancy -----------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With a ptxas report: flags launches whose predicted occupancy (active warps
// per SM over the arch's maximum, computed exactly as the CUDA Occupancy
// Calculator does) is below a threshold (default 50%). Few resident warps
// leave the SM nothing to switch to while a warp waits on memory. The message
// names the limiting resource and the block size that maximises occupancy.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/analysis/PtxasJoin.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace cudalint {

void finalizeLowOccupancy(const RuleInfo &Info, const ProgramFacts &Facts,
                          std::vector<Finding> &Out) {
  for (const JoinedLaunch &J : joinLaunches(Facts)) {
    if (J.Kernel.MaxThreadsPerBlock && J.Threads > J.Kernel.MaxThreadsPerBlock)
      continue;
    if (!checkLaunchResources(*J.Arch, J.Kernel, J.Threads, J.DynamicSmem).Fits)
      continue; // launch-out-of-resources reports it
    llvm::Expected<OccupancyResult> R =
        computeOccupancy(*J.Arch, J.Kernel, J.Threads, J.DynamicSmem);
    if (!R) {
      llvm::consumeError(R.takeError());
      continue;
    }
    if (R->Occupancy >= Facts.OccupancyThreshold)
      continue;
    std::string Better;
    if (llvm::Expected<BlockSizeChoice> Best = bestBlockSize(*J.Arch, J.Kernel, J.DynamicSmem)) {
      if (Best->BlockSize && Best->BlockSize != J.Threads &&
          Best->Result.Occupancy > R->Occupancy)
        Better = llvm::formatv("\n{0} threads per block would reach {1:P0}", Best->BlockSize,
                               Best->Result.Occupancy)
                     .str();
    } else {
      llvm::consumeError(Best.takeError());
    }
    // Registers: a minimum-blocks bound makes ptxas fit enough blocks.
    if (R->Primary == Limiter::Registers && R->WarpsPerBlock) {
      unsigned Needed = unsigned(std::ceil(Facts.OccupancyThreshold * R->MaxWarps /
                                           R->WarpsPerBlock));
      unsigned Cap = registerCapForLaunchBounds(*J.Arch, J.Threads, Needed);
      if (Needed > R->ActiveBlocks && Cap >= 16 && Cap < J.Kernel.Registers)
        Better += llvm::formatv("\n__launch_bounds__({0}, {1}) caps it at {2} registers for {1} "
                                "blocks per SM",
                                J.Threads, Needed, Cap)
                      .str();
    }
    std::string Limit = limiterName(R->Primary).str(); // "shared_memory" -> "shared memory"
    std::replace(Limit.begin(), Limit.end(), '_', ' ');
    std::string Msg = llvm::formatv(
        "predicted occupancy of '{0}' on {1} is {2:P1}, below {3:P0}, limited by {4}\n"
        "{5} of {6} warps per SM, {7} blocks of {8} threads ({9} registers, {10} B static shared "
        "memory{11}), so few warps are left to hide memory latency{12}",
        clip(J.Launch->KernelName), J.Arch->name(), R->Occupancy, Facts.OccupancyThreshold, Limit,
        R->ActiveWarps, R->MaxWarps, R->ActiveBlocks, J.Threads, J.Kernel.Registers,
        J.Kernel.StaticSmem,
        J.DynamicSmem ? llvm::formatv(", {0} B dynamic", J.DynamicSmem).str() : std::string(),
        Better);
    Out.push_back(findingAt(Info, *J.Launch, std::move(Msg)));
  }
}

} // namespace cudalint
