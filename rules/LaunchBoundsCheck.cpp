//===- LaunchBoundsCheck.cpp - The fix-it of missing-launch-bounds, checked by ptxas -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/LaunchBoundsCheck.h"

#include "rules/RuleRegistry.h"

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/Occupancy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <set>

namespace cudalint {
namespace {

const char *Unchecked = "not checked with ptxas: ";

std::string percent(double V) { return llvm::formatv("{0:P0}", V).str(); }

std::string bytes(unsigned long long N) {
  return std::to_string(N) + (N == 1 ? " byte" : " bytes");
}

std::string spillText(unsigned long long Stores, unsigned long long Loads) {
  if (!Stores && !Loads)
    return "no spills";
  return bytes(Stores) + " of spill stores and " + bytes(Loads) + " of spill loads";
}

bool addsSpills(const BoundsComparison &C) {
  return C.SpillStoresAfter > C.SpillStoresBefore || C.SpillLoadsAfter > C.SpillLoadsBefore;
}

bool lowersOccupancy(const BoundsComparison &C) {
  return C.FitsBefore && (!C.FitsAfter || C.OccupancyAfter < C.OccupancyBefore);
}

/// Whether a block of \p Threads threads of \p R fits an SM of \p Arch, and its occupancy.
void occupancyOf(const ArchLimits &Arch, const KernelResources &R, unsigned Threads,
                 std::uint64_t Smem, bool &Fits, double &Occupancy) {
  KernelAttributes K = kernelAttributesFrom(R);
  Fits = checkLaunchResources(Arch, K, Threads, Smem).Fits;
  Occupancy = 0;
  if (!Fits)
    return;
  llvm::Expected<OccupancyResult> O = computeOccupancy(Arch, K, Threads, Smem);
  if (!O) {
    llvm::consumeError(O.takeError());
    Fits = false;
    return;
  }
  Occupancy = O->Occupancy;
}

/// The largest multiple of 32 threads (at most \p Threads) with which a block of \p R fits.
unsigned largestFittingBlock(const ArchLimits &Arch, const KernelResources &R, unsigned Threads,
                             std::uint64_t Smem) {
  KernelAttributes K = kernelAttributesFrom(R);
  for (unsigned T = Threads / 32 * 32; T >= 32; T -= 32)
    if (checkLaunchResources(Arch, K, T, Smem).Fits)
      return T;
  return 0;
}

/// "on sm_90 'k' goes from 36 to 31 registers, no spills; theoretical occupancy at 256 threads
/// per block rises from 75% to 100%".
std::string describe(const BoundsComparison &C, const std::string &Shown) {
  std::string S = "on " + C.Arch + " '" + clip(Shown) + "' ";
  std::string SpillsBefore = spillText(C.SpillStoresBefore, C.SpillLoadsBefore);
  std::string SpillsAfter = spillText(C.SpillStoresAfter, C.SpillLoadsAfter);
  if (SpillsBefore == SpillsAfter) {
    S += C.RegistersBefore == C.RegistersAfter
             ? "keeps " + std::to_string(C.RegistersBefore) + " registers"
             : "goes from " + std::to_string(C.RegistersBefore) + " to " +
                   std::to_string(C.RegistersAfter) + " registers";
    S += ", " + SpillsBefore + (SpillsBefore == "no spills" ? "" : " either way");
  } else {
    S += "goes from " + std::to_string(C.RegistersBefore) + " registers, " + SpillsBefore +
         ", to " + std::to_string(C.RegistersAfter) + " registers, " + SpillsAfter;
  }
  std::string Block = std::to_string(C.Threads) + " threads";
  if (C.FitsBefore && C.FitsAfter) {
    S += "; theoretical occupancy at " + Block + " per block ";
    if (C.OccupancyAfter > C.OccupancyBefore)
      S += "rises from " + percent(C.OccupancyBefore) + " to " + percent(C.OccupancyAfter);
    else if (C.OccupancyAfter < C.OccupancyBefore)
      S += "falls from " + percent(C.OccupancyBefore) + " to " + percent(C.OccupancyAfter);
    else
      S += "stays " + percent(C.OccupancyBefore);
  } else if (!C.FitsBefore && C.FitsAfter) {
    S += "; a block of " + Block + ", which cannot launch without the bound, fits with it "
         "(theoretical occupancy " + percent(C.OccupancyAfter) + ")";
  } else if (C.FitsBefore) {
    S += "; a block of " + Block + " no longer fits an SM";
  } else {
    S += "; a block of " + Block + " fits an SM neither way";
  }
  return S;
}

} // namespace

std::vector<BoundsProposal> proposedLaunchBounds(const ProgramFacts &Facts) {
  const RuleInfo *Info = findRule("missing-launch-bounds");
  std::vector<BoundsProposal> Out;
  if (!Info)
    return Out;
  std::vector<Finding> Findings;
  finalizeMissingLaunchBounds(*Info, Facts, Findings);
  for (Finding &F : Findings)
    for (FixIt &X : F.Fixes) {
      BoundsProposal P;
      P.Fix = std::move(X);
      P.Kernels = F.KernelInstances;
      if (P.Kernels.empty() && !F.KernelName.empty())
        P.Kernels.push_back(F.KernelName);
      Out.push_back(std::move(P));
    }
  return Out;
}

BoundsCheckResult checkLaunchBounds(const ProgramFacts &Facts, llvm::StringRef File,
                                    llvm::StringRef Bound,
                                    const std::vector<BoundsSubject> &Subjects) {
  BoundsCheckResult R;
  R.Bound = Bound.str();
  if (!Facts.BoundsCompiled) {
    R.Reason = Facts.Resources.empty()
                   ? "cuda-lint --resource-usage compiles the kernel with the bound and compares "
                     "ptxas's registers, spills and occupancy"
                   : "--ptxas-log gives ptxas's report without the bound; --resource-usage also "
                     "compiles the kernel with it and compares";
    return R;
  }
  const BoundedCompile *C = nullptr;
  for (const BoundedCompile &B : Facts.BoundedCompiles)
    if (B.File == File)
      C = &B;
  if (!C) {
    R.Reason = "no compilation of this file was made with the bound";
    return R;
  }
  if (!C->Error.empty()) {
    R.Reason = C->Error;
    return R;
  }
  for (const BoundsSubject &S : Subjects) {
    std::set<unsigned> Archs; // a report given twice counts once
    for (const KernelResources &B : C->Before) {
      if (B.MangledName != S.Kernel || !B.HasRegisters || !Archs.insert(B.Arch).second)
        continue;
      const ArchLimits *Arch = lookupArch(B.Arch);
      if (!Arch)
        continue;
      const KernelResources *A = nullptr;
      for (const KernelResources &K : C->After)
        if (K.MangledName == S.Kernel && K.Arch == B.Arch && K.HasRegisters) {
          A = &K;
          break;
        }
      if (!A)
        continue;
      BoundsComparison X;
      X.Kernel = S.Kernel;
      X.Arch = B.ArchName.empty() ? Arch->name() : B.ArchName;
      X.Threads = S.Threads;
      X.RegistersBefore = B.Registers;
      X.RegistersAfter = A->Registers;
      X.SpillStoresBefore = B.SpillStores;
      X.SpillLoadsBefore = B.SpillLoads;
      X.SpillStoresAfter = A->SpillStores;
      X.SpillLoadsAfter = A->SpillLoads;
      occupancyOf(*Arch, B, S.Threads, S.DynamicSmem, X.FitsBefore, X.OccupancyBefore);
      occupancyOf(*Arch, *A, S.Threads, S.DynamicSmem, X.FitsAfter, X.OccupancyAfter);
      X.FittingThreadsBefore =
          X.FitsBefore ? S.Threads : largestFittingBlock(*Arch, B, S.Threads, S.DynamicSmem);
      R.Kernels.push_back(std::move(X));
    }
  }
  if (R.Kernels.empty()) {
    R.Reason = "ptxas's reports with and without the bound do not both name '" +
               (Subjects.empty() ? std::string("the kernel") : clip(Subjects.front().Shown)) +
               "' on one arch";
    return R;
  }
  R.Checked = true;
  auto Any = [&](auto Pred) {
    for (const BoundsComparison &X : R.Kernels)
      if (Pred(X))
        return true;
    return false;
  };
  if (Any(addsSpills))
    R.Outcome = "adds-spills";
  else if (Any(lowersOccupancy))
    R.Outcome = "lowers-occupancy";
  else if (Any([](const BoundsComparison &X) { return !X.FitsBefore && X.FitsAfter; }))
    R.Outcome = "makes-launch-fit";
  else if (Any([](const BoundsComparison &X) { return X.OccupancyAfter > X.OccupancyBefore; }))
    R.Outcome = "raises-occupancy";
  else
    R.Outcome = "no-change";
  return R;
}

BoundsAdvice adviseLaunchBounds(const BoundsCheckResult &R,
                                const std::vector<BoundsSubject> &Subjects) {
  BoundsAdvice Out;
  if (!R.Checked) {
    // On the line that proposes it, which stays as it was without a check.
    Out.Lines.push_back("add " + R.Bound + " (" + Unchecked + R.Reason + ")");
    return Out;
  }
  auto ShownOf = [&](const std::string &Kernel) {
    for (const BoundsSubject &S : Subjects)
      if (S.Kernel == Kernel)
        return S.Shown;
    return Kernel;
  };
  std::vector<std::string> Checked;
  const size_t Shown = 4;
  for (size_t I = 0; I < R.Kernels.size() && I < Shown; ++I)
    Checked.push_back("checked with ptxas: " +
                      describe(R.Kernels[I], ShownOf(R.Kernels[I].Kernel)));
  if (R.Kernels.size() > Shown)
    Checked.push_back("and " + std::to_string(R.Kernels.size() - Shown) +
                      " more kernels or archs checked");

  Out.Offer = R.Outcome != "adds-spills" && R.Outcome != "lowers-occupancy";
  if (Out.Offer) {
    Out.Lines.push_back("add " + R.Bound);
    llvm::append_range(Out.Lines, Checked);
    if (R.Outcome == "no-change")
      Out.Lines.push_back("the bound changes no occupancy now; it still keeps ptxas from giving "
                          "the kernel more registers than its largest block can have");
    return Out;
  }
  // Not offered: say why first, with the numbers, then what to do instead.
  const BoundsComparison *Bad = nullptr;
  for (const BoundsComparison &X : R.Kernels)
    if (R.Outcome == "adds-spills" ? addsSpills(X) : lowersOccupancy(X)) {
      Bad = &X;
      break;
    }
  Out.Lines.push_back(R.Bound + " is not offered: on " + Bad->Arch + " it " +
                      (R.Outcome == "adds-spills" ? "adds spills to local memory"
                                                  : "lowers theoretical occupancy"));
  llvm::append_range(Out.Lines, Checked);
  if (R.Outcome == "adds-spills" && !Bad->FitsBefore) {
    unsigned Fit = Bad->FittingThreadsBefore;
    Out.Lines.push_back(
        "without the bound a block of " + std::to_string(Bad->Threads) + " threads of " +
        std::to_string(Bad->RegistersBefore) + " registers does not fit an SM: launch " +
        (Fit ? "at most " + std::to_string(Fit) + " threads per block" : "smaller blocks") +
        ", or add the bound knowing that every launch then spills");
  } else if (R.Outcome == "adds-spills") {
    Out.Lines.push_back("keep the kernel without the bound: a spilled value costs a store and a "
                        "load in local memory (device memory behind the L1 cache) where a "
                        "register costs nothing");
  } else {
    Out.Lines.push_back("keep the kernel without the bound, or give ptxas the occupancy to keep "
                        "with a minimum of resident blocks per SM (__launch_bounds__(N, "
                        "minBlocks)), and measure");
  }
  return Out;
}

} // namespace cudalint
