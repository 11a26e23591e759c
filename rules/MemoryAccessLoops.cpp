//===- MemoryAccessLoops.cpp - How a loop moves an access -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the memory rules ask of the loops around an access, from the source: how many bytes its
// place moves when a loop's counter grows by one (counterBytes), whether its loop reads the rest
// of each sector its first trip fetched (sweepsOwnSectors), and whether another loop of the
// thread reads the bytes between its lanes (neighbourLoopReads).
//
//===----------------------------------------------------------------------===//
#include "rules/MemoryAccessRule.h"
#include "rules/analysis/Mutation.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <optional>

using namespace clang;

namespace cudalint {
namespace memrules {

/// How much \p E (an integer expression) grows when \p Counter grows by one, where it is a
/// sum of multiples of the counter by constants and of terms that do not name it.
static std::optional<int64_t> counterCoefficient(const Expr *E, const ValueDecl *Counter,
                                                 const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E); DRE && DRE->getDecl() == Counter)
    return 1;
  // A local the loop computes from the counter and never changes (`int in = v * 32 + i;`).
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    const auto *FD = VD ? dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()) : nullptr;
    if (VD && FD && FD->getBody() && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
        VD->getInit() && !VD->getType()->isReferenceType() && mentions(VD->getInit(), Counter) &&
        !mentions(VD->getInit(), VD) && !changesVariable(FD->getBody(), VD))
      return counterCoefficient(VD->getInit(), Counter, Ctx);
  }
  if (!mentions(E, Counter))
    return 0;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  std::optional<int64_t> L = counterCoefficient(B->getLHS(), Counter, Ctx);
  std::optional<int64_t> R = counterCoefficient(B->getRHS(), Counter, Ctx);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add:
    return *L + *R;
  case BO_Sub:
    return *L - *R;
  case BO_Mul:
    if (std::optional<llvm::APSInt> C = B->getRHS()->getIntegerConstantExpr(Ctx); C && !*R)
      return *L * C->getExtValue();
    if (std::optional<llvm::APSInt> C = B->getLHS()->getIntegerConstantExpr(Ctx); C && !*L)
      return *R * C->getExtValue();
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// How many bytes the place \p E names (a subscript, a field, a dereference, through casts and
/// `&a[i]`) moves when \p Counter grows by one.
std::optional<int64_t> counterBytes(const Expr *E, const ValueDecl *Counter,
                                    const ASTContext &Ctx) {
  E = E->IgnoreParenCasts();
  auto SizeOf = [&](QualType T) -> std::optional<int64_t> {
    if (T.isNull() || T->isIncompleteType() || T->isDependentType())
      return std::nullopt;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  };
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    std::optional<int64_t> I = counterCoefficient(AS->getIdx(), Counter, Ctx);
    std::optional<int64_t> Base = counterBytes(AS->getBase(), Counter, Ctx);
    std::optional<int64_t> Elt = SizeOf(AS->getType());
    if (!I || !Base || !Elt)
      return std::nullopt;
    return *Base + *I * *Elt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return counterBytes(ME->getBase(), Counter, Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref))
    return counterBytes(U->getSubExpr(), Counter, Ctx);
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->isAdditiveOp() && B->getType()->isPointerType()) {
    const Expr *Ptr = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    const Expr *Int = Ptr == B->getLHS() ? B->getRHS() : B->getLHS();
    std::optional<int64_t> P = counterBytes(Ptr, Counter, Ctx);
    std::optional<int64_t> I = counterCoefficient(Int, Counter, Ctx);
    std::optional<int64_t> Elt = SizeOf(B->getType()->getPointeeType());
    if (!P || !I || !Elt)
      return std::nullopt;
    return *P + (B->getOpcode() == BO_Sub ? -*I : *I) * *Elt;
  }
  return mentions(E, Counter) ? std::nullopt : std::optional<int64_t>(0);
}

