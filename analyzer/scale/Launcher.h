//===- Launcher.h - cuda-lint as the build's compiler launcher ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_SCALE_LAUNCHER_H
#define CUDALINT_ANALYZER_SCALE_LAUNCHER_H

#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// `cuda-lint --launcher=DIR COMPILER ARGS...`: runs the compile, then
/// analyses it into a facts file in DIR. argv[0] is the --launcher option;
/// \p Argv0 is cuda-lint's own.
int runLauncher(int argc, const char **argv, const char *Argv0, llvm::StringRef Prefix);

} // namespace cudalint

#endif
