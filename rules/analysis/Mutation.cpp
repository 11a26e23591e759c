// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/Mutation.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudalint {

/// Whether \p E names \p V.
static bool refersTo(const Expr *E, const ValueDecl *V) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return R && R->getDecl() == V;
}

bool mentions(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

bool changesVariable(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      B && B->isAssignmentOp() && refersTo(B->getLHS(), V))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
      refersTo(U->getSubExpr(), V))
    return true;
  for (const Stmt *C : S->children())
    if (changesVariable(C, V))
      return true;
  return false;
}

bool onlyReadsStruct(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return true;
  if (const auto *C = dyn_cast<ImplicitCastExpr>(S); C && C->getCastKind() == CK_LValueToRValue)
    if (const auto *M = dyn_cast<MemberExpr>(C->getSubExpr()->IgnoreParens());
        M && !M->isArrow() && refersTo(M->getBase(), V))
      return true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S);
      CE && CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1 &&
      refersTo(CE->getArg(0), V))
    return true;
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return false;
  for (const Stmt *C : S->children())
    if (!onlyReadsStruct(C, V))
      return false;
  return true;
}

bool onlyReadsValue(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return true;
  if (const auto *C = dyn_cast<ImplicitCastExpr>(S); C && C->getCastKind() == CK_LValueToRValue) {
    const Expr *Sub = C->getSubExpr()->IgnoreParens();
    for (const auto *M = dyn_cast<MemberExpr>(Sub); M && !M->isArrow();
         M = dyn_cast<MemberExpr>(Sub))
      Sub = M->getBase()->IgnoreParens();
    if (const auto *R = dyn_cast<DeclRefExpr>(Sub); R && R->getDecl() == V)
      return true;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return false;
  for (const Stmt *C : S->children())
    if (!onlyReadsValue(C, V))
      return false;
  return true;
}

bool onlyReadsArray(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return true;
  // `V[i]` read as a value: the array decays to a pointer only to be subscripted.
  if (const auto *C = dyn_cast<ImplicitCastExpr>(S); C && C->getCastKind() == CK_LValueToRValue)
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(C->getSubExpr()->IgnoreParens());
        A && refersTo(A->getBase(), V))
      return onlyReadsArray(A->getIdx(), V);
  if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
    return false;
  for (const Stmt *C : S->children())
    if (!onlyReadsArray(C, V))
      return false;
  return true;
}

bool onlyStepsPointer(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return true;
  // `V + n`, `n + V`, `V - n` with V read as it is (no cast but the lvalue read).
  auto Step = [&](const Expr *E) {
    const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParens());
    if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
      return false;
    for (const Expr *Side : {B->getLHS(), B->getRHS()}) {
      const auto *C = dyn_cast<ImplicitCastExpr>(Side->IgnoreParens());
      if (C && C->getCastKind() == CK_LValueToRValue && refersTo(C->getSubExpr(), V))
        return Side == B->getLHS() || B->getOpcode() == BO_Add;
    }
    return false;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && refersTo(B->getLHS(), V)) {
    BinaryOperatorKind Op = B->getOpcode();
    if (!(Op == BO_AddAssign || Op == BO_SubAssign ||
          (Op == BO_Assign && (Step(B->getRHS()) || !mentions(B->getRHS(), V)))))
      return false;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->getOpcode() == UO_AddrOf && refersTo(U->getSubExpr(), V))
    return false;
  for (const Stmt *C : S->children())
    if (!onlyStepsPointer(C, V))
      return false;
  return true;
}

} // namespace cudalint
