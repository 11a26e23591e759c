//===- VarUses.cpp - How each reference to a local or global uses it -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/VarUses.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

/// Skips the implicit and parenthesis nodes above \p E.
const Stmt *semanticParent(const ParentMap &PM, const Expr *E, const Expr *&Child) {
  Child = E;
  for (;;) {
    const Stmt *P = PM.getParent(Child);
    const auto *PE = dyn_cast_or_null<Expr>(P);
    if (PE && (isa<ParenExpr>(PE) ||
               (isa<ImplicitCastExpr>(PE) &&
                cast<ImplicitCastExpr>(PE)->getCastKind() == CK_NoOp))) {
      Child = PE;
      continue;
    }
    return P;
  }
}

/// \p Target's use by its parent \p P when that is an operator: `Target = e`, also through a
/// class's `operator=` (`v = dim3(...)`), makes \p U an assignment of kind \p Kind; another
/// binary operator that does not assign reads it; other operator calls leave it Other. False
/// when \p P is no operator.
bool operatorUse(const Stmt *P, const Expr *Target, Use Kind, VarUse &U) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
    if (BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParens() == Target) {
      U.Kind = Kind;
      U.AssignedValue = BO->getRHS();
      U.Statement = BO;
    } else if (!BO->isAssignmentOp()) {
      U.Kind = Use::Read;
    }
    return true;
  }
  if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P)) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(0)->IgnoreParenImpCasts() == Target) {
      U.Kind = Kind;
      U.AssignedValue = Op->getArg(1);
      U.Statement = Op;
    }
    return true;
  }
  return false;
}

} // namespace

VarUse classifyUse(const ParentMap &PM, const DeclRefExpr *Ref) {
  VarUse U;
  U.Ref = Ref;
  const Expr *Child;
  const Stmt *P = semanticParent(PM, Ref, Child);
  if (isa_and_nonnull<LambdaExpr>(P)) {
    // A capture by reference ([&] or [&v]): the lambda's body reaches the variable through it,
    // and usesOf classifies those uses one by one (its matcher walks lambda bodies too), so
    // the capture itself only reads. (A by-copy capture is a copy construction: read below.)
    U.Kind = Use::Read;
    return U;
  }
  if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P)) {
    if (ICE->getCastKind() == CK_LValueToRValue || ICE->getCastKind() == CK_ArrayToPointerDecay)
      U.Kind = Use::Read;
    return U;
  }
  if (operatorUse(P, Child, Use::Assign, U))
    return U;
  if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(P)) {
    // Passed by value (copy constructor from a const reference): a read.
    if (const CXXConstructorDecl *Ctor = CE->getConstructor();
        Ctor && Ctor->isCopyConstructor() &&
        Ctor->getParamDecl(0)->getType()->getPointeeType().isConstQualified())
      U.Kind = Use::Read;
    return U;
  }
  if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
    if (ME->isArrow())
      return U;
    const Expr *MChild;
    const Stmt *MP = semanticParent(PM, ME, MChild);
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(MP)) {
      if (ICE->getCastKind() == CK_LValueToRValue)
        U.Kind = Use::Read;
      return U;
    }
    if (operatorUse(MP, MChild, Use::FieldAssign, U)) {
      if (U.Kind == Use::FieldAssign)
        U.Field = ME->getMemberDecl()->getName();
      return U;
    }
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(MP)) {
      if (CE->getConstructor() && CE->getConstructor()->isCopyConstructor())
        U.Kind = Use::Read;
    }
    return U;
  }
  if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
    // Bound to a `const T &` parameter (std::min(v, 10)): a read.
    if (const FunctionDecl *FD = Call->getDirectCallee()) {
      unsigned Shift = isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(FD) ? 1 : 0;
      for (unsigned I = Shift; I < Call->getNumArgs(); ++I)
        if (Call->getArg(I)->IgnoreParens() == Child && I - Shift < FD->getNumParams()) {
          QualType T = FD->getParamDecl(I - Shift)->getType();
          if (T->isReferenceType() && T->getPointeeType().isConstQualified())
            U.Kind = Use::Read;
        }
    }
    return U;
  }
  // &v, ++v, --v, non-const references: the value can change behind our back.
  return U;
}

std::vector<VarUse> usesOf(ASTContext &Ctx, const ParentMap &PM, const VarDecl *V,
                           const FunctionDecl *F) {
  std::vector<VarUse> Uses;
  auto Matches =
      match(findAll(declRefExpr(to(varDecl(equalsNode(V)))).bind("ref")), *F->getBody(), Ctx);
  for (const BoundNodes &B : Matches)
    Uses.push_back(classifyUse(PM, B.getNodeAs<DeclRefExpr>("ref")));
  return Uses;
}

} // namespace cudalint
