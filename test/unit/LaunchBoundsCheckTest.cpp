//===- LaunchBoundsCheckTest.cpp - ptxas's verdict on a proposed bound ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The comparison of missing-launch-bounds (rules/LaunchBoundsCheck.h) on reports built here: the
// outcomes the lit tests cannot get from CUDA 13.0's ptxas (a bound that lowers occupancy, one
// arch of two that spills), and the cases that leave the bound unchecked.
//
//===----------------------------------------------------------------------===//
#include "analyzer/tu/BoundsCompile.h"
#include "rules/LaunchBoundsCheck.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

KernelResources kernel(unsigned Arch, unsigned Registers, unsigned long long Spills = 0) {
  KernelResources K;
  K.MangledName = "_Z1kPf";
  K.DemangledName = "k(float*)";
  K.Kind = FunctionKind::Entry;
  K.Arch = Arch;
  K.ArchName = "sm_" + std::to_string(Arch);
  K.Registers = Registers;
  K.HasRegisters = true;
  K.SpillStores = Spills;
  K.SpillLoads = Spills;
  return K;
}

ProgramFacts compiled(std::vector<KernelResources> Before, std::vector<KernelResources> After) {
  ProgramFacts Facts;
  Facts.Resources = Before;
  Facts.BoundsCompiled = true;
  Facts.BoundedCompiles.push_back({"/p/k.cu", std::move(Before), std::move(After), ""});
  return Facts;
}

std::vector<BoundsSubject> subject(unsigned Threads) { return {{"_Z1kPf", "k", Threads, 0}}; }

std::string text(const BoundsAdvice &A) { return llvm::join(A.Lines, "\n"); }

TEST(LaunchBoundsCheck, LowerOccupancyIsNotOffered) {
  // sm_90, 192 threads: 40 registers leave 8 blocks per SM (75%), 64 registers 5 (47%).
  ProgramFacts Facts = compiled({kernel(90, 40)}, {kernel(90, 64)});
  BoundsCheckResult R = checkLaunchBounds(Facts, "/p/k.cu", "__launch_bounds__(192)", subject(192));
  ASSERT_TRUE(R.Checked) << R.Reason;
  EXPECT_EQ(R.Outcome, "lowers-occupancy");
  ASSERT_EQ(R.Kernels.size(), 1u);
  EXPECT_GT(R.Kernels[0].OccupancyBefore, R.Kernels[0].OccupancyAfter);
  BoundsAdvice A = adviseLaunchBounds(R, subject(192));
  EXPECT_FALSE(A.Offer);
  EXPECT_EQ(text(A),
            "__launch_bounds__(192) is not offered: on sm_90 it lowers theoretical occupancy\n"
            "checked with ptxas: on sm_90 'k' goes from 40 to 64 registers, no spills; "
            "theoretical occupancy at 192 threads per block falls from 75% to 47%\n"
            "keep the kernel without the bound, or give ptxas the occupancy to keep with a "
            "minimum of resident blocks per SM (__launch_bounds__(N, minBlocks)), and measure");
}

TEST(LaunchBoundsCheck, SpillsOnOneArchOfTwoWin) {
  ProgramFacts Facts =
      compiled({kernel(80, 48), kernel(90, 48)}, {kernel(80, 40, 16), kernel(90, 32)});
  BoundsCheckResult R = checkLaunchBounds(Facts, "/p/k.cu", "__launch_bounds__(256)", subject(256));
  ASSERT_TRUE(R.Checked);
  EXPECT_EQ(R.Outcome, "adds-spills");
  BoundsAdvice A = adviseLaunchBounds(R, subject(256));
  EXPECT_FALSE(A.Offer);
  ASSERT_EQ(A.Lines.size(), 4u);
  EXPECT_EQ(A.Lines[0],
            "__launch_bounds__(256) is not offered: on sm_80 it adds spills to local memory");
  EXPECT_EQ(A.Lines[1], "checked with ptxas: on sm_80 'k' goes from 48 registers, no spills, to 40 "
                        "registers, 16 bytes of spill stores and 16 bytes of spill loads; "
                        "theoretical occupancy at 256 threads per block rises from 62% to 75%");
  EXPECT_EQ(A.Lines[2].rfind("checked with ptxas: on sm_90 'k' goes from 48 to 32 registers", 0),
            0u);
  EXPECT_EQ(A.Lines[3].rfind("keep the kernel without the bound: a spilled value", 0), 0u);
}

TEST(LaunchBoundsCheck, SameRegistersChangeNothing) {
  ProgramFacts Facts = compiled({kernel(90, 10)}, {kernel(90, 10)});
  BoundsCheckResult R = checkLaunchBounds(Facts, "/p/k.cu", "__launch_bounds__(128)", subject(128));
  EXPECT_EQ(R.Outcome, "no-change");
  BoundsAdvice A = adviseLaunchBounds(R, subject(128));
  EXPECT_TRUE(A.Offer);
  EXPECT_EQ(A.Lines[1], "checked with ptxas: on sm_90 'k' keeps 10 registers, no spills; "
                        "theoretical occupancy at 128 threads per block stays 100%");
}

TEST(LaunchBoundsCheck, UncheckedSaysWhy) {
  ProgramFacts None;
  BoundsCheckResult R = checkLaunchBounds(None, "/p/k.cu", "__launch_bounds__(64)", subject(64));
  EXPECT_FALSE(R.Checked);
  EXPECT_EQ(text(adviseLaunchBounds(R, subject(64))),
            "add __launch_bounds__(64) (not checked with ptxas: cuda-lint --resource-usage "
            "compiles the kernel with the bound and compares ptxas's registers, spills and "
            "occupancy)");
  ProgramFacts LogOnly;
  LogOnly.Resources = {kernel(90, 10)};
  EXPECT_EQ(checkLaunchBounds(LogOnly, "/p/k.cu", "b", subject(64)).Reason.rfind("--ptxas-log", 0),
            0u);
  // The compiled report names another kernel, or no arch matches: never a guessed count.
  ProgramFacts Other = compiled({kernel(90, 10)}, {kernel(80, 10)});
  R = checkLaunchBounds(Other, "/p/k.cu", "b", subject(64));
  EXPECT_FALSE(R.Checked);
  EXPECT_TRUE(R.Kernels.empty());
  EXPECT_EQ(R.Reason,
            "ptxas's reports with and without the bound do not both name 'k' on one arch");
  ProgramFacts Failed = compiled({}, {});
  Failed.BoundedCompiles[0].Error = "nvcc failed on a copy with the bound: x";
  EXPECT_EQ(checkLaunchBounds(Failed, "/p/k.cu", "b", subject(64)).Reason,
            "nvcc failed on a copy with the bound: x");
  EXPECT_EQ(checkLaunchBounds(Failed, "/p/other.cu", "b", subject(64)).Reason,
            "no compilation of this file was made with the bound");
}

TEST(LaunchBoundsCheck, InsertionsApplyLastFirst) {
  FixIt A, B;
  A.Offset = 2;
  A.Replacement = "<a>";
  B.Offset = 5;
  B.Replacement = "<b>";
  llvm::Expected<std::string> S = applyInsertions("0123456789", {A, B});
  ASSERT_TRUE(static_cast<bool>(S));
  EXPECT_EQ(*S, "01<a>234<b>56789");
  B.Offset = 11;
  llvm::Expected<std::string> Bad = applyInsertions("0123456789", {A, B});
  ASSERT_FALSE(static_cast<bool>(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()), "the file changed since it was analysed");
}

} // namespace
