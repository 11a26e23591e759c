//===- Main.cpp - The cuda-lint command line ------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   cuda-lint [options] PATH...        lint files and directories
//   cuda-lint occupancy [options] ...  ptxas report -> occupancy table
//
// Exit codes: 0 no findings at or above warning, 1 findings, 2 usage error or
// an analysis that could not complete.
//
//===----------------------------------------------------------------------===//
#include "analyzer/cache/RemoteCache.h"
#include "analyzer/cache/ResultCache.h"
#include "analyzer/cli/OptionChecks.h"
#include "analyzer/cli/Options.h"
#include "analyzer/cli/ParseArgs.h"
#include "analyzer/cli/StdinSource.h"
#include "analyzer/cli/Subcommands.h"
#include "analyzer/inputs/ApplyConfig.h"
#include "analyzer/inputs/ChangedLines.h"
#include "analyzer/inputs/Config.h"
#include "analyzer/inputs/Inputs.h"
#include "analyzer/inputs/RuleSelection.h"
#include "analyzer/inputs/Toolchain.h"
#include "analyzer/lsp/LspServer.h"
#include "analyzer/report/ApplyFixes.h"
#include "analyzer/report/Baseline.h"
#include "analyzer/report/FixOutput.h"
#include "analyzer/report/Report.h"
#include "analyzer/report/StreamReport.h"
#include "analyzer/report/Suppressions.h"
#include "analyzer/run/Runner.h"
#include "analyzer/scale/Launcher.h"
#include "analyzer/scale/Shards.h"
#include "analyzer/support/AtomicFile.h"
#include "analyzer/support/DisplayPath.h"
#include "analyzer/support/Git.h"
#include "analyzer/support/OutputGuard.h"
#include "analyzer/support/Resources.h"
#include "analyzer/tu/BoundsCompile.h"
#include "analyzer/tu/ResourceUsage.h"
#include "analyzer/tu/TranslationUnit.h"
#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/OccupancyCommand.h"
#include "ptxas_parse/ReadFile.h"
#include "rules/RuleRegistry.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <set>

using namespace llvm;
using namespace cudalint;
using namespace cudalint::cli;

namespace {

bool useColor(bool ToTerminal) {
  switch (*Color) {
  case ColorMode::Always:
    return true;
  case ColorMode::Never:
    return false;
  case ColorMode::Auto:
    break;
  }
  std::optional<std::string> NoColor = sys::Process::GetEnv("NO_COLOR");
  return ToTerminal && !(NoColor && !NoColor->empty());
}

int usageError(const Twine &Msg) {
  errs() << "cuda-lint: error: " << Msg << "\n";
  return 2;
}

std::string absolute(StringRef Path) {
  SmallString<256> P(Path);
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, true);
  return std::string(P);
}

/// Each TU's result as it is analysed, for the report printed as files finish (or null).
std::function<void(const TUResult &)> StreamResults;

/// The root that SARIF and GitHub paths are relative to.
std::string reportRoot() {
  if (!SarifRoot.empty())
    return absolute(SarifRoot);
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  if (std::optional<std::string> Top = gitTopLevel(Cwd))
    return *Top;
  return std::string(Cwd);
}

/// \p Code, or 2 when what was printed to stdout could not be written.
int checkStdout(int Code) {
  outs().flush();
  if (std::error_code EC = outs().error()) {
    outs().clear_error();
    return usageError("cannot write to stdout: " + EC.message());
  }
  return Code;
}

/// The files a run writes (--output, --export-fixes, --write-baseline, --export-facts): never
/// a file it reads (\p Inputs, the configuration files, the baseline, ptxas reports), nor each
/// other.
std::optional<std::string> outputIsInput(std::vector<std::string> Inputs,
                                         const ConfigLoader &Configs) {
  append_range(Inputs, PtxasLogs);
  if (!ConfigFile.empty())
    Inputs.push_back(ConfigFile);
  for (const auto &Loaded : Configs.loaded())
    Inputs.push_back(Loaded.first);
  if (!BaselineFile.empty())
    Inputs.push_back(BaselineFile);
  return outputOntoInput({{"--output", OutputFile},
                          {"--export-fixes", ExportFixes},
                          {"--write-baseline", WriteBaseline},
                          {"--export-facts", ExportFacts}},
                         Inputs);
}

