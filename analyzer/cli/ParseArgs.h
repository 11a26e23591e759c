//===- ParseArgs.h - cuda-lint's command line, with its own error messages ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's option parser prints its errors itself ("for the -o option: may not occur within a
// group!", "Cannot find option named 'xml'!"), several lines for one mistake. This parses
// with it while holding those back, and says what was wrong in one line instead: the
// option, the value, what it expects, and the closest option for an unknown one.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CLI_PARSEARGS_H
#define CUDALINT_ANALYZER_CLI_PARSEARGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint::cli {

/// Parses \p Args (argv[0] first) into the registered options. nullopt when they parse,
/// else the one-line message (without "cuda-lint: error: ").
std::optional<std::string> parseArguments(llvm::ArrayRef<const char *> Args,
                                          llvm::StringRef Overview);

/// The message for LLVM's parse error text \p LlvmText (what it printed, perhaps several
/// lines), naming the options of the command line that are shown in --help.
std::string rewriteParseError(llvm::StringRef LlvmText);

} // namespace cudalint::cli

#endif
