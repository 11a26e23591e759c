//===- MemoryAccessShape.cpp - Block shapes, rows and copies of the memory rules ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the two memory-access rules share about the warp an access sees: a block shape assumed
// where no launch gives one (rows as narrow as 8 threads, an index that says its rows are 32
// wide), the notes that say so, and which fields of a copied element the thread reads.
//
//===----------------------------------------------------------------------===//
#include "rules/MemoryAccessRule.h"
#include "rules/analysis/lanes/AccessPattern.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <functional>
#include <optional>

using namespace clang;

namespace cudalint {
namespace memrules {

/// Whether \p E is the built-in variable \p Name's \p Axis (`blockDim.x`, `threadIdx.y`).
static bool builtinX(const Expr *E, StringRef Name, StringRef Axis = "x") {
  const auto *PO = dyn_cast<PseudoObjectExpr>(E->IgnoreParenImpCasts());
  const auto *MS =
      PO ? dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens()) : nullptr;
  const DeclRefExpr *Base = MS ? propertyBase(MS) : nullptr;
  return Base && Base->getDecl()->getName() == Name && MS->getPropertyDecl()->getName() == Axis;
}

const Expr *findInBody(const FunctionDecl *FD, llvm::function_ref<bool(const Expr *)> Match) {
  if (!FD || !FD->getBody())
    return nullptr;
  const Expr *Found = nullptr;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *E = dyn_cast<Expr>(S); E && Match(E)) {
      Found = E;
      return;
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(FD->getBody());
  return Found;
}

bool statesNarrowBlock(const FunctionDecl *FD, const ASTContext &Ctx) {
  return findInBody(FD, [&](const Expr *E) {
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B || (B->getOpcode() != BO_EQ && B->getOpcode() != BO_NE))
      return false;
    for (auto [X, Y] : {std::pair{B->getLHS(), B->getRHS()}, std::pair{B->getRHS(), B->getLHS()}}) {
      if (!builtinX(X, "blockDim") || Y->isValueDependent())
        continue;
      if (std::optional<llvm::APSInt> C = Y->getIntegerConstantExpr(Ctx);
          C && C->getExtValue() > 0 && C->getExtValue() % 32 != 0)
        return true;
    }
    return false;
  });
}

const Expr *warpRowsIndex(const FunctionDecl *FD, const ASTContext &Ctx) {
  // `blockIdx.x * C + threadIdx.x` or `threadIdx.y * C + threadIdx.x` (either order): a column
  // or thread index that is right only with blocks C threads wide, C a multiple of 32.
  auto Times = [&](const Expr *E) {
    const auto *M = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    if (!M || M->getOpcode() != BO_Mul)
      return false;
    for (auto [X, Y] : {std::pair{M->getLHS(), M->getRHS()}, std::pair{M->getRHS(), M->getLHS()}})
      if ((builtinX(X, "blockIdx") || builtinX(X, "threadIdx", "y")) && !Y->isValueDependent())
        if (std::optional<llvm::APSInt> C = Y->getIntegerConstantExpr(Ctx);
            C && C->getExtValue() >= 32 && C->getExtValue() % 32 == 0)
          return true;
    return false;
  };
  return findInBody(FD, [&](const Expr *E) {
    const auto *B = dyn_cast<BinaryOperator>(E);
    return B && B->getOpcode() == BO_Add &&
           ((Times(B->getLHS()) && builtinX(B->getRHS(), "threadIdx")) ||
            (Times(B->getRHS()) && builtinX(B->getLHS(), "threadIdx")));
  });
}

const FunctionDecl *holderOf(const Expr *E, const ASTContext &Ctx) {
  auto &C = const_cast<ASTContext &>(Ctx);
  for (DynTypedNodeList P = C.getParents(*E); !P.empty(); P = C.getParents(P[0]))
    if (const auto *FD = P[0].get<FunctionDecl>())
      return FD;
  return nullptr;
}

