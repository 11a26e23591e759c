//===- Main.cpp - The cuda-lint command line ------------------------------===//
//
//   cuda-lint [options] PATH...        lint files and directories
//   cuda-lint occupancy [options] ...  ptxas report -> occupancy table
//
// Exit codes: 0 no findings at or above warning, 1 findings, 2 usage error or
// an analysis that could not complete.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ApplyConfig.h"
#include "analyzer/ApplyFixes.h"
#include "analyzer/AtomicFile.h"
#include "analyzer/ChangedLines.h"
#include "analyzer/Config.h"
#include "analyzer/Docs.h"
#include "analyzer/Git.h"
#include "analyzer/Inputs.h"
#include "analyzer/Report.h"
#include "analyzer/ResourceUsage.h"
#include "analyzer/Runner.h"
#include "analyzer/Subcommands.h"
#include "analyzer/TranslationUnit.h"
#include "analyzer/Suppressions.h"
#include "analyzer/Toolchain.h"
#include "ptxas_parse/OccupancyCommand.h"
#include "rules/RuleRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace cudalint;

namespace {

cl::OptionCategory Category("cuda-lint options");

cl::list<std::string> Paths(cl::Positional, cl::desc("PATH..."), cl::cat(Category));
cl::opt<std::string> BuildDir("p", cl::desc("Build directory holding compile_commands.json"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Extra argument appended to every Clang command line"),
                                cl::value_desc("arg"), cl::cat(Category));
cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA toolkit root (default: $CUDA_PATH, "
                                                    "/usr/local/cuda, or nvcc on PATH)"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<unsigned> Jobs("j", cl::Prefix, cl::desc("Translation units analysed in parallel (default: all cores)"),
                       cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<bool> ListRules("list-rules", cl::desc("List the rules and exit"), cl::cat(Category));
enum class Format { Text, Json, Sarif, Github };
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(Format::Text, "text", "clang-style (default)"),
               clEnumValN(Format::Json, "json", "JSON (docs/json-format.md)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0, for code scanning (docs/ci.md)"),
               clEnumValN(Format::Github, "github",
                          "GitHub Actions annotations, and a table in $GITHUB_STEP_SUMMARY")),
    cl::init(Format::Text), cl::cat(Category));
cl::opt<std::string> SarifRoot("sarif-root",
                               cl::desc("Report paths relative to DIR in SARIF and GitHub output "
                                        "(default: the git top level of the current directory)"),
                               cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> ConfigFile("config",
                                cl::desc("Use FILE for every input instead of the closest "
                                         ".cuda-lint.yaml (docs/configuration.md)"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("Print the configuration that applies to the first PATH (or "
                                  "the current directory) and exit"),
                         cl::cat(Category));
cl::opt<bool> ReportUnusedSuppressions(
    "report-unused-suppressions",
    cl::desc("Report NOLINT comments that suppress no finding (rule unused-nolint)"),
    cl::cat(Category));
cl::opt<std::string> ChangedLinesRef("changed-lines",
                                     cl::desc("Report only findings on lines added or modified "
                                              "since the git ref REF (e.g. origin/main)"),
                                     cl::value_desc("REF"), cl::cat(Category));
cl::opt<std::string> Explain("explain", cl::desc("Print the documentation of RULE and exit"),
                             cl::value_desc("RULE"), cl::cat(Category));
cl::opt<std::string> OutputFile("output", cl::desc("Write the report to FILE instead of stdout"),
                                cl::value_desc("file"), cl::cat(Category));
enum class ColorMode { Auto, Always, Never };
/// Created in main(): LLVM registers its own boolean --color, which is
/// replaced by this one.
cl::opt<ColorMode> *Color = nullptr;
void registerColorOption() {
  auto &Registered = cl::getRegisteredOptions();
  if (auto It = Registered.find("color"); It != Registered.end())
    It->second->removeArgument();
  Color = new cl::opt<ColorMode>(
      "color", cl::desc("Colour the text output"),
      cl::values(clEnumValN(ColorMode::Auto, "auto",
                            "on a terminal, unless NO_COLOR is set (default)"),
                 clEnumValN(ColorMode::Always, "always", ""),
                 clEnumValN(ColorMode::Never, "never", "")),
      cl::init(ColorMode::Auto), cl::cat(Category));
}
cl::list<std::string> PtxasLogs("ptxas-log",
                                cl::desc("ptxas resource report (nvcc --resource-usage output) for "
                                         "launch-out-of-resources and low-occupancy"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> ResourceUsageOpt("resource-usage",
                               cl::desc("Run nvcc --resource-usage on every translation unit to "
                                        "get the ptxas report (slower)"),
                               cl::cat(Category));
cl::opt<double> OccupancyThresholdOpt(
    "occupancy-threshold",
    cl::desc("low-occupancy reports launches below this occupancy, 0..1 (default 0.5, or the "
             "configuration's occupancy-threshold)"),
    cl::value_desc("fraction"), cl::init(-1), cl::cat(Category));
cl::opt<bool> ExitZero("exit-zero", cl::desc("Exit 0 even when there are findings"),
                       cl::cat(Category));
cl::opt<bool> CompileErrorsAsNotes(
    "compile-errors-as-notes",
    cl::desc("Report Clang's compile errors (clang-diagnostic-error) as notes, which do not fail "
             "the run"),
    cl::cat(Category));
cl::list<std::string> Rules("rules", cl::desc("Run only these rules (comma-separated ids)"),
                            cl::CommaSeparated, cl::value_desc("id,..."), cl::cat(Category));
cl::opt<bool> Fix("fix", cl::desc("Apply the safe fix-its in place (files under the given paths "
                                   "only)"),
                  cl::cat(Category));
cl::opt<bool> UnsafeFixes("unsafe-fixes",
                          cl::desc("With --fix, also apply the fix-its that are right only if "
                                   "cuda-lint saw every launch (marked unsafe)"),
                          cl::cat(Category));
cl::opt<bool> Pedantic("pedantic",
                       cl::desc("Also report the silent categories (tail guards, single-lane "
                                "branches, data-dependent branches) as notes"),
                       cl::cat(Category));
cl::opt<bool> Verbose("verbose", cl::desc("Print each translation unit's Clang command"),
                      cl::cat(Category));

void printVersion(raw_ostream &OS) {
  OS << "cuda-lint " << CUDA_LINT_VERSION << " (LLVM/Clang " << LLVM_VERSION_STRING << ")\n";
}

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

/// --explain RULE: the registry's line, then the rule's page.
int explainRule(StringRef Id, const char *Argv0) {
  std::optional<std::string> Docs = findDocsDir(Argv0);
  if (const RuleInfo *R = findRule(Id)) {
    outs() << R->Id << " [" << severityName(R->DefaultSeverity) << "]: " << R->Summary << "\n";
    std::optional<std::string> Page = Docs ? readRulePage(*Docs, Id) : std::nullopt;
    if (!Page) {
      outs() << "\nNo documentation page was found for it; see " << ruleHelpUri(Id) << "\n";
      return 0;
    }
    outs() << "\n" << *Page;
    if (!StringRef(*Page).ends_with("\n"))
      outs() << "\n";
    return 0;
  }
  if (Id == CompileErrorRuleId) {
    outs() << Id << " [error]: Clang's compile errors; the code they touch is not analysed\n";
    if (std::optional<std::string> Page = Docs ? readRulePage(*Docs, Id) : std::nullopt)
      outs() << "\n" << *Page << (StringRef(*Page).ends_with("\n") ? "" : "\n");
    return 0;
  }
  for (const SuppressionRule &R : suppressionRules())
    if (Id == R.Id) {
      outs() << R.Id << " [" << severityName(R.DefaultSeverity) << "]: " << R.Summary
             << "\n\nSee " << SuppressionHelpUri << "\n";
      return 0;
    }
  return usageError("unknown rule '" + Id + "' (see cuda-lint --list-rules)");
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
  if (DumpConfig.getNumOccurrences())
    Modes.push_back("--dump-config");
  if (Modes.empty())
    return std::nullopt;
  if (Modes.size() > 1)
    return Modes[0] + " and " + Modes[1] + " cannot be combined";
  std::pair<cl::Option *, const char *> AnalysisOptions[] = {
      {&Fix, "--fix"},
      {&UnsafeFixes, "--unsafe-fixes"},
      {&OutputFile, "--output"},
      {&OutputFormat, "--format"},
      {&ChangedLinesRef, "--changed-lines"},
      {std::addressof(PtxasLogs), "--ptxas-log"},
      {&ResourceUsageOpt, "--resource-usage"},
      {&ExitZero, "--exit-zero"},
      {&ReportUnusedSuppressions, "--report-unused-suppressions"},
      {&SarifRoot, "--sarif-root"},
      {&CompileErrorsAsNotes, "--compile-errors-as-notes"},
      {&OccupancyThresholdOpt, "--occupancy-threshold"},
  };
  for (auto [Opt, Name] : AnalysisOptions)
    if (Opt->getNumOccurrences())
      return Modes[0] + " cannot be combined with " + Name + ", which only applies to an analysis";
  return std::nullopt;
}

/// The report written to --output: never a file that the run reads.
std::optional<std::string> outputIsInput(const InputPlan &Plan) {
  if (OutputFile.empty() || !sys::fs::exists(OutputFile))
    return std::nullopt;
  std::vector<std::string> Inputs(Paths.begin(), Paths.end());
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
    for (const TranslatedCommand &C : *Cmds)
      Inputs.push_back(C.File);
  append_range(Inputs, Plan.Databases);
  append_range(Inputs, PtxasLogs);
  if (!ConfigFile.empty())
    Inputs.push_back(ConfigFile);
  for (const std::string &In : Inputs) {
    bool Same = false;
    if (!sys::fs::equivalent(OutputFile, In, Same) && Same)
      return "--output '" + OutputFile + "' is also an input ('" + In +
             "'); the report would replace it";
  }
  return std::nullopt;
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

} // namespace

static int lintMain(int argc, const char **argv) {
  if (argc > 1 && StringRef(argv[1]) == "confirm")
    return runConfirmCommand(argc - 1, argv + 1);
  if (argc > 1 && StringRef(argv[1]) == "occupancy")
    return runOccupancyCommand(argc - 1, argv + 1);
  cl::HideUnrelatedOptions(Category);
  registerColorOption();
  cl::SetVersionPrinter(printVersion);
  std::string ParseErrors;
  raw_string_ostream ErrStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "CUDA execution-configuration linter\n\n"
          "  cuda-lint [options] PATH...   files, or directories searched for .cu/.cuh\n"
          "  cuda-lint occupancy --help    occupancy from a ptxas resource report\n",
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
    return checkStdout(explainRule(Explain, argv[0]));
  if (ListRules) {
    for (const RuleInfo &R : allRules())
      outs() << format("%-32s %-8s %s\n", R.Id, severityName(R.DefaultSeverity), R.Summary);
    return checkStdout(0);
  }
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

  Expected<ToolchainPaths> Toolchain = findToolchain(CudaPath);
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
  if (std::optional<std::string> Clash = outputIsInput(Plan))
    return usageError(*Clash);

  RunOptions Run;
  Run.Jobs = Jobs;
  Run.EnabledRules = Rules; // the configurations' selection applies to the findings
  Run.Verbose = Verbose;
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
  ResourceUsage Usage = loadPtxasLogs(PtxasLogs);
  if (ResourceUsageOpt) {
    ResourceUsage Compiled = runResourceUsage(Plan, *Toolchain, {"sm_90"});
    append_range(Usage.Kernels, Compiled.Kernels);
    append_range(Usage.Errors, Compiled.Errors);
  }
  Run.Resources = std::move(Usage.Kernels);
  // What the analysis reads, so that --fix refuses a file edited in the meantime.
  AnalysedContent AnalysedText;
  if (Fix) {
    AnalysedText.start();
    for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
      for (const TranslatedCommand &C : *Cmds)
        AnalysedText.record(C.File);
  }
  RunResult Result = runAnalysis(Plan, Run);
  append_range(Result.Errors, Usage.Errors);

  if (Error E = configureFindings(Result.Findings, Configs, !Rules.empty()))
    return usageError(toString(std::move(E)));
  std::vector<std::string> Analysed;
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
    for (const TranslatedCommand &C : *Cmds)
      Analysed.push_back(C.File);
  SuppressionOptions Suppress;
  Suppress.ReportUnused = ReportUnusedSuppressions;
  for (const RuleInfo &R : allRules())
    Suppress.KnownRules.push_back(R.Id);
  Suppress.KnownRules.push_back(CompileErrorRuleId);
  Suppress.RuleRan = [&](StringRef File, StringRef Id) {
    if (Id == CompileErrorRuleId)
      return true;
    if (!Rules.empty())
      return is_contained(Rules, Id);
    Expected<const Config &> C = Configs.configFor(File);
    if (!C) {
      consumeError(C.takeError());
      return true;
    }
    return C->ruleEnabled(Id);
  };
  applySuppressions(Result.Findings, Analysed, Suppress);

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

  writeErrors(errs(), Result, useColor(errs().is_displayed()));
  CiReportOptions Ci;
  if (OutputFormat == Format::Sarif || OutputFormat == Format::Github) {
    Ci.Root = reportRoot();
    Ci.DocsDir = findDocsDir(argv[0]).value_or("");
  }
  bool Written = writeReport([&](raw_ostream &OS, bool ToFile) {
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
      writeText(OS, Result, !ToFile && useColor(outs().is_displayed()));
      break;
    }
  });
  if (OutputFormat == Format::Github)
    appendStepSummary(Result, Ci);

  bool FixFailed = false;
  if (Fix) {
    std::vector<std::string> Roots(Paths.begin(), Paths.end());
    if (Roots.empty())
      Roots.push_back("."); // -p build without paths: the current directory
    FixSummary Fixed = applyFixes(Result.Findings, Roots, UnsafeFixes, AnalysedText);
    FixFailed = !Fixed.Failed.empty();
    for (const AnalysisError &E : Fixed.Refused)
      errs() << "cuda-lint: " << displayPath(E.File) << ": " << E.Message << "\n";
    for (const AnalysisError &E : Fixed.Failed)
      errs() << "cuda-lint: error: " << displayPath(E.File) << ": " << E.Message << "\n";
    errs() << "cuda-lint: applied " << Fixed.Applied << " fix-it" << (Fixed.Applied == 1 ? "" : "s")
           << " in " << Fixed.FilesChanged << " file" << (Fixed.FilesChanged == 1 ? "" : "s")
           << "\n";
    if (Fixed.UnsafeSkipped)
      errs() << "cuda-lint: " << Fixed.UnsafeSkipped << " unsafe fix-it"
             << (Fixed.UnsafeSkipped == 1 ? "" : "s")
             << " not applied: cuda-lint cannot know it saw every launch (files picked on the "
                "command line, a kernel in a header, or compile errors); check them and use "
                "--unsafe-fixes, or run on the whole compilation database (-p DIR, no paths)\n";
  }

  if (!Result.Errors.empty() || !Written || FixFailed)
    return 2;
  bool Failing = llvm::any_of(Result.Findings,
                              [](const Finding &F) { return F.Level != Severity::Note; });
  return Failing && !ExitZero ? 1 : 0;
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
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
