//===- WalkStatements.cpp - Statements and merges ---------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace cudalint {
namespace walker {

// --- walker ------------------------------------------------------------------

void Walker::bindArgs(llvm::ArrayRef<std::pair<const ParmVarDecl *, int64_t>> Args) {
  BoundArgs.assign(Args.begin(), Args.end());
  OnlyLaneSplits = true;
  for (const auto &[P, Value] : Args)
    BoundText += (BoundText.empty() ? "" : ", ") + P->getName().str() + " = " +
                 std::to_string(Value);
}

void Walker::run() {
  Frame F;
  F.FD = Root;
  Frames.push_back(F);
  for (const ParmVarDecl *P : Root->parameters())
    S.Vars[P] = paramValue(P);
  for (const auto &[P, Value] : BoundArgs)
    S.Vars[P] = LaneValue::constant(Value);
  if (const Stmt *Body = Root->getBody())
    stmt(Body);
}

void Walker::runCall(const CallExpr *CE) {
  Frame F;
  F.FD = Root;
  Frames.push_back(F);
  for (const ParmVarDecl *P : Root->parameters())
    S.Vars[P] = paramValue(P);
  const FunctionDecl *Def = inlinable(CE->getDirectCallee(), CE);
  if (!Def)
    return;
  llvm::SmallVector<LaneValue, 4> Args;
  for (const Expr *A : CE->arguments())
    Args.push_back(expr(A));
  inlineCall(CE, Def, Args);
}

// --- helpers -----------------------------------------------------------------

/// The local variable an lvalue names, if it is tracked.
const ValueDecl *Walker::trackedVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = resolve(DRE->getDecl());
    if (const auto *VD = dyn_cast<VarDecl>(D))
      if (VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
        return VD;
  }
  return nullptr;
}

/// The innermost thread-dependent control of \p Frame above \p From, as an exit mark.
ExitMark Walker::exitMark(ExitMark::Kind K, const Stmt *Exit, const Stmt *Target,
                          size_t From) const {
  unsigned Frame = Frames.size() - 1;
  ExitMark M{K, Exit, Target, Frame, nullptr, nullptr, false};
  for (size_t I = Controls.size(); I > From; --I) {
    const Control &C = Controls[I - 1];
    if (C.Frame == Frame) {
      M.Cond = C.Cond;
      M.Class = C.Class;
      M.WhenFalse = C.WhenFalse;
      break;
    }
  }
  return M;
}

// --- state merges ------------------------------------------------------------

State Walker::mergePlain(const State &A, const State &B) {
  if (A.Dead)
    return B;
  if (B.Dead)
    return A;
  State R = A;
  for (const auto &[D, V] : B.Vars) {
    auto It = R.Vars.find(D);
    if (It == R.Vars.end())
      R.Vars[D] = V;
    else if (It->second != V)
      It->second = lane::join(It->second, V);
  }
  for (const ExitMark &M : B.Exits)
    R.addExit(M);
  return R;
}

