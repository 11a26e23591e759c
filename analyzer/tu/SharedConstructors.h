// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedConstructors.h - __shared__ variables of class type nvcc takes --===//
//
// A `__shared__` variable whose type has a constructor or destructor that is not empty (a
// `cuda::barrier` or `cuda::pipeline_shared_state`, the CUDA Programming Guide's idiom for
// asynchronous copies; a struct with a default member initializer such as `float sum = 0;`) is
// taken by nvcc, which runs neither (warning #20054-D, or nothing); Clang rejects it
// ("initialization is not supported for __shared__ variables") and marks the variable invalid, so
// every use of it is an error too and the kernel is lost.
//
// When the declaration has no initializer of its own (nvcc rejects one, as Clang does) and is
// spelled with the `__shared__` macro, the parse is done again with that macro rewritten in place
// to `_CL_SHARED` (as long: no offset or line moves), which cuda_lint_compat.h defines as an
// annotation. Clang then takes the variable for a plain local one; before the rules run,
// restoreSharedVariables makes every variable so annotated (and each instantiation of one in a
// template) `__shared__` again, implicitly static as Clang makes every function-scope
// `__shared__` variable. The rewritten parse is kept only when it has fewer errors and no new one
// (TranslationUnit.cpp); the device pass does the same for the code only it parses (a barrier
// under `#if __CUDA_ARCH__ >= 700`, cuda-samples' simpleAWBarrier).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_SHAREDCONSTRUCTORS_H
#define CUDALINT_ANALYZER_TU_SHAREDCONSTRUCTORS_H

#include "analyzer/tu/OutOfLineTemplates.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace clang {
class ASTContext;
class SourceLocation;
} // namespace clang

namespace cudalint {

/// The rewrites of `__shared__` for the default-constructed variables that \p Errors (the
/// locations of "initialization is not supported for __shared__ variables") name.
std::vector<DeclarationRewrite> rewritesForSharedConstructors(clang::ASTContext &AST,
                                                              llvm::ArrayRef<clang::SourceLocation>
                                                                  Errors);

/// Makes the variables a rewritten parse declared with `_CL_SHARED` `__shared__` again (a walk of
/// the whole AST, for a parse of rewritten files only).
void restoreSharedVariables(clang::ASTContext &AST);

} // namespace cudalint

#endif
