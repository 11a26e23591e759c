//===- PtxasJoin.h - Launch sites joined with ptxas resource reports ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ptxas-based rules match a launch's kernel to the report by its
// device-side mangled name, once per target arch in the report.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_PTXASJOIN_H
#define CUDALINT_RULES_ANALYSIS_PTXASJOIN_H

#include "rules/analysis/Facts.h"

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/Occupancy.h"

namespace cudalint {

struct JoinedLaunch {
  const LaunchFact *Launch;
  const KernelResources *Resources;
  const ArchLimits *Arch;
  KernelAttributes Kernel; // registers, smem, and the launch bounds
  unsigned Threads;
  std::uint64_t DynamicSmem; // 0 when the source does not say
};

/// Every (launch with a known block, arch of the report) pair whose kernel the
/// report describes.
std::vector<JoinedLaunch> joinLaunches(const ProgramFacts &Facts);

} // namespace cudalint

#endif
