//===- TempDir.h - Temporary directories that do not outlive the process --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cuda-lint keeps precompiled preambles (megabytes each) in a private temporary directory. A
// run ended by Ctrl-C, an editor that stops its server with SIGTERM or a closed terminal
// (SIGHUP) must not leave it behind, and one left by a process that was killed outright
// (SIGKILL, a power cut) is removed by the next cuda-lint that makes one.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_TEMPDIR_H
#define CUDALINT_ANALYZER_SUPPORT_TEMPDIR_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace cudalint {

/// Creates `<tmp>/cuda-lint-<Purpose>-<pid>-<random>` (mode 0700) in \p Path and registers it
/// for removal, with the files in it, when the process ends on SIGINT, SIGTERM or SIGHUP.
/// First removes the directories of the same purpose whose process no longer runs (owned by
/// this user, not links). Remove it with removeTempDir().
std::error_code createTempDir(llvm::StringRef Purpose, llvm::SmallVectorImpl<char> &Path);

/// Removes a directory of createTempDir() with everything in it, and forgets it.
void removeTempDir(llvm::StringRef Path);

} // namespace cudalint

#endif
