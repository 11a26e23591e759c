//===- ResourceUsage.cpp - ptxas reports for the occupancy rules ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/ResourceUsage.h"

#include "ptxas_parse/NvccRunner.h"

#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace cudalint {

/// The kernels of \p R (occupancy), and its device functions (register-spill).
static void addFunctions(const PtxasReport &R, ResourceUsage &U) {
  for (KernelResources &K : R.kernels())
    U.Kernels.push_back(std::move(K));
  for (const KernelResources &F : R.Functions)
    if (F.Kind == FunctionKind::Device)
      U.Kernels.push_back(F);
}

ResourceUsage loadPtxasLogs(const std::vector<std::string> &Logs) {
  ResourceUsage U;
  for (const std::string &Log : Logs) {
    Expected<PtxasReport> R = parsePtxasReportFile(Log);
    if (!R) {
      U.Errors.push_back({Log, "cannot use this ptxas report: " + toString(R.takeError())});
      continue;
    }
    addFunctions(*R, U);
  }
  return U;
}

std::vector<std::string> nvccFlagsFor(const TranslatedCommand &Cmd) {
  std::vector<std::string> Flags;
  ArrayRef<std::string> Args(Cmd.ClangArgs);
  for (size_t I = 1; I + 1 < Args.size(); ++I) { // skip the program and the file
    StringRef A = Args[I];
    if (A.starts_with("-D") || A.starts_with("-U") || A.starts_with("-I") ||
        A.starts_with("-std=")) {
      Flags.push_back(A.str());
    } else if ((A == "-isystem" || A == "-include") && I + 2 < Args.size()) {
      Flags.push_back(A.str());
      Flags.push_back(Args[++I]);
    }
  }
  if (Cmd.RelocatableDeviceCode)
    Flags.push_back("-rdc=true");
  if (Cmd.MaxRegCount)
    Flags.push_back("-maxrregcount=" + std::to_string(*Cmd.MaxRegCount));
  return Flags;
}

ResourceUsage runResourceUsage(const InputPlan &Plan, const ToolchainPaths &Toolchain,
                               const std::vector<std::string> &DefaultArchs) {
  ResourceUsage U;
  Expected<std::string> Nvcc = findNvcc(Toolchain.CudaPath);
  if (!Nvcc) {
    U.Errors.push_back({"", "--resource-usage needs nvcc: " + toString(Nvcc.takeError())});
    return U;
  }
  for (const TranslatedCommand &Cmd : Plan.Sources) {
    const std::vector<std::string> &Archs = Cmd.Archs.empty() ? DefaultArchs : Cmd.Archs;
    Expected<std::string> Out = runNvccResourceUsage(*Nvcc, Cmd.File, Archs, nvccFlagsFor(Cmd));
    if (!Out) {
      U.Errors.push_back({Cmd.File, "--resource-usage: " + toString(Out.takeError())});
      continue;
    }
    Expected<PtxasReport> R = parsePtxasReport(*Out, Cmd.File + " (nvcc --resource-usage)");
    if (!R) {
      U.Errors.push_back({Cmd.File, toString(R.takeError())});
      continue;
    }
    size_t First = U.Kernels.size();
    addFunctions(*R, U);
    U.BySource[Cmd.File].assign(U.Kernels.begin() + First, U.Kernels.end());
  }
  return U;
}

} // namespace cudalint
