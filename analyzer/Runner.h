//===- Runner.h - Analyse every translation unit and merge the results ----===//
#ifndef CUDALINT_ANALYZER_RUNNER_H
#define CUDALINT_ANALYZER_RUNNER_H

#include "rules/Finding.h"
#include "analyzer/Inputs.h"
#include "ptxas_parse/PtxasReport.h"

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
  double OccupancyThreshold = 0.5;
  /// Report compile errors as notes (they then do not fail the run).
  bool CompileErrorsAsNotes = false;
  /// Every entry of a compilation database is analysed (see ProgramFacts).
  bool WholeProgram = false;
  /// Results of unchanged TUs come from here, and new ones go to it (may be null).
  ResultCache *Cache = nullptr;
  /// TUs with the same command shape share a precompiled prologue (Preamble.h).
  bool Preamble = true;
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

} // namespace cudalint

#endif
