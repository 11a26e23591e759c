//===- Version.cpp - Which cuda-lint this is ------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/Version.h"

// Written at every build by cmake/BuildInfo.cmake (into the build tree).
#include "BuildInfo.inc"

namespace cudalint {

llvm::StringRef toolVersion() { return CUDA_LINT_VERSION_TEXT; }

llvm::StringRef gitCommit() { return CUDA_LINT_GIT_COMMIT; }

llvm::StringRef docsRef() { return CUDA_LINT_DOCS_REF; }

llvm::StringRef buildType() { return CUDA_LINT_BUILD_TYPE; }

} // namespace cudalint
