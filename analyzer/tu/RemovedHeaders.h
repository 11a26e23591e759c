//===- RemovedHeaders.h - Toolkit headers that newer CUDA no longer ships ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A project written for an older toolkit includes headers that CUDA 12 and 13 dropped
// (texture_fetch_functions.h with texture references, NVTX 2's nvToolsExt.h, ...). No -I brings
// them back, so a missing one is explained as removed, with what replaces it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_REMOVEDHEADERS_H
#define CUDALINT_ANALYZER_TU_REMOVEDHEADERS_H

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace clang {
class PPCallbacks;
class Preprocessor;
} // namespace clang

namespace cudalint {

/// Why the toolkit lacks the header \p Name (a file name) and what replaces it; "" when it is
/// not a header that the toolkit removed.
std::string removedHeaderHint(llvm::StringRef Name);

/// Reports a project's #include of a removed toolkit header as Clang's "file not found" when
/// it resolves only to cuda-lint's forwarding header (cmake/Install.cmake, "toolkit first"),
/// which is empty when the toolkit under \p CudaPath lacks the header.
std::unique_ptr<clang::PPCallbacks> reportRemovedHeaders(clang::Preprocessor &PP,
                                                         llvm::StringRef CudaPath);

} // namespace cudalint

#endif