std::optional<CopiedFields> fieldsReadOfCopy(const AccessEvent &E, const ASTContext &Ctx) {
  // A struct the compiler loads field by field (aligned below its size). One aligned as a
  // whole (`float2`, `float4`) is one vector load unless a single field of it is read, which
  // nvcc loads alone (`ld.global.f32` for `float2 v = *p; ... v.x`; two fields of a float4
  // keep `ld.global.v4.f32`); a cache-hinted load is the whole.
  QualType T = E.Access->getType();
  if (E.Store || !T->isRecordType() || isa<CallExpr>(E.Access->IgnoreParenImpCasts()))
    return std::nullopt;
  bool Vector = Ctx.getTypeAlignInChars(T) >= Ctx.getTypeSizeInChars(T);
  auto &C = const_cast<ASTContext &>(Ctx);
  // The local the element initialises, through the copy's implicit nodes.
  const Stmt *Child = E.Access;
  const VarDecl *Copy = nullptr;
  for (DynTypedNodeList P = C.getParents(*Child); !P.empty(); P = C.getParents(P[0])) {
    if (const auto *VD = P[0].get<VarDecl>()) { // reached through its initialiser
      Copy = VD;
      break;
    }
    const auto *S = P[0].get<Stmt>();
    if (!S || !isa<ImplicitCastExpr, CXXConstructExpr, ExprWithCleanups, ParenExpr,
                   MaterializeTemporaryExpr>(S))
      break;
  }
  const auto *RD = Copy ? Copy->getType()->getAsRecordDecl() : nullptr;
  const FunctionDecl *Holder = Copy ? holderOf(E.Access, Ctx) : nullptr;
  if (!RD || !Holder || !Holder->getBody() || Copy->getType()->isReferenceType())
    return std::nullopt;
  // Every use: a scalar field of it read as a value.
  llvm::SmallPtrSet<const FieldDecl *, 8> Read;
  bool Other = false;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || Other)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == Copy) {
      DynTypedNodeList P = C.getParents(*DRE);
      const auto *ME = P.empty() ? nullptr : P[0].get<MemberExpr>();
      const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
      const ImplicitCastExpr *Load = nullptr;
      if (FD) {
        DynTypedNodeList Up = C.getParents(*ME);
        Load = Up.empty() ? nullptr : Up[0].get<ImplicitCastExpr>();
      }
      if (!FD || ME->isArrow() || !FD->getType()->isScalarType() || !Load ||
          Load->getCastKind() != CK_LValueToRValue)
        Other = true;
      else
        Read.insert(FD);
      return;
    }
    for (const Stmt *Sub : S->children())
      Scan(Sub);
  };
  Scan(Holder->getBody());
  CopiedFields Out;
  Out.Copy = Copy;
  for (const FieldDecl *FD : RD->fields())
    if (Read.count(FD))
      Out.Fields.push_back(FD);
  if (Other || Out.Fields.empty() ||
      Out.Fields.size() == static_cast<size_t>(std::distance(RD->field_begin(), RD->field_end())) ||
      (Vector && Out.Fields.size() != 1))
    return std::nullopt;
  return Out;
}

const Expr *warpRowsIndex(const AccessEvent &E, const ASTContext &Ctx) {
  if (const Expr *I = warpRowsIndex(E.Root, Ctx))
    return I;
  const FunctionDecl *Holder = holderOf(E.Access, Ctx);
  return Holder && Holder != E.Root ? warpRowsIndex(Holder, Ctx) : nullptr;
}

bool rowsMayNarrow(const AccessEvent &E, const ASTContext &Ctx) {
  return assumedShape(E) && E.ReadsRows && !warpRowsIndex(E, Ctx);
}

bool assumedShape(const AccessEvent &E) {
  return E.Shape && !E.Shape->Block && !E.Shape->BlockX;
}

namespace {

/// \p E's offsets with only the first \p Width lanes, moved by \p Shift bytes.
std::optional<LaneValue> firstLanes(const AccessEvent &E, unsigned Width, int64_t Shift) {
  if (E.Offset.K != LaneValue::Lane || E.Offset.HasFactor || Width > WarpLanes)
    return std::nullopt;
  uint32_t Mask = Width == WarpLanes ? ~0u : (1u << Width) - 1;
  if ((E.Offset.Active & Mask) != Mask)
    return std::nullopt;
  LaneValue V = E.Offset;
  V.Active = Mask;
  for (unsigned I = 0; I < WarpLanes; ++I)
    V.L[I] += Shift;
  return V;
}

} // namespace

