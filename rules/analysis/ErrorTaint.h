//===- ErrorTaint.h - What compile errors make untrustworthy --------------===//
//
// A translation unit with compile errors still has an AST: Clang recovers by
// marking declarations invalid and wrapping what it could not build in
// RecoveryExpr. Code that parsed soundly is analysed as usual; what an error
// touches is not:
//   - an expression that containsErrors() has no value (ValueEvaluator);
//   - a function whose body holds an error (asked here) is not walked for
//     divergence, and its locals have no known value (a dropped assignment
//     could hide);
//   - literals, macros, constants and enumerators keep their values anywhere.
// In a TU without errors the query answers false at once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_ERRORTAINT_H
#define CUDALINT_RULES_ANALYSIS_ERRORTAINT_H

#include "clang/AST/Decl.h"

namespace cudalint {

/// Whether \p FD is invalid or its body contains an error. False when the TU
/// has no errors.
bool functionHasCompileErrors(const clang::FunctionDecl *FD);

} // namespace cudalint

#endif
