//===- Options.cpp - The options of cuda-lint's command line ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cli/Options.h"

using namespace llvm;

namespace cudalint::cli {

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
cl::opt<Format> OutputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(Format::Text, "text", "clang-style (default)"),
               clEnumValN(Format::Concise, "concise",
                          "one line per finding: file:line:col: severity: message [rule]"),
               clEnumValN(Format::Json, "json", "JSON (docs/json-format.md)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0, for code scanning (docs/ci.md)"),
               clEnumValN(Format::Github, "github",
                          "GitHub Actions annotations, and a table in $GITHUB_STEP_SUMMARY")),
    cl::init(Format::Text), cl::cat(Category));
cl::alias OutputFormatAlias("output-format", cl::desc("Alias for --format (ruff's name)"),
                            cl::aliasopt(OutputFormat), cl::NotHidden);
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
cl::alias OutputFileShort("o", cl::desc("Alias for --output"), cl::aliasopt(OutputFile),
                          cl::NotHidden);
cl::opt<bool> Statistics("statistics",
                         cl::desc("Print the number of findings per rule (and how many --fix "
                                  "would fix) instead of the findings"),
                         cl::cat(Category));
cl::opt<FailLevel> FailOn(
    "fail-on", cl::desc("Exit 1 only for findings at or above this severity"),
    cl::values(clEnumValN(FailLevel::Error, "error", "errors only"),
               clEnumValN(FailLevel::Warning, "warning", "warnings and errors (default)")),
    cl::init(FailLevel::Warning), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("Print the findings and errors only: no summary line"),
                    cl::cat(Category));
cl::opt<bool> Diff("diff",
                   cl::desc("Print the fixes --fix would apply as a unified diff, change "
                            "nothing, and exit 1 when there is one"),
                   cl::cat(Category));
cl::opt<bool> ShowFixes("show-fixes",
                        cl::desc("List every fix-it after the report: those applied with --fix, "
                                 "else those --fix would apply"),
                        cl::cat(Category));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the fixes --fix would apply to FILE as YAML "
                                          "for clang-apply-replacements"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> BaselineFile("baseline",
                                  cl::desc("Report only findings that are not in the baseline "
                                           "FILE (written by --write-baseline)"),
                                  cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> WriteBaseline("write-baseline",
                                   cl::desc("Record the findings in FILE, for --baseline, and "
                                            "exit (0 unless the analysis failed)"),
                                   cl::value_desc("file"), cl::cat(Category));
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
cl::opt<std::string> GpuOpt("gpu",
                            cl::desc("The GPU the code runs on, for small-grid and tail-effect "
                                     "(default: the configuration's gpu:, else the compiled "
                                     "archs' product with the fewest SMs; see --list-gpus)"),
                            cl::value_desc("name"), cl::cat(Category));
cl::opt<bool> ListGpus("list-gpus",
                       cl::desc("List the GPUs --gpu knows (compute capability, SMs, source) "
                                "and exit"),
                       cl::cat(Category));
cl::opt<bool> ExitZero("exit-zero", cl::desc("Exit 0 even when there are findings"),
                       cl::cat(Category));
cl::opt<bool> CompileErrorsAsNotes(
    "compile-errors-as-notes",
    cl::desc("Report Clang's compile errors (clang-diagnostic-error) as notes, which do not fail "
             "the run"),
    cl::cat(Category));
cl::list<std::string> Rules("rules",
                            cl::desc("Run only these rules: ids or globs, comma-separated, applied "
                                     "in order; -ID takes rules away (--rules=-*,legacy-*; "
                                     "docs/configuration.md)"),
                            cl::CommaSeparated, cl::value_desc("id,..."), cl::cat(Category));
cl::list<std::string> Disable("disable",
                              cl::desc("Do not run these rules (ids or globs, comma-separated), "
                                       "on top of the configuration or --rules"),
                              cl::CommaSeparated, cl::value_desc("id,..."), cl::cat(Category));
cl::opt<bool> ShowUrls("show-urls",
                       cl::desc("Print each finding's documentation URL (text and concise "
                                "output; default: on a terminal)"),
                       cl::cat(Category));
cl::opt<std::string> StdinFilename("stdin-filename",
                                   cl::desc("With the path -, the file that the source read from "
                                            "stdin stands for (its directory, compile command "
                                            "and configuration apply; nothing is written)"),
                                   cl::value_desc("path"), cl::cat(Category));
cl::opt<bool> SortFindings("sort",
                           cl::desc("Print the findings once the run ends, in the report's "
                                    "order (errors first, by rule, file and position), instead "
                                    "of each file's as it is analysed (text, concise and github "
                                    "output; default: streamed on a terminal, sorted otherwise; "
                                    "--sort=false streams into a pipe too)"),
                           cl::cat(Category));
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
cl::opt<bool> Verbose("verbose",
                      cl::desc("Print each translation unit's Clang command and the nvcc flags "
                               "that the analysis ignores"),
                      cl::cat(Category));
cl::opt<std::string> CacheDir("cache-dir",
                              cl::desc("Keep results between runs in DIR (default: "
                                       "$CUDA_LINT_CACHE_DIR, else $XDG_CACHE_HOME/cuda-lint)"),
                              cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoPreamble("no-preamble",
                         cl::desc("Parse the CUDA headers in every translation unit instead of "
                                  "once per command shape (same findings, slower)"),
                         cl::cat(Category));
cl::opt<std::string> Shard("shard",
                          cl::desc("Analyse only the K-th of N parts of the files (with "
                                   "--export-facts; then cuda-lint merge)"),
                          cl::value_desc("K/N"), cl::cat(Category));
cl::opt<std::string> ExportFacts("export-facts",
                                 cl::desc("Write the results to FILE for cuda-lint merge, "
                                          "instead of reporting"),
                                 cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> RemoteCacheUrl(
    "remote-cache",
    cl::desc("Share cached results through the HTTP server at URL (GET/PUT; also "
             "$CUDA_LINT_REMOTE_CACHE)"),
    cl::value_desc("URL"), cl::cat(Category));
cl::opt<bool> RemoteCacheReadOnly("remote-cache-read-only",
                                  cl::desc("Read from the remote cache, never upload (also "
                                           "$CUDA_LINT_REMOTE_CACHE_READ_ONLY=1)"),
                                  cl::cat(Category));
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Analyse every file again; read and write no cached result "
                               "(also $CUDA_LINT_NO_CACHE=1)"),
                      cl::cat(Category));

} // namespace cudalint::cli
