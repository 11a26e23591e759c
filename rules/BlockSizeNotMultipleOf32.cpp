//===- BlockSizeNotMultipleOf32.cpp - block-size-not-multiple-of-32 -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags launches whose known threads per block (x*y*z) is not a multiple of
// 32. Threads are grouped into warps of 32 by linear index and a warp always
// occupies 32 lanes, so the last warp of such a block runs partly empty: its
// idle lanes still take issue slots, registers and an occupancy slot.
//
//===----------------------------------------------------------------------===//
#include "rules/LaunchRule.h"
#include "rules/RuleRegistry.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

class BlockSizeNotMultipleOf32 : public LaunchRule {
public:
  using LaunchRule::LaunchRule;

  void checkLaunch(const LaunchSite &Site, const SourceManager &SM) override {
    if (!Site.Block)
      return;
    const Dim3 &B = *Site.Block;
    if (B[0] <= 0 || B[1] <= 0 || B[2] <= 0)
      return; // invalid-launch-config's business
    std::int64_t Threads = B[0] * B[1] * B[2];
    // A 1x1x1 block is a deliberate single-thread kernel (a scalar update,
    // a device-side launch helper), not a badly sized one.
    if (Threads % 32 == 0 || Threads > 1024 || Threads == 1)
      return;
    std::int64_t Warps = (Threads + 31) / 32;
    std::int64_t Lanes = Warps * 32;
    std::int64_t Idle = Lanes - Threads;
    std::int64_t Lower = Threads / 32 * 32, Upper = Warps * 32;
    std::string Use = Lower ? std::to_string(Lower) + " or " + std::to_string(Upper)
                            : std::to_string(Upper);
    std::string Msg;
    llvm::raw_string_ostream OS(Msg);
    OS << "block of " << Threads << " threads (" << B[0] << "x" << B[1] << "x" << B[2]
       << ") fills " << Warps << (Warps == 1 ? " warp: " : " warps: ") << Idle << " of " << Lanes
       << " lanes (" << llvm::format("%.1f", 100.0 * Idle / Lanes)
       << "%) idle\n"
       << "a warp always occupies 32 lanes, so idle lanes still take issue slots, registers "
          "and occupancy\n"
       << "use " << Use << " threads per block";
    reportLaunch(Site, SM, Site.Call->getSourceRange(), Msg);
  }
};

} // namespace

std::unique_ptr<Rule> createBlockSizeNotMultipleOf32(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<BlockSizeNotMultipleOf32>(Info, Ctx);
}

} // namespace cudalint
