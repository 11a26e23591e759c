//===- Suggest.h - "did you mean" for names a user mistyped ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_SUPPORT_SUGGEST_H
#define CUDALINT_ANALYZER_SUPPORT_SUGGEST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudalint {

/// The names of \p Candidates that \p Typed most likely meant: those that contain it (a
/// prefix such as `block-size` of `block-size-not-multiple-of-32`), up to three, else the
/// closest by edit distance (llvm::StringRef::edit_distance) when it is close enough.
/// Empty when none is.
std::vector<std::string> closestNames(llvm::StringRef Typed,
                                      llvm::ArrayRef<std::string> Candidates);

/// "; did you mean 'a'?" (or "'a' or 'b'?") for closestNames, else "".
std::string didYouMean(llvm::StringRef Typed, llvm::ArrayRef<std::string> Candidates);

} // namespace cudalint

#endif
