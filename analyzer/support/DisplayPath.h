//===- DisplayPath.h - How a path is shown to the user --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_SUPPORT_DISPLAYPATH_H
#define CUDALINT_ANALYZER_SUPPORT_DISPLAYPATH_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cudalint {

/// The path to show for \p File: relative to the working directory when under it.
std::string displayPath(llvm::StringRef File);

} // namespace cudalint

#endif
