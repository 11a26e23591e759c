//===- DivergenceIdioms.cpp - Lane splits that cost nothing to restructure ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See DivergenceIdioms.h. Each predicate was met while labelling real kernels
// (docs/precision/) and has a case in test/lit/divergence/real-code-patterns.cu.
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/lanes/DivergenceIdioms.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

using namespace clang;

namespace cudalint {
namespace idioms {

/// The name a call uses, also when a template leaves it unresolved.
StringRef calleeName(const CallExpr *Call) {
  if (const auto *FD = Call->getDirectCallee(); FD && FD->getIdentifier())
    return FD->getName();
  if (const auto *OE = dyn_cast<OverloadExpr>(Call->getCallee()->IgnoreParenImpCasts());
      OE && OE->getName().isIdentifier())
    return OE->getName().getAsIdentifierInfo()->getName();
  return StringRef();
}

/// An expression that only reads: no assignment, increment or call other
/// than threadIdx/blockIdx (property reads) and builtins such as fmaxf.
namespace {
/// A function whose body is one `return` of a pure value of its parameters:
/// an operator functor (`plus<T>::operator()`, `max_op`) or an accessor,
/// inlined into one expression. A few calls deep, never recursive.
bool pureCombiner(const FunctionDecl *FD) {
  static thread_local unsigned Depth = 0;
  const Expr *Value = Depth < 4 ? onlyReturnValue(FD) : nullptr;
  if (!Value)
    return false;
  ++Depth;
  bool Pure = pureValue(Value);
  --Depth;
  return Pure;
}
} // namespace

bool pureValue(const Stmt *S) {
  if (isa<PseudoObjectExpr>(S)) // threadIdx.x
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    return false;
  // In a template as written, `a + b` on a dependent type is an operator call
  // that is not resolved yet: arithmetic, like the built-in operator.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->isTypeDependent() && !Op->getDirectCallee()) {
    OverloadedOperatorKind K = Op->getOperator();
    if (Op->isAssignmentOp() || K == OO_PlusPlus || K == OO_MinusMinus || K == OO_Call)
      return false;
    for (const Stmt *Child : llvm::drop_begin(Op->children()))
      if (Child && !pureValue(Child))
        return false;
    return true;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !(FD->getBuiltinID() || FD->hasAttr<ConstAttr>() || FD->hasAttr<PureAttr>() ||
                 (FD->getIdentifier() && FD->getName().starts_with("__fetch_builtin")) ||
                 pureCombiner(FD)))
      return false;
  }
  for (const Stmt *Child : S->children())
    if (Child && !pureValue(Child))
      return false;
  return true;
}

namespace {

/// An assignment (`=`, `+=`, ...) and its sides; in a template as written, an
/// assignment to a value of dependent type is an unresolved operator call.
bool assignment(const Stmt *S, const Expr *&LHS, const Expr *&RHS) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp()) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
    return true;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->isAssignmentOp() && Op->getNumArgs() == 2 && Op->isTypeDependent()) {
    LHS = Op->getArg(0);
    RHS = Op->getArg(1);
    return true;
  }
  return false;
}

/// Statements that only update local scalars or local arrays (registers
/// once unrolled), possibly in a nested loop: `v += n;`,
/// `for (j = 0; j < 16; j++) r[j] += n;`.
bool registerUpdate(const Stmt *S, ASTContext &AST) {
  if (const auto *Attributed = dyn_cast<AttributedStmt>(S)) // #pragma unroll
    S = Attributed->getSubStmt();
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() &&
           llvm::all_of(CS->body(), [&](const Stmt *Child) { return registerUpdate(Child, AST); });
  if (const auto *For = dyn_cast<ForStmt>(S))
    return For->getBody() && registerUpdate(For->getBody(), AST);
  const Expr *L, *R;
  if (!assignment(S, L, R) || !pureValue(R))
    return false;
  L = L->IgnoreParenImpCasts();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(L)) {
    if (!pureValue(Sub->getIdx()))
      return false;
    L = Sub->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(L);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && !VD->hasAttr<CUDASharedAttr>() &&
         !VD->getType()->isReferenceType() && !VD->getType()->isPointerType();
}

bool refersTo(const Stmt *S, const VarDecl *V) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == V)
    return true;
  for (const Stmt *Child : S->children())
    if (Child && refersTo(Child, V))
      return true;
  return false;
}

