//===- OccupancyReport.cpp - Occupancy tables of parsed kernels -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ptxas_parse/OccupancyReport.h"
#include "ptxas_parse/JsonText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace cudalint {
namespace {

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

std::string archList(llvm::ArrayRef<unsigned> Archs) {
  std::string S;
  for (unsigned A : Archs)
    S += (S.empty() ? "sm_" : ", sm_") + std::to_string(A);
  return S.empty() ? "none" : S;
}

llvm::Expected<KernelOccupancy> computeKernel(const KernelResources &K, const ArchLimits &Arch,
                                              const OccupancyRequest &Req) {
  KernelOccupancy Out;
  Out.Resources = K;
  Out.Arch = &Arch;
  KernelAttributes Attr = kernelAttributesFrom(K);
  if (Req.MaxRegCount && Attr.Registers > Req.MaxRegCount)
    Attr.Registers = Req.MaxRegCount;
  if (Req.OptInSmem)
    Attr.MaxDynamicSmem =
        Attr.StaticSmem >= Arch.SmemPerBlockOptIn ? 0 : Arch.SmemPerBlockOptIn - Attr.StaticSmem;
  Out.Registers = Attr.Registers;
  std::vector<unsigned> Sizes = Req.BlockSizes;
  if (Sizes.empty())
    for (unsigned B = Arch.WarpSize; B <= Arch.MaxThreadsPerBlock; B += Arch.WarpSize)
      Sizes.push_back(B);
  for (uint64_t Dynamic : Req.DynamicSmem) {
    for (unsigned B : Sizes) {
      llvm::Expected<OccupancyResult> R = computeOccupancy(Arch, Attr, B, Dynamic, Req.Options);
      if (!R)
        return R.takeError();
      Out.Rows.push_back({B, Dynamic, *R, checkLaunchResources(Arch, Attr, B, Dynamic)});
    }
    llvm::Expected<BlockSizeChoice> Best = bestBlockSize(Arch, Attr, Dynamic, Req.Options);
    if (!Best)
      return Best.takeError();
    Out.Best.emplace_back(Dynamic, *Best);
  }
  return Out;
}

std::string bytes(uint64_t N) { return std::to_string(N) + " B"; }

/// "sm_90a" as the report spells it, else the table's "sm_90".
std::string archName(const KernelOccupancy &K) {
  llvm::StringRef Reported = K.Resources.ArchName;
  return !Reported.empty() && K.Resources.Arch == K.Arch->smVersion() ? Reported.lower()
                                                                       : K.Arch->name();
}

std::string percent(double Occupancy) { return llvm::formatv("{0:F1}%", Occupancy * 100).str(); }

} // namespace

llvm::Expected<std::vector<KernelOccupancy>> computeOccupancyReport(const PtxasReport &Report,
                                                                    const OccupancyRequest &Req) {
  std::vector<KernelOccupancy> Out;
  std::vector<KernelResources> Kernels = Report.kernels();
  bool Filtered = false;
  for (const KernelResources &K : Kernels) {
    if (!Req.KernelFilter.empty() && !llvm::StringRef(K.MangledName).contains(Req.KernelFilter) &&
        !llvm::StringRef(K.DemangledName).contains(Req.KernelFilter))
      continue;
    Filtered = true;
    std::vector<unsigned> Archs;
    if (Req.Archs.empty()) {
      if (!K.Arch)
        return failure("the report does not give the arch of '" + K.MangledName + "' (line " +
                       llvm::Twine(K.Line) + "); pass --arch sm_XX");
      Archs.push_back(K.Arch);
    } else if (!K.Arch) {
      Archs = Req.Archs;
    } else if (llvm::is_contained(Req.Archs, K.Arch)) {
      Archs.push_back(K.Arch);
    }
    for (unsigned A : Archs) {
      const ArchLimits *Arch = lookupArch(A);
      if (!Arch) {
        llvm::Expected<const ArchLimits &> Known =
            lookupArchByName(K.ArchName.empty() ? "sm_" + std::to_string(A) : K.ArchName);
        return Known ? failure("internal: arch lookup mismatch") : Known.takeError();
      }
      llvm::Expected<KernelOccupancy> KO = computeKernel(K, *Arch, Req);
      if (!KO)
        return KO.takeError();
      Out.push_back(std::move(*KO));
    }
  }
  if (Out.empty()) {
    if (!Filtered && !Req.KernelFilter.empty())
      return failure("no kernel in the report matches '" + Req.KernelFilter + "'");
    if (!Req.Archs.empty())
      return failure("no kernel compiled for " + archList(Req.Archs) + " in the report (it has " +
                     archList(Report.archs()) + ")");
    return failure("the report has no kernel (only device functions)");
  }
  return Out;
}

