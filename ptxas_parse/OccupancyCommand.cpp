//===- OccupancyCommand.cpp - The `cuda-lint occupancy` subcommand --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Options live in an llvm::cl::SubCommand of their own, so they never collide with the main
// driver's options of the same names (--format, --arch).
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/OccupancyCommand.h"

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/CommandLineErrors.h"
#include "ptxas_parse/GpuProducts.h"
#include "ptxas_parse/JsonText.h"
#include "ptxas_parse/NvccRunner.h"
#include "ptxas_parse/OccupancyReport.h"
#include "ptxas_parse/PtxasReport.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {
namespace {

namespace cl = llvm::cl;

enum class OutputFormat { Text, Json };

struct CommandOptions {
  cl::SubCommand Sub{"occupancy", "Predict occupancy per SM from ptxas resource usage"};
  cl::OptionCategory Category{"cuda-lint occupancy options"};
  cl::list<std::string> Sources{cl::Positional, cl::desc("[<source.cu>...]"), cl::sub(Sub),
                                cl::cat(Category)};
  cl::list<std::string> PtxasLogs{
      "ptxas-log",
      cl::desc("Resource report: nvcc --resource-usage / -Xptxas -v output, -Xnvlink -v output or "
               "cuobjdump --dump-resource-usage output ('-' for stdin); may be repeated"),
      cl::value_desc("file"), cl::sub(Sub), cl::cat(Category)};
  cl::list<std::string> Archs{"arch",
                              cl::desc("Target arch(s), e.g. sm_90 (default: those in the report; "
                                       "with sources: nvcc's default)"),
                              cl::value_desc("sm_XX"),
                              cl::CommaSeparated,
                              cl::sub(Sub),
                              cl::cat(Category)};
  cl::opt<std::string> BlockSizes{
      "block-size",
      cl::desc("Block sizes to tabulate, comma-separated, or 'all' for every multiple of 32 "
               "(default: 64,128,256,512,1024)"),
      cl::value_desc("N[,N...]|all"),
      cl::init("64,128,256,512,1024"),
      cl::sub(Sub),
      cl::cat(Category)};
  cl::list<std::string> DynamicSmem{"dynamic-smem",
                                    cl::desc("Dynamic shared memory per block in bytes (a K "
                                             "suffix multiplies by 1024); comma-separated"),
                                    cl::value_desc("bytes"),
                                    cl::CommaSeparated,
                                    cl::sub(Sub),
                                    cl::cat(Category)};
  cl::opt<int> Carveout{"carveout",
                        cl::desc("Preferred shared-memory carveout in percent (-1: driver "
                                 "default)"),
                        cl::value_desc("percent"),
                        cl::init(-1),
                        cl::sub(Sub),
                        cl::cat(Category)};
  cl::opt<unsigned> MaxRegCount{
      "maxrregcount",
      cl::desc("Register cap: passed to nvcc for sources, applied to the reported registers for "
               "a log"),
      cl::value_desc("N"),
      cl::init(0),
      cl::sub(Sub),
      cl::cat(Category)};
  cl::opt<bool> OptInSmem{"opt-in-smem",
                          cl::desc("Kernels raise their dynamic shared-memory limit to the opt-in "
                                   "maximum (cudaFuncAttributeMaxDynamicSharedMemorySize)"),
                          cl::sub(Sub), cl::cat(Category)};
  cl::opt<std::string> Gpu{"gpu",
                           cl::desc("Target GPU (cuda-lint --list-gpus): report its arch and the "
                                    "blocks of one full wave"),
                           cl::value_desc("name"), cl::sub(Sub), cl::cat(Category)};
  cl::opt<std::string> KernelFilter{"kernel",
                                    cl::desc("Only kernels whose (demangled) name contains this"),
                                    cl::value_desc("name"), cl::sub(Sub), cl::cat(Category)};
  cl::opt<OutputFormat> Format{"format",
                               cl::desc("Output format"),
                               cl::values(clEnumValN(OutputFormat::Text, "text", "Tables"),
                                          clEnumValN(OutputFormat::Json, "json", "JSON")),
                               cl::init(OutputFormat::Text),
                               cl::sub(Sub),
                               cl::cat(Category)};
  cl::opt<std::string> CudaPath{"cuda-path",
                                cl::desc("CUDA toolkit for nvcc (default: $CUDA_PATH, then the "
                                         "build's default)"),
                                cl::value_desc("dir"), cl::sub(Sub), cl::cat(Category)};
  cl::list<std::string> NvccArgs{"nvcc-arg",
                                 cl::desc("Extra nvcc argument for sources (repeat; use "
                                          "--nvcc-arg=-DX=1)"),
                                 cl::value_desc("arg"), cl::sub(Sub), cl::cat(Category)};
};

CommandOptions &commandOptions() {
  static CommandOptions Options;
  return Options;
}

llvm::Error usage(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

llvm::Expected<std::vector<unsigned>> parseBlockSizes(llvm::StringRef Text) {
  std::vector<unsigned> Sizes;
  if (Text.trim() == "all")
    return Sizes;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef P : Parts) {
    unsigned N;
    if (P.trim().getAsInteger(10, N) || N == 0 || N > 1024)
      return usage("invalid --block-size '" + P + "': expected 1..1024 or 'all'");
    Sizes.push_back(N);
  }
  if (Sizes.empty())
    return usage("empty --block-size");
  return Sizes;
}

llvm::Expected<uint64_t> parseBytes(llvm::StringRef Text) {
  llvm::StringRef S = Text.trim();
  uint64_t Scale = 1;
  if (S.consume_back_insensitive("kib") || S.consume_back_insensitive("k"))
    Scale = 1024;
  uint64_t N;
  if (S.getAsInteger(10, N) || N > (uint64_t(1) << 32) / Scale)
    return usage("invalid --dynamic-smem '" + Text +
                 "': expected a byte count such as 4096 or 48K");
  return N * Scale;
}

llvm::Expected<OccupancyRequest> makeRequest(const CommandOptions &O) {
  OccupancyRequest Req;
  for (const std::string &A : O.Archs) {
    llvm::Expected<const ArchLimits &> Arch = lookupArchByName(A);
    if (!Arch)
      return Arch.takeError();
    Req.Archs.push_back(Arch->smVersion());
  }
  if (!O.Gpu.empty()) {
    llvm::Expected<const GpuProduct &> Gpu = lookupGpuProduct(O.Gpu);
    if (!Gpu)
      return Gpu.takeError();
    Req.Gpu = &*Gpu;
    if (!Req.Archs.empty() && Req.Archs != std::vector<unsigned>{Gpu->SmVersion})
      return usage("--gpu " + llvm::Twine(Gpu->Name) + " is sm_" + llvm::Twine(Gpu->SmVersion) +
                   "; --arch cannot name another arch");
    Req.Archs = {Gpu->SmVersion};
  }
  llvm::Expected<std::vector<unsigned>> Sizes = parseBlockSizes(O.BlockSizes);
  if (!Sizes)
    return Sizes.takeError();
  Req.BlockSizes = *Sizes;
  if (!O.DynamicSmem.empty()) {
    Req.DynamicSmem.clear();
    for (const std::string &D : O.DynamicSmem) {
      llvm::Expected<uint64_t> Bytes = parseBytes(D);
      if (!Bytes)
        return Bytes.takeError();
      Req.DynamicSmem.push_back(*Bytes);
    }
  }
  if (O.Carveout < -1 || O.Carveout > 100)
    return usage("invalid --carveout " + llvm::Twine(int(O.Carveout)) +
                 ": expected -1 (driver default) or 0..100");
  Req.Options.CarveoutPercent = O.Carveout;
  if (O.MaxRegCount > 255)
    return usage("invalid --maxrregcount " + llvm::Twine(unsigned(O.MaxRegCount)) +
                 ": expected 1..255");
  Req.MaxRegCount = O.MaxRegCount;
  Req.OptInSmem = O.OptInSmem;
  Req.KernelFilter = O.KernelFilter;
  return Req;
}

void append(PtxasReport &Into, PtxasReport &&From) {
  for (KernelResources &R : From.Functions)
    Into.Functions.push_back(std::move(R));
  for (ModuleResources &M : From.Modules)
    Into.Modules.push_back(std::move(M));
}

llvm::Expected<PtxasReport> collectReports(const CommandOptions &O, const OccupancyRequest &Req) {
  if (O.PtxasLogs.empty() && O.Sources.empty())
    return usage("no input: pass --ptxas-log FILE or CUDA source files");
  PtxasReport All;
  for (const std::string &Log : O.PtxasLogs) {
    llvm::Expected<PtxasReport> R = parsePtxasReportFile(Log);
    if (!R)
      return R.takeError();
    append(All, std::move(*R));
  }
  if (O.Sources.empty())
    return All;
  llvm::Expected<std::string> Nvcc = findNvcc(O.CudaPath);
  if (!Nvcc)
    return Nvcc.takeError();
  std::vector<std::string> Extra(O.NvccArgs.begin(), O.NvccArgs.end());
  if (O.MaxRegCount)
    Extra.push_back("-maxrregcount=" + std::to_string(O.MaxRegCount));
  std::vector<std::string> Archs;
  for (llvm::StringRef A : O.Archs) {
    llvm::Expected<unsigned> Version = parseArchName(A);
    if (!Version)
      return Version.takeError();
    // Keep an "a"/"f" suffix: sm_90a code differs from sm_90 code.
    A = A.trim();
    std::string Suffix;
    if (!A.contains('.') && (A.ends_with_insensitive("a") || A.ends_with_insensitive("f")))
      Suffix = A.take_back().lower();
    Archs.push_back("sm_" + std::to_string(*Version) + Suffix);
  }
  if (Archs.empty() && Req.Gpu)
    Archs.push_back("sm_" + std::to_string(Req.Gpu->SmVersion));
  for (const std::string &Source : O.Sources) {
    llvm::Expected<std::string> Output = runNvccResourceUsage(*Nvcc, Source, Archs, Extra);
    if (!Output)
      return Output.takeError();
    llvm::Expected<PtxasReport> R = parsePtxasReport(*Output, "nvcc output for " + Source);
    if (!R)
      return R.takeError();
    append(All, std::move(*R));
  }
  return All;
}

int fail(llvm::Error E) {
  llvm::WithColor::error(llvm::errs(), "cuda-lint occupancy")
      << llvm::toString(std::move(E)) << '\n';
  return 2;
}

} // namespace

