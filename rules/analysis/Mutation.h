// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Mutation.h - Whether a function body changes a variable ------------===//
//
// Shared by the copy analysis (a local that only ever holds a parameter) and the lane walk (a
// pointer parameter the kernel never moves, or moves only through its own elements).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_MUTATION_H
#define CUDALINT_RULES_ANALYSIS_MUTATION_H

namespace clang {
class Stmt;
class ValueDecl;
} // namespace clang

namespace cudalint {

/// Whether \p S names \p V anywhere.
bool mentions(const clang::Stmt *S, const clang::ValueDecl *V);

/// Whether \p S assigns \p V (any assignment operator), steps it (++, --) or takes its address.
bool changesVariable(const clang::Stmt *S, const clang::ValueDecl *V);

/// Whether every change \p S makes to pointer \p V only steps it through its own elements:
/// `V += n`, `V -= n`, `++V`, `V--`, `V = V + n` (no cast on the way, its address never
/// taken), so that V's value, counted in elements, stays an offset from where it started, or
/// sets it afresh to a value that does not involve it (`V = &a[i]`: the walk then counts from
/// that address, Walker::pointerSet).
bool onlyStepsPointer(const clang::Stmt *S, const clang::ValueDecl *V);

/// Whether \p S only reads struct \p V: each use a field read as a value (`V.x`) or a copy of
/// the whole (`dim3 u = V`). Any other use (a field assigned, `V = ...` through the struct's
/// operator=, a reference or pointer taken) may change it.
bool onlyReadsStruct(const clang::Stmt *S, const clang::ValueDecl *V);

/// Whether every use of \p V in \p S reads its value (`v`, `v.x`): no assignment, step, address,
/// reference bound to it or member function called on it.
bool onlyReadsValue(const clang::Stmt *S, const clang::ValueDecl *V);

/// Whether \p S only reads elements of array \p V (`V[i]` as a value): no element assigned,
/// no pointer to it passed on or kept.
bool onlyReadsArray(const clang::Stmt *S, const clang::ValueDecl *V);

} // namespace cudalint

#endif
