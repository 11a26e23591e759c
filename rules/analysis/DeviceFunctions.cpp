//===- DeviceFunctions.cpp - Local arrays and grids sized from the device ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/DeviceFunctions.h"

#include "rules/analysis/KernelNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cudalint {
namespace {

/// The array variable a subscript's base names: `a[i]`, `a[i][j]`.
const VarDecl *subscriptedVar(const Expr *Base) {
  Base = Base->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
    Base = Inner->getBase()->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

class ArrayCollector : public RecursiveASTVisitor<ArrayCollector> {
public:
  explicit ArrayCollector(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || V->hasAttr<CUDASharedAttr>())
      return true;
    const auto *T = Ctx.getAsConstantArrayType(V->getType());
    if (!T || V->getType()->isDependentType())
      return true;
    LocalArrayFact A;
    A.Name = V->getNameAsString();
    A.Bytes = Ctx.getTypeSizeInChars(V->getType()).getQuantity();
    std::string File;
    if (!describeLocation(Ctx.getSourceManager(), V->getLocation(), File, A.Line, A.Column))
      return true;
    Index[V] = Arrays.size();
    Arrays.push_back(std::move(A));
    return true;
  }

  /// `for (int i = C0; i < C1; ++i)`: a loop the compiler can unroll fully, whose induction
  /// variable is a constant in each unrolled copy.
  bool VisitForStmt(ForStmt *F) {
    const auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit());
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond());
    if (!Init || !Init->isSingleDecl() || !Cond || !Cond->isComparisonOp() || !F->getInc())
      return true;
    const auto *V = dyn_cast<VarDecl>(Init->getSingleDecl());
    if (!V || !V->getInit() || !isStatic(V->getInit()) || !refersTo(Cond->getLHS(), V) ||
        !isStatic(Cond->getRHS()))
      return true;
    const Expr *Inc = F->getInc()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Inc);
        U && U->isIncrementDecrementOp() && refersTo(U->getSubExpr(), V))
      LoopConstants.insert(V);
    else if (const auto *B = dyn_cast<CompoundAssignOperator>(Inc);
             B && refersTo(B->getLHS(), V) && isStatic(B->getRHS()))
      LoopConstants.insert(V);
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    const VarDecl *V = subscriptedVar(E->getBase());
    auto It = V ? Index.find(V) : Index.end();
    if (It == Index.end())
      return true;
    if (!isStatic(E->getIdx()))
      Arrays[It->second].DynamicIndex = true;
    return true;
  }

  std::vector<LocalArrayFact> Arrays;

private:
  static bool refersTo(const Expr *E, const VarDecl *V) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  }

  /// A compile-time constant once constant-trip loops are unrolled: constants, the induction
  /// variables of such loops, and arithmetic of them.
  bool isStatic(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (E->isValueDependent())
      return false;
    if (E->isIntegerConstantExpr(Ctx))
      return true;
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return isa<VarDecl>(R->getDecl()) && LoopConstants.count(cast<VarDecl>(R->getDecl()));
    if (const auto *B = dyn_cast<BinaryOperator>(E))
      return !B->isAssignmentOp() && isStatic(B->getLHS()) && isStatic(B->getRHS());
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return !U->isIncrementDecrementOp() && isStatic(U->getSubExpr());
    if (const auto *C = dyn_cast<ConditionalOperator>(E))
      return isStatic(C->getCond()) && isStatic(C->getTrueExpr()) && isStatic(C->getFalseExpr());
    return false;
  }

  llvm::SmallPtrSet<const VarDecl *, 8> LoopConstants;
  /// Where a source location is, without the Rule.h dependency.
  static bool describeLocation(const SourceManager &SM, SourceLocation Loc, std::string &File,
                               unsigned &Line, unsigned &Column) {
    Loc = SM.getFileLoc(Loc);
    PresumedLoc P = SM.getPresumedLoc(Loc);
    if (P.isInvalid())
      return false;
    File = P.getFilename();
    Line = P.getLine();
    Column = P.getColumn();
    return true;
  }

  ASTContext &Ctx;
  llvm::DenseMap<const VarDecl *, size_t> Index;
};

bool isSizingName(llvm::StringRef Name) {
  return Name == "multiProcessorCount" || Name == "cudaDevAttrMultiProcessorCount" ||
         Name == "CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT" || Name.starts_with("cudaOccupancy") ||
         Name.starts_with("cuOccupancy");
}

