//===- HostBufferStorage.h - The storage of declared objects ---------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For HostBufferOrigin's two files only: what a variable's own storage is (the
// stack, static storage, __managed__ or __device__ memory), and the variable an
// object expression is part of. The storage of containers, smart pointers and
// objects a wrapper is given (HostBufferOrigin::storageOf, uniquePtrStorage,
// addressOf) is defined in HostBufferStorage.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_HOSTBUFFERSTORAGE_H
#define CUDALINT_RULES_ANALYSIS_HOSTBUFFERSTORAGE_H

#include "rules/analysis/HostBufferOrigin.h"

namespace cudalint {
namespace detail {

Allocation made(MemoryKind Kind, std::string How, std::string By, const void *Identity,
                clang::SourceLocation Loc, bool Declared = false);
/// Where a variable of static or automatic storage lives; \p Pointed: the
/// expression is its address (`&n`), not the object (a wrapper's argument).
Allocation storageOfVar(const clang::VarDecl *V, bool IsArray, bool Pointed = true);
/// The variable whose storage \p E (an object, `s` or `s.a.b`) is part of.
const clang::VarDecl *objectVar(const clang::Expr *E);
/// The declaration an object expression names (for a container's identity).
const void *identityOf(const clang::Expr *E);

} // namespace detail
} // namespace cudalint

#endif