void countSteps(const VarDecl *V, const Stmt *S, int &Steps, bool &Additive) {
  auto IsV = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == V;
  };
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && U->isIncrementDecrementOp() && IsV(U->getSubExpr())) {
    ++Steps;
  } else if (const auto *B = dyn_cast<BinaryOperator>(S);
             B && B->isAssignmentOp() && IsV(B->getLHS())) {
    ++Steps;
    const Expr *R = B->getRHS()->IgnoreParenImpCasts();
    if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
      Additive &= !refersTo(R, V);
    } else if (const auto *Op = dyn_cast<BinaryOperator>(R);
               B->getOpcode() == BO_Assign && Op &&
               (Op->getOpcode() == BO_Add || Op->getOpcode() == BO_Sub)) {
      Additive &= (IsV(Op->getLHS()) && !refersTo(Op->getRHS(), V)) ||
                  (Op->getOpcode() == BO_Add && IsV(Op->getRHS()) && !refersTo(Op->getLHS(), V));
    } else {
      Additive = false;
    }
  }
  for (const Stmt *Child : S->children())
    if (Child)
      countSteps(V, Child, Steps, Additive);
}

/// The nearest loop around \p S, at most \p MaxDepth statements up.
const Stmt *enclosingLoop(const Stmt *S, ASTContext &AST, int MaxDepth) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (int Depth = 0; Depth < MaxDepth; ++Depth) {
    DynTypedNodeList Parents = AST.getParents(N);
    if (Parents.empty() || !Parents[0].get<Stmt>())
      return nullptr;
    N = Parents[0];
    if (const Stmt *P = N.get<Stmt>(); isa<ForStmt, WhileStmt, DoStmt>(P))
      return P;
  }
  return nullptr;
}

/// Whether the loop that changes \p V around \p S steps it by addition
/// (i++, m -= 1, i += step), not by halving or doubling.
bool additiveStep(const VarDecl *V, const Stmt *S, ASTContext &AST) {
  for (const Stmt *L = enclosingLoop(S, AST, 64); L; L = enclosingLoop(L, AST, 64)) {
    int Steps = 0;
    bool Additive = true;
    countSteps(V, L, Steps, Additive);
    if (Steps)
      return Additive;
  }
  return false;
}

} // namespace

/// Whether only one side of the branch does work: an `if` without an else
/// (an early return counts), or `a && f()`. Then a split confined to one
/// warp costs nothing that a regrouping could save: the working lanes
/// already fill the fewest warps they can (halo loads by the first lanes,
/// `if (threadIdx.y == 0)` in a 16x16 block).
bool oneSided(const BranchEvent &E) {
  if (E.F == BranchEvent::Form::Logical)
    return true;
  if (const auto *CO = dyn_cast<ConditionalOperator>(E.Branch)) // `c ? load : 0.0f`
    return isa<IntegerLiteral, FloatingLiteral, CXXNullPtrLiteralExpr>(
               CO->getTrueExpr()->IgnoreParenImpCasts()) ||
           isa<IntegerLiteral, FloatingLiteral, CXXNullPtrLiteralExpr>(
               CO->getFalseExpr()->IgnoreParenImpCasts());
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || If->getConditionVariable() || If->getInit())
    return false;
  const auto *Else = dyn_cast_or_null<CompoundStmt>(If->getElse());
  return !If->getElse() || (Else && Else->body_empty());
}

/// Only leaves (`return;`, `break;`, `continue;`), possibly under conditions without effects:
/// no work of its own (`else if (num_beams[b] == K) return;`).
static bool onlyLeaves(const Stmt *S) {
  if (!S || isa<NullStmt, BreakStmt, ContinueStmt>(S))
    return true;
  if (const auto *Ret = dyn_cast<ReturnStmt>(S))
    return !Ret->getRetValue();
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(CS->body(), [](const Stmt *C) { return onlyLeaves(C); });
  if (const auto *If = dyn_cast<IfStmt>(S))
    return !If->getInit() && !If->getConditionVariable() && pureValue(If->getCond()) &&
           onlyLeaves(If->getThen()) && onlyLeaves(If->getElse());
  return false;
}

/// `if (tx == 0) {...} else {...}` where the else side does more than pick a
/// value: in every warp the leader lanes run one path and the others the
/// second (Rodinia srad's border cases in a 16-wide block).
bool leaderWithElseWork(const BranchEvent &E, ASTContext &AST) {
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || !If->getElse())
    return false;
  // The other lanes only leave: nothing of theirs waits for the leader's path.
  if (onlyLeaves(If->getElse()))
    return false;
  // One register update on each side is a select, also when one side loads
  // from global memory (a halo read by the border lanes of every warp): nvcc
  // predicates both loads, and the rewrite that puts the halo in shared
  // memory measured no faster (PMPP's 3D stencil and a 2D 5-point step on an
  // H100, 2026-11-23: 1.00x and 0.99x, kernels/divergence_idioms.cu).
  auto Single = [&](const Stmt *S) {
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      S = CS->size() == 1 ? CS->body_front() : nullptr;
    const Expr *L, *R;
    return S && assignment(S, L, R) && registerUpdate(S, AST);
  };
  return !(Single(If->getThen()) && Single(If->getElse()));
}

