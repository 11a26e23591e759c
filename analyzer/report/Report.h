//===- Report.h - Findings to text, JSON, SARIF and GitHub commands -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Text and JSON are written by Report.cpp, SARIF 2.1.0 by SarifReport.cpp and
// GitHub workflow commands (plus the step summary) by GithubReport.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_REPORT_H
#define CUDALINT_ANALYZER_REPORT_REPORT_H

#include "analyzer/run/Runner.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct TextOptions {
  bool Color = false;
  bool Concise = false; // one line per finding: no source line, fix-its or notes
  bool Quiet = false;   // no summary line
  bool Urls = false;    // each finding's documentation URL (ruleHelpUri, as SARIF's helpUri)
  /// Findings printed already as their files were analysed: counted, not written again.
  std::function<bool(const Finding &)> AlreadyPrinted;
};

/// Clang-style: `file:line:col: warning: message [rule-id]`, the source line,
/// a caret under the range, fix-its and notes, then a summary line. Errors
/// come first, then warnings and notes, each grouped by rule.
void writeText(llvm::raw_ostream &OS, const RunResult &R, const TextOptions &Opts);

/// --statistics: the number of findings per rule, most first, with how many
/// --fix (and --fix --unsafe-fixes) would fix; a table, or JSON.
void writeStatistics(llvm::raw_ostream &OS, const RunResult &R, bool Json);

/// The message and its notes, one per line (for formats with one message
/// field: SARIF, GitHub annotations); a note's file is relative to \p Root
/// when under it, else as displayPath() shows it.
std::string messageWithNotes(const Finding &F, llvm::StringRef Root = "");

/// The JSON document described in docs/json-format.md.
void writeJson(llvm::raw_ostream &OS, const RunResult &R);

/// Parse/usage errors go to stderr, one per input, as `cuda-lint: error: ...`.
void writeErrors(llvm::raw_ostream &OS, const RunResult &R, bool Color);

/// What the SARIF and GitHub writers need besides the findings.
struct CiReportOptions {
  std::string Root;    // repository root (absolute): paths are reported relative to it
  std::string DocsDir; // docs/ with rules/<id>.md, or empty
  /// GitHub: findings printed already as their files were analysed (not written again).
  std::function<bool(const Finding &)> AlreadyPrinted;
};

/// \p File relative to \p Root (either may go through symlinks), or nullopt
/// when it lies outside.
std::optional<std::string> relativeToRoot(llvm::StringRef Root, llvm::StringRef File);

/// SARIF 2.1.0: every rule, every finding with a repo-relative location,
/// fix-its as fixes, and partialFingerprints from findingFingerprints().
void writeSarif(llvm::raw_ostream &OS, const RunResult &R, const CiReportOptions &Opts);

/// One fingerprint per finding, stable when unrelated lines move: a hash of
/// the rule, the repo-relative file, the finding's source line with its
/// whitespace normalised, and how many earlier findings in that file share
/// rule and text.
std::vector<std::string> findingFingerprints(const std::vector<Finding> &Findings,
                                             llvm::StringRef Root);

/// GitHub workflow commands (`::error file=...::message`), errors first.
void writeGithub(llvm::raw_ostream &OS, const RunResult &R, const CiReportOptions &Opts);

/// The complete findings as a Markdown table, for $GITHUB_STEP_SUMMARY.
void writeGithubSummary(llvm::raw_ostream &OS, const RunResult &R, const CiReportOptions &Opts);

/// Workflow-command escaping: `%`, CR and LF in messages; properties also
/// escape `:` and `,`.
std::string escapeGithubData(llvm::StringRef S);
std::string escapeGithubProperty(llvm::StringRef S);

} // namespace cudalint

#endif
