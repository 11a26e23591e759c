//===- Report.h - Findings to text and JSON -------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_H
#define CUDALINT_ANALYZER_REPORT_H

#include "analyzer/Runner.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// Clang-style: `file:line:col: warning: message [rule-id]`, the source line,
/// a caret under the range, fix-its, then a summary line.
void writeText(llvm::raw_ostream &OS, const RunResult &R, bool Color);

/// The JSON document described in docs/json-format.md.
void writeJson(llvm::raw_ostream &OS, const RunResult &R);

/// Parse/usage errors go to stderr, one per input, as `cuda-lint: error: ...`.
void writeErrors(llvm::raw_ostream &OS, const RunResult &R, bool Color);

/// The path to show for \p File: relative to the working directory when under it.
std::string displayPath(llvm::StringRef File);

} // namespace cudalint

#endif
