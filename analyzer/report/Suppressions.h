//===- Suppressions.h - NOLINT comments, with clang-tidy's grammar --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   // NOLINT                 every rule, on this line
//   // NOLINT(rule, glob-*)   the listed rules (globs allowed), on this line
//   // NOLINTNEXTLINE(...)    on the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   on every line in between
//
// As in clang-tidy, the directive may appear anywhere on the line and
// NOLINTEND closes the latest open NOLINTBEGIN with the same list. Unlike
// clang-tidy, a list without its closing parenthesis suppresses nothing (it
// would otherwise silence every rule) and is reported, as is a name that is
// neither a cuda-lint rule nor a clang-tidy check (invalid-nolint). Suppression is a pass over the
// findings that reads the source files (each once), so it works for every rule alike.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_SUPPRESSIONS_H
#define CUDALINT_ANALYZER_REPORT_SUPPRESSIONS_H

#include "rules/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Ids of the findings the suppression pass itself produces.
inline constexpr const char *UnmatchedNolintId = "unmatched-nolint";
inline constexpr const char *UnusedNolintId = "unused-nolint";
inline constexpr const char *InvalidNolintId = "invalid-nolint";

/// Those two as rules, for the reports that list every rule (SARIF).
struct SuppressionRule {
  const char *Id;
  Severity DefaultSeverity;
  const char *Summary;
};
llvm::ArrayRef<SuppressionRule> suppressionRules();
enum class NolintKind { SameLine, NextLine, Begin, End };

struct NolintDirective {
  NolintKind Kind = NolintKind::SameLine;
  unsigned Line = 0, Column = 0, EndColumn = 0; // 1-based; EndColumn exclusive
  bool AllRules = true;                         // no list
  bool Unclosed = false;                        // '(' without ')': suppresses nothing
  std::vector<std::string> Names;               // trimmed list entries
  std::string Text;                             // e.g. "NOLINTBEGIN(a, b)"
};

/// Every directive in \p Source, in order.
std::vector<NolintDirective> parseNolintDirectives(llvm::StringRef Source);

struct SuppressionOptions {
  /// Report directives (or list entries naming a rule) that suppressed nothing.
  bool ReportUnused = false;
  /// Every rule id that exists; list entries matching none of them (nor a
  /// clang-tidy check, by its module prefix) are reported as invalid-nolint.
  std::vector<std::string> KnownRules;
  /// Whether \p RuleId ran on \p File: an entry naming a rule that did not run
  /// is not reported as unused. Null: every known rule ran.
  std::function<bool(llvm::StringRef File, llvm::StringRef RuleId)> RuleRan;
  /// Reads a file's text (std::nullopt: unreadable). Null: from disk, at most
  /// 32 MiB.
  std::function<std::optional<std::string>(llvm::StringRef Path)> ReadFile;
};

/// Whether \p Name is the name, or a glob, of a clang-tidy check (its module
/// prefix: bugprone-, readability-, clang-analyzer-, ...).
bool isClangTidyCheckName(llvm::StringRef Name);

/// Removes the suppressed findings from \p Findings and appends findings for
/// unmatched NOLINTBEGIN/NOLINTEND (always) and unused directives (when asked).
/// \p ScannedFiles are read for directives as well as the findings' files.
/// Files that cannot be read suppress nothing.
void applySuppressions(std::vector<Finding> &Findings, llvm::ArrayRef<std::string> ScannedFiles,
                       const SuppressionOptions &Opts);

} // namespace cudalint

#endif
