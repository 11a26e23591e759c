//===- Resources.h - The files cuda-lint reads at run time ----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Everything cuda-lint reads besides its inputs is found relative to its own
// executable, so that an installed tree works wherever it is moved
// (docs/install.md):
//
//   PREFIX/bin/cuda-lint
//   PREFIX/lib/cuda-lint/clang/include/   Clang's builtin and CUDA wrapper headers
//   PREFIX/lib/cuda-lint/compat/          cuda_lint_compat.h, cuda_lint_legacy.h
//   PREFIX/lib/cuda-lint/libcuda-lint-confirm.so   confirm's CUPTI library (built with CUDA)
//   PREFIX/share/cuda-lint/docs/rules/    the rule pages (--explain, SARIF help)
//   PREFIX/share/cuda-lint/harness/       confirm's scripts
//
// The build tree stages the same files in build/lib and build/share beside
// build/analyzer/cuda-lint, so the binary there looks them up the same way.
// Nothing of the source or build tree is compiled into the binary. A missing
// file is an error that names it, never a silent fallback.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_RESOURCES_H
#define CUDALINT_ANALYZER_SUPPORT_RESOURCES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace cudalint {

enum class Resource {
  ClangResourceDir, ///< lib/cuda-lint/clang (Clang's -resource-dir)
  CompatHeader,     ///< lib/cuda-lint/compat/cuda_lint_compat.h
  RuleDocs,         ///< share/cuda-lint/docs (holding rules/<id>.md)
  ConfirmScript,    ///< share/cuda-lint/harness/cuda_lint_confirm.py
  ConfirmLibrary,   ///< lib/cuda-lint/libcuda-lint-confirm.so (optional)
};

/// PREFIX: the parent of the directory that holds the running executable
/// (symbolic links resolved). Empty when the executable cannot be located.
std::string installPrefix(const char *Argv0);

/// Where \p R belongs under \p Prefix.
std::string resourcePath(llvm::StringRef Prefix, Resource R);

/// resourcePath() when everything it needs exists there, else an error that
/// names what is missing and where it was looked for.
llvm::Expected<std::string> findResource(llvm::StringRef Prefix, Resource R);

/// The docs directory: $CUDA_LINT_DOCS_DIR when set, else the installed one.
/// An error when it has no rules/ directory.
llvm::Expected<std::string> findDocsDir(llvm::StringRef Prefix);

} // namespace cudalint

#endif
