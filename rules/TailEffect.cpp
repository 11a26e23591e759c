//===- TailEffect.cpp - tail-effect ---------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A GPU runs a grid in waves of (SMs x blocks per SM) blocks. With at least one full wave and a
// partial last one, the last wave runs on a partly idle GPU; Nsight Compute reports it when that
// wave may take 20% of the run or more, 1 / (1 + full waves) >= 20% (its TailEffect rule,
// reproduced here). Needs the blocks per SM: the ptxas report's registers and shared memory
// through the occupancy model, on the target GPU's arch (TargetGpu.h).
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/analysis/PtxasJoin.h"
#include "rules/analysis/TargetGpu.h"

#include "llvm/Support/FormatVariadic.h"

namespace cudalint {

void finalizeTailEffect(const RuleInfo &Info, const ProgramFacts &Facts,
                        std::vector<Finding> &Out) {
  for (const JoinedLaunch &J : joinLaunches(Facts)) {
    const LaunchFact &L = *J.Launch;
    if (!L.GridBlocks || *L.GridBlocks <= 0 || L.GridFromDevice)
      continue;
    if (J.Kernel.MaxThreadsPerBlock && J.Threads > J.Kernel.MaxThreadsPerBlock)
      continue; // launch-exceeds-bounds
    TargetGpu G = targetGpuFor(Facts, L);
    if (!G.Product || G.Product->SmVersion != J.Arch->smVersion())
      continue; // the report's other archs are not the target's
    if (!checkLaunchResources(*J.Arch, J.Kernel, J.Threads, J.DynamicSmem).Fits)
      continue; // launch-out-of-resources
    llvm::Expected<OccupancyResult> R =
        computeOccupancy(*J.Arch, J.Kernel, J.Threads, J.DynamicSmem);
    if (!R) {
      llvm::consumeError(R.takeError());
      continue;
    }
    if (!R->ActiveBlocks)
      continue;
    std::uint64_t Grid = *L.GridBlocks, SMs = G.Product->SMs;
    std::uint64_t Wave = std::uint64_t(R->ActiveBlocks) * SMs;
    std::uint64_t Full = Grid / Wave, Last = Grid % Wave;
    // Nsight Compute: a full wave, a partial one, and the last wave at least 20% of the run.
    if (Full == 0 || Last == 0 || 1.0 / double(1 + Full) < 0.2)
      continue;
    std::string Msg = llvm::formatv("{0} blocks make {1:F2} waves of {2} on {3}: the last wave "
                                    "runs {4} blocks on a {5} GPU",
                                    withCommas(Grid), double(Grid) / double(Wave), withCommas(Wave),
                                    G.Product->withArticle(), withCommas(Last),
                                    Last * 2 <= Wave ? "mostly idle" : "partly idle")
                          .str();
    if (std::string Assumed = assumedNote(G, L); !Assumed.empty())
      Msg += "\n" + Assumed;
    Msg += llvm::formatv("\n{0} block{1} of {2} threads fit on an SM ({3} registers, {4} B static "
                         "shared memory{5}; limited by {6}), so a wave is {0} x {7} SMs = {8} "
                         "blocks",
                         R->ActiveBlocks, R->ActiveBlocks == 1 ? "" : "s", J.Threads,
                         J.Kernel.Registers, J.Kernel.StaticSmem,
                         J.DynamicSmem ? llvm::formatv(", {0} B dynamic", J.DynamicSmem).str()
                                       : std::string(),
                         limiterName(R->Primary), SMs, withCommas(Wave))
               .str();
    Msg += llvm::formatv("\nwaves of equal blocks take about equally long, so the last wave may "
                         "take up to {0:P0} of the run (1 of {1}) with {2} of {3} block slots "
                         "({4:P0}) idle",
                         1.0 / double(1 + Full), 1 + Full, withCommas(Wave - Last),
                         withCommas(Wave), double(Wave - Last) / double(Wave))
               .str();
    Msg += llvm::formatv("\nsize the grid to whole waves ({0} or {1} blocks, changing the work per "
                         "block), or use a grid-stride loop over {2} blocks",
                         withCommas(Full * Wave), withCommas((Full + 1) * Wave), withCommas(Wave))
               .str();
    Out.push_back(findingAt(Info, L, std::move(Msg)));
  }
}

} // namespace cudalint
