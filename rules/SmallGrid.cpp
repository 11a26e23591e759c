//===- SmallGrid.cpp - small-grid -----------------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A block runs on one SM from start to end, so a grid of fewer blocks than the GPU has SMs
// leaves the other SMs idle for the whole launch (Nsight Compute's "Small Grid"). Reported for a
// grid the source determines, on the target GPU (TargetGpu.h); not for a one-block launch
// (<<<1, 1>>>, <<<1, 1024>>>: a serial step by design, such as the final reduction over the
// blocks' partial results, which more blocks would not speed up) nor for a grid sized from the SM
// count or the occupancy API, which fits whatever GPU it runs on.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/analysis/TargetGpu.h"

namespace cudalint {

void finalizeSmallGrid(const RuleInfo &Info, const ProgramFacts &Facts, std::vector<Finding> &Out) {
  for (const LaunchFact &L : Facts.Launches) {
    if (!L.GridBlocks || *L.GridBlocks <= 0 || L.GridFromDevice)
      continue;
    if (*L.GridBlocks == 1)
      continue; // a serial step by design

    TargetGpu G = targetGpuFor(Facts, L);
    if (!G.Product || std::uint64_t(*L.GridBlocks) >= G.Product->SMs)
      continue;
    std::uint64_t Blocks = *L.GridBlocks, SMs = G.Product->SMs;
    std::string Msg = "grid of " + withCommas(Blocks) + " block" + (Blocks == 1 ? "" : "s") +
                      " leaves " + withCommas(SMs - Blocks) + " of " + withCommas(SMs) +
                      " SMs of " + G.Product->withArticle() + " idle";
    if (std::string Assumed = assumedNote(G, L); !Assumed.empty())
      Msg += "\n" + Assumed;
    Msg += "\na block runs on one SM from start to end, so at most " + withCommas(Blocks) + " SM" +
           (Blocks == 1 ? "" : "s") + " work" + (Blocks == 1 ? "s" : "") +
           " and the rest of the GPU idles for the whole launch";
    Msg += "\nlaunch at least " + withCommas(SMs) +
           " blocks: split the work into more, smaller blocks, or give a grid-stride loop a grid "
           "sized to the SM count (cudaDevAttrMultiProcessorCount times the blocks per SM)";
    Out.push_back(findingAt(Info, L, std::move(Msg)));
  }
}

} // namespace cudalint
