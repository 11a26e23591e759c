//===- CommandLineErrors.h - LLVM option-parser errors as one clear line ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's option parser prints its errors itself ("for the -o option: may not occur within a
// group!", "Cannot find option named 'xml'!"), several lines for one mistake. This parses with it
// while holding those back, and says what was wrong in one line: the option, the value, what it
// expects, and the closest option for an unknown one. Used by cuda-lint's command line
// (analyzer/cli/ParseArgs.cpp) and by `cuda-lint occupancy`.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_PTXAS_PARSE_COMMANDLINEERRORS_H
#define CUDALINT_PTXAS_PARSE_COMMANDLINEERRORS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>

namespace cudalint {

struct ParseErrorContext {
  std::string Help = "cuda-lint --help"; // where the options are listed
  /// "; did you mean '--x'?" for an unknown option spelled as typed (may be null).
  std::function<std::string(llvm::StringRef Typed)> Suggest;
  /// The values an option of enumerated values takes ("text, json"), by name (may be null).
  std::function<std::string(llvm::StringRef Name)> Values;
};

/// The message for what LLVM printed when the command line did not parse (\p LlvmText, perhaps
/// several lines).
std::string rewriteParseError(llvm::StringRef LlvmText, const ParseErrorContext &Ctx);

/// Parses \p Args (argv[0] first) into the registered options with LLVM's parser, holding back
/// what it prints. nullopt when they parse, else the one-line message.
std::optional<std::string> parseCommandLine(llvm::ArrayRef<const char *> Args,
                                            llvm::StringRef Overview,
                                            const ParseErrorContext &Ctx);

} // namespace cudalint

#endif
