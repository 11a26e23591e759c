//===- WarpCollectives.cpp - Lane splits beside warp shuffles and reductions ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The idioms of DivergenceIdioms.h that depend on a warp collective (a
// shuffle or a warp reduction, also behind helper templates): finding one,
// and the stores that follow one (a few lanes storing a warp's result, the
// lanes of a shuffle filter that store while its halo lanes do not), and the
// arms whose memory accesses are addressed by the lane (whose rewrite must
// keep which elements each thread touches).
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/lanes/DivergenceIdioms.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"

using namespace clang;

namespace cudalint {
namespace idioms {
namespace {

/// How deep calls are followed into helpers (warp_reduce<T> -> shfl_xor<T> -> __shfl_xor_sync).
constexpr int MaxHelperDepth = 4;

/// A warp-collective intrinsic or library call by name: __shfl*_sync, the
/// cooperative-groups members shfl*, __reduce_*_sync, cg::reduce.
bool collectiveName(const CallExpr *Call, const FunctionDecl *FD, StringRef Name) {
  if (Name.starts_with("__shfl") || Name.starts_with("shfl") || Name.starts_with("__reduce_"))
    return true;
  if (Name == "reduce" && FD) {
    const DeclContext *DC = FD->getDeclContext();
    for (; DC; DC = DC->getParent())
      if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
          NS && NS->getName().contains("cooperative_groups"))
        return true;
  }
  return false;
}

/// The function bodies a call may enter: its callee (the pattern of an
/// instantiation when the instantiation has no body yet), or, in a template
/// as written, the candidates an unresolved name or a dependent member of a
/// class template (`Shfl<T>::up(v, o)`) names.
void calleeBodies(const CallExpr *Call, llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  auto Add = [&](const FunctionDecl *FD) {
    if (!FD)
      return;
    if (!FD->hasBody())
      if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
        FD = P;
    if (FD->hasBody())
      Out.push_back(FD);
  };
  if (const FunctionDecl *FD = Call->getDirectCallee()) {
    Add(FD);
    return;
  }
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  if (const auto *OE = dyn_cast<OverloadExpr>(Callee)) {
    for (const NamedDecl *D : OE->decls()) {
      D = D->getUnderlyingDecl();
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
        Add(FT->getTemplatedDecl());
      else
        Add(dyn_cast<FunctionDecl>(D));
    }
    return;
  }
  const auto *Dep = dyn_cast<DependentScopeDeclRefExpr>(Callee);
  if (!Dep || !Dep->getDeclName().isIdentifier())
    return;
  const Type *Qualifier = Dep->getQualifier().getAsType();
  const auto *TST = Qualifier ? Qualifier->getAs<TemplateSpecializationType>() : nullptr;
  const auto *CTD =
      TST ? dyn_cast_or_null<ClassTemplateDecl>(TST->getTemplateName().getAsTemplateDecl())
          : nullptr;
  if (!CTD || !CTD->getTemplatedDecl()->hasDefinition())
    return;
  for (const NamedDecl *D : CTD->getTemplatedDecl()->getDefinition()->lookup(Dep->getDeclName())) {
    if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
      Add(FT->getTemplatedDecl());
    else
      Add(dyn_cast<FunctionDecl>(D));
  }
}

bool collectiveIn(const Stmt *S, int Depth, llvm::SmallPtrSetImpl<const FunctionDecl *> &Seen) {
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    if (collectiveName(Call, Call->getDirectCallee(), calleeName(Call)))
      return true;
    if (Depth < MaxHelperDepth) {
      llvm::SmallVector<const FunctionDecl *, 2> Bodies;
      calleeBodies(Call, Bodies);
      for (const FunctionDecl *FD : Bodies)
        if (Seen.insert(FD).second && collectiveIn(FD->getBody(), Depth + 1, Seen))
          return true;
    }
  }
  for (const Stmt *Child : S->children())
    if (Child && collectiveIn(Child, Depth, Seen))
      return true;
  return false;
}

/// A warp collective among the statements of \p Body that begin before \p At.
bool collectiveBefore(const Stmt *Body, const Stmt *At, const SourceManager &SM) {
  for (const Stmt *Child : Body->children()) {
    if (!Child)
      continue;
    if (!SM.isBeforeInTranslationUnit(Child->getBeginLoc(), At->getBeginLoc()))
      break;
    llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
    if (Child->getSourceRange().fullyContains(At->getSourceRange())
            ? collectiveBefore(Child, At, SM)
            : collectiveIn(Child, 0, Seen))
      return true;
  }
  return false;
}

/// Every statement of the arm stores a value that only reads (`out[i] = s;`).
bool onlyStores(const Stmt *Arm) {
  llvm::SmallVector<const Stmt *, 4> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Arm))
    Stmts.append(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Arm);
  if (Stmts.empty())
    return false;
  for (const Stmt *St : Stmts) {
    const auto *BO = dyn_cast<BinaryOperator>(St);
    if (!BO || BO->getOpcode() != BO_Assign || !pureValue(BO->getRHS()))
      return false;
    const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
    if (!isa<ArraySubscriptExpr>(L) &&
        !(isa<UnaryOperator>(L) && cast<UnaryOperator>(L)->getOpcode() == UO_Deref))
      return false;
  }
  return true;
}