/// The expressions that write each local of a function: the right side of an assignment to
/// it, and each call that takes it or its address (cudaDeviceGetAttribute(&n, ...)).
class WriteIndex : public RecursiveASTVisitor<WriteIndex> {
public:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Writes;

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = local(B->getLHS()))
        Writes[V].push_back(B->getRHS());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    for (const Expr *A : C->arguments())
      if (const VarDecl *V = local(A); V && (Writes[V].empty() || Writes[V].back() != C))
        Writes[V].push_back(C); // the callee or another argument may name the SM count
    return true;
  }

private:
  static const VarDecl *local(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenImpCasts();
    const auto *R = dyn_cast<DeclRefExpr>(E);
    return R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  }
};

} // namespace

/// Does \p S mention a sizing name, or (\p Depth locals deep) a local that a sizing call or
/// expression writes?
class GridSizing::Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(GridSizing &Owner, unsigned Depth) : Owner(Owner), Depth(Depth) {}

  bool VisitMemberExpr(MemberExpr *E) {
    if (const IdentifierInfo *I = E->getMemberDecl()->getIdentifier())
      Found |= isSizingName(I->getName());
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const ValueDecl *D = E->getDecl();
    if (const IdentifierInfo *I = D->getIdentifier())
      Found |= isSizingName(I->getName());
    if (const auto *V = dyn_cast<VarDecl>(D); V && !Found && Depth)
      Found = Owner.varIsSized(V, Depth);
    return !Found;
  }

  bool Found = false;

private:
  GridSizing &Owner;
  unsigned Depth;
};

bool GridSizing::mentions(const Stmt *S, unsigned Depth) {
  Finder F(*this, Depth);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

bool GridSizing::varIsSized(const VarDecl *V, unsigned Depth) {
  const auto *Fn = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!V->hasLocalStorage() || !Fn || !Fn->getBody())
    return false;
  auto [It, New] = Memo.try_emplace({V, Depth}, false);
  if (!New)
    return It->second; // known, or being decided (a local written from itself: not sized)
  bool Sized = V->getInit() && mentions(V->getInit(), Depth - 1);
  if (!Sized) {
    auto [W, Fresh] = Writes.try_emplace(Fn);
    if (Fresh) {
      WriteIndex Index;
      Index.TraverseStmt(Fn->getBody());
      W->second = std::move(Index.Writes);
    }
    if (auto Of = W->second.find(V); Of != W->second.end())
      for (const Expr *E : Of->second)
        if ((Sized = mentions(E, Depth - 1)))
          break;
  }
  Memo[{V, Depth}] = Sized;
  return Sized;
}

bool GridSizing::fromDevice(const Expr *Grid) { return Grid && mentions(Grid, 3); }

std::vector<LocalArrayFact> localArraysOf(const FunctionDecl *FD) {
  if (!FD || !FD->getBody())
    return {};
  ArrayCollector C(FD->getASTContext());
  C.TraverseStmt(FD->getBody());
  return std::move(C.Arrays);
}

std::optional<DeviceFunctionFact> deviceFunctionFact(const FunctionDecl *FD) {
  if (!FD || !FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
    return std::nullopt;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  SourceLocation Loc = SM.getFileLoc(FD->getLocation());
  if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
    return std::nullopt;
  bool Kernel = FD->hasAttr<CUDAGlobalAttr>();
  const auto *Device = FD->getAttr<CUDADeviceAttr>();
  if (!Kernel && (!Device || Device->isImplicit()))
    return std::nullopt;
  // An inline device function of a header is inlined into its callers; one of the main file,
  // or one marked __noinline__, may be a function of its own in ptxas's report.
  if (!Kernel && !FD->hasAttr<NoInlineAttr>() && !SM.isInMainFile(Loc))
    return std::nullopt;
  if (isa<CXXMethodDecl>(FD) && cast<CXXMethodDecl>(FD)->getParent()->isLambda())
    return std::nullopt;
  DeviceFunctionFact F;
  F.MangledName = mangledName(FD);
  F.Name = FD->getQualifiedNameAsString();
  F.IsKernel = Kernel;
  if (const auto *B = FD->getAttr<CUDALaunchBoundsAttr>()) {
    ASTContext &Ctx = FD->getASTContext();
    auto Eval = [&](const Expr *E) -> std::optional<std::int64_t> {
      if (!E || E->isValueDependent())
        return std::nullopt;
      if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
        return V->getExtValue();
      return std::nullopt;
    };
    F.BoundsMaxThreads = Eval(B->getMaxThreads());
    F.BoundsMinBlocks = Eval(B->getMinBlocks());
  }
  F.LocalArrays = localArraysOf(FD);
  return F;
}

} // namespace cudalint
