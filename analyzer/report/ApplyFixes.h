//===- ApplyFixes.h - --fix: apply the findings' fix-its in place ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_REPORT_APPLYFIXES_H
#define CUDALINT_ANALYZER_REPORT_APPLYFIXES_H

#include "rules/Finding.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct FixSummary {
  unsigned Applied = 0;
  /// Indices of the findings whose every fix-it was applied (--fix leaves
  /// them out of the report).
  std::vector<size_t> FixedFindings;
  unsigned FilesChanged = 0;
  std::vector<AnalysisError> Refused; // fix-its not applied, and why
  unsigned UnsafeSkipped = 0;         // unsafe fix-its left alone (no --unsafe-fixes)
  /// Files whose fixes could not be applied at all: changed since the analysis
  /// read them, unreadable or unwritable. The run fails (exit 2).
  std::vector<AnalysisError> Failed;
};

/// What the analysis read, so that --fix never applies offsets to other text:
/// a file whose content differs from the recorded one, or that was modified
/// after the run started, is refused.
class AnalysedContent {
public:
  /// Marks the start of the analysis: a later modification time means the
  /// file may have changed after it was read.
  void start();
  /// Records the current content of \p File (before the analysis reads it).
  void record(llvm::StringRef File);
  /// Why \p File, holding \p Text and last modified at \p Modified, is not
  /// the file that was analysed; std::nullopt when it is.
  std::optional<std::string> changed(llvm::StringRef File, llvm::StringRef Text,
                                     llvm::sys::TimePoint<> Modified) const;

private:
  std::optional<llvm::sys::TimePoint<>> Start;
  llvm::StringMap<std::pair<uint64_t, uint64_t>> Hashes; // file -> (size, xxh3)
};

/// Whether \p A and \p B are the same edit (two findings may ask for it).
inline bool sameEdit(const FixIt *A, const FixIt &B) {
  return A && A->Offset == B.Offset && A->Length == B.Length && A->Replacement == B.Replacement;
}

/// One fix-it that --fix would apply, and the finding it belongs to.
struct PlannedFix {
  FixIt Fix;
  size_t Finding = 0;
};

/// The fix-its --fix would apply, by file, each file's sorted from the end;
/// edits outside \p Roots, unsafe ones without \p Unsafe and ones that
/// overlap an earlier one are left out (counted or explained in \p S). The
/// same edit from two findings is planned once for each.
llvm::StringMap<std::vector<PlannedFix>> planFixes(const std::vector<Finding> &Findings,
                                                   const std::vector<std::string> &Roots,
                                                   bool Unsafe, FixSummary &S);

/// \p Text with \p Fixes (sorted from the end) applied; an edit past the end
/// of the text is refused into \p S. \p Applied, when given, says for each
/// planned fix whether its edit is in the result (the same edit planned for
/// two findings is in it for both).
std::string applyToText(std::string Text, const std::vector<PlannedFix> &Fixes, FixSummary &S,
                        std::vector<bool> *Applied = nullptr);

/// Reads \p Path for fixing: a regular file no larger than the analyser
/// reads, still as it was analysed. On failure, the reason is added to \p S.
std::optional<std::string> readForFix(llvm::StringRef Path, const AnalysedContent &Analysed,
                                      FixSummary &S);

/// Applies every fix-it of \p Findings whose file lies inside one of \p Roots
/// (the analysed paths: a file or a directory). Edits to one file are applied
/// from the end so offsets stay valid; duplicates are applied once and edits
/// that overlap an earlier one are refused. Applying the same findings twice
/// is harmless because each fix removes its finding. Unsafe fix-its are
/// applied only when \p Unsafe is set. Files are replaced atomically
/// (writeFileAtomically), and only when \p Analysed says they did not change.
FixSummary applyFixes(const std::vector<Finding> &Findings, const std::vector<std::string> &Roots,
                      bool Unsafe, const AnalysedContent &Analysed);

} // namespace cudalint

#endif
