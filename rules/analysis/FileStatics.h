//===- FileStatics.h - Where a file-static host variable is used ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host variable of internal linkage at namespace scope (`static dim3 dimb0;` set in `main`
// and read by the launches of other functions) can be used only by the code that follows its
// declaration in its translation unit, so every use of it is in the AST: the value evaluation
// (ValueEval.h) reads its value from its writes there, as it does for a local.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_FILESTATICS_H
#define CUDALINT_RULES_ANALYSIS_FILESTATICS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <utility>
#include <vector>

namespace cudalint {

/// One reference to a variable and the function whose body holds it.
using FunctionRef = std::pair<const clang::FunctionDecl *, const clang::DeclRefExpr *>;

/// While alive, fileStaticRefs keeps its answer for each variable on this thread (the launches
/// of one TU ask for the same variables again and again). Without one, nothing is kept.
class FileStaticsScope {
public:
  FileStaticsScope();
  ~FileStaticsScope();
  FileStaticsScope(const FileStaticsScope &) = delete;
  FileStaticsScope &operator=(const FileStaticsScope &) = delete;
};

/// Whether \p V is declared __managed__: Clang keeps that attribute for HIP only, so the
/// declaration's own text says it.
bool declaredManaged(const clang::VarDecl *V);

/// Whether \p V is a non-volatile host variable of internal linkage at namespace scope
/// (`static`, or in an unnamed namespace), not a `__device__`, `__constant__`, `__shared__` or
/// `__managed__` one (those the host writes through cudaMemcpyToSymbol and device code).
bool isFileStaticHostVar(const clang::VarDecl *V);

/// Every reference to file-static \p V (isFileStaticHostVar) with the function holding it.
/// None when a reference is outside any function body (another global's initializer), when
/// compile errors in a function after it may have hidden a write (ErrorTaint.h), or when it
/// comes from a precompiled preamble (whose functions the walk does not load).
std::optional<std::vector<FunctionRef>> fileStaticRefs(const clang::VarDecl *V);

} // namespace cudalint

#endif
