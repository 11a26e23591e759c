//===- LaunchOutOfResources.cpp - launch-out-of-resources -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With a ptxas report: flags launches whose block needs more registers (after
// allocation granularity) or shared memory than one SM of the target arch can
// give a block. Such a launch fails with "too many resources requested for
// launch" (or an invalid-value error for shared memory) and the kernel does
// not run. Measured on an H200: a 96-register kernel launched with 1024
// threads fails; compiled with __launch_bounds__(1024) it gets 64 registers
// and runs.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/analysis/PtxasJoin.h"

namespace cudalint {

void finalizeLaunchOutOfResources(const RuleInfo &Info, const ProgramFacts &Facts,
                                  std::vector<Finding> &Out) {
  for (const JoinedLaunch &J : joinLaunches(Facts)) {
    if (J.Kernel.MaxThreadsPerBlock && J.Threads > J.Kernel.MaxThreadsPerBlock)
      continue; // launch-exceeds-bounds reports it
    LaunchCheck C = checkLaunchResources(*J.Arch, J.Kernel, J.Threads, J.DynamicSmem);
    if (C.Fits)
      continue;
    std::string Fix =
        C.Reason == Limiter::Registers
            ? "add __launch_bounds__(" + std::to_string(J.Threads) +
                  ") so ptxas caps the registers (it spills if it must), or launch smaller blocks"
            : "launch with less shared memory per block, or smaller tiles";
    std::string Msg = "launch of '" + clip(J.Launch->KernelName) + "' with " +
                      std::to_string(J.Threads) + " threads cannot run on " + J.Arch->name() +
                      "\n" + C.Message +
                      (C.Reason == Limiter::SharedMemory
                           ? ", so the launch fails"
                           : ", so it fails with \"too many resources requested for launch\"") +
                      "\n" + Fix;
    Finding F = findingAt(Info, *J.Launch, std::move(Msg));
    Out.push_back(std::move(F));
  }
}

} // namespace cudalint
