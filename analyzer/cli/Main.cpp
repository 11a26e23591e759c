//===- Main.cpp - The cuda-lint command line ------------------------------===//
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
#include "analyzer/cli/Options.h"
#include "analyzer/cli/Subcommands.h"
#include "analyzer/inputs/ApplyConfig.h"
#include "analyzer/inputs/ChangedLines.h"
#include "analyzer/inputs/Config.h"
#include "analyzer/inputs/Inputs.h"
#include "analyzer/inputs/Toolchain.h"
#include "analyzer/lsp/LspServer.h"
#include "analyzer/report/ApplyFixes.h"
#include "analyzer/report/Baseline.h"
#include "analyzer/report/FixOutput.h"
#include "analyzer/report/Report.h"
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
#include "rules/RuleRegistry.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
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

/// --explain, --list-rules and --dump-config print something and exit: an
/// option that only matters to an analysis cannot go with them, nor can two of
/// them go together.
std::optional<std::string> conflictingOptions() {
  std::vector<std::string> Modes;
  if (Explain.getNumOccurrences())
    Modes.push_back("--explain");
  if (ListRules.getNumOccurrences())
    Modes.push_back("--list-rules");
  if (ListGpus.getNumOccurrences())
    Modes.push_back("--list-gpus");
  if (DumpConfig.getNumOccurrences())
    Modes.push_back("--dump-config");
  if (Modes.empty())
    return std::nullopt;
  if (Modes.size() > 1)
    return Modes[0] + " and " + Modes[1] + " cannot be combined";
  if ((ListRules.getNumOccurrences() || ListGpus.getNumOccurrences()) &&
      OutputFormat != Format::Text && OutputFormat != Format::Json)
    return Modes[0] + " prints text or JSON (--format=json)";
  std::pair<cl::Option *, const char *> AnalysisOptions[] = {
      {&Fix, "--fix"},
      {&UnsafeFixes, "--unsafe-fixes"},
      {&OutputFile, "--output"},
      {&Statistics, "--statistics"},
      {&FailOn, "--fail-on"},
      {&Quiet, "--quiet"},
      {&Diff, "--diff"},
      {&ShowFixes, "--show-fixes"},
      {&ExportFixes, "--export-fixes"},
      {&BaselineFile, "--baseline"},
      {&WriteBaseline, "--write-baseline"},
      {&ChangedLinesRef, "--changed-lines"},
      {std::addressof(PtxasLogs), "--ptxas-log"},
      {&ResourceUsageOpt, "--resource-usage"},
      {&ExitZero, "--exit-zero"},
      {&ReportUnusedSuppressions, "--report-unused-suppressions"},
      {&SarifRoot, "--sarif-root"},
      {&CompileErrorsAsNotes, "--compile-errors-as-notes"},
      {&OccupancyThresholdOpt, "--occupancy-threshold"},
      {&GpuOpt, "--gpu"},
  };
  if (!ListRules.getNumOccurrences() && !ListGpus.getNumOccurrences() &&
      OutputFormat.getNumOccurrences())
    return Modes[0] + " cannot be combined with --format, which only applies to an analysis";
  for (auto [Opt, Name] : AnalysisOptions)
    if (Opt->getNumOccurrences())
      return Modes[0] + " cannot be combined with " + Name + ", which only applies to an analysis";
  return std::nullopt;
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

/// Options of an analysis that cannot go together.
std::optional<std::string> conflictingAnalysisOptions() {
  if (Diff && Fix)
    return "--diff shows the fixes without applying them; it cannot go with --fix";
  if (Diff && (OutputFormat != Format::Text || Statistics))
    return "--diff prints a diff; it cannot go with --format or --statistics";
  if (Statistics && OutputFormat != Format::Text && OutputFormat != Format::Json)
    return "--statistics prints a table, or JSON with --format=json";
  if (!WriteBaseline.empty() && (Fix || Diff || !BaselineFile.empty() || Statistics))
    return "--write-baseline records the findings and exits; it cannot go with --fix, "
           "--diff, --baseline or --statistics";
  return std::nullopt;
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
};

/// Options that --export-facts, --shard or merge cannot go with, if any.
std::optional<std::string> conflictingShardOptions(bool Merge) {
  if (!Shard.empty() && ExportFacts.empty())
    return std::string("--shard needs --export-facts FILE: each shard writes its results, and "
                       "cuda-lint merge reports on all of them");
  std::vector<std::pair<cl::Option *, const char *>> Refused;
  std::string Why, Where = " (give it to cuda-lint merge)";
  if (Merge) {
    Where = " (give it to the runs that write the facts files)";
    Why = "cuda-lint merge reports on what the shards analysed; it cannot go with ";
    Refused = {{&BuildDir, "-p"},
               {std::addressof(ExtraArgs), "--extra-arg"},
               {std::addressof(Rules), "--rules"},
               {&Pedantic, "--pedantic"},
               {&ResourceUsageOpt, "--resource-usage"},
               {std::addressof(PtxasLogs), "--ptxas-log"},
               {&OccupancyThresholdOpt, "--occupancy-threshold"},
               {&GpuOpt, "--gpu"},
               {&CompileErrorsAsNotes, "--compile-errors-as-notes"},
               {&Fix, "--fix"},
               {&Diff, "--diff"},
               {&Shard, "--shard"},
               {&ExportFacts, "--export-facts"}};
  } else if (!ExportFacts.empty()) {
    Why = "--export-facts writes the results for cuda-lint merge and reports nothing; it cannot "
          "go with ";
    Refused = {{&OutputFile, "--output"},     {&OutputFormat, "--format"},
               {&Statistics, "--statistics"}, {&Fix, "--fix"},
               {&Diff, "--diff"},             {&ShowFixes, "--show-fixes"},
               {&ExportFixes, "--export-fixes"}, {&BaselineFile, "--baseline"},
               {&WriteBaseline, "--write-baseline"}, {&ChangedLinesRef, "--changed-lines"},
               {&FailOn, "--fail-on"},        {&ExitZero, "--exit-zero"}};
    if (!Shard.empty() && ResourceUsageOpt)
      return std::string("--resource-usage compiles every file of the run; with --shard, give "
                         "each shard the ptxas reports with --ptxas-log");
  }
  for (auto [Opt, Name] : Refused)
    if (Opt->getNumOccurrences())
      return Why + Name + Where;
  return std::nullopt;
}

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
  Run.Progress = !Quiet && errs().is_displayed() && !sys::Process::GetEnv("CI");
  Run.Pedantic = Pedantic;
  Run.CompileErrorsAsNotes = CompileErrorsAsNotes;
  Run.WholeProgram = Paths.empty() && !Plan.Databases.empty();
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
  Run.Cache = Cache.get();
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
  std::string ParseErrors;
  raw_string_ostream ErrStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          Args.size(), Args.data(),
          "CUDA execution-configuration linter\n\n"
          "  cuda-lint [options] PATH...   files, or directories searched for .cu/.cuh\n"
          "  cuda-lint occupancy --help    occupancy from a ptxas resource report\n"
          "  cuda-lint lsp                 a Language Server for editors (docs/editors.md)\n"
          "  cuda-lint merge FILE...       report on the files of --export-facts (docs/scale.md)\n",
          &ErrStream)) {
    StringRef First = StringRef(ParseErrors).trim().split('\n').first;
    First.consume_front(sys::path::filename(argv[0]).str() + ": ");
    First = First.split("  Try: ").first; // LLVM's hint names the binary's full path
    if (First.trim().empty()) // LLVM wrote an invalid option value to stderr itself
      return 2;
    return usageError(First.rtrim() + " (see cuda-lint --help)");
  }

  if (std::optional<std::string> Conflict = conflictingOptions())
    return usageError(*Conflict + " (see cuda-lint --help)");

  if (!Explain.empty())
    return checkStdout(explainRule(Explain, Prefix));
  if (ListRules)
    return checkStdout(listRules(OutputFormat == Format::Json));
  if (ListGpus)
    return checkStdout(listGpus(OutputFormat == Format::Json));
  for (const std::string &Id : Rules)
    if (!findRule(Id))
      return usageError("unknown rule '" + Id + "' (see cuda-lint --list-rules)");

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
  Out.RuleIds.assign(Rules.begin(), Rules.end());
  Out.Roots.assign(Paths.begin(), Paths.end());
  if (Out.Roots.empty() && !Merge)
    Out.Roots.push_back("."); // -p build without paths: the current directory
  if (std::optional<std::string> Conflict = conflictingShardOptions(Merge))
    return usageError(*Conflict + " (see cuda-lint --help)");
  if (int Code = Merge ? mergeFacts(Configs, Out) : analyse(argv[0], Prefix, Configs, Out);
      Code >= 0)
    return Code;
  RunResult &Result = Out.Result;
  const std::vector<std::string> &Analysed = Out.Analysed, &Roots = Out.Roots;
  AnalysedContent &AnalysedText = Out.AnalysedText;

  if (Error E = configureFindings(Result.Findings, Configs, !Out.RuleIds.empty()))
    return usageError(toString(std::move(E)));
  SuppressionOptions Suppress;
  Suppress.ReportUnused = ReportUnusedSuppressions;
  for (const RuleInfo &R : allRules())
    Suppress.KnownRules.push_back(R.Id);
  Suppress.KnownRules.push_back(CompileErrorRuleId);
  Suppress.RuleRan = [&](StringRef File, StringRef Id) {
    if (Id == CompileErrorRuleId)
      return true;
    if (!Out.RuleIds.empty())
      return is_contained(Out.RuleIds, Id);
    Expected<const Config &> C = Configs.configFor(File);
    if (!C) {
      consumeError(C.takeError());
      return true;
    }
    return C->ruleEnabled(Id);
  };
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
      writeText(OS, Result,
                {!ToFile && useColor(outs().is_displayed()), OutputFormat == Format::Concise,
                 Quiet});
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
             << (Fixed.UnsafeSkipped == 1 ? "" : "s")
             << " not applied: cuda-lint cannot know it saw every launch (files picked on the "
                "command line, a kernel in a header, or compile errors); check them and use "
                "--unsafe-fixes, or run on the whole compilation database (-p DIR, no paths)\n";
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