/// `switch (idx) { case 0: return r.x; case 1: return r.y; ... }`: every
/// case returns a value or assigns one register (and breaks).
bool selectSwitch(const BranchEvent &E) {
  const auto *Sw = dyn_cast<SwitchStmt>(E.Branch);
  const auto *Body = Sw ? dyn_cast<CompoundStmt>(Sw->getBody()) : nullptr;
  if (!Body)
    return false;
  for (const Stmt *St : Body->body()) {
    while (const auto *Case = dyn_cast<SwitchCase>(St))
      St = Case->getSubStmt();
    if (isa<BreakStmt>(St))
      continue;
    if (const auto *Ret = dyn_cast<ReturnStmt>(St)) {
      if (Ret->getRetValue() && !pureValue(Ret->getRetValue()))
        return false;
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(St);
    const auto *Ref = BO && BO->getOpcode() == BO_Assign
                          ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())
                          : nullptr;
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!VD || !VD->hasLocalStorage() || VD->hasAttr<CUDASharedAttr>() ||
        VD->getType()->isReferenceType() || !pureValue(BO->getRHS()))
      return false;
  }
  return true;
}

/// `if (lane_id < nwarps) val = shared_vals[lane_id];`: the first lanes of
/// every warp fetch the per-warp partials before a warp-wide reduction.
bool partialsLoad(const BranchEvent &E, ASTContext &AST) {
  const CondClass &C = E.Class;
  uint32_t T = C.TrueMask & C.ActiveMask;
  if (C.Cat != BranchCategory::LaneSplit || C.Reason != CondClass::Why::LaneMask || !C.EveryWarp ||
      C.AtMost || !T || (T & (T + 1)) != 0) // lanes 0..k-1
    return false;
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || If->getElse())
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then)) {
    if (CS->size() != 1)
      return false;
    Then = CS->body_front();
  }
  const Expr *L, *R;
  bool Plain = isa<BinaryOperator>(Then)
                   ? cast<BinaryOperator>(Then)->getOpcode() == BO_Assign
                   : isa<CXXOperatorCallExpr>(Then) &&
                         cast<CXXOperatorCallExpr>(Then)->getOperator() == OO_Equal;
  return Plain && assignment(Then, L, R) && registerUpdate(Then, AST) &&
         isa<ArraySubscriptExpr>(R->IgnoreParenImpCasts());
}

/// `if (lane >= i) v += n;` in a loop that also runs `n = __shfl_up_sync(m,
/// v, i)` (a Kogge-Stone warp scan): the arm only updates registers, which
/// the compiler predicates.
bool predicatedShuffleStep(const BranchEvent &E, ASTContext &AST) {
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || If->getElse() || !registerUpdate(If->getThen(), AST))
    return false;
  const Stmt *Loop = enclosingLoop(If, AST, 4);
  return Loop && callsWarpCollective(Loop);
}

namespace {

/// Whether \p A and \p B name the same variable or are the same constant.
bool sameAmount(const Expr *A, const Expr *B, ASTContext &AST) {
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  const auto *RA = dyn_cast<DeclRefExpr>(A), *RB = dyn_cast<DeclRefExpr>(B);
  if (RA && RB)
    return RA->getDecl() == RB->getDecl();
  Expr::EvalResult X, Y;
  if (A->isValueDependent() || B->isValueDependent() || !A->EvaluateAsInt(X, AST) ||
      !B->EvaluateAsInt(Y, AST))
    return false;
  return X.Val.getInt() == Y.Val.getInt();
}

/// An element read at an index `... - K` (or `-K`) in \p S.
bool readsBelow(const Stmt *S, const Expr *K, ASTContext &AST) {
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    const Expr *Idx = AS->getIdx()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Idx);
        U && U->getOpcode() == UO_Minus && sameAmount(U->getSubExpr(), K, AST))
      return true;
    if (const auto *Bin = dyn_cast<BinaryOperator>(Idx);
        Bin && Bin->getOpcode() == BO_Sub && sameAmount(Bin->getRHS(), K, AST))
      return true;
  }
  for (const Stmt *Child : S->children())
    if (Child && readsBelow(Child, K, AST))
      return true;
  return false;
}

} // namespace