const ValueDecl *steppedCounter(const ForStmt *For) {
  const Expr *Inc = For && For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  const Expr *Counter = nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc); U && U->isIncrementOp())
    Counter = U->getSubExpr();
  if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc);
      CA && CA->getOpcode() == BO_AddAssign) {
    const auto *One = dyn_cast<IntegerLiteral>(CA->getRHS()->IgnoreParenImpCasts());
    if (One && One->getValue() == 1)
      Counter = CA->getLHS();
  }
  const auto *R = Counter ? dyn_cast<DeclRefExpr>(Counter->IgnoreParenImpCasts()) : nullptr;
  return R ? R->getDecl() : nullptr;
}

bool sweepsOwnSectors(const AccessEvent &E, const ASTContext &Ctx) {
  const auto *For = dyn_cast_or_null<ForStmt>(E.Loop);
  const ValueDecl *Counter = steppedCounter(For);
  if (E.Store || !Counter || !E.Trip.empty())
    return false;
  std::optional<int64_t> Moves = counterBytes(E.Access, Counter, Ctx);
  int64_t Trips = cudalint::countedTrips(For, Ctx);
  return Moves && *Moves == static_cast<int64_t>(E.Size) &&
         (Trips == 0 || Trips * static_cast<int64_t>(E.Size) >= 32);
}

/// The variable whose memory the place \p E names: through subscripts, fields, member calls
/// (`src.ptr(2 * y)[2 * x]` is `src`'s), dereferences and casts.
static const ValueDecl *rootVariable(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      E = MC->getImplicitObjectArgument();
    else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getType()->isPointerType())
      E = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    else
      return nullptr;
  }
  return nullptr;
}

bool neighbourLoopReads(const AccessEvent &E, int64_t Stride, const ASTContext &Ctx) {
  if (E.Store || Stride <= 0 || Stride > 4 * static_cast<int64_t>(E.Size))
    return false;
  const ValueDecl *Root = rootVariable(E.Access);
  const FunctionDecl *Holder = holderOf(E.Access, Ctx);
  if (!Root || !Holder || !Holder->getBody())
    return false;
  // A read of the same variable's memory, of the same type, in a `for` loop whose counter steps
  // by one and moves it one element a trip.
  bool Found = false;
  std::function<void(const Stmt *, const ValueDecl *)> Scan = [&](const Stmt *S,
                                                                  const ValueDecl *Counter) {
    if (!S || Found)
      return;
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      Scan(F->getBody(), steppedCounter(F));
      return;
    }
    if (const auto *O = dyn_cast<Expr>(S);
        O && Counter && O != E.Access && isa<ArraySubscriptExpr>(O->IgnoreParens()) &&
        O->isLValue() && Ctx.hasSameUnqualifiedType(O->getType(), E.Access->getType()) &&
        rootVariable(O) == Root) {
      std::optional<int64_t> Moves = counterBytes(O, Counter, Ctx);
      if (Moves && *Moves == static_cast<int64_t>(E.Size)) {
        Found = true;
        return;
      }
    }
    for (const Stmt *Sub : S->children())
      Scan(Sub, Counter);
  };
  Scan(Holder->getBody(), nullptr);
  return Found;
}

const Stmt *readOnceBesideLoop(const AccessEvent &E, const ThreadDependence &TD,
                               const ASTContext &Ctx) {
  const Stmt *L = E.TimeLoop;
  if (!E.OncePerThread || !L)
    return nullptr;
  if (int64_t Trips = cudalint::countedTrips(L, Ctx); Trips && Trips < 32)
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const AccessEvent &O : TD.accesses())
    if (O.Sp == AccessEvent::Space::Global && O.Root == E.Root && O.Shape == E.Shape &&
        !O.OncePerThread && O.TimeLoop &&
        (O.TimeLoop == L || stmtContains(L, O.TimeLoop->getBeginLoc(), SM)))
      return nullptr;
  return L;
}

} // namespace memrules
} // namespace cudalint