/// The state after the two arms of a branch on \p C.
State Walker::mergeBranches(State Then, State Else, const CondClass &C, const Expr *Cond,
                            const LaneValue *CondValue) {
  auto Shared = std::make_shared<const CondClass>(C);
  bool Dependent = isThreadDependent(C.Cat);
  if (Then.Dead && Else.Dead) {
    for (const ExitMark &M : Else.Exits)
      Then.addExit(M);
    return Then;
  }
  if (Then.Dead || Else.Dead) {
    // The threads on the dead path all left (returned, broke out): what
    // happened to some of them before does not concern the live path.
    State &Live = Then.Dead ? Else : Then;
    const State &Gone = Then.Dead ? Then : Else;
    ExitMark M = Gone.DeadBy;
    if (!M.Class && Dependent) {
      M.Class = Shared;
      M.Cond = Cond;
      M.WhenFalse = Else.Dead;
    }
    // A path that ended without a return, break or continue (a loop the walk sees no way
    // out of: `do { asm("ld..." : "=r"(r)); } while (r != 0)`, whose asm output it does not
    // model) is not an exit the threads took: no mark.
    if (M.Class && M.Exit)
      Live.addExit(M);
    return std::move(Live);
  }
  State R = Then;
  for (const auto &[D, V] : Else.Vars) {
    auto It = R.Vars.find(D);
    if (It == R.Vars.end()) {
      R.Vars[D] = V;
      continue;
    }
    if (It->second == V)
      continue;
    const LaneValue &TV = It->second, &EV = V;
    if (!Dependent)
      if (std::optional<LaneValue> K = keepKnownArm(D, TV, EV, Cond)) {
        It->second = *K;
        continue;
      }
    LaneValue J = lane::join(TV, EV);
    if (Dependent) {
      if (TV.Const && EV.Const && (*TV.Const != 0) != (*EV.Const != 0) &&
          C.Cat != BranchCategory::WarpUniform && C.Cat != BranchCategory::DataDependent)
        J = lane::fromCond(*TV.Const != 0 ? C : C.negated()); // a flag set by the branch
      else
        J = lane::joinUnder(TV, EV, Shared);
      if (CondValue)
        J.Exact = lane::exactSelect(*CondValue, TV, EV);
    }
    It->second = J;
  }
  for (const ExitMark &M : Else.Exits)
    R.addExit(M);
  return R;
}

bool Walker::sameState(const State &A, const State &B) {
  if (A.Dead != B.Dead || A.Vars.size() != B.Vars.size() || A.Exits.size() != B.Exits.size())
    return false;
  for (const auto &[D, V] : A.Vars) {
    auto It = B.Vars.find(D);
    if (It == B.Vars.end() || It->second != V)
      return false;
  }
  return true;
}

/// At a loop head: a flag that enters the loop as a constant and leaves an
/// iteration set to a lane split (`computed = tx % 2 == 0;`, or `true` under
/// such a branch) holds that split in every iteration after the first; a
/// plain join would forget which lanes hold it.
void Walker::carryFlags(State &Head, const State &Entry, const State &Back) {
  if (Back.Dead)
    return;
  for (auto &[D, V] : Head.Vars) {
    auto In = Entry.Vars.find(D), Out = Back.Vars.find(D);
    if (In == Entry.Vars.end() || Out == Back.Vars.end())
      continue;
    const LaneValue &E = In->second, &B = Out->second;
    if (E.K == LaneValue::Uniform && E.Const && (*E.Const == 0 || *E.Const == 1) && B.Cond &&
        (B.Cond->Cat == BranchCategory::LaneSplit ||
         B.Cond->Cat == BranchCategory::ShrinkingThreshold))
      V = Out->second;
  }
}

// --- statements --------------------------------------------------------------

