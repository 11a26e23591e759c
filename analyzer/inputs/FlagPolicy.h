//===- FlagPolicy.h - Which flags a file of the analysed tree may pass -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A `.cuda-lint.yaml` travels with the code it configures: in a pull request, a freshly cloned
// project, a file an editor opens. Its `extra-args` may change how the code parses (macros,
// include paths, the language standard, warnings, language and target features), never make
// the parse write a file, load a plugin, read a Clang configuration or run a tool. The user's
// own --extra-arg is not filtered.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_FLAGPOLICY_H
#define CUDALINT_ANALYZER_INPUTS_FLAGPOLICY_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace cudalint {

struct FilteredArgs {
  std::vector<std::string> Kept;
  /// Each dropped argument with its value when it takes one ("-MF out.d"), as given.
  std::vector<std::string> Dropped;
};

/// Keeps the flags of \p Args that only change how a file parses (an allow-list: -D -U -I
/// -isystem -iquote -idirafter -include -imacros -std -x -W -w -f -m -O -g -nostdinc ... minus
/// those that name an output, a plugin, a module cache or a tool) with their values; drops
/// everything else, including arguments that are not flags (they would be further inputs).
FilteredArgs filterTreeArgs(llvm::ArrayRef<std::string> Args);

} // namespace cudalint

#endif