bool koggeStoneStep(const BranchEvent &E, ASTContext &AST) {
  const CondClass &C = E.Class;
  if (C.Cat != BranchCategory::ShrinkingThreshold && C.Cat != BranchCategory::LaneSplit)
    return false;
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || !oneSided(E))
    return false;
  const auto *Cmp = dyn_cast<BinaryOperator>(E.Cond->IgnoreParenImpCasts());
  if (!Cmp)
    return false;
  const Expr *K = Cmp->getOpcode() == BO_GE || Cmp->getOpcode() == BO_GT   ? Cmp->getRHS()
                  : Cmp->getOpcode() == BO_LE || Cmp->getOpcode() == BO_LT ? Cmp->getLHS()
                                                                           : nullptr;
  if (!K)
    return false;
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Then = CS->size() == 1 ? CS->body_front() : nullptr;
  const Expr *L, *R;
  return Then && assignment(Then, L, R) && pureValue(R) && readsBelow(R, K, AST);
}

namespace {
/// `storeGlobal64(addr, v)`: a call with pure arguments of a function whose body is one store
/// through a parameter (`*addr = val;`) or one `st.` instruction in inline assembly.
bool storeHelperCall(const Stmt *St) {
  // `storeGlobal64(p, n ^ q)` with a `T const &` parameter: the temporary's cleanup wraps it.
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(St))
    St = EWC->getSubExpr();
  const auto *Call = dyn_cast<CallExpr>(St);
  const Stmt *Only = Call ? onlyStatement(Call->getDirectCallee()) : nullptr;
  if (!Only)
    return false;
  for (const Expr *A : Call->arguments())
    if (!pureValue(A))
      return false;
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(Only))
    return llvm::StringRef(Asm->getAsmString()).trim().starts_with("st.");
  const Expr *L, *R;
  if (!assignment(Only, L, R))
    return false;
  const Expr *Target = L->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Target); U && U->getOpcode() == UO_Deref)
    Target = U->getSubExpr()->IgnoreParenImpCasts();
  else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Target))
    Target = AS->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(Target);
  return Ref && isa<ParmVarDecl>(Ref->getDecl());
}
} // namespace

unsigned leaderStore(const BranchEvent &E, ASTContext &AST) {
  const CondClass &C = E.Class;
  if (C.Cat != BranchCategory::LaneSplit || C.Reason != CondClass::Why::LaneMask ||
      !E.GroupStores || !oneSided(E))
    return 0;
  // A test of the lane written `lane == 1` or as a bit test `lane & 1`; which lanes lead comes
  // from the condition's lane masks (leaderGroup).
  const auto *Cmp = dyn_cast<BinaryOperator>(E.Cond->IgnoreParenImpCasts());
  if (!Cmp || (Cmp->getOpcode() != BO_EQ && Cmp->getOpcode() != BO_And))
    return 0;
  // The arm only stores (no register work that the other lanes could share): assignments of
  // pure values, or calls of a store helper (`storeGlobal64(addr, v)`).
  const Stmt *Then = cast<IfStmt>(E.Branch)->getThen();
  llvm::SmallVector<const Stmt *, 4> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Then))
    Stmts.append(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Then);
  for (const Stmt *St : Stmts) {
    const Expr *L, *R;
    if (assignment(St, L, R) ? !pureValue(R) : !storeHelperCall(St))
      return 0;
  }
  return leaderGroup(C);
}

namespace {

/// The other operand and the constant of `x == K` (either order), or false.
bool equalityWithConstant(const Expr *Cond, ASTContext &AST, const Expr *&Side, llvm::APSInt &K) {
  const auto *Cmp = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!Cmp || Cmp->getOpcode() != BO_EQ)
    return false;
  for (int Left = 0; Left < 2; ++Left) {
    const Expr *C = Left ? Cmp->getLHS() : Cmp->getRHS();
    Expr::EvalResult R;
    if (!C->isValueDependent() && C->EvaluateAsInt(R, AST)) {
      Side = Left ? Cmp->getRHS() : Cmp->getLHS();
      K = R.Val.getInt();
      return true;
    }
  }
  return false;
}

/// The same expression, written alike (`threadIdx.x` twice, `t` twice).
bool sameExpr(const Expr *A, const Expr *B, ASTContext &AST) {
  llvm::FoldingSetNodeID X, Y;
  A->IgnoreParenImpCasts()->Profile(X, AST, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(Y, AST, /*Canonical=*/true);
  return X == Y;
}

} // namespace

