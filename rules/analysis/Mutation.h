// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Mutation.h - Whether a function body changes a variable ------------===//
//
// Shared by the copy analysis (a local that only ever holds a parameter) and the lane walk (a
// pointer parameter the kernel never moves).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_MUTATION_H
#define CUDALINT_RULES_ANALYSIS_MUTATION_H

namespace clang {
class Stmt;
class ValueDecl;
} // namespace clang

namespace cudalint {

/// Whether \p S assigns \p V (any assignment operator), steps it (++, --) or takes its address.
bool changesVariable(const clang::Stmt *S, const clang::ValueDecl *V);

} // namespace cudalint

#endif
