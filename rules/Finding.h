//===- Finding.h - One diagnostic produced by a rule ----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A finding is plain data: it carries everything the reporters need (the source
// line for the caret, fix-its as byte edits), so a translation unit's results can
// be produced on any thread, cached, deduplicated and printed without the AST.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_FINDING_H
#define CUDALINT_RULES_FINDING_H

#include <array>
#include <cctype>
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

/// One kernel on one arch compiled without and with the __launch_bounds__ that
/// missing-launch-bounds proposes, as ptxas reported it, and the theoretical
/// occupancy of a block of Threads threads either way (0 when it does not fit).
struct BoundsComparison {
  std::string Kernel; // device-side mangled name
  std::string Arch;   // "sm_90"
  unsigned Threads = 0;
  unsigned RegistersBefore = 0, RegistersAfter = 0;
  unsigned long long SpillStoresBefore = 0, SpillLoadsBefore = 0;
  unsigned long long SpillStoresAfter = 0, SpillLoadsAfter = 0;
  bool FitsBefore = true, FitsAfter = true;
  double OccupancyBefore = 0, OccupancyAfter = 0;
  /// The largest block (a multiple of 32, at most Threads) that fits without the bound.
  unsigned FittingThreadsBefore = 0;
};

/// Whether ptxas checked a proposed __launch_bounds__ and what it found.
struct BoundsCheckResult {
  std::string Bound; // "__launch_bounds__(256)"
  bool Checked = false;
  /// When checked: "adds-spills" or "lowers-occupancy" (the fix-it is not offered),
  /// "makes-launch-fit", "raises-occupancy" or "no-change".
  std::string Outcome;
  /// When not checked: why.
  std::string Reason;
  std::vector<BoundsComparison> Kernels;
};

/// The rule id of Clang's own compile errors, reported like clang-tidy's.
inline constexpr const char *CompileErrorRuleId = "clang-diagnostic-error";

/// A `note:` under a finding (clang's style): why it matters, what to do, or a
/// related place (a launch that fixed the block size). A note without a file
/// is about the finding's own location.
struct FindingNote {
  std::string Message;
  std::string File; // absolute path, or empty
  unsigned Line = 0, Column = 0;
};

struct Finding {
  std::string RuleId;
  Severity Level = Severity::Warning;
  /// One short line: what and where (at most about 120 characters).
  std::string Message;
  std::vector<FindingNote> Notes;
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
  /// missing-launch-bounds: what ptxas said of the proposed bound.
  std::optional<BoundsCheckResult> Bounds;
};

/// Sets \p F's message from a rule's text: the first line is the message,
/// every further line a note (why, then what to do).
inline void setMessage(Finding &F, const std::string &Text) {
  size_t Eol = Text.find('\n');
  F.Message = Text.substr(0, Eol);
  while (Eol != std::string::npos) {
    size_t Next = Text.find('\n', Eol + 1);
    std::string Line = Text.substr(Eol + 1, Next == std::string::npos ? Next : Next - Eol - 1);
    if (!Line.empty())
      F.Notes.push_back({std::move(Line), "", 0, 0});
    Eol = Next;
  }
}

/// Whether \p S is a (qualified, perhaps templated) C++ name such as
/// `ns::Kernel<float, 4>` rather than source text.
inline bool isCppName(const std::string &S) {
  size_t Open = S.find('<');
  if (Open != std::string::npos && S.back() != '>')
    return false;
  std::string Head = S.substr(0, Open);
  if (Head.empty() || std::isdigit(static_cast<unsigned char>(Head[0])))
    return false;
  for (char C : Head)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_' && C != ':' && C != '~')
      return false;
  return true;
}

/// \p S, cut to \p Max characters with "..." when longer: for source text
/// quoted in a message line (the notes quote it whole). A name is never cut:
/// two kernels of one file sharing a long prefix would read the same.
inline std::string clip(const std::string &S, size_t Max = 40) {
  if (S.size() <= Max || isCppName(S))
    return S;
  size_t Cut = Max - 3;
  while (Cut && (static_cast<unsigned char>(S[Cut]) & 0xC0) == 0x80)
    --Cut; // not inside a UTF-8 sequence
  return S.substr(0, Cut) + "...";
}

/// \p Before + '\p Text' + \p After in at most \p Max characters: the quoted
/// source text is clipped (to no fewer than 8) so that the line fits.
inline std::string fitLine(const std::string &Before, const std::string &Text,
                           const std::string &After, size_t Max = 120) {
  size_t Fixed = Before.size() + After.size() + 2;
  size_t Room = Fixed + 8 < Max ? Max - Fixed : 8;
  return Before + "'" + clip(Text, Room) + "'" + After;
}

/// A translation unit that could not be analysed (or an input that was refused).
struct AnalysisError {
  std::string File;
  std::string Message; // one line, already clear to a user
};

} // namespace cudalint

#endif