void Walker::stmt(const Stmt *St) {
  NestingGuard Nest(*this);
  // A dead path still walks into compound statements to find case labels.
  if (!St || (S.Dead && !isa<CompoundStmt>(St) && !isa<SwitchCase>(St)) || !budget())
    return;
  switch (St->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (const Stmt *C : cast<CompoundStmt>(St)->body())
      stmt(C);
    return;
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(St)->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        declare(VD);
    return;
  case Stmt::IfStmtClass:
    ifStmt(cast<IfStmt>(St));
    return;
  case Stmt::ForStmtClass: {
    const auto *F = cast<ForStmt>(St);
    if (F->getConditionVariable())
      declare(F->getConditionVariable());
    loop(F, F->getInit(), F->getCond(), F->getInc(), F->getBody(), true);
    return;
  }
  case Stmt::WhileStmtClass: {
    const auto *W = cast<WhileStmt>(St);
    if (W->getConditionVariable())
      declare(W->getConditionVariable());
    loop(W, nullptr, W->getCond(), nullptr, W->getBody(), true);
    return;
  }
  case Stmt::DoStmtClass: {
    const auto *D = cast<DoStmt>(St);
    loop(D, nullptr, D->getCond(), nullptr, D->getBody(), false);
    return;
  }
  case Stmt::CXXForRangeStmtClass: {
    const auto *F = cast<CXXForRangeStmt>(St);
    stmt(F->getInit());
    stmt(F->getRangeStmt());
    stmt(F->getBeginStmt());
    stmt(F->getEndStmt());
    if (const VarDecl *LV = F->getLoopVariable()) {
      S.Vars[LV] = LaneValue();
      forgetSymbol(LV);
    }
    loop(F, nullptr, nullptr, nullptr, F->getBody(), true);
    return;
  }
  case Stmt::SwitchStmtClass:
    switchStmt(cast<SwitchStmt>(St));
    return;
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass: {
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
      if (!(*It)->IsLoop) {
        S = S.Dead ? *(*It)->SwitchEntry : mergePlain(S, *(*It)->SwitchEntry);
        break;
      }
    stmt(cast<SwitchCase>(St)->getSubStmt());
    return;
  }
  case Stmt::ReturnStmtClass:
    returnStmt(cast<ReturnStmt>(St));
    return;
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
    jump(St, isa<BreakStmt>(St));
    return;
  case Stmt::GCCAsmStmtClass:
    asmStmt(cast<GCCAsmStmt>(St));
    return;
  case Stmt::LabelStmtClass:
    stmt(cast<LabelStmt>(St)->getSubStmt());
    return;
  case Stmt::AttributedStmtClass:
    stmt(cast<AttributedStmt>(St)->getSubStmt());
    return;
  case Stmt::NullStmtClass:
  case Stmt::GotoStmtClass:
  case Stmt::IndirectGotoStmtClass:
    return;
  default:
    if (const auto *E = dyn_cast<Expr>(St)) {
      expr(E);
      return;
    }
    for (const Stmt *C : St->children())
      stmt(C);
  }
}

void Walker::declare(const VarDecl *VD) {
  if (!VD->hasLocalStorage())
    return; // static / __shared__: memory, read as uniform
  LaneValue V;
  if (const Expr *Init = VD->getInit()) {
    V = expr(Init);
    if (!Frames.empty())
      noteGroup(Frames.back(), VD, Init);
  }
  if (std::optional<LaneValue> Start = notePointerVar(VD))
    V = *Start;
  if (!Objects.empty() && VD->getType()->isRecordType())
    bindObject(VD, VD->getInit());
  if (VD->getType()->isUnsignedIntegerType() && V.K == LaneValue::Uniform && !V.Const)
    V.NonNeg = true;
  S.Vars[VD] = V;
  forgetSymbol(VD);
}

void Walker::ifStmt(const IfStmt *If) {
  stmt(If->getInit());
  if (If->getConditionVariable())
    declare(If->getConditionVariable());
  const Expr *Cond = If->getCond();
  if (!Cond || If->isConsteval()) {
    stmt(If->getThen());
    stmt(If->getElse());
    return;
  }
  LaneValue CV;
  CondClass C = condition(Cond, CV);
  if (CV.K == LaneValue::Uniform && CV.Const) {
    if (precedenceConstant(Cond))
      recordBranch(BranchEvent::Form::If, If, Cond, C, CV.Const);
    stmt(*CV.Const ? If->getThen() : If->getElse());
    return;
  }
  size_t Event = Branches.size();
  recordBranch(BranchEvent::Form::If, If, Cond, C);
  bool Recorded = Branches.size() > Event;
  State Entry = S;
  bool Push = isThreadDependent(C.Cat);
  if (Push)
    pushControl(Cond, C, If, false, false, CV.Exact);
  // A leader per group of lanes: watch where the arm stores.
  unsigned Group = Recorded && !If->getElse() && C.Cat == BranchCategory::LaneSplit &&
                           C.Reason == CondClass::Why::LaneMask
                       ? leaderGroup(C)
                       : 0;
  if (Group >= 2)
    Watches.push_back({Group});
  stmt(If->getThen());
  if (Group >= 2) {
    Branches[Event].GroupStores = Watches.back().Any && Watches.back().AllPerGroup;
    Watches.pop_back();
  }
  State Then = std::move(S);
  S = std::move(Entry);
  if (Push) {
    Controls.pop_back();
    pushControl(Cond, C, If, false, /*WhenFalse=*/true, CV.Exact);
  }
  stmt(If->getElse());
  if (Push)
    Controls.pop_back();
  S = mergeBranches(std::move(Then), std::move(S), C, Cond, &CV);
}

