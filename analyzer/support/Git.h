//===- Git.h - Run git and read its output --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The few git queries the CI features need (the repository top level for
// repo-relative paths, `git diff` for --changed-lines, untracked files), run
// as a child process with its output captured.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_GIT_H
#define CUDALINT_ANALYZER_SUPPORT_GIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

struct GitOutput {
  int ExitCode = -1; // -1: git could not be started
  std::string Stdout;
  std::string Stderr; // first line only, trimmed
};

/// Runs `git -C Dir Args...`.
GitOutput runGit(llvm::StringRef Dir, llvm::ArrayRef<std::string> Args);

/// The top level of the work tree that contains \p Dir, if any.
std::optional<std::string> gitTopLevel(llvm::StringRef Dir);

} // namespace cudalint

#endif
