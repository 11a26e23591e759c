//===- WalkLoops.cpp - Loops: fixed points and trips walked one by one ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "llvm/Support/SaveAndRestore.h"

#include <cassert>
#include <utility>

using namespace clang;

namespace cudalint {
namespace walker {

LoopInfo &Walker::loopInfo(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body) {
  auto [It, New] = LoopInfos.try_emplace(L);
  if (New) {
    It->second = std::make_unique<LoopInfo>();
    It->second->Loop = L;
    It->second->Cond = Cond;
    for (const Stmt *Part : {Inc, Body, static_cast<const Stmt *>(Cond)})
      if (Part)
        scanLoop(*It->second, Part, Ctx);
  }
  return *It->second;
}

/// One trip through the loop from the current state: condition (for loops
/// that test first), body, increment. Returns the state at the back edge.
State Walker::iterate(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body,
                      bool TestFirst, const LoopInfo &Info, CondClass &C,
                      std::vector<State> &Breaks) {
  Target T{L, true, Controls.size(), {}, {}, nullptr};
  Targets.push_back(&T);
  bool Push = false;
  LaneValue CV;
  if (TestFirst && Cond) {
    C = condition(Cond, CV);
    refineTripCount(Cond, C, Info);
    recordBranch(BranchEvent::Form::Loop, L, Cond, C);
  }
  if (isThreadDependent(C.Cat)) {
    pushControl(Cond, C, L, true, false, CV.Exact);
    Push = true;
  }
  stmt(Body);
  for (State &Cont : T.Continues)
    S = mergePlain(S, Cont);
  S.Exits.erase(llvm::remove_if(S.Exits, [&](const ExitMark &M) {
                  return M.K == ExitMark::Continue && M.Target == L;
                }),
                S.Exits.end());
  if (Inc && !S.Dead)
    stmt(Inc);
  if (!TestFirst && Cond && !S.Dead) {
    LaneValue CV;
    C = condition(Cond, CV);
    recordBranch(BranchEvent::Form::Loop, L, Cond, C);
  }
  if (Push)
    Controls.pop_back();
  Targets.pop_back();
  Breaks = std::move(T.Breaks);
  return S;
}

/// The trips of a loop, unrecorded, from \p Entry until the state at its head
/// (\p Head) stops changing, or widened after MaxLoopIterations.
void Walker::fixedPoint(const Stmt *L, const Expr *LoopCond, const Stmt *Inc, const Stmt *Body,
                        bool TestFirst, const LoopInfo &Info, const State &Entry, State &Head,
                        CondClass &C, std::vector<State> &Breaks, bool &EntryOnly) {
  EntryOnly = false;
  // When no thread takes a second trip, each thread's value is the entry's (the Lane form stays
  // the join, as the divergence rules have always judged such a loop).
  auto EntryExact = [&](State &St) {
    if (EntryOnly)
      for (auto &[D, V] : St.Vars)
        if (auto E = Entry.Vars.find(D); E != Entry.Vars.end() && E->second->Exact && !V->Exact) {
          LaneValue W = V.get();
          W.Exact = E->second->Exact;
          V = W;
        }
  };
  for (unsigned It = 0;; ++It) {
    S = Head;
    CondClass IterC = C;
    State Back = iterate(L, LoopCond, Inc, Body, TestFirst, Info, IterC, Breaks);
    // No thread takes the first trip's back edge to another trip: only the entry's values
    // ever reach the body.
    if (It == 0)
      EntryOnly = TestFirst && LoopCond && leavesEveryThread(LoopCond, Back);
    if (!TestFirst)
      C = IterC;
    State Next = mergePlain(Entry, Back);
    carryFlags(Next, Entry, Back);
    EntryExact(Next);
    if (sameState(Next, Head) || Exhausted)
      break;
    if (It + 1 >= MaxLoopIterations) {
      // Widen what still changes.
      for (auto &[D, V] : Next.Vars) {
        auto Old = Head.Vars.find(D);
        if (Old == Head.Vars.end() || Old->second == V)
          continue;
        if (V->K == LaneValue::Uniform) {
          LaneValue W;
          W.NonNeg = V->NonNeg && Old->second->NonNeg;
          V = W;
        } else if (V->K == LaneValue::Lane) {
          // The join keeps the alignment that every trip so far shares
          // (i = tid + 256k stays a multiple of 32 apart); only the
          // growing upper bound is dropped.
          LaneValue J = lane::join(V, Old->second);
          if (J.K == LaneValue::Lane)
            J.UBound.reset();
          V = J;
        }
      }
      EntryExact(Next);
      Head = std::move(Next);
      break;
    }
    Head = std::move(Next);
  }
}

void Walker::loop(const Stmt *L, const Stmt *Init, const Expr *Cond, const Stmt *Inc,
                  const Stmt *Body, bool TestFirst) {
  stmt(Init);
  if (S.Dead)
    return;
  LoopInfo &Info = loopInfo(L, Cond, Inc, Body);
  LoopStack.push_back(&Info);
  LoopEntry.emplace_back();
  for (const VarDecl *V : Info.Modified)
    if (auto It = S.Vars.find(V);
        It != S.Vars.end() && It->second->K == LaneValue::Uniform && It->second->Const)
      LoopEntry.back()[V] = *It->second->Const;
  std::optional<int64_t> Constant;
  EntryTripKnown.push_back(!Cond);
  if (Cond) {
    LaneValue CV = peek(Cond);
    EntryTripKnown.back() = CV.K == LaneValue::Uniform && CV.Const && *CV.Const != 0;
    // False before the first trip: the body never runs. True: it may still
    // change unless nothing the loop updates feeds it.
    if (CV.K == LaneValue::Uniform && CV.Const &&
        ((*CV.Const == 0 && TestFirst) || !references(Cond, Info.Modified)))
      Constant = *CV.Const;
  } else {
    Constant = 1;
  }
  if (Constant && Cond && precedenceConstant(Cond))
    recordBranch(BranchEvent::Form::Loop, L, Cond, CondClass(), Constant);
  if (Constant && *Constant == 0 && TestFirst) {
    LoopStack.pop_back();
    LoopEntry.pop_back();
    EntryTripKnown.pop_back();
    return;
  }
  const Expr *LoopCond = Constant ? nullptr : Cond;
  State Entry = S;
  State Head = Entry;
  CondClass C;
  std::vector<State> Breaks;
  bool EntryOnly = false; // no thread takes a second trip
  bool SavedRec = Recording;
  Recording = false;
  if (!(Constant && *Constant == 0)) {
    if (const LoopMemo *M = findLoopMemo(L, Entry)) {
      Head = M->Head;
      C = M->C;
      Steps += M->Steps;
      EntryOnly = M->EntryOnly;
    } else {
      uint64_t StepsBefore = Steps;
      // What the trips may leave in this frame: a return, a thread_group declared.
      size_t ReturnsBefore = Frames.back().Returns.size();
      auto GroupsBefore = Frames.back().Groups;
      fixedPoint(L, LoopCond, Inc, Body, TestFirst, Info, Entry, Head, C, Breaks, EntryOnly);
      if (Frames.back().Returns.size() == ReturnsBefore && Frames.back().Groups == GroupsBefore)
        keepLoopMemo(L, Entry, Head, C, Steps - StepsBefore, EntryOnly);
    }
  }
  Recording = SavedRec;
  // The recorded pass, from the fixed point.
  Info.OneTrip = EntryOnly;
  S = Head;
  CondClass Final = C; // a do-while condition governs the trips after the first
  unsigned UnsettledBefore = Unsettled;
  size_t GrowingBefore = GrowingVars.size();
  iterate(L, LoopCond, Inc, Body, TestFirst, Info, Final, Breaks);
  auto Changes = [&](const VarDecl *V) { return Info.Modified.count(V) != 0; };
  bool Growing = std::any_of(GrowingVars.begin() + GrowingBefore, GrowingVars.end(), Changes);
  // A factor a loop around this one changes (`2 * l * i` in a block-stride loop over i, l
  // doubled by the loop around it: a scan's tree over global memory) is that loop's to walk.
  GrowingVars.erase(std::remove_if(GrowingVars.begin() + GrowingBefore, GrowingVars.end(), Changes),
                    GrowingVars.end());
  // Leaving the loop: the condition failed (at the head, or after the body
  // of a do-while), or a break.
  State Exit = TestFirst ? Head : S;
  if (Constant && *Constant != 0)
    Exit.Dead = true;
  for (State &B : Breaks)
    Exit = mergePlain(Exit, B);
  Exit.Exits.erase(llvm::remove_if(Exit.Exits,
                                   [&](const ExitMark &M) {
                                     return M.K != ExitMark::Return && M.Target == L;
                                   }),
                   Exit.Exits.end());
  if (isThreadDependent(Final.Cat) && !Exit.Dead) {
    auto Shared = std::make_shared<const CondClass>(Final);
    // Also a value stepped in each trip whose form the join leaves as it was (`dA += ldda`
    // from a lane pattern plus a part not known: magma's zsymmetrize_tiles walks `dA` down
    // column i for i trips): threads that leave after different trips hold it moved by
    // different multiples of the step. Not a block-stride step (`i += blockDim.x`), whose
    // threads all leave within one step of the bound, as the lane form keeps them.
    auto StepsApart = [&](const ValueDecl *D) {
      const auto *VD = dyn_cast<VarDecl>(D);
      auto St = VD ? Info.Step.find(VD) : Info.Step.end();
      if (St == Info.Step.end() || !St->second)
        return false;
      LaneValue Step = peek(St->second);
      return Step.K == LaneValue::Uniform && !Step.Const && !Step.BlockDimMultiple;
    };
    for (auto &[D, V] : Exit.Vars) {
      auto It = Entry.Vars.find(D);
      if (It != Entry.Vars.end() && (It->second != V || StepsApart(D)))
        V = lane::controlDependent(V, Shared);
    }
  }
  // A branch of the body that the joined values leave a note (a bound not
  // known) may split every warp in one trip: `fid_col = tx + 16 * col` against
  // 24, with col 0 then 1 in a 16-wide block. The first trips of a loop whose
  // condition is known true are walked again with their own values.
  if (Unsettled > UnsettledBefore && TestFirst && Cond && Recording && !Exhausted) {
    if (!walkTrips(L, Init, Cond, Inc, Body, Info, std::move(Entry)) && !Exhausted)
      walkLastTrip(L, Cond, Inc, Body, Info, std::move(Head));
  } else if (Growing && TestFirst && Cond && Recording && !Exhausted && !AccessTripsOnly) {
    // An access whose lane factor this loop changes (s[2 * stride * tid]): its
    // pattern in each of the first trips, recording nothing else and leaving
    // the budget of the walk as it was, so that the branches and barriers found
    // are those of a walk without it.
    uint64_t SavedSteps = Steps;
    AccessTripsOnly = true;
    bool Finished =
        walkTrips(L, Init, Cond, Inc, Body, Info, std::move(Entry), MaxAccessTripsWalked,
                  /*Unbounded=*/true);
    AccessTripsOnly = false;
    Steps = SavedSteps;
    // Every trip walked and no way out but the condition: the constants the loop
    // leaves are known (a scan's `offset` is N after its up-sweep, where its
    // down-sweep starts).
    if (Finished && !Exhausted && Breaks.empty() && !Exit.Dead)
      for (const VarDecl *V : Info.Modified)
        if (auto It = S.Vars.find(V);
            It != S.Vars.end() && It->second->K == LaneValue::Uniform && It->second->Const)
          Exit.Vars[V] = LaneValue::constant(*It->second->Const);
    Exhausted = false;
  }
  S = std::move(Exit);
  LoopStack.pop_back();
  LoopEntry.pop_back();
  EntryTripKnown.pop_back();
}

bool Walker::leavesEveryThread(const Expr *Cond, State &At) {
  assert(&At != &S && "the state to test is swapped in for the walk's own");
  if (At.Dead)
    return false;
  std::swap(S, At);
  LaneValue CV = peek(Cond); // leaves S as it was
  std::swap(S, At);
  return CV.K == LaneValue::Uniform && CV.Const && *CV.Const == 0;
}

/// Whether \p E only computes a value from variables and constants (no
/// memory read, no call), so that walking it twice changes nothing.
static bool plainArithmetic(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (isa<IntegerLiteral, DeclRefExpr>(E))
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && plainArithmetic(B->getLHS()) && plainArithmetic(B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           U->getOpcode() != UO_AddrOf && plainArithmetic(U->getSubExpr());
  return false;
}

std::string Walker::valueText(const LaneValue &V) {
  if (V.K != LaneValue::Uniform)
    return "";
  if (V.Const)
    return std::to_string(*V.Const);
  if (!V.SymVar)
    return "";
  std::string T = V.SymVar->getName().str();
  if (V.SymOff > 0)
    T += " + " + std::to_string(V.SymOff);
  else if (V.SymOff < 0)
    T += " - " + std::to_string(-static_cast<uint64_t>(V.SymOff));
  return T;
}

bool Walker::walkTrips(const Stmt *L, const Stmt *Init, const Expr *Cond, const Stmt *Inc,
                       const Stmt *Body, const LoopInfo &Info, State Entry,
                       unsigned MaxTrips, bool Unbounded) {
  llvm::SmallVector<const VarDecl *, 2> Counters;
  referencedVars(Cond, Info.Modified, Counters);
  llvm::SaveAndRestore OnlySplits(OnlyLaneSplits, true), Symbolic(SymMode, true);
  S = std::move(Entry);
  // The counters again, in terms of what they start from (`depth = max_depth
  // - 1`), when their declaration only computes a value.
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init);
      DS && llvm::all_of(DS->decls(), [](const Decl *D) {
        const auto *VD = dyn_cast<VarDecl>(D);
        return VD && VD->getType()->isIntegralOrEnumerationType() && VD->getInit() &&
               plainArithmetic(VD->getInit());
      }))
    stmt(Init);
  bool Finished = false;
  for (unsigned N = 0; N < MaxTrips && !S.Dead && !Exhausted; ++N) {
    LaneValue CV = peek(Cond);
    bool Unknown = Unbounded && CV.K == LaneValue::Uniform && !CV.Const && !CV.SymVar &&
                   N < MaxUnboundedAccessTrips;
    if (!Unknown && (CV.K != LaneValue::Uniform || !CV.Const || *CV.Const == 0)) {
      Finished = CV.K == LaneValue::Uniform && CV.Const && *CV.Const == 0;
      break;
    }
    // The values of the loop's counters (what its condition reads and it updates); where none
    // is known, those of the other values it grows or shrinks (`l = 2` of `for (; s > 0; s /=
    // 2, l *= 2)` with s not known), by name.
    auto Named = [&](llvm::ArrayRef<const VarDecl *> Vars) {
      std::string Trip;
      for (const VarDecl *V : Vars)
        if (auto It = S.Vars.find(V); It != S.Vars.end())
          if (std::string T = valueText(It->second); !T.empty())
            Trip += (Trip.empty() ? "" : ", ") + V->getName().str() + " = " + T;
      return Trip;
    };
    std::string Trip = Named(Counters);
    if (Trip.empty()) {
      llvm::SmallVector<const VarDecl *, 4> Others;
      for (const auto &[V, G] : Info.Grow)
        if (G != Growth::None)
          Others.push_back(V);
      llvm::sort(Others, [](const VarDecl *A, const VarDecl *B) {
        return A->getName() < B->getName();
      });
      Trip = Named(Others);
    }
    Trips.push_back(std::move(Trip));
    CondClass C;
    std::vector<State> Breaks;
    llvm::SaveAndRestore Controlled(UnboundedControls,
                                    Unknown ? std::optional<size_t>(Controls.size())
                                            : UnboundedControls);
    S = iterate(L, nullptr, Inc, Body, true, Info, C, Breaks);
    Trips.pop_back();
  }
  return Finished;
}

void Walker::walkLastTrip(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body,
                          const LoopInfo &Info, State Head) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || !B->isComparisonOp() || Head.Dead)
    return;
  // The counter on the left: `v < B`, or `B > v` turned round.
  BinaryOperatorKind Op = B->getOpcode();
  const VarDecl *V = refVar(B->getLHS());
  const Expr *Bound = B->getRHS();
  if (!V || !Info.Modified.count(V)) {
    V = refVar(B->getRHS());
    Bound = B->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!V || !Info.Modified.count(V) || references(Bound, Info.Modified))
    return;
  auto Count = Info.Updates.find(V);
  auto G = Info.Grow.find(V);
  if (Count == Info.Updates.end() || Count->second != 1 || G == Info.Grow.end())
    return;
  // A counter each lane starts at a value of its own (`for (j = list_size; j > 0; j--)`, each
  // lane's list) holds different values in every trip: no trip has the last value in all lanes.
  if (auto It = Head.Vars.find(V); It == Head.Vars.end() || It->second->K != LaneValue::Uniform)
    return;
  // How the counter moves each trip: by one (++v, v -= 1), or halved.
  int Delta = 0;
  if (auto St = Info.Step.find(V); St != Info.Step.end()) {
    Expr::EvalResult R;
    if (!St->second ||
        (!St->second->isValueDependent() && St->second->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt() == 1))
      Delta = G->second == Growth::Grows ? 1 : G->second == Growth::Shrinks ? -1 : 0;
  }
  auto F = Info.Factor.find(V);
  bool Halved = F != Info.Factor.end() && F->second == 2 && G->second == Growth::Shrinks;
  llvm::SaveAndRestore OnlySplits(OnlyLaneSplits, true), Symbolic(SymMode, true);
  S = std::move(Head);
  LaneValue BV = peek(Bound);
  std::optional<LaneValue> Last;
  auto Moved = [&](int64_t By) {
    return By == 0 ? BV : lane::binary(By > 0 ? BO_Add : BO_Sub, BV, LaneValue::constant(By > 0 ? By : -By));
  };
  if (BV.K == LaneValue::Uniform && (BV.Const || BV.SymVar)) {
    if (Delta == 1 && (Op == BO_LT || Op == BO_NE))
      Last = Moved(-1);
    else if (Delta == 1 && Op == BO_LE)
      Last = Moved(0);
    else if (Delta == -1 && (Op == BO_GT || Op == BO_NE))
      Last = Moved(1);
    else if (Delta == -1 && Op == BO_GE)
      Last = Moved(0);
    else if (Halved && BV.Const &&
             (((Op == BO_GT || Op == BO_NE) && *BV.Const == 0) || (Op == BO_GE && *BV.Const == 1)))
      Last = LaneValue::constant(1);
  }
  if (Last && !valueText(*Last).empty()) {
    S.Vars[V] = *Last;
    forgetSymbol(V);
    LaneValue CV = peek(Cond);
    if (CV.K == LaneValue::Uniform && CV.Const && *CV.Const != 0) {
      Trips.push_back(V->getName().str() + " = " + valueText(*Last));
      CondClass C;
      std::vector<State> Breaks;
      iterate(L, nullptr, Inc, Body, true, Info, C, Breaks);
      Trips.pop_back();
    }
  }
}

} // namespace walker
} // namespace cudalint
