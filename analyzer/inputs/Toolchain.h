//===- Toolchain.h - Locate the CUDA toolkit and Clang's resource dir -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_INPUTS_TOOLCHAIN_H
#define CUDALINT_ANALYZER_INPUTS_TOOLCHAIN_H

#include "analyzer/inputs/NvccTranslate.h"
#include "llvm/Support/Error.h"

namespace cudalint {

/// The CUDA toolkit: \p Requested (--cuda-path) if given, else $CUDA_PATH,
/// else the build-time default, else the directory of an nvcc found on PATH.
/// Clang's resource dir and the compat header are the ones installed under
/// \p Prefix (analyzer/support/Resources.h); an error names them when they are missing.
llvm::Expected<ToolchainPaths> findToolchain(llvm::StringRef Requested, llvm::StringRef Prefix);

} // namespace cudalint

#endif