void Walker::switchStmt(const SwitchStmt *Sw) {
  stmt(Sw->getInit());
  if (Sw->getConditionVariable())
    declare(Sw->getConditionVariable());
  LaneValue V = expr(Sw->getCond());
  CondClass C;
  if (V.K == LaneValue::Data) {
    C.Cat = BranchCategory::DataDependent;
    C.Reason = CondClass::Why::Data;
    C.DataSrc = V.DataSrc;
  } else if (V.K == LaneValue::Varying) {
    C.Cat = BranchCategory::Unknown;
  } else if (V.K == LaneValue::Lane) {
    if (V.isWarpUniform()) {
      C.Cat = BranchCategory::WarpUniform;
    } else {
      std::vector<int64_t> Vals;
      for (unsigned I = 0; I < WarpLanes; ++I)
        if (V.Active & (1u << I))
          Vals.push_back(V.L[I]);
      llvm::sort(Vals);
      Vals.erase(std::unique(Vals.begin(), Vals.end()), Vals.end());
      C.Cat = BranchCategory::LaneSplit;
      C.Reason = CondClass::Why::SwitchValues;
      C.Distinct = Vals.size();
      C.ActiveMask = V.Active;
      C.EveryWarp = V.Align == 0;
    }
    C.AssumedShape = V.AssumedAxis;
    C.NarrowShape = V.NarrowAxis;
  }
  recordBranch(BranchEvent::Form::Switch, Sw, Sw->getCond(), C);
  State Entry = S;
  Target T{Sw, false, Controls.size(), {}, {}, &Entry};
  Targets.push_back(&T);
  bool Push = isThreadDependent(C.Cat);
  if (Push)
    pushControl(Sw->getCond(), C, Sw, false);
  S.Dead = true; // reached only through a case label
  stmt(Sw->getBody());
  if (Push)
    Controls.pop_back();
  Targets.pop_back();
  bool HasDefault = false;
  for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
    HasDefault |= isa<DefaultStmt>(SC);
  State Out = S;
  for (State &B : T.Breaks)
    Out = mergePlain(Out, B);
  if (!HasDefault)
    Out = mergePlain(Out, Entry);
  if (Push && !Out.Dead)
    for (auto &[D, Val] : Out.Vars) {
      auto It = Entry.Vars.find(D);
      if (It != Entry.Vars.end() && It->second != Val)
        Val = lane::controlDependent(Val, std::make_shared<const CondClass>(C));
    }
  S = std::move(Out);
}

void Walker::returnStmt(const ReturnStmt *R) {
  std::optional<LaneValue> V;
  if (const Expr *E = R->getRetValue())
    V = expr(E);
  if (S.Dead)
    return;
  Frame &F = Frames.back();
  const Expr *RetE = R->getRetValue();
  if (RetE && F.FD && F.FD->getReturnType()->isLValueReferenceType()) {
    // `return buf[i];` from a function returning `T &` reads nothing: the caller accesses
    // the place (WalkCalls.cpp).
    const Expr *Place = RetE->IgnoreParenImpCasts();
    bool Known = LastAddr && !LastAddr->IsValue && LastAddr->E == Place;
    if (Known)
      dropRecorded(Place);
    if (Known && !ReturnedPlace && !ReturnsOther)
      ReturnedPlace = LastAddr;
    else
      ReturnsOther = true;
  } else if (RetE && F.FD && F.FD->getReturnType()->isPointerType()) {
    // `return &buf[i];`, `return (T *)(bytes + y * pitch);`: the caller holds that address.
    std::optional<Address> A = addressOf(RetE);
    if (A && !ReturnedPlace && !ReturnsOther)
      ReturnedPlace = A;
    else
      ReturnsOther = true;
  }
  unsigned FrameIdx = Frames.size() - 1;
  ExitMark Mark = exitMark(ExitMark::Return, R, nullptr, 0);
  std::shared_ptr<const CondClass> C = Mark.Class;
  if (V && FrameIdx > 0) {
    // A value returned under a thread-dependent condition, or after some
    // threads already returned, depends on that condition.
    std::shared_ptr<const CondClass> Dep = C;
    if (!Dep)
      for (const ExitMark &M : S.Exits)
        if (M.Frame == FrameIdx && M.K == ExitMark::Return)
          Dep = M.Class;
    LaneValue RV = Dep ? lane::controlDependent(*V, Dep) : *V;
    F.Ret = F.Ret ? lane::join(*F.Ret, RV) : RV;
  }
  F.Returns.push_back(S);
  S.Dead = true;
  S.DeadBy = Mark;
}

