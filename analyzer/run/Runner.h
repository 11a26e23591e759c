//===- Runner.h - Analyse every translation unit and merge the results ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_RUN_RUNNER_H
#define CUDALINT_ANALYZER_RUN_RUNNER_H

#include "analyzer/inputs/Inputs.h"
#include "analyzer/tu/TranslationUnit.h"
#include "ptxas_parse/GpuProducts.h"
#include "ptxas_parse/PtxasReport.h"
#include "rules/Finding.h"
#include "rules/LaunchBoundsCheck.h"
#include "rules/analysis/Facts.h"

#include <functional>
#include <string>
#include <vector>

namespace cudalint {

class ResultCache;

struct RunOptions {
  unsigned Jobs = 0;                     // 0: all cores
  std::vector<std::string> EnabledRules; // empty: all
  bool Verbose = false;                  // print each TU's command on stderr
  bool Progress = false;                 // "[i/N] file" on one line of stderr (a terminal)
  bool Pedantic = false;                 // notes for the silent categories
  /// ptxas resources of the kernels, for launch-out-of-resources and low-occupancy.
  std::vector<KernelResources> Resources;
  /// --resource-usage: compiles each file of the __launch_bounds__ fix-its that
  /// missing-launch-bounds proposes with them inserted, for the rule to compare
  /// (analyzer/tu/BoundsCompile.h). Null: the bounds stay unchecked.
  std::function<std::vector<BoundedCompile>(const std::vector<BoundsProposal> &)>
      CompileWithBounds;
  double OccupancyThreshold = 0.5;
  /// --gpu or the configuration's gpu: (null: see rules/analysis/TargetGpu.h).
  const GpuProduct *Gpu = nullptr;
  /// Report compile errors as notes (they then do not fail the run).
  bool CompileErrorsAsNotes = false;
  /// Every entry of a compilation database is analysed (see ProgramFacts).
  bool WholeProgram = false;
  /// Results of unchanged TUs come from here, and new ones go to it (may be null).
  ResultCache *Cache = nullptr;
  /// TUs with the same command shape share a precompiled prologue (Preamble.h).
  bool Preamble = true;
  /// The files the TUs read, over the disk (the source given on stdin); null: the disk.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files;
  /// Called (one at a time, in the plan's order) with each TU's result whose findings
  /// (Findings, not CompileErrors) are final once it is analysed, for reports that print
  /// as files finish. runAnalysis only; null: none.
  std::function<void(const TUResult &)> OnResult;
};

struct RunResult {
  std::vector<Finding> Findings; // deduplicated, sorted by file and position
  std::vector<AnalysisError> Errors;
  /// Files that do not parse on their own (they need what their includer
  /// defines first): headers no analysed source includes, and .cu files that
  /// a parsed .cu includes. Reported as notes, not failures.
  std::vector<AnalysisError> SkippedHeaders;
  unsigned TranslationUnits = 0;
  unsigned FromCache = 0;                        // of TranslationUnits, not re-analysed
  unsigned FailedTranslationUnits = 0;           // no AST at all
  unsigned TranslationUnitsWithCompileErrors = 0; // analysed despite errors
  unsigned Fixed = 0;     // findings that --fix removed (no longer in Findings)
  unsigned Baselined = 0; // findings that --baseline left out
};

/// Runs the TUs of \p Plan in parallel (headers that no source includes are
/// analysed alone afterwards), then the whole-program rules.
RunResult runAnalysis(const InputPlan &Plan, const RunOptions &Opts);

/// Which TUs of a plan one shard analyses (positions in Plan.Sources and Plan.Headers).
struct PlanSelection {
  std::vector<size_t> Sources, Headers;
};

/// The per-TU results of a selection, before the whole-program step.
struct PlanResults {
  std::vector<TUResult> Sources, Headers; // Headers: those none of Sources read
  std::vector<size_t> SourceIndex, HeaderIndex; // their positions in the plan
};

/// Analyses the TUs of \p Selected (one shard of a plan).
PlanResults analyseSelection(const InputPlan &Plan, const PlanSelection &Selected,
                             const RunOptions &Opts);

/// The whole program's second look at kernels defined in one .cu file and launched only from
/// others (through a header's declarations): each TU of \p Sources that defines such a kernel
/// and does not launch it is analysed again, its thread-dependence rules under the blocks of
/// those launches (TUOptions::LaunchedElsewhere), and its result replaced. \p Cmds: the
/// commands of \p Sources.
void analyseLaunchedElsewhere(std::vector<TUResult> &Sources,
                              const std::vector<TranslatedCommand> &Cmds, const RunOptions &Opts);

/// What runAnalysis does after analysing each TU: drops the headers and .cu
/// files that an analysed source includes, notes those that do not parse alone,
/// and runs combineResults. \p Sources and \p Headers in plan order.
RunResult assembleResults(std::vector<TUResult> Sources, std::vector<TUResult> Headers,
                          const std::vector<AnalysisError> &PlanErrors, const RunOptions &Opts);

/// The whole-program step of runAnalysis: merges the TUs' findings, errors and
/// facts into \p Out, runs the whole-program rules and deduplicates.
void combineResults(std::vector<TUResult> &Results, const RunOptions &Opts, RunResult &Out);

} // namespace cudalint

#endif
