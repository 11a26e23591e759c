//===- MemoryAccessRule.cpp - What the two memory-access rules share ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/MemoryAccessRule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/FoldingSet.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace clang;

namespace cudalint {
namespace memrules {

ByLocation groupByLocation(const ThreadDependence &TD, AccessEvent::Space Sp) {
  ByLocation Out;
  if (!TD.context())
    return Out;
  const SourceManager &SM = TD.context()->getSourceManager();
  for (const AccessEvent &E : TD.accesses()) {
    if (E.Sp != Sp)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(E.Access->getBeginLoc());
    Out[SM.getDecomposedLoc(Loc)].push_back(&E);
  }
  return Out;
}

namespace {

/// The index of a subscript without a constant added to it: `2 * i` for
/// `2 * i + 1`; the constant in \p K.
const Expr *withoutConstant(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
    if (B->getRHS()->IgnoreParenImpCasts()->isIntegerConstantExpr(Ctx))
      return B->getLHS()->IgnoreParenImpCasts();
    if (B->getOpcode() == BO_Add && B->getLHS()->IgnoreParenImpCasts()->isIntegerConstantExpr(Ctx))
      return B->getRHS()->IgnoreParenImpCasts();
  }
  return E;
}

/// What identifies the element a thread reads, up to constants and fields.
void profileCore(const Expr *E, llvm::FoldingSetNodeID &ID, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    ID.AddInteger(1);
    profileCore(ME->getBase(), ID, Ctx);
    return;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    ID.AddInteger(2);
    profileCore(AS->getBase(), ID, Ctx);
    withoutConstant(AS->getIdx(), Ctx)->Profile(ID, Ctx, /*Canonical=*/true);
    return;
  }
  E->Profile(ID, Ctx, /*Canonical=*/true);
}

} // namespace

bool coveredBySiblings(const AccessEvent &E, const ThreadDependence &TD, int64_t Stride) {
  if (Stride <= 0 || Stride > 4096 || !TD.context())
    return false;
  const ASTContext &Ctx = *TD.context();
  llvm::FoldingSetNodeID Core;
  profileCore(E.Access, Core, Ctx);
  unsigned First = 0;
  while (First < WarpLanes && !(E.Offset.Active & (1u << First)))
    ++First;
  if (First == WarpLanes)
    return false;
  std::vector<std::pair<int64_t, int64_t>> Covered; // [begin, end) within one stride
  for (const AccessEvent &O : TD.accesses()) {
    if (O.Sp != E.Sp || O.Root != E.Root || O.Shape != E.Shape || O.Base != E.Base ||
        O.Trip != E.Trip || O.Args != E.Args || O.Offset.Active != E.Offset.Active)
      continue;
    int64_t Shift = O.Offset.L[First] - E.Offset.L[First];
    bool SamePattern = true;
    for (unsigned I = 0; I < WarpLanes && SamePattern; ++I)
      if (E.Offset.Active & (1u << I))
        SamePattern = O.Offset.L[I] - E.Offset.L[I] == Shift;
    if (!SamePattern)
      continue;
    llvm::FoldingSetNodeID Other;
    profileCore(O.Access, Other, Ctx);
    if (Other != Core)
      continue;
    int64_t Begin = ((Shift % Stride) + Stride) % Stride;
    for (int64_t B = Begin, Left = O.Size; Left > 0;) {
      int64_t End = std::min<int64_t>(Stride, B + Left);
      Covered.push_back({B, End});
      Left -= End - B;
      B = 0;
    }
  }
  std::sort(Covered.begin(), Covered.end());
  int64_t Reach = 0;
  for (auto [B, End] : Covered) {
    if (B > Reach)
      return false;
    Reach = std::max(Reach, End);
  }
  return Reach >= Stride;
}

bool shortLoopCovers(const AccessEvent &E, int64_t Stride, const ASTContext &Ctx) {
  const auto *For = dyn_cast_or_null<ForStmt>(E.Loop);
  // A loop walked trip by trip changes the lanes' pattern itself (p[i * k]): its trips
  // do not sweep the bytes between the lanes.
  if (!For || !For->getCond() || !For->getInc() || Stride <= 0 || !E.Trip.empty())
    return false;
  // The counter and its start.
  const VarDecl *V = nullptr;
  std::optional<llvm::APSInt> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()); DS && DS->isSingleDecl()) {
    V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (V && V->getInit())
      Start = V->getInit()->getIntegerConstantExpr(Ctx);
  }
  if (!V || !Start)
    return false;
  const auto *Cond = dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
    return false;
  const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
  std::optional<llvm::APSInt> End = Cond->getRHS()->getIntegerConstantExpr(Ctx);
  if (!L || L->getDecl() != V || !End)
    return false;
  const auto *Inc = dyn_cast<UnaryOperator>(For->getInc()->IgnoreParenImpCasts());
  if (!Inc || !Inc->isIncrementOp())
    return false;
  int64_t Trips = End->getExtValue() - Start->getExtValue() + (Cond->getOpcode() == BO_LE);
  return Trips >= 1 && Trips <= 16 && Stride <= Trips * static_cast<int64_t>(E.Size);
}

bool statesNarrowBlock(const FunctionDecl *FD, const ASTContext &Ctx) {
  if (!FD || !FD->getBody())
    return false;
  bool Found = false;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S);
        B && (B->getOpcode() == BO_EQ || B->getOpcode() == BO_NE)) {
      for (auto [X, Y] : {std::pair{B->getLHS(), B->getRHS()}, std::pair{B->getRHS(), B->getLHS()}}) {
        const auto *PO = dyn_cast<PseudoObjectExpr>(X->IgnoreParenImpCasts());
        const auto *MS = PO ? dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens())
                            : nullptr;
        const Expr *BaseE = MS ? MS->getBaseExpr()->IgnoreImpCasts() : nullptr;
        if (const auto *OV = dyn_cast_or_null<OpaqueValueExpr>(BaseE); OV && OV->getSourceExpr())
          BaseE = OV->getSourceExpr()->IgnoreImpCasts();
        const auto *Base = dyn_cast_or_null<DeclRefExpr>(BaseE);
        if (!Base || Base->getDecl()->getName() != "blockDim" ||
            MS->getPropertyDecl()->getName() != "x" || Y->isValueDependent())
          continue;
        if (std::optional<llvm::APSInt> C = Y->getIntegerConstantExpr(Ctx);
            C && C->getExtValue() > 0 && C->getExtValue() % 32 != 0)
          Found = true;
      }
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(FD->getBody());
  return Found;
}

std::string verbOf(const std::vector<const AccessEvent *> &Events) {
  bool Load = false, Store = false;
  for (const AccessEvent *E : Events)
    (E->Store ? Store : Load) = true;
  return Load && Store ? "read and write" : Store ? "write" : "read";
}

std::vector<const FunctionDecl *> rootsOf(const std::vector<const AccessEvent *> &Events) {
  std::vector<const FunctionDecl *> Out;
  for (const AccessEvent *E : Events)
    if (std::find(Out.begin(), Out.end(), E->Root) == Out.end())
      Out.push_back(E->Root);
  return Out;
}

} // namespace memrules
} // namespace cudalint