void renderOccupancyText(llvm::raw_ostream &OS, llvm::ArrayRef<KernelOccupancy> Kernels,
                         const GpuProduct *Gpu) {
  bool First = true;
  for (const KernelOccupancy &K : Kernels) {
    const KernelResources &R = K.Resources;
    if (!First)
      OS << '\n';
    First = false;
    OS << R.DemangledName;
    if (R.DemangledName != R.MangledName)
      OS << " [" << R.MangledName << "]";
    OS << "  " << archName(K) << " (" << K.Arch->Family << ")\n";
    OS << "  registers " << R.Registers;
    if (K.Registers != R.Registers)
      OS << " (model uses " << K.Registers << " under -maxrregcount)";
    OS << ", static smem " << bytes(R.StaticSmem) << ", stack frame " << bytes(R.StackFrame)
       << ", spills " << bytes(R.SpillStores) << " stores / " << bytes(R.SpillLoads)
       << " loads, barriers " << R.Barriers << "\n";
    if (Gpu)
      OS << "  on " << Gpu->withArticle() << " (" << Gpu->SMs << " SMs), a wave is blocks/SM x "
         << Gpu->SMs << " blocks\n";
    OS << llvm::formatv("  {0,6}  {1,12}  {2,9}  {3,8}  {4,9}  ", "block", "dynamic smem",
                        "blocks/SM", "warps/SM", "occupancy");
    if (Gpu)
      OS << llvm::formatv("{0,6}  ", "wave");
    OS << "limiter\n";
    for (const OccupancyRow &Row : K.Rows) {
      OS << llvm::formatv("  {0,6}  {1,12}  {2,9}  {3,8}  {4,9}  ", Row.BlockSize,
                          bytes(Row.DynamicSmem), Row.Result.ActiveBlocks, Row.Result.ActiveWarps,
                          percent(Row.Result.Occupancy));
      if (Gpu)
        OS << llvm::formatv("{0,6}  ", Row.Result.ActiveBlocks * Gpu->SMs);
      OS << limiterName(Row.Result.Primary);
      if (!Row.Launch.Fits)
        OS << "  (cannot launch: " << Row.Launch.Message << ")";
      OS << '\n';
    }
    for (const auto &[Dynamic, Best] : K.Best) {
      OS << "  best block size";
      if (K.Best.size() > 1 || Dynamic)
        OS << " with " << bytes(Dynamic) << " dynamic smem";
      if (Best.BlockSize == 0)
        OS << ": none (no block size fits)\n";
      else
        OS << llvm::formatv(": {0} ({1} blocks/SM, {2} warps/SM, {3}, limited by {4})\n",
                            Best.BlockSize, Best.BlocksPerSM, Best.Result.ActiveWarps,
                            percent(Best.Result.Occupancy), limiterName(Best.Result.Primary));
    }
  }
}

llvm::json::Value renderOccupancyJson(llvm::ArrayRef<KernelOccupancy> Kernels,
                                      const OccupancyRequest &Req) {
  llvm::json::Array Out;
  for (const KernelOccupancy &K : Kernels) {
    const KernelResources &R = K.Resources;
    llvm::json::Object Cmem;
    for (const auto &[Bank, Bytes] : R.Cmem)
      Cmem[std::to_string(Bank)] = int64_t(Bytes);
    llvm::json::Array Rows;
    for (const OccupancyRow &Row : K.Rows) {
      llvm::json::Object O{{"block_size", Row.BlockSize},
                           {"dynamic_smem", int64_t(Row.DynamicSmem)},
                           {"active_blocks", Row.Result.ActiveBlocks},
                           {"active_warps", Row.Result.ActiveWarps},
                           {"occupancy", Row.Result.Occupancy},
                           {"limiter", limiterName(Row.Result.Primary)},
                           {"fits", Row.Launch.Fits}};
      if (Req.Gpu)
        O["blocks_per_wave"] = Row.Result.ActiveBlocks * Req.Gpu->SMs;
      if (!Row.Launch.Fits)
        O["error"] = Row.Launch.Message;
      Rows.push_back(std::move(O));
    }
    llvm::json::Array Best;
    for (const auto &[Dynamic, B] : K.Best)
      Best.push_back(llvm::json::Object{{"dynamic_smem", int64_t(Dynamic)},
                                        {"block_size", B.BlockSize},
                                        {"active_blocks", B.BlocksPerSM},
                                        {"occupancy", B.Result.Occupancy},
                                        {"limiter", limiterName(B.Result.Primary)}});
    llvm::json::Object O{{"name", jsonText(R.MangledName)},
                         {"demangled", jsonText(R.DemangledName)},
                         {"arch", archName(K)},
                         {"registers", R.Registers},
                         {"model_registers", K.Registers},
                         {"static_smem", int64_t(R.StaticSmem)},
                         {"stack_frame", int64_t(R.StackFrame)},
                         {"spill_stores", int64_t(R.SpillStores)},
                         {"spill_loads", int64_t(R.SpillLoads)},
                         {"barriers", R.Barriers},
                         {"cmem", std::move(Cmem)},
                         {"max_warps_per_sm", K.Arch->maxWarpsPerSM()},
                         {"best", std::move(Best)},
                         {"rows", std::move(Rows)}};
    if (R.CumulativeStack)
      O["cumulative_stack"] = int64_t(*R.CumulativeStack);
    Out.push_back(std::move(O));
  }
  llvm::json::Object Result{{"kernels", std::move(Out)},
                            {"carveout", Req.Options.CarveoutPercent},
                            {"opt_in_smem", Req.OptInSmem},
                            {"maxrregcount", Req.MaxRegCount}};
  if (Req.Gpu)
    Result["gpu"] = llvm::json::Object{{"name", Req.Gpu->Name},
                                       {"arch", "sm_" + std::to_string(Req.Gpu->SmVersion)},
                                       {"sms", Req.Gpu->SMs}};
  return Result;
}

} // namespace cudalint