/// --verbose: what each configuration file's extra-args may not pass to the parse.
void noteDroppedExtraArgs(const ConfigLoader &Configs) {
  for (const auto &[Path, C] : Configs.loaded())
    for (const std::string &A : C->DroppedExtraArgs)
      errs() << "cuda-lint: " << displayPath(Path) << ": extra-args: ignored '" << A
             << "': a configuration file may only change how files parse, never name an "
                "output, a plugin or a tool (docs/configuration.md)\n";
}

/// Writes \p Text to \p Path atomically; false, with a message, when it cannot.
bool writeOutputFile(StringRef Option, StringRef Path, StringRef Text) {
  if (Error E = writeFileAtomically(Path, Text)) {
    usageError(Option + " '" + Path + "': " + toString(std::move(E)));
    return false;
  }
  return true;
}

/// Writes the report rendered by \p Render to --output (atomically, unless it
/// is a device or a pipe) or to stdout. False, with a message, when it could
/// not be written completely.
bool writeReport(function_ref<void(raw_ostream &, bool ToFile)> Render) {
  std::string Problem;
  if (OutputFile.empty()) {
    Render(outs(), false);
    outs().flush();
    if (std::error_code EC = outs().error()) {
      outs().clear_error();
      Problem = "cannot write the report to stdout: " + EC.message();
    }
  } else if (isSpecialFile(OutputFile)) {
    std::error_code EC;
    raw_fd_ostream OS(OutputFile, EC, sys::fs::OF_Text);
    if (!EC) {
      Render(OS, true);
      OS.flush();
      EC = OS.error();
      OS.clear_error();
    }
    if (EC)
      Problem = "cannot write '" + OutputFile + "': " + EC.message();
  } else {
    std::string Text;
    raw_string_ostream OS(Text);
    Render(OS, true);
    if (Error E = writeFileAtomically(OutputFile, Text))
      Problem = "cannot write '" + OutputFile + "': " + toString(std::move(E));
  }
  if (Problem.empty())
    return true;
  usageError(Problem);
  return false;
}

/// How text and concise findings are written: colour and URLs on a terminal, unless told.
TextOptions textOptions(bool ToFile) {
  TextOptions T;
  T.Color = !ToFile && useColor(outs().is_displayed());
  T.Concise = OutputFormat == Format::Concise;
  T.Quiet = Quiet;
  // As shellcheck links its wiki: by default where a person reads the report.
  T.Urls = ShowUrls.getNumOccurrences() ? bool(ShowUrls) : !ToFile && outs().is_displayed();
  return T;
}

/// Appends the findings table to $GITHUB_STEP_SUMMARY, when set.
void appendStepSummary(const RunResult &Result, const CiReportOptions &Ci) {
  std::optional<std::string> Path = sys::Process::GetEnv("GITHUB_STEP_SUMMARY");
  if (!Path || Path->empty())
    return;
  std::error_code EC;
  raw_fd_ostream Summary(*Path, EC, sys::fs::OF_Append | sys::fs::OF_Text);
  if (EC) {
    errs() << "cuda-lint: warning: cannot append to GITHUB_STEP_SUMMARY '" << *Path
           << "': " << EC.message() << "\n";
    return;
  }
  writeGithubSummary(Summary, Result, Ci);
}

/// What the report is made of: the result and what the run was asked to look at.
struct Outcome {
  RunResult Result;
  std::vector<std::string> Analysed, Roots, RuleIds;
  AnalysedContent AnalysedText; // what --fix may change
  bool WholeProgram = false;     // every entry of a compilation database was analysed
};

/// --export-facts: analyses this shard's part of \p Plan and writes the facts file.
int exportFacts(const InputPlan &Plan, const RunOptions &Run, const ResourceUsage &Usage,
                const FactsSettings &Settings, Outcome &Out) {
  ShardSpec Part;
  if (!Shard.empty()) {
    Expected<ShardSpec> S = parseShardSpec(Shard);
    if (!S)
      return usageError(toString(S.takeError()));
    Part = *S;
  }
  Expected<std::string> Done = exportShard(Plan, Part, Run, Usage.Errors, Out.Analysed, Out.Roots,
                                           Out.RuleIds, Settings, ExportFacts);
  if (!Done)
    return usageError("--export-facts '" + ExportFacts + "': " + toString(Done.takeError()));
  if (!Quiet)
    errs() << "cuda-lint: " << *Done << "\n";
  return 0;
}

