//===- FixOutput.h - Fixes shown instead of applied: diff, YAML, list -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --diff prints the fixes --fix would apply as a unified diff, --export-fixes
// writes them in clang-apply-replacements' YAML (what clang-tidy
// --export-fixes writes), --show-fixes lists them. All three take the plan
// of ApplyFixes.h, so they show exactly what --fix would do.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_FIXOUTPUT_H
#define CUDALINT_ANALYZER_REPORT_FIXOUTPUT_H

#include "analyzer/report/ApplyFixes.h"
#include "analyzer/run/Runner.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cudalint {

/// A unified diff (`--- a/FILE`, `+++ b/FILE`, three lines of context) of
/// \p Before and \p After, named by \p Path; nothing when they are equal.
void writeUnifiedDiff(llvm::raw_ostream &OS, llvm::StringRef Path, llvm::StringRef Before,
                      llvm::StringRef After);

/// The planned fixes as one clang-apply-replacements document: a diagnostic
/// per finding that carries at least one of them, each edit once.
void writeReplacementsYaml(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                           const llvm::StringMap<std::vector<PlannedFix>> &Plan);

/// One line per fix-it of the findings \p Indices: where, the rule, and the
/// edit, under \p Title.
void writeFixList(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                  const std::vector<size_t> &Indices, llvm::StringRef Title);

/// Why the unsafe fix-its left in \p Result were not applied, and what makes them safe: the
/// reasons the rules mark them unsafe (rules/MissingLaunchBounds.cpp) that hold for this run
/// (\p WholeProgram: every entry of a compilation database was analysed).
std::string unsafeFixReason(const RunResult &Result, bool WholeProgram);

} // namespace cudalint

#endif
