//===- OptionChecks.cpp - Options of the command line that cannot go together ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cli/OptionChecks.h"
#include "analyzer/cli/Options.h"

#include <memory>
#include <vector>

using namespace llvm;

namespace cudalint::cli {

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
               {std::addressof(Disable), "--disable"},
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
    if (Disable.getNumOccurrences() && !Rules.getNumOccurrences())
      return std::string("--export-facts records the rules that ran, which cuda-lint merge "
                         "runs instead of the configuration's: give --disable with --rules, or "
                         "disable the rule in the configuration (docs/configuration.md)");
    if (!Shard.empty() && ResourceUsageOpt)
      return std::string("--resource-usage compiles every file of the run; with --shard, give "
                         "each shard the ptxas reports with --ptxas-log");
  }
  for (auto [Opt, Name] : Refused)
    if (Opt->getNumOccurrences())
      return Why + Name + Where;
  return std::nullopt;
}

} // namespace cudalint::cli
