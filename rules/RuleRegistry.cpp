//===- RuleRegistry.cpp - The list of rules -------------------------------===//
#include "rules/RuleRegistry.h"

#include "llvm/ADT/STLExtras.h"

namespace cudalint {

static const RuleInfo Rules[] = {
    {"default-stream-launch", Severity::Warning,
     "kernel launch on the default stream, which serialises against other work",
     createDefaultStreamLaunch, nullptr},
    {"missing-launch-bounds", Severity::Warning,
     "__global__ function without __launch_bounds__, so ptxas cannot budget registers for the "
     "block size",
     nullptr, finalizeMissingLaunchBounds},
};

llvm::ArrayRef<RuleInfo> allRules() { return Rules; }

const RuleInfo *findRule(llvm::StringRef Id) {
  for (const RuleInfo &R : Rules)
    if (Id == R.Id)
      return &R;
  return nullptr;
}

} // namespace cudalint
