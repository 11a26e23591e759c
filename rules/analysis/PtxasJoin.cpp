//===- PtxasJoin.cpp - Launch sites joined with ptxas resource reports ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/PtxasJoin.h"

#include "llvm/ADT/STLExtras.h"

namespace cudalint {

std::vector<JoinedLaunch> joinLaunches(const ProgramFacts &Facts) {
  std::vector<JoinedLaunch> Out;
  for (const LaunchFact &L : Facts.Launches) {
    if (!L.ThreadsPerBlock || *L.ThreadsPerBlock <= 0 || *L.ThreadsPerBlock > 1024 ||
        L.KernelMangled.empty())
      continue;
    for (const KernelResources &R : Facts.Resources) {
      if (R.MangledName != L.KernelMangled)
        continue;
      const ArchLimits *Arch = lookupArch(R.Arch);
      if (!Arch)
        continue;
      JoinedLaunch J{&L, &R, Arch, kernelAttributesFrom(R),
                     static_cast<unsigned>(*L.ThreadsPerBlock),
                     L.DynamicSmem && *L.DynamicSmem > 0 ? std::uint64_t(*L.DynamicSmem) : 0};
      if (llvm::is_contained(Facts.SmemOptInKernels, L.KernelMangled))
        J.Kernel.MaxDynamicSmem =
            Arch->SmemPerBlockOptIn > J.Kernel.StaticSmem ? Arch->SmemPerBlockOptIn - J.Kernel.StaticSmem
                                                          : 0;
      if (L.BoundsMaxThreads && *L.BoundsMaxThreads > 0)
        J.Kernel.MaxThreadsPerBlock = static_cast<unsigned>(*L.BoundsMaxThreads);
      Out.push_back(std::move(J));
    }
  }
  return Out;
}

} // namespace cudalint