/// The variables \p S reads, through the initialisers of the locals it names
/// (`ixj = i ^ j` reads i and j), and whether it reads threadIdx.
void indexRoots(const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Vars, bool &Tid,
                int Depth = 0) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && Vars.insert(VD).second && Depth < 3 && VD->hasLocalStorage() && VD->getInit())
      indexRoots(VD->getInit(), Vars, Tid, Depth + 1);
    return;
  }
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(S)) { // threadIdx.x
    if (const auto *P = dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens()))
      if (const DeclRefExpr *Ref = propertyBase(P))
        Tid |= Ref->getDecl()->getName() == "threadIdx";
    return;
  }
  for (const Stmt *Child : S->children())
    if (Child)
      indexRoots(Child, Vars, Tid, Depth);
}

/// Whether an array access in \p S is indexed by a variable of \p Vars (or by
/// threadIdx, when \p Tid).
bool indexedBy(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars, bool Tid) {
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    llvm::SmallPtrSet<const VarDecl *, 8> Used;
    bool UsesTid = false;
    indexRoots(AS->getIdx(), Used, UsesTid);
    if ((Tid && UsesTid) || llvm::any_of(Used, [&](const VarDecl *V) { return Vars.count(V); }))
      return true;
  }
  for (const Stmt *Child : S->children())
    if (Child && indexedBy(Child, Vars, Tid))
      return true;
  return false;
}

} // namespace

bool callsWarpCollective(const Stmt *S) {
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
  return collectiveIn(S, 0, Seen);
}

unsigned storeAfterCollective(const BranchEvent &E, ASTContext &AST) {
  const CondClass &C = E.Class;
  uint32_t T = C.TrueMask & C.ActiveMask;
  if (C.Cat != BranchCategory::LaneSplit || C.Reason != CondClass::Why::LaneMask || !C.EveryWarp ||
      C.AtMost || !T || (T & (T + 1)) != 0) // lanes 0..k-1
    return 0;
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || !oneSided(E) || !onlyStores(If->getThen()))
    return 0;
  const FunctionDecl *FD = nullptr;
  DynTypedNode N = DynTypedNode::create(*If);
  for (int Depth = 0; Depth < 256 && !FD; ++Depth) {
    DynTypedNodeList Parents = AST.getParents(N);
    if (Parents.empty())
      return 0;
    N = Parents[0];
    FD = N.get<FunctionDecl>();
  }
  if (!FD || !FD->getBody() || !collectiveBefore(FD->getBody(), If, AST.getSourceManager()))
    return 0;
  return llvm::popcount(T);
}

bool armsIndexedByLane(const BranchEvent &E) {
  const Expr *Side = E.Class.LaneSide ? E.Class.LaneSide : E.Cond;
  llvm::SmallVector<const Stmt *, 2> Arms;
  if (const auto *If = dyn_cast<IfStmt>(E.Branch)) {
    Arms.push_back(If->getThen());
    if (If->getElse())
      Arms.push_back(If->getElse());
  } else if (const auto *Sw = dyn_cast<SwitchStmt>(E.Branch)) {
    Arms.push_back(Sw->getBody());
  }
  if (Arms.empty() || !Side)
    return false;
  llvm::SmallPtrSet<const VarDecl *, 8> Vars;
  bool Tid = false;
  indexRoots(Side, Vars, Tid);
  if (Vars.empty() && !Tid)
    return false;
  return llvm::any_of(Arms, [&](const Stmt *Arm) { return indexedBy(Arm, Vars, Tid); });
}

} // namespace idioms
} // namespace cudalint