/// `switch (t) { case 0: ...; case 1: ...; }` on a value that differs in every
/// lane of a warp, with no default or an empty one: each case is one lane's job.
unsigned dispatchSwitch(const BranchEvent &E) {
  const auto *Sw = dyn_cast<SwitchStmt>(E.Branch);
  const CondClass &C = E.Class;
  if (!Sw || C.Reason != CondClass::Why::SwitchValues ||
      C.Distinct != unsigned(llvm::popcount(C.ActiveMask)))
    return 0;
  unsigned Cases = 0;
  for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase()) {
    if (isa<CaseStmt>(SC)) {
      ++Cases;
      continue;
    }
    // The default runs the lanes that match no case: it must leave them idle.
    const Stmt *Body = SC->getSubStmt();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body))
      Body = CS->body_empty() ? nullptr : CS->size() == 1 ? CS->body_front() : Body;
    if (Body && !isa<BreakStmt, NullStmt>(Body))
      return 0;
  }
  return Cases >= 2 ? Cases : 0;
}

unsigned dispatchChain(const BranchEvent &E, ASTContext &AST) {
  if (E.F == BranchEvent::Form::Switch)
    return dispatchSwitch(E);
  const auto *If = dyn_cast<IfStmt>(E.Branch);
  if (!If || E.F != BranchEvent::Form::If)
    return 0;
  // Up to the chain's head: the if whose else is this one.
  for (int Depth = 0; Depth < 64; ++Depth) {
    DynTypedNodeList Parents = AST.getParents(*If);
    const auto *Up = Parents.empty() ? nullptr : Parents[0].get<IfStmt>();
    if (!Up || Up->getElse() != If)
      break;
    If = Up;
  }
  const Expr *Tested = nullptr;
  llvm::SmallVector<llvm::APSInt, 8> Seen;
  unsigned Links = 0;
  for (const Stmt *S = If; S;) {
    const auto *Link = dyn_cast<IfStmt>(S);
    if (!Link) {
      // A last else with work of its own runs beside every job (Rodinia
      // srad's interior case): not a dispatch.
      const auto *CS = dyn_cast<CompoundStmt>(S);
      if (!CS || !CS->body_empty())
        return 0;
      break;
    }
    const Expr *Side;
    llvm::APSInt K;
    if (Link->getInit() || Link->getConditionVariable() || !Link->getCond() ||
        !equalityWithConstant(Link->getCond(), AST, Side, K) ||
        (Tested && !sameExpr(Tested, Side, AST)))
      return 0;
    for (const llvm::APSInt &Prev : Seen)
      if (llvm::APSInt::isSameValue(Prev, K))
        return 0;
    Tested = Side;
    Seen.push_back(K);
    ++Links;
    S = Link->getElse();
  }
  return Links >= 2 ? Links : 0;
}

/// A one-sided threshold on the thread index that moves with its loop but
/// can only cut a contiguous run of threads where it falls: in a block of one
/// warp (Rodinia's 16-thread wavefronts), or moving by a constant step (one
/// warp split per trip, like a tail guard).
std::optional<Spared> sparedThreshold(const BranchEvent &E, ASTContext &AST) {
  const CondClass &C = E.Class;
  uint32_t T = C.TrueMask & C.ActiveMask, F = C.ActiveMask & ~C.TrueMask;
  auto Run = [](uint32_t M) { // one run of set bits
    return M && (((M >> llvm::countr_zero(M)) + 1) & (M >> llvm::countr_zero(M))) == 0;
  };
  bool Contiguous = C.Reason == CondClass::Why::LaneMask && !C.AtMost && Run(T) && Run(F);
  bool Threshold = C.Cat == BranchCategory::ShrinkingThreshold ||
                   (C.Cat == BranchCategory::LaneSplit &&
                    (C.Reason == CondClass::Why::LoopThreshold ||
                     C.Reason == CondClass::Why::PartialWarp || Contiguous));
  if (!Threshold || !oneSided(E))
    return std::nullopt;
  if (E.Shape && E.Shape->Block) {
    const Dim3 &B = *E.Shape->Block;
    if (B[0] * B[1] * B[2] <= 32)
      return Spared::OneWarpBlock;
  }
  if (C.OneWarpLoop)
    return Spared::BoundInOneWarp;
  if (!C.EveryWarp && C.GrowthVar && additiveStep(C.GrowthVar, E.Branch, AST))
    return Spared::ConstantStep;
  return std::nullopt;
}

} // namespace idioms
} // namespace cudalint
