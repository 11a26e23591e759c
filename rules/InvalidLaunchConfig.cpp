//===- InvalidLaunchConfig.cpp - invalid-launch-config --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags launches whose known configuration no CUDA device accepts: more than
// 1024 threads per block, block x or y above 1024, z above 64, grid y or z
// above 65535, grid x above 2^31-1, or a zero dimension. The runtime rejects
// such a launch (a 2048-thread block gets cudaErrorInvalidValue on an H200)
// and the kernel never runs; unless the error is checked, the program goes on
// with stale results.
//
//===----------------------------------------------------------------------===//
#include "rules/LaunchRule.h"
#include "rules/RuleRegistry.h"
#include "rules/analysis/KernelNames.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

std::string shape(const Dim3 &D) {
  return std::to_string(D[0]) + "x" + std::to_string(D[1]) + "x" + std::to_string(D[2]);
}

/// Why \p Block / \p Grid cannot launch, or empty.
std::string problem(const std::optional<Dim3> &Block, const std::optional<Dim3> &Grid) {
  if (Block) {
    const Dim3 &B = *Block;
    if (B[0] <= 0 || B[1] <= 0 || B[2] <= 0)
      return "block " + shape(B) + " has a zero dimension";
    std::int64_t Threads = B[0] * B[1] * B[2];
    if (B[0] > 1024 || B[1] > 1024)
      return "block " + shape(B) + " exceeds the limit of 1024 threads in x and y";
    if (B[2] > 64)
      return "block " + shape(B) + " exceeds the limit of 64 threads in z";
    if (Threads > 1024)
      return "block " + shape(B) + " has " + std::to_string(Threads) +
             " threads, more than the 1024 a block may have";
  }
  if (Grid) {
    const Dim3 &G = *Grid;
    if (G[0] <= 0 || G[1] <= 0 || G[2] <= 0)
      return "grid " + shape(G) + " has a zero dimension";
    if (G[0] > 2147483647LL)
      return "grid " + shape(G) + " exceeds the limit of 2^31-1 blocks in x";
    if (G[1] > 65535 || G[2] > 65535)
      return "grid " + shape(G) + " exceeds the limit of 65535 blocks in y and z";
  }
  return "";
}

class InvalidLaunchConfig : public LaunchRule {
public:
  using LaunchRule::LaunchRule;

  void checkLaunch(const LaunchSite &Site, const SourceManager &SM) override {
    std::string Why = problem(Site.Block, Site.Grid);
    if (Why.empty())
      return;
    std::string Kernel = Site.Kernel ? "of '" + clip(displayName(Site.Kernel)) + "' " : "";
    reportLaunch(Site, SM, Site.Call->getSourceRange(),
                 "launch " + Kernel + "can never run: " + Why +
                     "\nthe runtime rejects it (cudaErrorInvalidConfiguration) and the kernel "
                     "does not execute");
  }
};

} // namespace

std::unique_ptr<Rule> createInvalidLaunchConfig(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<InvalidLaunchConfig>(Info, Ctx);
}

} // namespace cudalint
