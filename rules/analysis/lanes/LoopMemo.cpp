//===- LoopMemo.cpp - Loop fixed points kept for a loop entered alike -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Walker::loop runs a loop's trips, unrecorded, until the state at its head
// stops changing, then once more recording. The trips are a function of the
// state and of the walk's context (the frames of inlined calls, the
// thread-dependent controls around, the enclosing loops), so a loop entered
// again with both identical, field for field, reaches the same head: the
// recorded pass of an outer loop enters its inner loops exactly as the outer
// loop's last trip did. The head is then taken from here, its steps charged to
// the budget, and only the recorded pass is walked again. The findings are
// the same as without it (CUDA_LINT_NO_LOOP_MEMO=1 turns it off, for tests).
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include <cstdlib>

namespace cudalint {
namespace walker {
namespace {

constexpr unsigned MemosPerLoop = 2;

bool memoOff() {
  static const bool Off = std::getenv("CUDA_LINT_NO_LOOP_MEMO") != nullptr;
  return Off;
}

bool identical(const SharedLane &A, const SharedLane &B) { return A.get().identical(B.get()); }

bool identical(const ExitMark &A, const ExitMark &B) {
  if (A.K != B.K || A.Exit != B.Exit || A.Target != B.Target || A.Frame != B.Frame ||
      A.Cond != B.Cond || A.WhenFalse != B.WhenFalse)
    return false;
  return identical(A.Class, B.Class);
}

bool identical(const State &A, const State &B) {
  if (A.Dead != B.Dead || A.Vars.size() != B.Vars.size() || A.Exits.size() != B.Exits.size() ||
      (A.Dead && !identical(A.DeadBy, B.DeadBy)))
    return false;
  for (size_t I = 0; I < A.Exits.size(); ++I)
    if (!identical(A.Exits[I], B.Exits[I]))
      return false;
  for (const auto &[D, V] : A.Vars) {
    auto It = B.Vars.find(D);
    if (It == B.Vars.end() || !identical(It->second, V))
      return false;
  }
  return true;
}

bool identical(const Control &A, const Control &B) {
  if (A.Cond != B.Cond || A.S != B.S || A.Loop != B.Loop || A.Frame != B.Frame ||
      A.WhenFalse != B.WhenFalse)
    return false;
  return identical(A.Class, B.Class);
}

} // namespace

bool Walker::sameContext(const LoopMemo &M) const {
  if (M.Frames.size() != Frames.size() || M.Controls.size() != Controls.size() ||
      M.Targets.size() != Targets.size() || M.LoopStack != LoopStack || M.CondDepth != CondDepth ||
      M.Nesting != Nesting || M.OnlyLaneSplits != OnlyLaneSplits || M.SymMode != SymMode ||
      M.Trips != Trips ||
      M.LoopEntry != LoopEntry)
    return false;
  for (size_t I = 0; I < Frames.size(); ++I) {
    const Frame &F = Frames[I];
    const LoopMemo::FrameKey &K = M.Frames[I];
    if (K.FD != F.FD || K.Call != F.Call || K.Alias != F.Alias || K.PtrAlias != F.PtrAlias ||
        K.Groups != F.Groups)
      return false;
  }
  for (size_t I = 0; I < Controls.size(); ++I)
    if (!identical(M.Controls[I], Controls[I]))
      return false;
  for (size_t I = 0; I < Targets.size(); ++I) {
    const Target &T = *Targets[I];
    const LoopMemo::TargetKey &K = M.Targets[I];
    if (K.S != T.S || K.IsLoop != T.IsLoop || K.ControlBase != T.ControlBase ||
        K.SwitchEntry != T.SwitchEntry)
      return false;
  }
  return true;
}

const LoopMemo *Walker::findLoopMemo(const Stmt *L, const State &Entry) const {
  // Stores under a leader-per-group branch update its watch (noteStore).
  if (!Watches.empty() || memoOff())
    return nullptr;
  auto It = LoopMemos.find(L);
  if (It == LoopMemos.end())
    return nullptr;
  for (const LoopMemo &M : It->second)
    if (Steps + M.Steps <= MaxSteps && identical(M.Entry, Entry) && sameContext(M))
      return &M;
  return nullptr;
}

void Walker::keepLoopMemo(const Stmt *L, State Entry, const State &Head, const CondClass &C,
                          uint64_t Used, bool EntryOnly) {
  if (Exhausted || !Watches.empty() || memoOff())
    return;
  LoopMemo M;
  for (const Frame &F : Frames)
    M.Frames.push_back({F.FD, F.Call, F.Alias, F.PtrAlias, F.Groups});
  M.Controls = Controls;
  for (const Target *T : Targets)
    M.Targets.push_back({T->S, T->IsLoop, T->ControlBase, T->SwitchEntry});
  M.LoopStack = LoopStack;
  M.LoopEntry = LoopEntry;
  M.CondDepth = CondDepth;
  M.Nesting = Nesting;
  M.OnlyLaneSplits = OnlyLaneSplits;
  M.SymMode = SymMode;
  M.Trips = Trips;
  M.Entry = std::move(Entry);
  M.Head = Head;
  M.C = C;
  M.Steps = Used;
  M.EntryOnly = EntryOnly;
  auto &Kept = LoopMemos[L];
  if (Kept.size() >= MemosPerLoop)
    Kept.erase(Kept.begin());
  Kept.push_back(std::move(M));
}

} // namespace walker
} // namespace cudalint
