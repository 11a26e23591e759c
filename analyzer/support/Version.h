//===- Version.h - Which cuda-lint this is --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The version of this build, from the project version and `git describe`
// (cmake/BuildInfo.cmake): X.Y.Z on a release tag, X.Y.Z+N.gHASH after it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_VERSION_H
#define CUDALINT_ANALYZER_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// The version, as --version, JSON and SARIF give it (SemVer 2.0).
llvm::StringRef toolVersion();

/// The git commit it was built from; empty when built outside a git checkout.
llvm::StringRef gitCommit();

/// The git ref whose docs/ describe this build: the release tag, else the commit.
llvm::StringRef docsRef();

/// CMAKE_BUILD_TYPE of the build (Release, Debug, ...).
llvm::StringRef buildType();

} // namespace cudalint

#endif
