//===- Main.cpp - The cuda-lint command line ------------------------------===//
//
//   cuda-lint [options] PATH...        lint files and directories
//   cuda-lint occupancy [options] ...  ptxas report -> occupancy table
//
// Exit codes: 0 no findings at or above warning, 1 findings, 2 usage error or
// an analysis that could not complete.
//
//===----------------------------------------------------------------------===//
#include "analyzer/ApplyFixes.h"
#include "analyzer/Inputs.h"
#include "analyzer/Report.h"
#include "analyzer/Runner.h"
#include "analyzer/Toolchain.h"
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
cl::opt<unsigned> Jobs("j", cl::desc("Translation units analysed in parallel (default: all cores)"),
                       cl::value_desc("N"), cl::init(0), cl::cat(Category));
cl::opt<bool> ListRules("list-rules", cl::desc("List the rules and exit"), cl::cat(Category));
enum class Format { Text, Json };
cl::opt<Format> OutputFormat("format", cl::desc("Output format"),
                             cl::values(clEnumValN(Format::Text, "text", "clang-style (default)"),
                                        clEnumValN(Format::Json, "json",
                                                   "JSON (docs/json-format.md)")),
                             cl::init(Format::Text), cl::cat(Category));
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
cl::opt<bool> ExitZero("exit-zero", cl::desc("Exit 0 even when there are findings"),
                       cl::cat(Category));
cl::list<std::string> Rules("rules", cl::desc("Run only these rules (comma-separated ids)"),
                            cl::CommaSeparated, cl::value_desc("id,..."), cl::cat(Category));
cl::opt<bool> Fix("fix", cl::desc("Apply the safe fix-its in place (files under the given paths "
                                   "only)"),
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

} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
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
    return usageError(First.rtrim() + " (see cuda-lint --help)");
  }

  if (ListRules) {
    for (const RuleInfo &R : allRules())
      outs() << format("%-32s %-8s %s\n", R.Id, severityName(R.DefaultSeverity), R.Summary);
    return 0;
  }
  for (const std::string &Id : Rules)
    if (!findRule(Id))
      return usageError("unknown rule '" + Id + "' (see cuda-lint --list-rules)");

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
  In.ExtraArgs = ExtraArgs;
  In.Toolchain = *Toolchain;
  InputPlan Plan = planInputs(In);

  RunOptions Run;
  Run.Jobs = Jobs;
  Run.EnabledRules = Rules;
  Run.Verbose = Verbose;
  Run.Pedantic = Pedantic;
  RunResult Result = runAnalysis(Plan, Run);

  std::unique_ptr<raw_fd_ostream> File;
  raw_ostream *OS = &outs();
  if (!OutputFile.empty()) {
    std::error_code EC;
    File = std::make_unique<raw_fd_ostream>(OutputFile, EC, sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write '" + OutputFile + "': " + EC.message());
    OS = File.get();
  }
  writeErrors(errs(), Result, useColor(errs().is_displayed()));
  if (OutputFormat == Format::Json)
    writeJson(*OS, Result);
  else
    writeText(*OS, Result, !File && useColor(outs().is_displayed()));
  OS->flush();

  if (Fix) {
    std::vector<std::string> Roots(Paths.begin(), Paths.end());
    if (Roots.empty())
      Roots.push_back("."); // -p build without paths: the current directory
    FixSummary Fixed = applyFixes(Result.Findings, Roots);
    for (const AnalysisError &E : Fixed.Refused)
      errs() << "cuda-lint: " << displayPath(E.File) << ": " << E.Message << "\n";
    errs() << "cuda-lint: applied " << Fixed.Applied << " fix-it" << (Fixed.Applied == 1 ? "" : "s")
           << " in " << Fixed.FilesChanged << " file" << (Fixed.FilesChanged == 1 ? "" : "s")
           << "\n";
  }

  if (!Result.Errors.empty())
    return 2;
  bool Failing = llvm::any_of(Result.Findings,
                              [](const Finding &F) { return F.Level != Severity::Note; });
  return Failing && !ExitZero ? 1 : 0;
}
