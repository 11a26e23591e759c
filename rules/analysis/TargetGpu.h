//===- TargetGpu.h - The GPU a launch's findings are about ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// small-grid and tail-effect count SMs, which only a product fixes. With --gpu (or the
// configuration's gpu:) that product; without, of the products of the archs the launching file
// compiles for, the one with the fewest SMs, so that no finding claims idle SMs a real target of
// the code does not have. A file whose command names no arch (nvcc's default embeds PTX that runs
// on any later GPU) or an arch no product of the table has gets none.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_TARGETGPU_H
#define CUDALINT_RULES_ANALYSIS_TARGETGPU_H

#include "rules/analysis/Facts.h"

#include <string>

namespace cudalint {

struct TargetGpu {
  const GpuProduct *Product = nullptr;
  /// The user named it; else it is assumed and the finding says so (assumedNote).
  bool Named = false;
};

/// The target of the launch \p L; a null Product when none can be assumed.
TargetGpu targetGpuFor(const ProgramFacts &Facts, const LaunchFact &L);

/// "no --gpu: assuming a T4 (40 SMs), the product of sm_75 with the fewest SMs; name the GPU
/// with --gpu (cuda-lint --list-gpus)"; empty for a named GPU.
std::string assumedNote(const TargetGpu &G, const LaunchFact &L);

/// 1200 -> "1,200".
std::string withCommas(std::uint64_t N);

} // namespace cudalint

#endif
