//===- DefaultStreamLaunch.cpp - default-stream-launch --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags kernel launches that go to the default stream: no stream argument, or
// one that is provably 0 / NULL / nullptr / cudaStreamLegacy. The legacy
// default stream synchronises with every other blocking stream of the device,
// so such a launch neither overlaps with other work nor lets other work
// overlap with it. Launches on cudaStreamPerThread or on a stream the source
// does not pin down are not reported. Under --default-stream per-thread the
// message says what that mode changes (and what it does not).
//
//===----------------------------------------------------------------------===//
#include "rules/LaunchRule.h"
#include "rules/RuleRegistry.h"
#include "rules/analysis/KernelNames.h"

#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

class DefaultStreamLaunch : public LaunchRule {
public:
  using LaunchRule::LaunchRule;

  void checkLaunch(const LaunchSite &Site, const SourceManager &SM) override {
    if (Site.FromDevice)
      return; // the launching block's stream: nothing of the host's to overlap with
    const char *How = nullptr;
    switch (Site.Stream) {
    case StreamKind::Absent:
      How = "no stream argument";
      break;
    case StreamKind::Zero:
      How = "the stream argument is 0";
      break;
    case StreamKind::Legacy:
      How = "cudaStreamLegacy";
      break;
    case StreamKind::PerThread:
    case StreamKind::Explicit:
      return;
    }
    bool PerThread = Site.Stream != StreamKind::Legacy &&
                     (Site.Form == LaunchForm::CuLaunchKernel ? Ctx.DriverPerThreadDefaultStream
                                                               : Ctx.PerThreadDefaultStream);
    std::string Kernel =
        Site.Kernel ? "kernel '" + clip(displayName(Site.Kernel)) + "'" : "kernel";
    std::string Msg;
    // Compiling for the per-thread default stream changes only an implicit
    // stream of the runtime API: not cudaStreamLegacy, and not the driver API.
    bool FlagHelps = Site.Stream != StreamKind::Legacy && Site.Form != LaunchForm::CuLaunchKernel;
    if (PerThread) {
      Msg = Kernel + " is launched on the per-thread default stream (" + How +
            ")\ncompiled for the per-thread default stream (--default-stream per-thread or "
            "CUDA_API_PER_THREAD_DEFAULT_STREAM), it does not synchronise with other streams, "
            "but every launch from this host thread on it runs one after another\n"
            "pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) to "
            "overlap independent launches";
    } else {
      Msg = Kernel + " is launched on the legacy default stream (" + How +
            ")\nit waits for all earlier work in every blocking stream and later work waits for "
            "it, so nothing overlaps with this kernel\npass a stream created with "
            "cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)" +
            (FlagHelps ? ", or compile with --default-stream per-thread" : "");
    }
    reportLaunch(Site, SM, SourceRange(Site.Loc, Site.Call->getEndLoc()), Msg,
                 PerThread ? "per-thread" : "default");
  }
};

} // namespace

std::unique_ptr<Rule> createDefaultStreamLaunch(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<DefaultStreamLaunch>(Info, Ctx);
}

} // namespace cudalint
