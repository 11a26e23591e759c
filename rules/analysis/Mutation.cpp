// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/Mutation.h"

#include "clang/AST/Expr.h"

using namespace clang;

namespace cudalint {

bool changesVariable(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  auto Is = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && Is(B->getLHS()))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) && Is(U->getSubExpr()))
    return true;
  for (const Stmt *C : S->children())
    if (changesVariable(C, V))
      return true;
  return false;
}

} // namespace cudalint
