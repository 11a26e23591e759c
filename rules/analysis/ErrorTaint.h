//===- ErrorTaint.h - What compile errors make untrustworthy --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A translation unit with compile errors still has an AST: Clang recovers by
// marking declarations invalid and wrapping what it could not build in
// RecoveryExpr, which keeps the operands it parsed. Code that parsed soundly
// is analysed as usual; what an error touches is not:
//   - an expression that containsErrors() has no value (ValueEvaluator);
//   - a function whose body holds an error is not walked for divergence
//     (functionHasCompileErrors);
//   - a local variable has no known value when it is invalid, when an
//     erroneous expression mentions it (it may assign it), or when a syntax
//     error inside its function may have dropped a statement from the AST
//     that names it, or a macro (localValueTainted). Other locals keep their
//     values: an unknown type on one line does not hide a launch
//     configuration on the next;
//   - literals, macros, constants and enumerators keep their values anywhere.
// In a TU without errors every query answers false at once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_ERRORTAINT_H
#define CUDALINT_RULES_ANALYSIS_ERRORTAINT_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace cudalint {

/// While alive, tells the queries on this thread where the parser met syntax
/// errors in the TU being analysed (statements there may be missing from the
/// AST), and caches what they find per function. Without one, no syntax
/// errors are known and nothing is cached.
class ErrorTaintScope {
public:
  explicit ErrorTaintScope(std::vector<clang::SourceLocation> SyntaxErrors);
  ~ErrorTaintScope();
  ErrorTaintScope(const ErrorTaintScope &) = delete;
  ErrorTaintScope &operator=(const ErrorTaintScope &) = delete;
};

/// Whether \p FD is invalid or its body contains an error. False when the TU
/// has no errors.
bool functionHasCompileErrors(const clang::FunctionDecl *FD);

/// Whether compile errors in \p F may have changed the value of its local
/// \p V (see above). False when the TU has no errors.
bool localValueTainted(const clang::VarDecl *V, const clang::FunctionDecl *F);

} // namespace cudalint

#endif
