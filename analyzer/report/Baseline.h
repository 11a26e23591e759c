//===- Baseline.h - --write-baseline / --baseline: adopt on legacy code ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A baseline records today's findings by rule, file (relative to the report
// root) and the fingerprint SARIF uses (findingFingerprints: the rule, the
// file and the finding's source line, so it survives unrelated edits). A run
// with --baseline reports only the findings that are not in it, the way a
// team adopts a linter on a code base that already has findings.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_BASELINE_H
#define CUDALINT_ANALYZER_REPORT_BASELINE_H

#include "analyzer/report/BaselineFile.h"
#include "rules/Finding.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

/// The baseline document of \p Findings (JSON, one entry per finding).
std::string renderBaseline(const std::vector<Finding> &Findings, llvm::StringRef Root);

/// Removes from \p Findings those recorded in the baseline file \p Path (each
/// entry matches one finding) and returns how many were removed; an error
/// when the file cannot be read or is not a cuda-lint baseline.
llvm::Expected<unsigned> applyBaseline(llvm::StringRef Path, std::vector<Finding> &Findings,
                                       llvm::StringRef Root);

} // namespace cudalint

#endif
