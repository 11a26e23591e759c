//===- RegisterSpill.cpp - register-spill ---------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With a ptxas report: a kernel or non-inlined device function whose report shows spill stores
// or loads on an arch. A spilled value lives in local memory, per-thread device memory behind
// the L1 cache, and costs a store and a load wherever registers would have cost nothing. The
// finding names the cause the source shows: a __launch_bounds__ or -maxrregcount that caps the
// registers, a large per-thread array. A stack frame without spills is a note when the source
// shows a per-thread array indexed with a run-time value, which keeps the array in local memory.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/Occupancy.h"

#include "llvm/ADT/StringMap.h"

#include <set>

namespace cudalint {
namespace {

const char *WhyLocal = "local memory is per-thread device memory behind the L1 cache: each "
                       "spilled value costs a store and later a load that may miss to L2 and "
                       "DRAM, where a register costs nothing";

std::string boundsText(const DeviceFunctionFact &F) {
  std::string S = "__launch_bounds__(" + std::to_string(*F.BoundsMaxThreads);
  if (F.BoundsMinBlocks)
    S += ", " + std::to_string(*F.BoundsMinBlocks);
  return S + ")";
}

std::string bytesText(std::uint64_t N) { return std::to_string(N) + (N == 1 ? " byte" : " bytes"); }

Finding findingAtFunction(const RuleInfo &Info, const DeviceFunctionFact &F,
                          const KernelResources &R) {
  Finding Out;
  Out.RuleId = Info.Id;
  Out.Level = Info.DefaultSeverity;
  Out.File = F.File;
  Out.Line = Out.EndLine = F.Line;
  Out.Column = F.Column;
  Out.EndColumn = F.EndColumn;
  Out.SourceLine = F.SourceLine;
  Out.KernelName = R.MangledName;
  Out.KernelDemangled = R.DemangledName;
  return Out;
}

/// The spill finding of \p F on \p R's arch.
void reportSpill(const RuleInfo &Info, const DeviceFunctionFact &F, const KernelResources &R,
                 const ArchLimits &Arch, std::vector<Finding> &Out) {
  std::uint64_t Spilled = R.SpillStores ? R.SpillStores : R.SpillLoads;
  std::string Head =
      "'" + clip(F.Name) + "' spills " + bytesText(Spilled) + " to local memory on " + Arch.name();
  std::string Cause, Fix;
  unsigned Regs = R.HasRegisters ? R.Registers : 0;
  if (F.IsKernel && F.BoundsMaxThreads && *F.BoundsMaxThreads > 0) {
    unsigned MinBlocks = F.BoundsMinBlocks && *F.BoundsMinBlocks > 0 ? *F.BoundsMinBlocks : 1;
    unsigned Cap = registerCapForLaunchBounds(Arch, unsigned(*F.BoundsMaxThreads), MinBlocks);
    if (Regs && Cap && Cap < Arch.MaxRegistersPerThread && Regs <= Cap && Regs + 4 >= Cap) {
      Head += " (" + std::to_string(Regs) + " registers under " + boundsText(F) + ")";
      Cause = boundsText(F) + " asks for " + std::to_string(MinBlocks) + " block" +
              (MinBlocks == 1 ? "" : "s") + " of " + std::to_string(*F.BoundsMaxThreads) +
              " threads per SM, which caps each thread at " + std::to_string(Cap) +
              " of the 65536 registers of an SM";
      Fix = F.BoundsMinBlocks
                ? "lower or drop the minimum blocks per SM so that ptxas may use more registers; "
                  "fewer resident warps without spills are often faster (measure both)"
                : "launch smaller blocks and lower the bound, so that each thread may have more "
                  "registers";
    }
  }
  if (Cause.empty() && F.MaxRegCount &&
      (!Regs || (Regs <= *F.MaxRegCount && Regs + 4 >= *F.MaxRegCount)) &&
      *F.MaxRegCount < Arch.MaxRegistersPerThread) {
    if (Regs)
      Head += " (" + std::to_string(Regs) +
              " registers under -maxrregcount=" + std::to_string(*F.MaxRegCount) + ")";
    Cause = "-maxrregcount=" + std::to_string(*F.MaxRegCount) +
            " caps every function of the file at " + std::to_string(*F.MaxRegCount) +
            " registers per thread";
    Fix = "raise or drop -maxrregcount, and cap single kernels with __launch_bounds__ instead";
  }
  // Per-thread arrays: large ones compete for registers, dynamically indexed ones live in
  // local memory whatever the register budget.
  std::string Arrays;
  for (const LocalArrayFact &A : F.LocalArrays)
    if (A.DynamicIndex || A.Bytes >= 256) {
      Arrays += "\nper-thread array '" + A.Name + "' (" + bytesText(A.Bytes) + ") " +
                (A.DynamicIndex ? "is indexed with run-time values, so it lives in local memory"
                                : "needs " + std::to_string(A.Bytes / 4) +
                                      " registers to stay out of local memory");
    }
  if (Cause.empty()) {
    if (Regs && Regs >= Arch.MaxRegistersPerThread)
      Head += " (" + std::to_string(Regs) + " registers, the most a thread can have)";
    else if (Regs)
      Head += " (" + std::to_string(Regs) + " registers)";
    if (Arrays.empty())
      Cause = Regs >= Arch.MaxRegistersPerThread
                  ? "it needs more values live at once than the " +
                        std::to_string(Arch.MaxRegistersPerThread) + " registers a thread has"
                  : "no register cap shows in the source (no __launch_bounds__ minimum, no "
                    "-maxrregcount)";
  }
  if (Fix.empty())
    Fix = "keep fewer values live at once: split the function, recompute cheap values instead of "
          "keeping them, or move large per-thread arrays to shared memory";
  std::string Msg = Head + "\n" + WhyLocal + (Cause.empty() ? "" : "\n" + Cause) + Arrays + "\n" +
                    bytesText(R.SpillStores) + " stored and " + bytesText(R.SpillLoads) +
                    " loaded per thread, stack frame " + bytesText(R.StackFrame) + "\n" + Fix;
  Finding Result = findingAtFunction(Info, F, R);
  setMessage(Result, Msg);
  Out.push_back(std::move(Result));
}

/// The note for a stack frame without spills that the source explains.
void reportStackArray(const RuleInfo &Info, const DeviceFunctionFact &F, const KernelResources &R,
                      const ArchLimits &Arch, std::vector<Finding> &Out) {
  for (const LocalArrayFact &A : F.LocalArrays) {
    if (!A.DynamicIndex || A.Bytes > R.StackFrame)
      continue;
    Finding Result = findingAtFunction(Info, F, R);
    Result.Level = Severity::Note;
    setMessage(Result,
               "'" + clip(F.Name) + "' keeps per-thread array '" + clip(A.Name, 30) + "' (" +
                   bytesText(A.Bytes) + ") in local memory on " + Arch.name() + " (stack frame " +
                   bytesText(R.StackFrame) + ", no spills)\n" +
                   "registers cannot be indexed at run time, so an array indexed with a value "
                   "that is not a compile-time constant lives in local memory: device memory "
                   "behind the L1 cache\n"
                   "index it with constants (a loop with a constant trip count under #pragma "
                   "unroll), or keep it in shared memory");
    Result.Notes.insert(Result.Notes.begin() + 1,
                        {"array '" + A.Name + "' declared here", F.File, A.Line, A.Column});
    Out.push_back(std::move(Result));
    return; // one note per function and arch
  }
}

} // namespace

void finalizeRegisterSpill(const RuleInfo &Info, const ProgramFacts &Facts,
                           std::vector<Finding> &Out) {
  llvm::StringMap<const DeviceFunctionFact *> ByName;
  for (const DeviceFunctionFact &F : Facts.Functions)
    ByName.try_emplace(F.MangledName, &F);
  std::set<std::pair<std::string, unsigned>> Seen; // (function, arch): a log given twice
  for (const KernelResources &R : Facts.Resources) {
    const DeviceFunctionFact *F = ByName.lookup(R.MangledName);
    const ArchLimits *Arch = lookupArch(R.Arch);
    if (!F || !Arch || !Seen.insert({R.MangledName, R.Arch}).second)
      continue;
    if (R.SpillStores || R.SpillLoads)
      reportSpill(Info, *F, R, *Arch, Out);
    else if (R.StackFrame)
      reportStackArray(Info, *F, R, *Arch, Out);
  }
}

} // namespace cudalint
