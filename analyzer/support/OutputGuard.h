//===- OutputGuard.h - An output option never replaces an input -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_SUPPORT_OUTPUTGUARD_H
#define CUDALINT_ANALYZER_SUPPORT_OUTPUTGUARD_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// A file a run writes and the option that named it ("--output").
struct NamedOutput {
  llvm::StringRef Option;
  std::string Path; // empty: the option was not given
};

/// Why writing \p Outputs would replace a file the run reads (one of \p Inputs, the same file
/// by any path or link) or another of the outputs; nothing when it would not.
std::optional<std::string> outputOntoInput(llvm::ArrayRef<NamedOutput> Outputs,
                                           llvm::ArrayRef<std::string> Inputs);

} // namespace cudalint

#endif