unsigned rowSectorsAtLeast(const AccessEvent &E, unsigned Width) {
  std::optional<LaneValue> V = firstLanes(E, Width, 0);
  if (!V)
    return 0;
  unsigned Least = ~0u;
  for (int64_t Shift = 0; Shift < 32; ++Shift) {
    std::vector<int64_t> Sectors;
    for (unsigned I = 0; I < Width; ++I)
      for (int64_t S = floorDiv32(V->L[I] + Shift); S <= floorDiv32(V->L[I] + Shift + E.Size - 1);
           ++S)
        Sectors.push_back(S);
    std::sort(Sectors.begin(), Sectors.end());
    Least = std::min<unsigned>(
        Least, std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin());
  }
  return Least;
}

unsigned stridedRowsSectorsAtLeast(const AccessEvent &E) {
  const LaneValue &V = E.Offset;
  if (V.K != LaneValue::Lane || V.HasFactor || V.Active != AllLanes || !V.AssumedAxis)
    return 0;
  int64_t S = V.L[1] - V.L[0];
  if (S <= static_cast<int64_t>(E.Size) || S > 32 || V.Align == 0 || V.Align % S != 0)
    return 0;
  for (unsigned I = 1; I < NarrowestRow; ++I)
    if (V.L[I] - V.L[I - 1] != S)
      return 0;
  int64_t PerSector = (32 + S - 1) / S;
  return static_cast<unsigned>((WarpLanes + PerSector - 1) / PerSector);
}

unsigned rowConflictAtLeast(const AccessEvent &E, unsigned Width) {
  unsigned Least = ~0u;
  // Elements of 4 bytes or more start on a word; narrower ones anywhere in it.
  for (int64_t Shift = 0; Shift < (E.Size >= 4 ? 1 : 4); ++Shift) {
    std::optional<LaneValue> V = firstLanes(E, Width, Shift);
    if (!V)
      return 1;
    unsigned Unit = E.Root ? accessUnit(E, E.Root->getASTContext()) : E.Size;
    Least = std::min(Least, bankConflictOf(*V, Unit).Degree);
  }
  return Least;
}

std::string assumptionNote(const AccessEvent &E, const std::string &Rows, const ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  E.Root->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
  std::string Why;
  if (!E.Root->hasAttr<CUDAGlobalAttr>())
    Why = "no kernel launch in this file reaches '" + OS.str() + "'";
  else if (E.Shape->NoKnownLaunch)
    Why = "no launch of '" + OS.str() + "' in this file gives the block shape";
  else
    Why = "no launch of '" + OS.str() + "' in this file has a block shape known here";
  if (const Expr *Index = E.ReadsRows ? warpRowsIndex(E, Ctx) : nullptr)
    Why += "; '" + sourceText(Index, Ctx) + "' is right only with blocks that wide, so a warp "
           "is one row of the block";
  return "assuming blocks of at least 32 threads in x: " + Why + (Rows.empty() ? "" : "; " + Rows);
}

std::string shapeOriginNote(const AccessEvent &E, const ASTContext &Ctx) {
  if (!E.Shape || !E.Shape->Block)
    return "";
  auto Text = [](const Dim3 &B) {
    std::string T = std::to_string(B[0]);
    if (B[1] != 1 || B[2] != 1)
      T += "x" + std::to_string(B[1]) + (B[2] != 1 ? "x" + std::to_string(B[2]) : "");
    return T;
  };
  if (!E.Shape->Elsewhere.empty())
    return "with blocks of " + Text(*E.Shape->Block) + " threads, as the launch at " +
           E.Shape->Elsewhere + " (another file) gives them";
  if (E.Shape->Choices.empty())
    return "";
  std::vector<std::string> All;
  for (const Dim3 &B : E.Shape->Choices)
    All.push_back(Text(B));
  std::string List = llvm::join(llvm::ArrayRef(All).drop_back(), ", ") + " or " + All.back();
  unsigned Line = Ctx.getSourceManager().getExpansionLineNumber(E.Shape->LaunchLoc);
  return "with blocks of " + Text(*E.Shape->Block) + " threads, one of the sizes the launch at "
         "line " + std::to_string(Line) + " picks at run time (" + List + ")";
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
