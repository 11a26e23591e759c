//===- RuleRegistry.cpp - The list of rules -------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/RuleRegistry.h"

#include "llvm/ADT/STLExtras.h"

namespace cudalint {

static const RuleInfo Rules[] = {
    {"block-size-not-multiple-of-32", Severity::Warning,
     "launch whose threads per block is not a multiple of the 32-lane warp",
     createBlockSizeNotMultipleOf32, nullptr},
    {"default-stream-launch", Severity::Warning,
     "kernel launch on the default stream, which serialises against other work",
     createDefaultStreamLaunch, nullptr},
    {"missing-launch-bounds", Severity::Warning,
     "__global__ function without __launch_bounds__, so ptxas cannot budget registers for the "
     "block size",
     nullptr, finalizeMissingLaunchBounds},
    {"invalid-launch-config", Severity::Error,
     "launch whose known block or grid exceeds what any CUDA device accepts",
     createInvalidLaunchConfig, nullptr},
    {"launch-exceeds-bounds", Severity::Error,
     "launch whose known block is larger than the kernel's __launch_bounds__",
     createLaunchExceedsBounds, nullptr},
    {"launch-out-of-resources", Severity::Error,
     "launch whose block needs more registers or shared memory than an SM has (ptxas report)",
     nullptr, finalizeLaunchOutOfResources},
    {"low-occupancy", Severity::Warning,
     "launch whose predicted occupancy is below the threshold (ptxas report)", nullptr,
     finalizeLowOccupancy},
    {"register-spill", Severity::Warning,
     "kernel or device function that spills registers to local memory (ptxas report)", nullptr,
     finalizeRegisterSpill},
    {"small-grid", Severity::Warning,
     "launch whose known grid has fewer blocks than the target GPU has SMs", nullptr,
     finalizeSmallGrid},
    {"tail-effect", Severity::Warning,
     "launch whose partial last wave of blocks runs on a mostly idle GPU (ptxas report)", nullptr,
     finalizeTailEffect},
    {"warp-divergent-branch", Severity::Warning,
     "branch in device code whose condition differs between the lanes of a warp, so the warp "
     "runs both paths one after the other",
     createWarpDivergentBranch, nullptr},
    {"barrier-in-divergent-branch", Severity::Error,
     "block barrier (__syncthreads, cooperative-groups sync) that only some threads of the block "
     "reach",
     createBarrierInDivergentBranch, nullptr},
    {"thread-condition-precedence", Severity::Warning,
     "condition on the thread index that is constant because a comparison binds tighter than "
     "a bit operation ('tid & 1 == 0')",
     createThreadConditionPrecedence, nullptr},
    {"uncoalesced-global-access", Severity::Warning,
     "global-memory load or store whose lanes touch at least twice the 32-byte sectors that "
     "consecutive elements need",
     createUncoalescedGlobalAccess, nullptr},
    {"shared-memory-bank-conflict", Severity::Warning,
     "shared-memory load or store whose lanes fall on different words of one bank, so the "
     "accesses are served one after another",
     createSharedMemoryBankConflict, nullptr},
    {"pageable-async-copy", Severity::Warning,
     "asynchronous host-device copy whose host buffer is pageable, so the driver stages it and it "
     "does not overlap other work",
     createPageableAsyncCopy, nullptr},
    {"legacy-cuda-api", Severity::Note,
     "use of CUDA API that the current toolkit removed (the code will not build with it)",
     createLegacyCudaApi, nullptr},
};

llvm::ArrayRef<RuleInfo> allRules() { return Rules; }

const RuleInfo *findRule(llvm::StringRef Id) {
  for (const RuleInfo &R : Rules)
    if (Id == R.Id)
      return &R;
  return nullptr;
}

} // namespace cudalint
