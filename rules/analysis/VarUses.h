//===- VarUses.h - How each reference to a local or global uses it --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Classifies a reference to a variable as a read, a plain assignment `v = e`, an assignment
// to one of its fields `v.f = e`, or anything else (`&v`, `++v`, a non-const reference), which
// may change the value where the source does not show it. ValueEval pins a value down from
// these (a local's uses in its function, a file-static's that FileStatics finds in its TU).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_VARUSES_H
#define CUDALINT_RULES_ANALYSIS_VARUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace cudalint {

/// How one reference to a variable uses it.
enum class Use { Read, Assign, FieldAssign, Other };

struct VarUse {
  const clang::DeclRefExpr *Ref = nullptr;
  Use Kind = Use::Other;
  const clang::Expr *AssignedValue = nullptr; // for Assign / FieldAssign
  llvm::StringRef Field;                      // for FieldAssign
  const clang::Stmt *Statement = nullptr;     // the assignment expression
};

/// How \p Ref uses its variable, from its parents in \p PM. A by-reference lambda capture is a
/// read (the lambda body's own references are classified one by one); a copy construction and
/// a `const T &` argument are reads.
VarUse classifyUse(const clang::ParentMap &PM, const clang::DeclRefExpr *Ref);

/// Every reference to \p V in \p F's body (lambda bodies included), classified.
std::vector<VarUse> usesOf(clang::ASTContext &Ctx, const clang::ParentMap &PM,
                           const clang::VarDecl *V, const clang::FunctionDecl *F);

} // namespace cudalint

#endif