/// `cuda-lint merge FILE...`: the result of the runs that wrote the facts files.
int mergeFacts(const ConfigLoader &Configs, Outcome &Out) {
  if (std::optional<std::string> Clash =
          outputIsInput(std::vector<std::string>(Paths.begin(), Paths.end()), Configs))
    return usageError(*Clash);
  Expected<MergedRun> M = mergeRun(Paths);
  if (!M)
    return usageError(toString(M.takeError()));
  Out.Result = std::move(M->Result);
  Out.RuleIds = std::move(M->RuleIds);
  Out.Analysed = std::move(M->Analysed);
  Out.Roots = std::move(M->Roots);
  return -1;
}

/// The target GPU of the launch-shape rules: --gpu, else the configuration's gpu:. Warns when a
/// source of \p Plan does not compile for its architecture. -1 to go on, else the exit code.
int resolveTargetGpu(ConfigLoader &Configs, const InputPlan &Plan, RunOptions &Run) {
  std::string Name = GpuOpt;
  if (Name.empty()) {
    Expected<const Config &> C =
        Configs.configForDirectory(absolute(Paths.empty() ? "." : StringRef(Paths.front())));
    if (C)
      Name = C->Gpu;
    else
      consumeError(C.takeError());
  }
  if (Name.empty())
    return -1;
  Expected<const GpuProduct &> Gpu = lookupGpuProduct(Name);
  if (!Gpu)
    return usageError("--gpu: " + toString(Gpu.takeError()));
  Run.Gpu = &*Gpu;
  std::vector<std::string> Other;
  for (const TranslatedCommand &Cmd : Plan.Sources) {
    if (Cmd.Archs.empty())
      continue; // nvcc's default arch and its PTX, which runs on any later GPU
    bool Compiles = false;
    for (const std::string &A : Cmd.Archs)
      if (Expected<unsigned> V = parseArchName(A))
        Compiles |= *V == Gpu->SmVersion;
      else
        consumeError(V.takeError());
    if (!Compiles)
      Other.push_back(displayPath(Cmd.File) + " (" + join(Cmd.Archs, ", ") + ")");
  }
  if (!Other.empty())
    errs() << "cuda-lint: warning: --gpu " << Gpu->Name << " is sm_" << Gpu->SmVersion << ", which "
           << (Other.size() == 1 ? Other[0]
                                 : std::to_string(Other.size()) + " files (first " + Other[0] + ")")
           << " does not compile for; small-grid counts its " << Gpu->SMs
           << " SMs, tail-effect needs a ptxas report for sm_" << Gpu->SmVersion << "\n";
  return -1;
}

