//===- ApplyFixes.h - --fix: apply the findings' fix-its in place ---------===//
#ifndef CUDALINT_ANALYZER_APPLYFIXES_H
#define CUDALINT_ANALYZER_APPLYFIXES_H

#include "rules/Finding.h"

#include <string>
#include <vector>

namespace cudalint {

struct FixSummary {
  unsigned Applied = 0;
  unsigned FilesChanged = 0;
  std::vector<AnalysisError> Refused; // fix-its not applied, and why
  unsigned UnsafeSkipped = 0;         // unsafe fix-its left alone (no --unsafe-fixes)
};

/// Applies every fix-it of \p Findings whose file lies inside one of \p Roots
/// (the analysed paths: a file or a directory). Edits to one file are applied
/// from the end so offsets stay valid; duplicates are applied once and edits
/// that overlap an earlier one are refused. Applying the same findings twice
/// is harmless because each fix removes its finding. Unsafe fix-its are
/// applied only when \p Unsafe is set.
FixSummary applyFixes(const std::vector<Finding> &Findings, const std::vector<std::string> &Roots,
                      bool Unsafe);

} // namespace cudalint

#endif
