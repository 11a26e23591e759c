//===- CallSites.h - Where the TU's own code calls each function ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The direct calls of each function in the translation unit's own code
// (system headers are skipped; template instantiations count, their patterns
// do not, but a call of a specialization nothing instantiated is also listed
// under its template: see uninstantiatedTemplate), and the functions whose
// address that code takes, so that all their
// calls are not known. ValueEvaluator uses it to follow a host function's
// parameter to the arguments its callers pass (a launch wrapper called from
// main with a filter size of 9). Built on the first query.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_CALLSITES_H
#define CUDALINT_RULES_ANALYSIS_CALLSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace cudalint {

/// For a specialization of a function template that nothing instantiated (no
/// body: it is called only from another template's pattern, GenomeWorks'
/// `device_copy_n_async<char>`), the template's own declaration, whose body
/// stands for it; null otherwise.
const clang::FunctionDecl *uninstantiatedTemplate(const clang::FunctionDecl *F);

class CallSites {
public:
  explicit CallSites(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The calls of \p F seen in the TU's own code.
  llvm::ArrayRef<const clang::CallExpr *> callsOf(const clang::FunctionDecl *F);
  /// Whether that code names \p F other than as the callee of a call (a
  /// function pointer, a table): it may be called where no call shows it.
  bool addressTaken(const clang::FunctionDecl *F);
  /// Whether lambda \p Closure is held by a variable (`auto f = [&](...) {...};`)
  /// that the TU's own code only calls (`f(x)`): never copied, passed or stored,
  /// so its calls are all in callsOf(its operator()).
  bool onlyCalled(const clang::CXXRecordDecl *Closure);

private:
  void build();

  clang::ASTContext &Ctx;
  bool Built = false;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<const clang::CallExpr *, 2>> Calls;
  llvm::DenseSet<const clang::FunctionDecl *> Taken;
  llvm::DenseSet<const clang::CXXRecordDecl *> HeldLambdas, EscapedLambdas;
};

} // namespace cudalint

#endif
