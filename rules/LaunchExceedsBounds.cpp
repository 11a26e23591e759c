//===- LaunchExceedsBounds.cpp - launch-exceeds-bounds --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags launches whose known block is larger than the kernel's
// __launch_bounds__ maximum. ptxas compiled the kernel (its register budget)
// for at most that many threads per block, and the runtime refuses a larger
// block with cudaErrorInvalidValue (measured on an H200): the kernel does not
// run. The declaration with the bound may be in a header and the launch in
// another file.
//
//===----------------------------------------------------------------------===//
#include "rules/LaunchRule.h"
#include "rules/RuleRegistry.h"
#include "rules/analysis/KernelNames.h"

#include "clang/AST/Attr.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

class LaunchExceedsBounds : public LaunchRule {
public:
  using LaunchRule::LaunchRule;

  void checkLaunch(const LaunchSite &Site, const SourceManager &SM) override {
    if (!Site.Kernel)
      return;
    std::optional<std::int64_t> Threads = Site.threadsPerBlock();
    if (!Threads || *Threads <= 0 || *Threads > 1024) // >1024: invalid-launch-config
      return;
    const auto *Bounds = Site.Kernel->getAttr<CUDALaunchBoundsAttr>();
    if (!Bounds || !Bounds->getMaxThreads())
      return;
    ValueEvaluator Eval(Site.Kernel->getASTContext(), Site.Call);
    std::optional<std::int64_t> Max = Eval.evalInt(Bounds->getMaxThreads());
    if (!Max || *Threads <= *Max)
      return;
    const Dim3 &B = *Site.Block;
    std::string Msg = "block of " + std::to_string(*Threads) + " threads (" +
                      std::to_string(B[0]) + "x" + std::to_string(B[1]) + "x" +
                      std::to_string(B[2]) + ") exceeds __launch_bounds__(" +
                      std::to_string(*Max) + ") of '" + clip(displayName(Site.Kernel)) +
                      "'\nit was compiled for at most " + std::to_string(*Max) +
                      " threads per block, so the runtime rejects the launch "
                      "(cudaErrorInvalidValue) and the kernel does not run\nlaunch at most " +
                      std::to_string(*Max) + " threads or raise the bound";
    reportLaunch(Site, SM, Site.Call->getSourceRange(), Msg);
  }
};

} // namespace

std::unique_ptr<Rule> createLaunchExceedsBounds(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<LaunchExceedsBounds>(Info, Ctx);
}

} // namespace cudalint
