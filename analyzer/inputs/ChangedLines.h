//===- ChangedLines.h - --changed-lines: lines changed since a git ref ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `git diff -U0 REF -- FILES` in each file's work tree gives, per file, the
// line ranges of the new side that were added or modified; files that git
// does not track yet count as changed throughout. A finding is kept when its
// first line is one of them.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_CHANGEDLINES_H
#define CUDALINT_ANALYZER_INPUTS_CHANGEDLINES_H

#include "rules/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

/// New-side line ranges [First, Last] per path, as `git diff -U0` names them
/// (relative to the work tree's top level, `+++ b/` stripped).
using DiffLines = std::map<std::string, std::vector<std::pair<unsigned, unsigned>>>;

/// Parses the output of `git diff -U0` (quoted paths included).
DiffLines parseUnifiedDiff(llvm::StringRef Diff);

class ChangedLines {
public:
  /// Runs git for the work trees of \p Files (absolute paths); files outside
  /// every work tree have no changed lines. Errors when \p Ref is not a
  /// commit, or no file is inside a work tree.
  static llvm::Expected<ChangedLines> compute(llvm::StringRef Ref,
                                              llvm::ArrayRef<std::string> Files);

  bool contains(llvm::StringRef File, unsigned Line) const;

private:
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Ranges;
  std::set<std::string> WholeFiles; // untracked: every line is new
};

/// Keeps the findings whose first line changed.
void keepChangedLines(std::vector<Finding> &Findings, const ChangedLines &Changed);

} // namespace cudalint

#endif