/// Plans and analyses the paths (or the shard of them); -1 to go on and
/// report, else the exit code.
int analyse(const char *Argv0, StringRef Prefix, ConfigLoader &Configs, Outcome &Out) {
  Expected<ToolchainPaths> Toolchain = findToolchain(CudaPath, Prefix);
  if (!Toolchain)
    return usageError(toString(Toolchain.takeError()));
  if (!BuildDir.empty() && !sys::fs::exists(BuildDir))
    return usageError("-p '" + BuildDir + "': no such directory");
  if (Paths.empty() && BuildDir.empty())
    return usageError("no paths given (usage: cuda-lint [options] PATH...; see --help)");

  InputOptions In;
  In.Paths = Paths;
  In.BuildDir = BuildDir;
  In.Toolchain = *Toolchain; // extra args are added per file by configurePlan
  if (Stdin)
    In.StdinPath = Stdin->Path;
  InputPlan Plan = planInputs(In);
  if (Error E = configurePlan(Plan, Configs, ExtraArgs))
    return usageError(toString(std::move(E)));
  if (Verbose)
    noteDroppedExtraArgs(Configs);
  std::vector<std::string> Inputs(Paths.begin(), Paths.end());
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
    for (const TranslatedCommand &C : *Cmds)
      Inputs.push_back(C.File);
  append_range(Inputs, Plan.Databases);
  if (std::optional<std::string> Clash = outputIsInput(std::move(Inputs), Configs))
    return usageError(*Clash);
  if (std::optional<std::string> Conflict = conflictingAnalysisOptions())
    return usageError(*Conflict + " (see cuda-lint --help)");

  RunOptions Run;
  Run.Jobs = Jobs;
  Run.EnabledRules = Out.RuleIds; // the configurations' selection applies to the findings
  Run.Verbose = Verbose;
  Run.Preamble = !NoPreamble;
  if (Stdin) { // the text on stdin over the disk; no preamble or cache reads it from the disk
    auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
    Memory->addFile(Stdin->Path, 0, MemoryBuffer::getMemBufferCopy(Stdin->Text, Stdin->Path));
    auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::createPhysicalFileSystem());
    Overlay->pushOverlay(Memory);
    Run.Files = Overlay;
    Run.Preamble = false;
  }
  Run.Progress = !Quiet && errs().is_displayed() && !sys::Process::GetEnv("CI");
  Run.OnResult = StreamResults;
  Run.Pedantic = Pedantic;
  Run.CompileErrorsAsNotes = CompileErrorsAsNotes;
  Run.WholeProgram = Paths.empty() && !Plan.Databases.empty();
  Out.WholeProgram = Run.WholeProgram;
  if (OccupancyThresholdOpt.getNumOccurrences()) {
    if (!(OccupancyThresholdOpt >= 0 && OccupancyThresholdOpt <= 1)) // NaN too
      return usageError("--occupancy-threshold must be between 0 and 1");
    Run.OccupancyThreshold = OccupancyThresholdOpt;
  } else {
    Expected<const Config &> C =
        Configs.configForDirectory(absolute(Paths.empty() ? "." : StringRef(Paths.front())));
    if (C)
      Run.OccupancyThreshold = C->OccupancyThreshold;
    else
      consumeError(C.takeError());
  }
  if (int Code = resolveTargetGpu(Configs, Plan, Run); Code >= 0)
    return Code;
  ResourceUsage Usage = loadPtxasLogs(PtxasLogs);
  if (ResourceUsageOpt) {
    ResourceUsage Compiled = runResourceUsage(Plan, *Toolchain, {"sm_90"});
    append_range(Usage.Kernels, Compiled.Kernels);
    append_range(Usage.Errors, Compiled.Errors);
    Usage.BySource = std::move(Compiled.BySource);
    // missing-launch-bounds has ptxas check the bounds it proposes.
    Run.CompileWithBounds = [&Plan, &Toolchain, &Usage](const std::vector<BoundsProposal> &P) {
      return compileWithBounds(Plan, *Toolchain, {"sm_90"}, Usage, P);
    };
  }
  Run.Resources = std::move(Usage.Kernels);
  // What the analysis reads, so that --fix refuses a file edited in the meantime.
  if (Fix || Diff) {
    Out.AnalysedText.start();
    for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
      for (const TranslatedCommand &C : *Cmds)
        Out.AnalysedText.record(C.File);
  }
  Expected<std::unique_ptr<ResultCache>> OpenedCache =
      ResultCache::openForRun(CacheDir, NoCache, Argv0, RemoteCacheUrl, RemoteCacheReadOnly);
  if (!OpenedCache)
    return usageError(toString(OpenedCache.takeError()));
  std::unique_ptr<ResultCache> Cache = std::move(*OpenedCache);
  Run.Cache = Stdin ? nullptr : Cache.get();
  auto TrimCache = make_scope_exit([&] {
    if (!Cache)
      return;
    Cache->trim();
    if (std::string Why = Cache->writeError(); !Why.empty())
      errs() << "cuda-lint: warning: " << Why << "\n";
    if (std::string Why = Cache->refusedWarning(); !Why.empty())
      errs() << "cuda-lint: warning: " << Why << "\n";
    if (RemoteCache *Remote = Cache->remote()) {
      if (std::string Why = Remote->warning(); !Why.empty())
        errs() << "cuda-lint: warning: " << Why << "\n";
      if (Verbose)
        errs() << "cuda-lint: " << Remote->summary() << "\n";
    }
  });
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
    for (const TranslatedCommand &C : *Cmds)
      Out.Analysed.push_back(C.File);
  if (!ExportFacts.empty())
    return exportFacts(Plan, Run, Usage,
                       {{ExtraArgs.begin(), ExtraArgs.end()}, Plan.Databases, Toolchain->CudaPath},
                       Out);
  Out.Result = runAnalysis(Plan, Run);
  append_range(Out.Result.Errors, Usage.Errors);
  return -1;
}

} // namespace

