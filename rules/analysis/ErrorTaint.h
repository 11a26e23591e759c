//===- ErrorTaint.h - What compile errors make untrustworthy --------------===//
//
// A translation unit with compile errors still has an AST: Clang recovers by
// marking declarations invalid and wrapping what it could not build in
// RecoveryExpr. Code that parsed soundly is analysed as usual; what an error
// touches is not. Rules ask here:
//   - a launch whose arguments contain errors is not a launch site;
//   - a function whose body holds an error is not walked for divergence, and
//     its locals have no known value (a dropped assignment could hide);
//   - literals, macros, constants and enumerators keep their values anywhere.
// In a TU without errors every query answers false at once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_ERRORTAINT_H
#define CUDALINT_RULES_ANALYSIS_ERRORTAINT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace cudalint {

/// Whether the TU of \p Ctx had any compile error.
bool hasCompileErrors(const clang::ASTContext &Ctx);

/// Whether \p S or anything under it was built from code with an error.
bool containsCompileErrors(const clang::Stmt *S);

/// Whether \p FD is invalid or its body contains an error. False when the TU
/// has no errors.
bool functionHasCompileErrors(const clang::FunctionDecl *FD);

} // namespace cudalint

#endif
