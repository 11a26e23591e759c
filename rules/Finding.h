//===- Finding.h - One diagnostic produced by a rule ----------------------===//
//
// A finding is plain data: it carries everything the reporters need (the source
// line for the caret, fix-its as byte edits), so a translation unit's results can
// be produced on any thread, cached, deduplicated and printed without the AST.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_FINDING_H
#define CUDALINT_RULES_FINDING_H

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

enum class Severity { Note, Warning, Error };

inline const char *severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

/// Replace [Offset, Offset+Length) of File with Replacement.
struct FixIt {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Replacement;
  unsigned Line = 0, Column = 0; // where it applies, for display
  /// Right only if cuda-lint saw every launch (ruff's unsafe fixes): shown,
  /// applied by --fix only with --unsafe-fixes.
  bool Unsafe = false;
};

/// Launch configuration attached to a finding about a launch site (values that
/// the source determines; std::nullopt where unknown).
struct LaunchInfo {
  std::optional<std::array<unsigned long long, 3>> Grid, Block;
  std::optional<unsigned long long> DynamicSmem;
  /// "default", "per-thread", "explicit" or empty when unknown.
  std::string Stream;
};

/// The rule id of Clang's own compile errors, reported like clang-tidy's.
inline constexpr const char *CompileErrorRuleId = "clang-diagnostic-error";

struct Finding {
  std::string RuleId;
  Severity Level = Severity::Warning;
  std::string Message;
  std::string File; // absolute path
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
  std::string SourceLine; // text of Line, for the caret display
  std::vector<FixIt> Fixes;
  std::string KernelName;      // mangled name of the kernel concerned, if any
  std::string KernelDemangled; // its readable name
  /// Device names of every kernel the finding applies to, when that is not the
  /// one KernelName alone: the instantiations of a template kernel, or the
  /// kernels whose code holds a branch. Empty otherwise.
  std::vector<std::string> KernelInstances;
  std::optional<LaunchInfo> Launch;
};

/// A translation unit that could not be analysed (or an input that was refused).
struct AnalysisError {
  std::string File;
  std::string Message; // one line, already clear to a user
};

} // namespace cudalint

#endif