/// The arguments with every one that looks like an option but names an existing file (or
/// link) turned into a path ("./--export-facts=src/k.cu"): file names come from the analysed
/// tree (pre-commit passes the staged files after the hook's options), and a committed file
/// must never become an option that writes. Arguments after "--" are paths already.
std::vector<const char *> filesAsPaths(int argc, const char **argv,
                                       std::vector<std::string> &Storage) {
  std::vector<const char *> Args(argv, argv + argc);
  Storage.reserve(argc);
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--")
      break;
    sys::fs::file_status St;
    if (A.size() > 1 && A.starts_with("-") && !sys::fs::status(A, St, /*follow=*/false)) {
      Storage.push_back("./" + A.str());
      Args[I] = Storage.back().c_str();
    }
  }
  return Args;
}

static int lintMain(int argc, const char **argv) {
  // Where the run-time files are (analyzer/support/Resources.h).
  const std::string Prefix = installPrefix(argv[0]);
  std::vector<std::string> PathStorage;
  std::vector<const char *> AsPaths;
  if (StringRef First = argc > 1 ? argv[1] : "";
      First != "confirm" && First != "lsp" && First != "occupancy") {
    AsPaths = filesAsPaths(argc, argv, PathStorage);
    argv = AsPaths.data();
  }
  if (argc > 1 && StringRef(argv[1]) == "confirm")
    return runConfirmCommand(argc - 1, argv + 1, Prefix);
  if (argc > 1 && StringRef(argv[1]) == "lsp")
    return runLspCommand(argc - 1, argv + 1);
  if (argc > 1 && StringRef(argv[1]) == "occupancy")
    return runOccupancyCommand(argc - 1, argv + 1);
  if (argc > 1 && StringRef(argv[1]).starts_with("--launcher"))
    return runLauncher(argc - 1, argv + 1, argv[0], Prefix);
  // `cuda-lint merge [options] FILE...`: the options of a run, facts files as paths.
  std::vector<const char *> Args(argv, argv + argc);
  const bool Merge = argc > 1 && StringRef(argv[1]) == "merge";
  if (Merge)
    Args.erase(Args.begin() + 1);
  cl::HideUnrelatedOptions(Category);
  registerColorOption();
  cl::SetVersionPrinter([](raw_ostream &OS) { printVersion(OS, CUDA_LINT_LLVM_LINKAGE); });
  if (std::optional<std::string> Problem = parseArguments(
          Args,
          "CUDA execution-configuration linter\n\n"
          "  cuda-lint [options] PATH...   files, or directories searched for .cu/.cuh\n"
          "  cuda-lint [options] - --stdin-filename PATH\n"
          "                                the source on stdin, analysed as if it were PATH\n"
          "  cuda-lint occupancy --help    occupancy from a ptxas resource report\n"
          "  cuda-lint lsp                 a Language Server for editors (docs/editors.md)\n"
          "  cuda-lint merge FILE...       report on the files of --export-facts (docs/scale.md)\n"
          "  cuda-lint confirm --findings FILE -- CMD...\n"
          "                                run CMD on a GPU and measure each finding "
          "(docs/harness.md)\n"
          "  cuda-lint --launcher=DIR COMPILER ARGS...\n"
          "                                compile, then analyse into DIR for merge (CMake's "
          "CMAKE_CUDA_COMPILER_LAUNCHER; docs/scale.md)\n"))
    return usageError(*Problem);

  if (std::optional<std::string> Conflict = conflictingOptions())
    return usageError(*Conflict + " (see cuda-lint --help)");

  if (!Explain.empty())
    return checkStdout(explainRule(Explain, Prefix));
  if (ListRules)
    return checkStdout(listRules(OutputFormat == Format::Json));
  if (ListGpus)
    return checkStdout(listGpus(OutputFormat == Format::Json));
  std::vector<std::string> SelectedRules; // empty: every rule, as the configurations select
  if (Rules.getNumOccurrences() || Disable.getNumOccurrences()) {
    Expected<std::vector<std::string>> Selected = selectRules(Rules, Disable);
    if (!Selected)
      return usageError(toString(Selected.takeError()));
    SelectedRules = std::move(*Selected);
  }

  if (std::optional<std::string> Problem = Merge ? std::nullopt : readStdinSource())
    return usageError(*Problem);

  if (!SarifRoot.empty() && !sys::fs::is_directory(SarifRoot))
    return usageError("--sarif-root '" + SarifRoot + "': no such directory");

  ConfigLoader Configs;
  if (!ConfigFile.empty())
    if (Error E = Configs.useFile(ConfigFile))
      return usageError(toString(std::move(E)));
  if (DumpConfig) {
    std::string Target = absolute(Paths.empty() ? "." : StringRef(Paths.front()));
    Expected<const Config &> C = sys::fs::is_directory(Target)
                                     ? Configs.configForDirectory(Target)
                                     : Configs.configFor(Target);
    if (!C)
      return usageError(toString(C.takeError()));
    C->dump(outs(), Target);
    return checkStdout(0);
  }

  std::string SarifDocs; // the rule pages for SARIF's help, checked before the analysis
  if (OutputFormat == Format::Sarif && !Statistics) {
    Expected<std::string> Docs = sarifDocsDir(Prefix);
    if (!Docs)
      return usageError(toString(Docs.takeError()));
    SarifDocs = std::move(*Docs);
  }

  Outcome Out;
  Out.RuleIds = SelectedRules;
  Out.Roots.assign(Paths.begin(), Paths.end());
  if (Out.Roots.empty() && !Merge)
    Out.Roots.push_back("."); // -p build without paths: the current directory
  if (std::optional<std::string> Conflict = conflictingShardOptions(Merge))
    return usageError(*Conflict + " (see cuda-lint --help)");
  // --rules replaces the configurations' selection; --disable alone narrows it.
  const bool RulesFromCli = Merge ? !Out.RuleIds.empty() : Rules.getNumOccurrences() > 0;
  SuppressionOptions Suppress;
  Suppress.ReportUnused = ReportUnusedSuppressions;
  for (const RuleInfo &R : allRules())
    Suppress.KnownRules.push_back(R.Id);
  Suppress.KnownRules.push_back(CompileErrorRuleId);
  Suppress.RuleRan = [&](StringRef File, StringRef Id) {
    if (Id == CompileErrorRuleId)
      return true;
    if (!Out.RuleIds.empty() && !is_contained(Out.RuleIds, Id))
      return false;
    if (RulesFromCli)
      return true;
    Expected<const Config &> C = Configs.configFor(File);
    if (!C) {
      consumeError(C.takeError());
      return true;
    }
    return C->ruleEnabled(Id);
  };
  if (Stdin)
    Suppress.ReadFile = [](StringRef Path) -> std::optional<std::string> {
      if (Path == Stdin->Path)
        return Stdin->Text;
      if (!sys::fs::is_regular_file(Path)) // as applySuppressions reads the disk
        return std::nullopt;
      Expected<std::string> Text = readFileBounded(Path, 32 << 20);
      if (!Text) {
        consumeError(Text.takeError());
        return std::nullopt;
      }
      return std::move(*Text);
    };
  // Text, concise and GitHub findings are printed as each file is analysed (StreamReport.h).
  // By default where a person watches the run (a terminal), as the progress line; --sort=false
  // streams into a pipe too, --sort never streams.
  std::unique_ptr<FindingStream> Stream;
  const bool Streams =
      SortFindings.getNumOccurrences() ? !SortFindings : outs().is_displayed();
  if (Streams && !Merge && OutputFile.empty() && !Statistics && !Fix && !Diff &&
      WriteBaseline.empty() && BaselineFile.empty() && ChangedLinesRef.empty() &&
      ExportFacts.empty() && OutputFormat != Format::Json && OutputFormat != Format::Sarif) {
    CiReportOptions StreamCi;
    if (OutputFormat == Format::Github)
      StreamCi.Root = reportRoot();
    SuppressionOptions Quick = Suppress; // each finding's own NOLINT; unused ones at the end
    Quick.ReportUnused = false;
    Stream = std::make_unique<FindingStream>(
        outs(),
        OutputFormat == Format::Github ? FindingStream::Kind::Github : FindingStream::Kind::Text,
        textOptions(false), StreamCi, [&, Quick](std::vector<Finding> &Fs) {
          if (Error E = configureFindings(Fs, Configs, RulesFromCli)) {
            consumeError(std::move(E)); // reported at the end
            Fs.clear();
            return;
          }
          std::vector<std::string> Files;
          for (const Finding &F : Fs)
            Files.push_back(F.File);
          applySuppressions(Fs, Files, Quick);
          // What the suppression pass adds about the comments themselves comes at the end.
          llvm::erase_if(Fs, [](const Finding &F) {
            return any_of(suppressionRules(),
                          [&](const SuppressionRule &R) { return F.RuleId == R.Id; });
          });
        });
    StreamResults = [&](const TUResult &R) { Stream->add(R); };
  }
  if (int Code = Merge ? mergeFacts(Configs, Out) : analyse(argv[0], Prefix, Configs, Out);
      Code >= 0)
    return Code;
  RunResult &Result = Out.Result;
  const std::vector<std::string> &Analysed = Out.Analysed, &Roots = Out.Roots;
  AnalysedContent &AnalysedText = Out.AnalysedText;

  if (Error E = configureFindings(Result.Findings, Configs, RulesFromCli))
    return usageError(toString(std::move(E)));

  applySuppressions(Result.Findings, Analysed, Suppress);

  CiReportOptions Ci;
  Ci.Root = reportRoot(); // baselines and SARIF/GitHub paths are relative to it
  if (!WriteBaseline.empty()) {
    bool Written =
        writeOutputFile("--write-baseline", WriteBaseline, renderBaseline(Result.Findings, Ci.Root));
    writeErrors(errs(), Result, useColor(errs().is_displayed()));
    if (Written)
      errs() << "cuda-lint: recorded " << Result.Findings.size() << " finding"
             << (Result.Findings.size() == 1 ? "" : "s") << " in " << WriteBaseline << "\n";
    return Written && Result.Errors.empty() ? 0 : 2;
  }
  if (!BaselineFile.empty()) {
    Expected<unsigned> Known = applyBaseline(BaselineFile, Result.Findings, Ci.Root);
    if (!Known)
      return usageError(toString(Known.takeError()));
    Result.Baselined = *Known;
  }

  if (!ChangedLinesRef.empty()) {
    std::vector<std::string> Files = Analysed;
    for (const Finding &F : Result.Findings)
      Files.push_back(F.File);
    llvm::sort(Files);
    Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
    Expected<ChangedLines> Changed = ChangedLines::compute(ChangedLinesRef, Files);
    if (!Changed)
      return usageError(toString(Changed.takeError()));
    keepChangedLines(Result.Findings, *Changed);
  }

  if (!Quiet)
    writeErrors(errs(), Result, useColor(errs().is_displayed()));
  else
    writeErrors(errs(), RunResult{{}, Result.Errors}, useColor(errs().is_displayed()));

  bool FixFailed = false;
  if (!ExportFixes.empty()) {
    FixSummary Planned;
    std::string Yaml;
    raw_string_ostream OS(Yaml);
    writeReplacementsYaml(OS, Result.Findings,
                          planFixes(Result.Findings, Roots, UnsafeFixes, Planned));
    FixFailed |= !writeOutputFile("--export-fixes", ExportFixes, Yaml);
  }
  if (Diff) {
    FixSummary S;
    bool Changes = false;
    StringMap<std::vector<PlannedFix>> Plan = planFixes(Result.Findings, Roots, UnsafeFixes, S);
    std::vector<std::string> Files;
    for (const auto &Entry : Plan)
      Files.push_back(Entry.first().str());
    llvm::sort(Files);
    bool Written = writeReport([&](raw_ostream &OS, bool) {
      for (const std::string &File : Files)
        if (std::optional<std::string> Before = readForFix(File, AnalysedText, S)) {
          std::string After = applyToText(*Before, Plan[File], S);
          Changes |= After != *Before;
          writeUnifiedDiff(OS, displayPath(File), *Before, After);
        }
    });
    for (const AnalysisError &E : S.Failed)
      errs() << "cuda-lint: error: " << displayPath(E.File) << ": " << E.Message << "\n";
    if (!Result.Errors.empty() || !Written || !S.Failed.empty() || FixFailed)
      return 2;
    return Changes ? 1 : 0;
  }

  FixSummary Fixed;
  if (Fix) {
    Fixed = applyFixes(Result.Findings, Roots, UnsafeFixes, AnalysedText);
    FixFailed |= !Fixed.Failed.empty();
  }
  // What --show-fixes lists: what was fixed, or what --fix would fix.
  std::vector<size_t> Listed = Fixed.FixedFindings;
  std::vector<Finding> ListedFrom;
  if (ShowFixes) {
    if (!Fix) { // what --fix (with --unsafe-fixes for those marked unsafe) would apply
      FixSummary Ignored;
      std::set<size_t> Planned;
      for (const auto &Entry : planFixes(Result.Findings, Roots, /*Unsafe=*/true, Ignored))
        for (const PlannedFix &P : Entry.second)
          Planned.insert(P.Finding);
      Listed.assign(Planned.begin(), Planned.end());
    }
    ListedFrom = Result.Findings;
  }
  if (Fix) { // fixed findings are no longer there: report what remains
    std::vector<Finding> Remaining;
    for (size_t I = 0, J = 0; I < Result.Findings.size(); ++I) {
      if (J < Fixed.FixedFindings.size() && Fixed.FixedFindings[J] == I) {
        ++J;
        continue;
      }
      Remaining.push_back(std::move(Result.Findings[I]));
    }
    Result.Findings = std::move(Remaining);
    Result.Fixed = Fixed.FixedFindings.size();
  }

  Ci.DocsDir = SarifDocs;
  if (Stream)
    Ci.AlreadyPrinted = [&](const Finding &F) { return Stream->printed(F); };
  bool Written = writeReport([&](raw_ostream &OS, bool ToFile) {
    if (Statistics) {
      writeStatistics(OS, Result, OutputFormat == Format::Json);
      return;
    }
    switch (OutputFormat) {
    case Format::Json:
      writeJson(OS, Result);
      break;
    case Format::Sarif:
      writeSarif(OS, Result, Ci);
      break;
    case Format::Github:
      writeGithub(OS, Result, Ci);
      break;
    case Format::Text:
    case Format::Concise:
      writeText(OS, Result, [&] {
        TextOptions T = textOptions(ToFile);
        if (Stream)
          T.AlreadyPrinted = [&](const Finding &F) { return Stream->printed(F); };
        return T;
      }());
      break;
    }
    if (ShowFixes && (OutputFormat == Format::Text || OutputFormat == Format::Concise))
      writeFixList(OS, ListedFrom, Listed,
                   Fix ? "fixed" : "fixable (--fix applies the safe ones)");
  });
  if (OutputFormat == Format::Github)
    appendStepSummary(Result, Ci);

  if (Fix) {
    for (const AnalysisError &E : Fixed.Refused)
      errs() << "cuda-lint: " << displayPath(E.File) << ": " << E.Message << "\n";
    for (const AnalysisError &E : Fixed.Failed)
      errs() << "cuda-lint: error: " << displayPath(E.File) << ": " << E.Message << "\n";
    if (!Quiet)
      errs() << "cuda-lint: applied " << Fixed.Applied << " fix-it"
             << (Fixed.Applied == 1 ? "" : "s") << " in " << Fixed.FilesChanged << " file"
             << (Fixed.FilesChanged == 1 ? "" : "s") << "\n";
    if (Fixed.UnsafeSkipped && !Quiet)
      errs() << "cuda-lint: " << Fixed.UnsafeSkipped << " unsafe fix-it"
             << (Fixed.UnsafeSkipped == 1 ? "" : "s") << " not applied: "
             << unsafeFixReason(Result, Out.WholeProgram) << "\n";
  }

  if (!Result.Errors.empty() || !Written || FixFailed)
    return 2;
  Severity Threshold = FailOn == FailLevel::Error ? Severity::Error : Severity::Warning;
  bool Failing = llvm::any_of(Result.Findings, [&](const Finding &F) {
    return static_cast<int>(F.Level) >= static_cast<int>(Threshold);
  });
  return Failing && !ExitZero ? 1 : 0;
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  // A write past the file-size limit (ulimit -f) is an error the writer
  // reports (EFBIG), not a crash: LLVM's handler for SIGXFSZ would print a
  // stack dump and a request for a bug report.
  std::signal(SIGXFSZ, SIG_IGN);
  int Code = lintMain(argc, argv);
  // A TU whose analysis crashed left Clang's state half torn down; LLVM's
  // shutdown would trip over it after the report is out. Skip the cleanup.
  if (anyTranslationUnitCrashed()) {
    outs().flush();
    errs().flush();
    sys::Process::Exit(Code, /*NoCleanup=*/true);
  }
  return Code;
}
