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

bool onlyStepsPointer(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return true;
  auto Is = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    return R && R->getDecl() == V;
  };
  // `V + n`, `n + V`, `V - n` with V read as it is (no cast but the lvalue read).
  auto Step = [&](const Expr *E) {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
    if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
      return false;
    for (const Expr *Side : {B->getLHS(), B->getRHS()}) {
      const auto *C = dyn_cast<ImplicitCastExpr>(Side->IgnoreParens());
      if (C && C->getCastKind() == CK_LValueToRValue && Is(C->getSubExpr()))
        return Side == B->getLHS() || B->getOpcode() == BO_Add;
    }
    return false;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && Is(B->getLHS())) {
    BinaryOperatorKind Op = B->getOpcode();
    if (!(Op == BO_AddAssign || Op == BO_SubAssign || (Op == BO_Assign && Step(B->getRHS()))))
      return false;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->getOpcode() == UO_AddrOf && Is(U->getSubExpr()))
    return false;
  for (const Stmt *C : S->children())
    if (!onlyStepsPointer(C, V))
      return false;
  return true;
}

} // namespace cudalint