void Walker::jump(const Stmt *St, bool IsBreak) {
  Target *T = nullptr;
  for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
    if (IsBreak || (*It)->IsLoop) {
      T = *It;
      break;
    }
  if (!T) {
    S.Dead = true;
    return;
  }
  (IsBreak ? T->Breaks : T->Continues).push_back(S);
  S.Dead = true;
  S.DeadBy = exitMark(IsBreak ? ExitMark::Break : ExitMark::Continue, St, T->S, T->ControlBase);
}

void Walker::asmStmt(const GCCAsmStmt *A) {
  llvm::SmallVector<LaneValue, 4> Inputs;
  for (unsigned I = 0; I < A->getNumInputs(); ++I)
    Inputs.push_back(expr(A->getInputExpr(I)));
  std::string Text = A->getAsmString();
  StringRef T(Text);
  LaneValue Out;
  if (T.contains("%laneid"))
    Out = LaneValue::lanes(lanesOf([](int64_t L, int64_t) { return L; }, 0), 0, false);
  else if (T.contains("%tid.x"))
    Out = Model.Tid[0];
  else if (T.contains("%tid.y") || T.contains("%tid.z")) {
    Out = Model.Tid[T.contains("%tid.y") ? 1 : 2];
    ReadsRows = true;
  } else if (T.contains("%warpid"))
    Out = LaneValue::warpUniform();
  else if (T.contains("%lanemask") || T.contains("%clock") || T.contains("%globaltimer") ||
           T.contains("%smid"))
    Out = LaneValue::data(nullptr);
  else
    Out = lane::opaque(Inputs);
  if (Out.K == LaneValue::Varying)
    Out = LaneValue::data(nullptr);
  // An instruction that computes from its operands alone (an ld.global.cg of
  // one address, arithmetic) gives lanes with equal operands equal results;
  // not one that exchanges values between lanes or returns one per lane.
  bool Exchanges = T.contains("shfl") || T.contains("vote") || T.contains("match") ||
                   T.contains("redux") || T.contains("atom") || T.contains("red.") ||
                   T.contains("ld.local") || T.contains("activemask");
  if (Out.K == LaneValue::Data && !Exchanges) {
    unsigned G = WarpLanes;
    for (const LaneValue &In : Inputs)
      G = std::min(G, In.sameInGroupsOf());
    Out.GroupSame = G >= 2 ? G : 0;
  } else if (Out.K == LaneValue::Data) {
    Out.GroupSame = 0;
  }
  // A store (`st.global.cg [%0], %1;`): where it writes (the operand in brackets), for a
  // leader's watch; an address not read is any address.
  if (!Watches.empty() && T.trim().starts_with("st.")) {
    size_t At = T.find("[%");
    StringRef Operand = At == StringRef::npos ? StringRef() : T.substr(At + 2);
    unsigned N = 0;
    if (!Operand.empty() && !Operand.consumeInteger(10, N) && N >= A->getNumOutputs() &&
        N - A->getNumOutputs() < Inputs.size())
      noteStore(nullptr, Inputs[N - A->getNumOutputs()]);
    else
      noteStore(nullptr, LaneValue::varying());
  }
  for (unsigned I = 0; I < A->getNumOutputs(); ++I)
    assign(A->getOutputExpr(I), Out);
}

} // namespace walker
} // namespace cudalint
