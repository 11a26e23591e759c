//===- MemoryAccessRule.cpp - What the two memory-access rules share ------===//
#include "rules/MemoryAccessRule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/FoldingSet.h"

#include <algorithm>

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
