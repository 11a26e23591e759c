//===- LoopInvariance.cpp - An address the same on every trip of its loop -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Part of the walk (ThreadDependenceWalker.h): whether a global load's address is the same on
// every trip of the loop whose trips bound its time, read from the source through the calls the
// walk is in (a parameter's argument at its call), and whether that loop stores to global memory.
// A load the same on every trip of a loop that stores nothing there is one nvcc keeps in a
// register: read once per thread, whatever the trips (kernels/studies/invariant_reads.cu).
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/Mutation.h"
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudalint {
namespace walker {

bool Walker::sameEveryTrip(const Expr *X, size_t F, size_t LoopFrame, const Stmt *Loop,
                           unsigned Depth) const {
  if (!X || Depth > 16)
    return false;
  X = X->IgnoreParens();
  if (isa<CallExpr, CXXThisExpr, CXXConstructExpr, LambdaExpr, StmtExpr>(X))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return true; // an enumerator, a template's value
    if (!V->hasLocalStorage())
      return true; // threadIdx, a __constant__ or file-scope value: no trip changes it
    if (V->getType()->isReferenceType())
      return false;
    const FunctionDecl *FD = Frames[F].FD;
    const Stmt *Body = FD ? FD->getBody() : nullptr;
    if (!Body)
      return false;
    // A parameter of a function the loop calls: what its call passes, in the caller.
    if (const auto *P = dyn_cast<ParmVarDecl>(V); P && F > LoopFrame) {
      const auto *CE = dyn_cast_or_null<CallExpr>(Frames[F].Call);
      unsigned I = P->getFunctionScopeIndex();
      if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(CE);
          Op && isa<CXXMethodDecl>(FD))
        ++I; // the object is argument 0
      if (!CE || P->getDeclContext() != FD || I >= CE->getNumArgs() || !onlyReadsValue(Body, V))
        return false;
      return sameEveryTrip(CE->getArg(I), F - 1, LoopFrame, Loop, Depth + 1);
    }
    // A local declared outside the loop that the loop leaves alone.
    if (F == LoopFrame && !stmtContains(Loop, V->getLocation(), SM))
      return onlyReadsValue(Loop, V);
    // A local of a trip (or of a function the loop calls): set once, from values that stay.
    return !isa<ParmVarDecl>(V) && V->getInit() && onlyReadsValue(Body, V) &&
           sameEveryTrip(V->getInit(), F, LoopFrame, Loop, Depth + 1);
  }
  for (const Stmt *C : X->children())
    if (const auto *CX = dyn_cast_or_null<Expr>(C);
        !CX || !sameEveryTrip(CX, F, LoopFrame, Loop, Depth + 1))
      return false;
  return true;
}

bool Walker::sameEveryTrip(const Expr *Access, const Stmt *Loop) const {
  for (size_t F = Frames.size(); F-- > 0;)
    if (Frames[F].FD && Frames[F].FD->getBody() && stmtContains(Frames[F].FD->getBody(), Loop->getBeginLoc(), SM))
      return sameEveryTrip(Access, Frames.size() - 1, F, Loop, 0);
  return false;
}

/// Whether \p E names an object of the thread's own (a local, a field or element of one, a
/// reference parameter of \p Scope bound to one): what a member function called on it stores
/// through `this`, or a function stores through a reference to it, stays in the thread.
static bool localPlace(const Expr *E, const StoreScope &Scope) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (V && V->getType()->isReferenceType())
        return llvm::is_contained(Scope.LocalRefs, V);
      return V && V->hasLocalStorage() && !V->getType()->isPointerType();
    }
    if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
      E = M->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      // An element of an array of its own (`box_a_corners[k]`), not through a pointer.
      const auto *Decay = dyn_cast<ImplicitCastExpr>(A->getBase()->IgnoreParens());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return false;
      E = Decay->getSubExpr();
    } else {
      return false;
    }
  }
  return false;
}

bool Walker::storesGlobal(const Stmt *S, const StoreScope &Scope) const {
  if (!S)
    return false;
  if (Scope.Depth > 4 || isa<AsmStmt>(S))
    return true;
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  if (Target) {
    // A field of an element is stored where the element lies (`out[n].len = ...`).
    Target = Target->IgnoreParenImpCasts();
    for (const auto *M = dyn_cast<MemberExpr>(Target); M && !M->isArrow();
         M = dyn_cast<MemberExpr>(Target))
      Target = M->getBase()->IgnoreParenImpCasts();
    const Expr *Base = pointerOperand(Target);
    if (Base && Base->IgnoreParenImpCasts()->getType()->isPointerType() &&
        !(Scope.ThisLocal && isa<CXXThisExpr>(Base->IgnoreParenImpCasts())) &&
        !localOrSharedPointer(Base))
      return true;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getIdentifier() && FD->getName().contains("atomic"))
      return true;
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def)) {
      // A member function (`a = b` of a struct: its implicit operator=) stores through `this`
      // into the object it is called on, and a function into what its reference parameters
      // are bound to (`rotate(center, c, s, corners[k])`).
      StoreScope Inner;
      Inner.Depth = Scope.Depth + 1;
      const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE);
      unsigned Skip = Op && isa<CXXMethodDecl>(FD) ? 1 : 0; // the object is argument 0
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
        Inner.ThisLocal = localPlace(MC->getImplicitObjectArgument(), Scope);
      else if (Skip && CE->getNumArgs())
        Inner.ThisLocal = localPlace(CE->getArg(0), Scope);
      for (unsigned I = 0; I < Def->getNumParams() && I + Skip < CE->getNumArgs(); ++I)
        if (Def->getParamDecl(I)->getType()->isReferenceType() &&
            localPlace(CE->getArg(I + Skip), Scope))
          Inner.LocalRefs.push_back(Def->getParamDecl(I));
      if (storesGlobal(Def->getBody(), Inner))
        return true;
    } else if (hasEffects(CE, Ctx)) {
      // A call the walk cannot read (a builtin store, a function defined elsewhere): it may
      // store through any pointer it is given.
      for (const Expr *A : CE->arguments())
        if (A->getType()->isPointerType() && !localOrSharedPointer(A))
          return true;
    }
  }
  for (const Stmt *C : S->children())
    if (storesGlobal(C, Scope))
      return true;
  return false;
}

} // namespace walker

bool stmtContains(const Stmt *Outer, SourceLocation L, const SourceManager &SM) {
  SourceRange R = Outer->getSourceRange();
  return R.isValid() && L.isValid() &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L), SM.getExpansionLoc(R.getBegin())) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R.getEnd()), SM.getExpansionLoc(L));
}

} // namespace cudalint