int runOccupancyCommand(int argc, const char **argv) {
  CommandOptions &O = commandOptions();
  cl::ResetAllOptionOccurrences();
  std::vector<const char *> Args = {"cuda-lint", "occupancy"};
  for (int I = 1; I < argc; ++I)
    Args.push_back(argv[I]);
  ParseErrorContext Ctx;
  Ctx.Help = "cuda-lint occupancy --help";
  if (std::optional<std::string> Problem = parseCommandLine(
          Args, "Predicts occupancy per SM from the ptxas resource report\n", Ctx))
    return fail(usage(*Problem));
  if (!O.Sub)
    return fail(usage("internal: the occupancy subcommand was not selected"));

  llvm::Expected<OccupancyRequest> Req = makeRequest(O);
  if (!Req)
    return fail(Req.takeError());
  llvm::Expected<PtxasReport> Report = collectReports(O, *Req);
  if (!Report)
    return fail(Report.takeError());
  llvm::Expected<std::vector<KernelOccupancy>> Kernels = computeOccupancyReport(*Report, *Req);
  if (!Kernels)
    return fail(Kernels.takeError());
  if (O.Format == OutputFormat::Json) {
    writeJsonValue(llvm::outs(), renderOccupancyJson(*Kernels, *Req));
    llvm::outs() << '\n';
  } else {
    renderOccupancyText(llvm::outs(), *Kernels, Req->Gpu);
  }
  llvm::outs().flush();
  // A table that could not be written (a full disk) is an error, not a result.
  if (std::error_code EC = llvm::outs().error()) {
    llvm::outs().clear_error();
    llvm::errs() << "cuda-lint occupancy: error: cannot write the table to stdout: " << EC.message()
                 << "\n";
    return 2;
  }
  return 0;
}

} // namespace cudalint
