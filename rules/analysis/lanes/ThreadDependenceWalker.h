//===- ThreadDependenceWalker.h - The walker behind ThreadDependence ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to the thread-dependence analysis (ThreadDependence.h); only its
// own files include this. The Walker runs one function body in statement
// order with a LaneValue per local; its parts live in one file each:
//   WalkStatements.cpp   statements and control-flow merges
//   WalkLoops.cpp        loops: their fixed point, and single trips walked with
//                        their own values (the first ones, the last one)
//   WalkExpressions.cpp  the value of each expression (the lane-value algebra applied)
//   WalkCalls.cpp        calls: CUDA builtins, cooperative groups, device functions
//                        walked with their arguments' values (the summaries)
//   WalkConditions.cpp   classifying a branch condition, trip counts of loops
//   WalkEvents.cpp       recording branch and barrier events
//   WalkAccesses.cpp     the per-lane byte address of global and shared accesses
// and what they share:
//   BlockShapeModel.cpp  threadIdx / blockDim as lane values for a block shape
//   CudaNames.cpp        cooperative-groups types and CUDA intrinsic names
//   LoopScan.cpp         what each loop updates; effects of expressions
//   LoopMemo.cpp         loop fixed points kept for a loop entered again alike
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LANES_THREADDEPENDENCEWALKER_H
#define CUDALINT_RULES_ANALYSIS_LANES_THREADDEPENDENCEWALKER_H

#include "rules/analysis/lanes/ThreadDependence.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <vector>

namespace cudalint {
namespace walker {

using namespace clang;

constexpr unsigned MaxInlineDepth = 8;
constexpr unsigned MaxLoopIterations = 3;
/// Trips of a loop walked one by one with their own values (Walker::loop).
constexpr unsigned MaxTripsWalked = 4;
/// The same for the accesses whose lane factor a loop changes (s[2 * offset * tid]):
/// a scan's or a reduction's tree over a block of up to 64K threads, every level.
constexpr unsigned MaxAccessTripsWalked = 16;
/// The first trips of such a loop whose bound is the same in every thread but not known here
/// (a scan over `dim_reduce` elements): they run wherever the loop runs that far.
constexpr unsigned MaxUnboundedAccessTrips = 4;
/// A counted loop of at most this many trips runs as part of the loop around it
/// (nvcc unrolls it): that loop decides what bounds an access's time.
constexpr int64_t MaxShortLoopTrips = 16;
constexpr uint64_t MaxSteps = 4'000'000;
/// Blocks of up to this many threads (every block CUDA allows) carry each thread's
/// coordinates (ExactThreads).
constexpr int64_t MaxExactThreads = 1024;
constexpr unsigned MaxNesting = MaxWalkNesting;

// --- the block shape (BlockShapeModel.cpp) ---------------------------------------

struct ShapeModel {
  LaneValue Tid[3], BDim[3], Linear;
};

ShapeModel modelOf(const BlockShape &S);
std::array<int64_t, WarpLanes> lanesOf(int64_t (*F)(int64_t, int64_t), int64_t Arg);

// --- CUDA names (CudaNames.cpp) --------------------------------------------------

enum class GroupKind { None, Block, Tile, Grid, Cluster, Coalesced, Generic };
GroupKind groupKindOf(QualType T, int64_t &TileSize);
bool isBlockBarrierName(StringRef N);
bool isLaneIdName(StringRef N);
bool isWarpIdName(StringRef N);
/// Calls whose result differs per thread even with uniform arguments.
bool isPerThreadResult(StringRef N);
bool isSystemCode(const Decl *D, const SourceManager &SM);

// --- loops (LoopScan.cpp) --------------------------------------------------------

struct LoopInfo {
  const Stmt *Loop = nullptr;
  const Expr *Cond = nullptr;
  llvm::DenseMap<const VarDecl *, Growth> Grow;
  llvm::DenseSet<const VarDecl *> Modified;
  llvm::DenseMap<const VarDecl *, const Expr *> Step; // v += e; null for ++/--
  /// v <<= 1, v *= 2, v >>= 1, v /= 2 (the loop's only update of v): the
  /// factor by which v changes each trip (2 for all four); 0 when v has other
  /// updates.
  llvm::DenseMap<const VarDecl *, int64_t> Factor;
  /// How many expressions of the loop update each variable.
  llvm::DenseMap<const VarDecl *, unsigned> Updates;
  /// In the walk now recording it: no thread takes a second trip (`for (t = tid; t < 340; t +=
  /// 384)` in blocks of 384), so it is no loop for what bounds an access's time.
  bool OneTrip = false;
};

/// Adds to \p Info what \p S updates (variables modified, how they grow, their steps).
void scanLoop(LoopInfo &Info, const Stmt *S, ASTContext &Ctx);
const VarDecl *refVar(const Expr *E);
bool references(const Expr *E, const llvm::DenseSet<const VarDecl *> &Vars);
/// Appends to \p Out, once each, the variables of \p Vars that \p E reads.
void referencedVars(const Expr *E, const llvm::DenseSet<const VarDecl *> &Vars,
                    llvm::SmallVectorImpl<const VarDecl *> &Out);
/// Whether evaluating \p E has effects beyond computing a value (stores,
/// calls other than cheap math).
bool hasEffects(const Expr *E, const ASTContext &Ctx);

// --- the walker ---------------------------------------------------------------------

/// Where Walker::storesGlobal reads a function's body: how many calls deep, whether `this` is
/// an object of the thread's own, and which reference parameters are bound to one.
struct StoreScope {
  unsigned Depth = 0;
  bool ThisLocal = false;
  llvm::SmallVector<const VarDecl *, 4> LocalRefs;
};

struct ExitMark {
  enum Kind : uint8_t { Return, Break, Continue } K = Return;
  const Stmt *Exit = nullptr;
  const Stmt *Target = nullptr; // the loop / switch of a break or continue
  unsigned Frame = 0;
  const Expr *Cond = nullptr;
  std::shared_ptr<const CondClass> Class;
  bool WhenFalse = false; // taken by the threads for which Cond is false
  bool operator==(const ExitMark &O) const { return Exit == O.Exit && Frame == O.Frame; }
};

/// A variable's value in a State: shared, never changed in place, so that
/// copying a state (at every branch) copies pointers, not 300-byte values.
class SharedLane {
public:
  SharedLane() = default;
  SharedLane(const LaneValue &V) : P(new Node(V)) {}
  SharedLane &operator=(const LaneValue &V) {
    P = new Node(V);
    return *this;
  }
  const LaneValue &get() const { return P ? P->V : unknown(); }
  operator const LaneValue &() const { return get(); }
  const LaneValue *operator->() const { return &get(); }
  bool operator==(const SharedLane &O) const { return P == O.P || get() == O.get(); }
  bool operator!=(const SharedLane &O) const { return !(*this == O); }

private:
  // One walk runs on one thread: the count need not be atomic.
  struct Node : llvm::RefCountedBase<Node> {
    explicit Node(const LaneValue &V) : V(V) {}
    LaneValue V;
  };
  static const LaneValue &unknown() {
    static const LaneValue U;
    return U;
  }
  llvm::IntrusiveRefCntPtr<Node> P; // null: LaneValue()
};

struct State {
  // Moves do not throw (DenseMap's do not, though not declared so): without
  // noexcept, every std::vector<State> reallocation copies each state's map.
  State() = default;
  State(const State &) = default;
  State(State &&) noexcept = default;
  State &operator=(const State &) = default;
  State &operator=(State &&) noexcept = default;

  llvm::DenseMap<const ValueDecl *, SharedLane> Vars;
  llvm::SmallVector<ExitMark, 2> Exits; // some threads left this path earlier
  bool Dead = false;
  ExitMark DeadBy; // why the path ended, when Dead

  void addExit(const ExitMark &M) {
    if (!llvm::is_contained(Exits, M))
      Exits.push_back(M);
  }
};

struct Control {
  const Expr *Cond;
  std::shared_ptr<const CondClass> Class;
  const Stmt *S;
  bool Loop;
  unsigned Frame;
  bool WhenFalse; // this path runs where Cond is false (else arm)
  SharedExact Exact; // the condition's value in each thread, where known exactly
};

struct Frame {
  Frame() = default;
  Frame(const Frame &) = default;
  Frame(Frame &&) noexcept = default;
  Frame &operator=(const Frame &) = default;
  Frame &operator=(Frame &&) noexcept = default;

  const FunctionDecl *FD = nullptr;
  const Expr *Call = nullptr; // the call that entered this frame
  std::optional<LaneValue> Ret;
  std::vector<State> Returns;
  llvm::DenseMap<const ValueDecl *, const ValueDecl *> Alias;    // reference parameters
  llvm::DenseMap<const ValueDecl *, const ValueDecl *> PtrAlias; // T *p = &local
  /// thread_group variables and parameters (a type that hides the group's
  /// kind) that hold a known group: `thread_group g = this_thread_block()`,
  /// `auto t = tiled_partition(block, 16)`, a parameter bound to either. A
  /// thread_group cannot be assigned another group (its operator= is
  /// protected), so what it was made from holds for its whole life.
  llvm::DenseMap<const ValueDecl *, std::pair<GroupKind, int64_t>> Groups;
  /// Pointer parameters bound to a kernel's pointer parameter (global memory),
  /// in the same element units, with that pointer's Address::Origin.
  llvm::DenseSet<const ValueDecl *> GlobalPtrs;
  llvm::DenseMap<const ValueDecl *, const ValueDecl *> GlobalOrigins;
  /// Pointer parameters' values when bound: the address they hold (the
  /// parameter's own value also takes in what is stored through it).
  llvm::DenseMap<const ValueDecl *, LaneValue> PtrArgs;
  /// A member function called on a kernel's by-value struct parameter (or from
  /// one): the pointer fields of `this` point to global memory.
  bool ThisGlobal = false;
  /// By-value struct parameters bound to a kernel's by-value struct parameter (or to one
  /// such parameter of the caller): their pointer fields point to global memory
  /// (nvdiffrast's `RasterizeGradKernelTemplate<ENABLE_DB>(p)`).
  llvm::DenseSet<const ValueDecl *> GlobalStructs;
  /// A member function called on an object the walk built (Walker::Objects): its key. The
  /// frame of that object's constructor has Constructing set: assignments to fields bind them.
  const void *ThisObj = nullptr;
  bool Constructing = false;
  llvm::SmallVector<const FieldDecl *, 2> Assigned; // fields the constructor's body assigned
};

struct Target {
  const Stmt *S;
  bool IsLoop;
  size_t ControlBase;
  std::vector<State> Breaks, Continues;
  const State *SwitchEntry = nullptr;
};

/// A loop's fixed point (Walker::loop), kept with everything its computation
/// read, for the next time the walk enters that loop alike: the recorded pass
/// of an outer loop enters each inner loop in the state of the outer loop's
/// last trip, so without it nested loops cost (MaxLoopIterations + 1) walks of
/// their body per level.
struct LoopMemo {
  struct FrameKey {
    const FunctionDecl *FD;
    const Expr *Call;
    llvm::DenseMap<const ValueDecl *, const ValueDecl *> Alias, PtrAlias;
    llvm::DenseMap<const ValueDecl *, std::pair<GroupKind, int64_t>> Groups;
  };
  struct TargetKey {
    const Stmt *S;
    bool IsLoop;
    size_t ControlBase;
    const State *SwitchEntry;
  };
  // The context: what the loop's trips read besides the state.
  std::vector<FrameKey> Frames;
  std::vector<Control> Controls;
  std::vector<TargetKey> Targets;
  std::vector<const LoopInfo *> LoopStack;
  std::vector<llvm::DenseMap<const VarDecl *, int64_t>> LoopEntry;
  unsigned CondDepth = 0, Nesting = 0;
  bool OnlyLaneSplits = false, SymMode = false;
  std::vector<std::string> Trips;
  State Entry;
  // The result: the state at the loop head, the condition's class (for a
  // do-while), and the steps its trips took from the budget.
  State Head;
  CondClass C;
  uint64_t Steps = 0;
  bool EntryOnly = false; // no thread takes a second trip (Walker::fixedPoint)
};

class Walker {
public:
  Walker(ASTContext &Ctx, const BlockShape &Shape, const FunctionDecl *Root,
         std::vector<BranchEvent> &Branches, std::vector<BarrierEvent> &Barriers,
         std::vector<AccessEvent> &Accesses, llvm::DenseSet<const FunctionDecl *> &Reached,
         llvm::DenseMap<const Stmt *, std::unique_ptr<LoopInfo>> &Loops)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Shape(Shape), Model(modelOf(Shape)), Root(Root),
        Branches(Branches), Barriers(Barriers), Accesses(Accesses), Reached(Reached),
        LoopInfos(Loops) {}

  void run();
  /// Walks with these parameters of Root bound to their values (the values
  /// every launch passes), recording only lane splits, each with a note of
  /// the values.
  void bindArgs(llvm::ArrayRef<std::pair<const ParmVarDecl *, int64_t>> Args);
  /// Branches recorded that a split warp would make a warning, but that the
  /// values known here leave a note (see Unsettled).
  unsigned unsettled() const { return Unsettled; }
  /// Accesses met whose lanes' stride is a uniform value not known here
  /// (`p[tid * stride]`): the values every launch passes may know it.
  unsigned unknownStrides() const { return UnknownStrides; }
  /// Walks only the callee of \p CE, a call written in Root (a function the
  /// walk skips because compile errors left holes in it): the arguments are
  /// evaluated with nothing known of Root's locals (uniform), so only what
  /// the call's own text says about the thread reaches the callee
  /// (`findMax(s, threadIdx.x, blockDim.x)`).
  void runCall(const CallExpr *CE);
  /// The walk stopped at MaxNesting: its events are incomplete.
  bool tooDeep() const { return TooDeep; }
  /// The walk read threadIdx.y/z or blockDim.y/z (or a block group's y/z
  /// index or size): the function may run with blocks of several rows.
  bool readsRows() const { return ReadsRows; }

private:
  /// Counts the nesting of stmt()/expr() (they recurse into each other); past
  /// MaxNesting the walk stops, as when the step budget runs out.
  struct NestingGuard {
    Walker &W;
    explicit NestingGuard(Walker &W) : W(W) {
      if (++W.Nesting > MaxNesting)
        W.TooDeep = W.Exhausted = true;
    }
    ~NestingGuard() { --W.Nesting; }
  };
  // --- helpers -----------------------------------------------------------------------
  bool budget() {
    if (++Steps > MaxSteps)
      Exhausted = true;
    return !Exhausted;
  }

  LaneValue paramValue(const ParmVarDecl *P) {
    LaneValue V;
    V.NonNeg = P->getType()->isUnsignedIntegerType();
    return V;
  }

  std::optional<int64_t> constantOf(const Expr *E) {
    if (E->isValueDependent() || E->isTypeDependent() || !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue(); // none when it needs more than 64 bits
    return std::nullopt;
  }

  const ValueDecl *resolve(const ValueDecl *D) const {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      auto A = It->Alias.find(D);
      if (A != It->Alias.end())
        D = A->second;
    }
    return D;
  }

  /// The local variable an lvalue names, if it is tracked.
  const ValueDecl *trackedVar(const Expr *E);

  /// The innermost thread-dependent control of \p Frame above \p From, as an exit mark.
  ExitMark exitMark(ExitMark::Kind K, const Stmt *Exit, const Stmt *Target, size_t From) const;

  void pushControl(const Expr *Cond, const CondClass &C, const Stmt *St, bool Loop,
                   bool WhenFalse = false, SharedExact Exact = nullptr) {
    Controls.push_back({Cond, std::make_shared<const CondClass>(C), St, Loop,
                        static_cast<unsigned>(Frames.size() - 1), WhenFalse, std::move(Exact)});
  }

  // --- state merges ---------------------------------------------------------------------
  static State mergePlain(const State &A, const State &B);

  /// The state after the two arms of a branch on \p C. Where \p CondValue, the condition's
  /// value, is known in each thread (ExactThreads), a variable the arms leave known in each
  /// thread (or constant) keeps each thread's value: the one of the arm it took
  /// (`if (tx < 6) i = 64 * tx;`).
  State mergeBranches(State Then, State Else, const CondClass &C, const Expr *Cond,
                      const LaneValue *CondValue = nullptr);

  static bool sameState(const State &A, const State &B);

  /// A flag set to a lane split in one iteration keeps that split at the loop
  /// head (\p Head merges \p Entry and the back edge \p Back).
  static void carryFlags(State &Head, const State &Entry, const State &Back);

  // --- events ------------------------------------------------------------------------------
  /// Whether at most one lane of each warp walks the current path: under a
  /// branch side, or after an exit, that leaves one lane (CondClass::MaxTrue).
  bool oneLanePath() const;
  /// Whether only the warps at an edge of the data take this path: it lies on the small side
  /// of a tail guard that splits one warp (no whole warp on it), or on the side of the first
  /// lanes, at most a quarter of them, of a split in the warp whose values start at 0 (`x_4 >=
  /// 4 && x_4 + 7 < w` false, x_4 the grid-wide index: libSGM's border fallback); every other
  /// warp takes the other side whole.
  bool edgeOnlyPath() const;
  /// Whether the conditions on this path hold a value of the lanes within a window narrower
  /// than its step from lane to lane, so that at most one lane of a warp takes it: `k < n` and
  /// not `k + 3 < n`, k = 4 * threadIdx.x + ... (a vectorised loop's scalar tail, pointnet2's
  /// cumsum). The value and the bound are the same expressions in each condition, and nothing
  /// on the path changes what they name.
  bool oneLaneWindow();
  /// Whether the path runs under a guard of the innermost loop whose lanes the joined walk
  /// does not know (`if (threadIdx.x >= d)` in a `d *= 2` scan), which that loop's trips are
  /// walked again to settle: an access there is left to them (a bound the loop moves is named
  /// in GrowingVars, which makes the loop walk them).
  /// \p ExactThreadsOf (a block's thread count, 0: none): conditions known in each of that
  /// many threads (knownInEachThread) settle nothing that the trips would.
  bool leftToLoopTrips(size_t ExactThreadsOf = 0);
  /// The threads of a block of \p N on this path: each condition around it whose value in every
  /// thread is known leaves its side's threads (one known from above, `x <= 32 && gx < n`, its
  /// true side's at most); one not known leaves them all, as pathLanes does.
  std::vector<bool> threadsOnPath(size_t N) const;
  /// The warps of a block of known shape with a thread on the path (threadsOnPath;
  /// AccessEvent::WarpsOnPath); 0 when the shape is not known.
  unsigned warpsOnPath() const;
  /// Whether \p C's value is known in each of \p N threads (a block's, or the blocks of
  /// ExactThreads::Worlds, where a value of one block holds in each), so that the threads on
  /// its side of the branch are (ExactThreads; one known from above, on its true side only).
  static bool knownInEachThread(const Control &C, size_t N) {
    return C.Exact && C.Exact->RAlign == 0 && !C.Exact->V.empty() &&
           (C.Exact->V.size() == N || (C.Exact->Worlds == 1 && N % C.Exact->V.size() == 0)) &&
           !(C.Exact->AtMost && C.WhenFalse);
  }

  void recordBranch(BranchEvent::Form F, const Stmt *St, const Expr *Cond, const CondClass &C,
                    std::optional<int64_t> Constant = std::nullopt);

  void barrier(const CallExpr *Call, std::string Name);

  // --- conditions --------------------------------------------------------------------------
  CondClass condition(const Expr *Cond, LaneValue &V) {
    ++CondDepth;
    V = expr(Cond);
    --CondDepth;
    return lane::truthOf(V, Cond);
  }

  /// `c & x == k` (a comparison as an operand of a bit operation, unparenthesised)
  /// that folds to a constant although x is thread-dependent.
  bool precedenceConstant(const Expr *Cond);

  /// Shrinking thresholds whose loop stops while whole warps are active
  /// (`for (s = blockDim.x / 2; s > 32; s >>= 1) if (tid < s)`) are warp-uniform
  /// for power-of-two block sizes.
  void protectShrinking(CondClass &C);

  /// A threshold on the thread index whose loop bound steps through values
  /// known from its start (`for (offset = 16; offset > 0; offset >>= 1)`,
  /// `for (stride = 1; stride < blockDim.x; stride <<= 1)`) and that splits
  /// the same single warp for every one of them: a warp-synchronous finish of
  /// a reduction, or a Kogge-Stone step whose idle threads are the first
  /// `stride` of the block. \p Op compares \p L with \p R as written in \p B.
  void boundedThreshold(CondClass &C, const BinaryOperator *B, const LaneValue &L,
                        const LaneValue &R);

  /// Loop conditions: a bound or start that differs between lanes gives each
  /// lane its own trip count.
  void refineTripCount(const Expr *Cond, CondClass &C, const LoopInfo &Info);

  // --- statements --------------------------------------------------------------------------
  void stmt(const Stmt *St);

  void declare(const VarDecl *VD);

  void ifStmt(const IfStmt *If);

  void switchStmt(const SwitchStmt *Sw);

  void returnStmt(const ReturnStmt *R);

  void jump(const Stmt *St, bool IsBreak);

  void asmStmt(const GCCAsmStmt *A);

  // --- loops -----------------------------------------------------------------------------------
  LoopInfo &loopInfo(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body);

  /// One trip through the loop from the current state: condition (for loops
  /// that test first), body, increment. Returns the state at the back edge.
  State iterate(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body, bool TestFirst,
                const LoopInfo &Info, CondClass &C, std::vector<State> &Breaks);

  void loop(const Stmt *L, const Stmt *Init, const Expr *Cond, const Stmt *Inc, const Stmt *Body,
            bool TestFirst);
  /// The trips of \p L, unrecorded, from \p Entry to the fixed point \p Head.
  void fixedPoint(const Stmt *L, const Expr *LoopCond, const Stmt *Inc, const Stmt *Body,
                  bool TestFirst, const LoopInfo &Info, const State &Entry, State &Head,
                  CondClass &C, std::vector<State> &Breaks, bool &EntryOnly);
  /// The fixed point of \p L kept from an entry identical to this one (state
  /// and context, see LoopMemo) whose steps still fit in the budget.
  const LoopMemo *findLoopMemo(const Stmt *L, const State &Entry) const;
  /// Keeps the fixed point \p Head of \p L entered from \p Entry, computed in
  /// \p Steps steps, unless its trips ran out of budget or ran under a
  /// leader-per-group watch. loop() calls it only when the trips left nothing
  /// in the frame (a return, a thread_group declared).
  void keepLoopMemo(const Stmt *L, State Entry, const State &Head, const CondClass &C,
                    uint64_t Steps, bool EntryOnly);
  bool sameContext(const LoopMemo &M) const;
  llvm::DenseMap<const Stmt *, llvm::SmallVector<LoopMemo, 2>> LoopMemos;
  /// Walks the first trips of a loop again one by one from \p Entry, while its
  /// condition is a known true, recording only lane splits (see loop()); with \p Unbounded,
  /// also the first MaxUnboundedAccessTrips while it is the same in every thread but not known.
  /// Returns whether it walked every trip (the condition became false).
  bool walkTrips(const Stmt *L, const Stmt *Init, const Expr *Cond, const Stmt *Inc,
                 const Stmt *Body, const LoopInfo &Info, State Entry,
                 unsigned MaxTrips = MaxTripsWalked, bool Unbounded = false);
  /// Walks the last trip of a counted loop again from its head state \p Head,
  /// with the counter's last value (`v < B` stepped by one: B - 1, in terms of B
  /// where B is not known; halved while `v > 0`: 1), recording only lane splits.
  /// A bitonic network's `(tid / half) % 2` splits every warp only in the last
  /// trips, where half is 1 whatever the runtime depth.
  void walkLastTrip(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body,
                    const LoopInfo &Info, State Head);
  /// Under SymMode, values that name \p D's value (LaneValue::SymVar) do not
  /// hold once \p D is written: they become unknown.
  void forgetSymbol(const ValueDecl *D);
  /// "n - 1" for a symbolic value, "5" for a constant; empty otherwise.
  static std::string valueText(const LaneValue &V);

  // --- expressions -------------------------------------------------------------------------
  void assign(const Expr *LHS, const LaneValue &V, bool Weak = false);

  LaneValue unsignedFix(LaneValue V, QualType T) {
    if (V.K == LaneValue::Uniform && !V.Const && T->isUnsignedIntegerType())
      V.NonNeg = true;
    return V;
  }

  /// Component \p Axis (0-2) of the built-in variable \p Var (`threadIdx`, ...).
  LaneValue builtinComponent(llvm::StringRef Var, int Axis);
  /// The built-in variable whose whole value \p E is: `threadIdx` converted to a `dim3`, a
  /// local copy never changed (`dim3 t = threadIdx;`), a call of a function or lambda that
  /// only returns one (cuSZ's `auto t = [&]() -> dim3 { return threadIdx; };`). Empty if none.
  llvm::StringRef builtinCopyOf(const Expr *E, unsigned Depth = 0);
  LaneValue builtinVar(const MSPropertyRefExpr *P);

  LaneValue expr(const Expr *E);
  /// The value of \p E where the walk stands, leaving the state as it is and
  /// recording nothing.
  LaneValue peek(const Expr *E);

  LaneValue castValue(const CastExpr *CE);

  LaneValue declRef(const DeclRefExpr *DRE);

  void annotateGrowth(LaneValue &V, const VarDecl *VD);

  LaneValue member(const MemberExpr *ME);

  LaneValue subscript(const ArraySubscriptExpr *AS);
  /// The value \p Load reads from memory at \p Base + \p Index (thread-dependent).
  LaneValue loaded(const Expr *Load, const LaneValue &Base,
                   const LaneValue &Index = LaneValue()) const;
  /// The address pointer \p E (of value \p V) holds: a pointer parameter's
  /// argument when the function never moves it, else \p V.
  LaneValue addressValue(const Expr *E, const LaneValue &V);

  LaneValue unary(const UnaryOperator *U);

  // --- memory accesses (WalkAccesses.cpp) --------------------------------------------------
  /// The space of the memory \p Base (a subscript's base, as written) points
  /// into: a kernel's pointer parameter (or one bound to it), a __shared__ array.
  std::optional<AccessEvent::Space> spaceOf(const Expr *Base, const ValueDecl *&D) const;
  /// Computes the byte address of subscript \p AS (index value \p I, base value
  /// \p B) for LastAddr, and records it as an access when it reads or writes an
  /// element that is not an array.
  void noteSubscript(const ArraySubscriptExpr *AS, const LaneValue &I, const LaneValue &B,
                     bool Store);
  /// `a[i].f`: the access is the field, not the whole element.
  void noteMember(const MemberExpr *ME, bool Store);
  void recordAccess(const Expr *E, bool Store);
  /// Whether loop condition \p Cond is false in every thread in state \p At (swapped in for
  /// the walk's state while the condition is evaluated, then back: \p At is not S).
  bool leavesEveryThread(const Expr *Cond, State &At);
  /// A shared access at an address known in each thread (ExactThreads) but not in the Lane
  /// form: the worst warp's lanes, with the threads the conditions around it leave. False when
  /// it cannot be judged so.
  bool recordExactAccess(const Expr *E, bool Store, const ExactThreads &X);
  /// Records \p E with the lanes \p Reach (AccessEvent::Warps: \p Warps).
  void pushAccess(const Expr *E, bool Store, LaneValue Reach, std::string Warps = {});
  /// A reference parameter that its function only reinterprets as another type (gsplat's
  /// `AssignAs<uint2>(dst, conics[i * 4])`: `reinterpret_cast<const T &>(v)`): the place
  /// bound to it is read (or, Store, written) as that type, not its own.
  struct Pun {
    QualType Type;
    bool Store = false;
  };
  std::optional<Pun> punnedParam(const ParmVarDecl *P, const FunctionDecl *Def);
  llvm::DenseMap<const ParmVarDecl *, std::optional<Pun>> PunMemo;
  /// The arguments being walked that are bound to such parameters (walkArgs).
  llvm::DenseMap<const Expr *, Pun> PunnedArgs;
  /// The type access \p E reads or writes (AccessEvent::Type).
  QualType accessType(const Expr *E) const;
  /// Marks the pointer parameters of \p F bound to global pointers by call \p CE.
  void noteGlobalArgs(Frame &F, llvm::ArrayRef<const Expr *> ArgEs, const FunctionDecl *Def);
  /// The pointer a kernel's pointer parameter \p D is, or that a parameter bound to one was
  /// bound to through the calls (Frame::GlobalOrigins).
  const ValueDecl *originOf(const ValueDecl *D) const;
  /// \p F was entered by a call through a function pointer (one of its targets, walked in
  /// turn): its parameters are not the caller's pointers for Origin.
  static bool indirectCall(const Frame &F);
  /// The address of the last subscript or member expression walked.
  struct Address {
    const Expr *E = nullptr;
    const ValueDecl *Base = nullptr;
    AccessEvent::Space Sp = AccessEvent::Space::Global;
    LaneValue Bytes;
    /// Bytes is the value of E (a pointer: `p + i`), not the place E names (`a[i]`).
    bool IsValue = false;
    /// Known on one side of a block-uniform branch only (Stepped::Arm).
    const std::string *Arm = nullptr;
    /// The pointer E names (the declaration of `p` in `p[i]`, `p->x`, `*p`), and what its value
    /// is in every frame: the kernel's parameter, the local it was set from once (PtrVars),
    /// the argument a parameter was bound to, through calls (AccessEvent::Origin). Null after
    /// pointer arithmetic.
    const ValueDecl *Named = nullptr;
    const ValueDecl *Origin = nullptr;
  };
  std::optional<Address> LastAddr;
  /// Takes back the access just recorded for \p E (the whole element of `p[i]`, when what is
  /// accessed turns out to be one field of it, or nothing: a reference bound, a place returned).
  void dropRecorded(const Expr *E) {
    if (LastRecorded == E && !Accesses.empty() && Accesses.back().Access == E)
      Accesses.pop_back();
  }
  /// The place the function being inlined returns a reference to (an accessor lambda's
  /// `return buf[t().y + dy][t().x + dx];`): the caller reads or writes it, at the call.
  /// ReturnsOther: a return that names no known place, or a second one.
  std::optional<Address> ReturnedPlace;
  bool ReturnsOther = false;
  /// The object a member function being inlined was called on, where it lies in memory
  /// (`blockpos[i][1]`, `p[i].get(1)`: element i of a global array), with the depth of its
  /// frame: `this->data[k]` in its body is a place in that element. PendingThis: the object of
  /// the call about to be inlined.
  struct ThisPlace {
    size_t Depth;
    Address A;
  };
  llvm::SmallVector<ThisPlace, 2> ThisPlaces;
  /// The place of the object of the member function being walked, if it lies in memory.
  const Address *thisPlace() const {
    return !ThisPlaces.empty() && ThisPlaces.back().Depth == Frames.size() ? &ThisPlaces.back().A
                                                                           : nullptr;
  }
  /// Where a call's object lies, and the index of the access of the whole object that walking
  /// it recorded (taken back when the body is inlined: it names the fields it uses).
  struct ObjectPlace {
    std::optional<Address> A;
    std::optional<size_t> Record;
  };
  ObjectPlace PendingThis; // set by call() just before inlineCall, which takes it
  /// Walks the object of member call \p CE when it is an element in memory (`p[i].f()`,
  /// `p->f()`, `p[i][k]` through an operator; an operator's object always, as its first
  /// argument) and puts its place in \p Out; the object's value.
  LaneValue objectPlace(const CallExpr *CE, ObjectPlace &Out);
  /// A call of a function returning a reference, whose place the walk just followed
  /// (LastAddr is that place).
  bool placeOfCall(const Expr *E) const {
    return isa<CallExpr>(E) && LastAddr && LastAddr->E == E && !LastAddr->IsValue;
  }
  // --- objects the walk built (WalkObjects.cpp) ---------------------------------------------
  /// What a field of an object holds: its value and, for a pointer, its address.
  struct FieldBinding {
    LaneValue V;
    std::optional<Address> A;
  };
  using ObjectFields = llvm::SmallDenseMap<const FieldDecl *, FieldBinding, 4>;
  /// The fields of objects of a class with a pointer field, or of a project's class with a
  /// scalar field, that the walk saw made: a temporary (keyed by its CXXConstructExpr), an
  /// aggregate (its InitListExpr), a local or a by-value parameter (its VarDecl), set by a user
  /// constructor's member initialisers and body or by the init list. `Pitched<T>(ptr,
  /// pitch).at(x, y)` thus keeps `(T *)(bytes_ + y * pitch_)`, and `BlockInfo binfo(params,
  /// bidb, tidx)` a field that does not read `tidx`.
  /// A field assigned after construction, an object assigned whole or passed on by address,
  /// forgets what it knew.
  llvm::DenseMap<const void *, ObjectFields> Objects;
  /// A constructor call: its arguments walked, the fields of the object bound.
  LaneValue construct(const CXXConstructExpr *CCE);
  /// An aggregate's init list: the fields bound in order.
  LaneValue aggregate(const InitListExpr *IL);
  /// The key of the object \p E names (this, a local, a temporary just made), or null.
  const void *objectKey(const Expr *E) const;
  /// The binding of field \p ME (`this->f`, `obj.f`) of an object the walk built, or null.
  const FieldBinding *boundField(const MemberExpr *ME) const;
  /// \p LHS is assigned: the field or the whole object it names forgets its binding; in the
  /// object's constructor, `f = RHS` binds \p V and RHS's address.
  void objectWritten(const Expr *LHS, const Expr *RHS = nullptr, const LaneValue *V = nullptr);
  /// Variable \p D (a local, a by-value parameter) is initialised by \p Init: it takes the
  /// fields of the object Init made or copied.
  void bindObject(const ValueDecl *D, const Expr *Init);

  /// The address \p E (a pointer, already walked) holds: a global pointer
  /// parameter, a __shared__ array, a pointer field of a by-value kernel
  /// parameter, a local pointer never moved (PtrVars), or the pointer
  /// arithmetic and pointer casts just walked (LastAddr).
  std::optional<Address> addressOf(const Expr *E);
  /// `p + i`, `i + p`, `p - i` of a pointer \p PtrE whose address \p A is known.
  void notePointerArith(const BinaryOperator *B, const Address &A, const LaneValue &I);
  /// A struct parameter of a kernel, taken by value (its pointer fields point to global memory).
  bool kernelStructParam(const ValueDecl *D) const;
  /// `*(p + i)`: the element \p U reads or writes.
  void noteDeref(const UnaryOperator *U, bool Store);
  /// A local pointer variable initialised to a known address and never
  /// changed afterwards (`const float *row = in + r * COLS`).
  /// A pointer the function steps (SteppedPtrs) returns the value it starts with.
  std::optional<LaneValue> notePointerVar(const VarDecl *VD);
  llvm::DenseMap<const ValueDecl *, Address> PtrVars;
  /// A reference to a struct whose place is known (`Node &lower = nodes[index]`, in PtrVars):
  /// its fields are read and written where they are named.
  bool namesPlace(const ValueDecl *D) const {
    return D && D->getType()->isReferenceType() && PtrVars.count(D);
  }
  llvm::DenseMap<const VarDecl *, bool> VarMoved;
  /// Local structs the function only reads (onlyReadsStruct), for builtinCopyOf.
  llvm::DenseMap<const VarDecl *, bool> StructOnlyRead;
  /// Local arrays the function only reads (onlyReadsArray): their initializers' constants.
  llvm::DenseMap<const VarDecl *, bool> ArrayOnlyRead;
  /// Element \p Index of local array \p D when it is a constant of its initializer that nothing
  /// changes (`bool reverse[3] = {false, false, false}; if (reverse[2])`).
  std::optional<int64_t> constantElement(const ValueDecl *D, int64_t Index);
  /// A pointer the function moves only through its own elements (`images +=
  /// blockIdx.y * stride + threadIdx.x`, `p += 32` in a loop; onlyStepsPointer):
  /// its value, which the walk keeps in elements, is its address. The space it
  /// points into and its element size; none when it is not such a pointer.
  struct Stepped {
    std::optional<AccessEvent::Space> Sp; // none: a local not yet set
    int64_t Elt;
    /// Its value is the address one side of a block-uniform branch set (`p = &a[id << 4]`
    /// where `table == NULL`), the other side's not being known (keepKnownArm): the
    /// path's description for the findings (ArmTexts), else null.
    const std::string *Arm = nullptr;
    /// The pointer whose value it was bound to or set from (Address::Origin); null: itself.
    const ValueDecl *Origin = nullptr;
  };
  llvm::DenseMap<const ValueDecl *, std::optional<Stepped>> SteppedPtrs;
  /// `p += n`, `++p` of a pointer followed through its value: no longer the pointer it was
  /// bound to or set from (Stepped::Origin).
  void steppedMoved(const Expr *E);
  std::vector<std::unique_ptr<std::string>> ArmTexts;
  /// `V = RHS` (\p V its value) of a pointer followed through its value: the value counts
  /// from the address RHS holds; an address not known makes a lane-varying value opaque. None
  /// when \p LHS is not such a pointer.
  std::optional<LaneValue> pointerSet(const Expr *LHS, const Expr *RHS, const LaneValue &V);
  /// At the merge of a block-uniform branch (\p Cond): a followed pointer whose address one
  /// side knows (\p Then) and the other does not (\p Else) keeps the known one, as each
  /// block takes one side; its findings say on which path. None otherwise.
  std::optional<LaneValue> keepKnownArm(const ValueDecl *D, const LaneValue &Then,
                                        const LaneValue &Else, const Expr *Cond);
  /// \p D's entry of SteppedPtrs (computed for a kernel's pointer parameter), or null.
  const Stepped *stepped(const ValueDecl *D);
  /// onlyStepsPointer over the body of \p D's function, once per variable (a local is
  /// declared again in each trip of a fixed point, a callee's parameter bound at each call).
  bool onlySteps(const ValueDecl *D);
  llvm::DenseMap<const ValueDecl *, bool> StepsOnly;
  /// The size of what pointer type \p T points to, when it has one.
  std::optional<int64_t> sizeOfPointee(QualType T) const;
  std::optional<int64_t> sizeOfType(QualType T) const;
  /// Byte offset \p Bytes as a number of \p Elt-byte elements, when it is a whole number
  /// in every lane (the value a stepped pointer starts from).
  static std::optional<LaneValue> elementsFrom(const LaneValue &Bytes, int64_t Elt);
  /// The address of stepped pointer \p DRE (the bytes its value counts from
  /// where it started, which only the lanes' pattern of is used), for \p E.
  std::optional<Address> steppedAddress(const DeclRefExpr *DRE, const Expr *E);
  /// The access recorded last (an element of struct type, replaced by its field).
  const Expr *LastRecorded = nullptr;
  /// Under `&a[i]` and similar: an address computed, nothing read.
  unsigned AddrOnly = 0;
  /// The loop variables of accesses met whose lane factor changes with a loop
  /// (s[2 * stride * tid]): that loop's first trips are walked one by one
  /// (walkTrips) for the pattern of each.
  std::vector<const VarDecl *> GrowingVars;
  /// Whether a loop's body accesses memory through a pointer (touchesGlobal).
  llvm::DenseMap<const Stmt *, bool> LoopGlobal;
  bool touchesGlobal(const Stmt *St) const;
  /// Whether the address of \p Access (in the innermost frame) is the same on every trip of
  /// \p Loop (of this frame or a caller's): every variable it reads is one the loop leaves
  /// alone, or a parameter whose argument is (LoopInvariance.cpp).
  bool sameEveryTrip(const Expr *Access, const Stmt *Loop) const;
  bool sameEveryTrip(const Expr *X, size_t F, size_t LoopFrame, const Stmt *Loop,
                     unsigned Depth) const;
  /// Whether \p S (or a function it calls) may store to global memory (LoopInvariance.cpp).
  bool storesGlobal(const Stmt *S, const StoreScope &Scope = StoreScope()) const;
  llvm::DenseMap<const Stmt *, bool> LoopStores;
  /// Whether pointer \p E is computed from a __shared__ array, the thread's own array, or a
  /// pointer the walk knows points into one (touchesGlobal: its accesses are not global memory).
  bool localOrSharedPointer(const Expr *E, unsigned Depth = 0) const;
  /// Whether \p B is `n >> (K + n)` with n >= 0 (\p L its value) and K >= 0: 0 in every thread.
  bool shiftsItselfOut(const BinaryOperator *B, const LaneValue &L) const;
  /// `for (int i = C0; i < C1; ++i)` of at most MaxShortLoopTrips trips.
  bool shortCountedLoop(const Stmt *L) const;
  /// The lanes of a warp that can be on the current path, from the enclosing
  /// thread-dependent branches (of this function and its callers) whose lanes
  /// are known: a lane mask the same in every warp (`lane < 16`), or the side of
  /// a bound that holds no whole warp (`threadIdx.x < 16` in a block of 64: the
  /// first warp's lanes 0-15 only). AllLanes when none narrows it. With \p Loops, the
  /// conditions of the enclosing loops too (`i < s / 2` of a tree's level).
  uint32_t pathLanes(bool Loops = false) const;
  /// walkTrips for such accesses alone: no branch or barrier is recorded.
  bool AccessTripsOnly = false;
  /// In a trip walked although its loop's bound is not known (walkTrips' Unbounded): the
  /// Controls from this index on are the trip's own. A shared access under a thread-dependent
  /// one of them is not recorded: its lanes depend on the bound (a tree's `if (i <
  /// blockDim.x)` with no block size known), and so does its degree.
  std::optional<size_t> UnboundedControls;

  LaneValue arith(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B, QualType T) {
    if (!T->isIntegralOrEnumerationType() && !T->isPointerType())
      return lane::opaque({A, B});
    LaneValue R = unsignedFix(lane::binary(Op, A, B), T);
    if (!R.Exact && A.Exact && T->isUnsignedIntegerType())
      R.Exact = lane::exactUnsigned(Op, A, B, Ctx.getIntWidth(T));
    return lane::uniformIfExactSame(std::move(R));
  }

  LaneValue binary(const BinaryOperator *B);

  LaneValue logical(const BinaryOperator *B);

  LaneValue conditional(const AbstractConditionalOperator *CO);

  // --- calls ---------------------------------------------------------------------------------------
  LaneValue call(const CallExpr *CE);

  LaneValue opaqueCall(const CallExpr *CE, StringRef Name, llvm::ArrayRef<LaneValue> Args);

  /// A call through a table of functions at a lane-dependent index.
  void indirectCall(const CallExpr *CE);
  /// A call through a function pointer that is a parameter or a variable
  /// (ccminer's `testFunc(&inpHashes[id << 4])`): each device function whose
  /// address a __device__ or __constant__ variable of that type holds is walked
  /// from the same state, and the states and results merged. None when there is
  /// no such function, or more than four.
  std::optional<LaneValue> pointerCall(const CallExpr *CE);
  /// The device functions the file's __device__ / __constant__ function pointers
  /// (and tables of them) are initialised with; found once per walk.
  std::optional<std::vector<const FunctionDecl *>> PointerTargets;

  LaneValue rankOf(GroupKind K, int64_t TileSize);

  /// The kind of group \p E holds (and its tile size): its type's, or for a
  /// thread_group, what it was made from (Frame::Groups, tiled_partition).
  GroupKind groupOf(const Expr *E, int64_t &TileSize);
  /// Records in \p F what group thread_group \p D is made from (\p Init),
  /// when that is known; other variables are left alone.
  void noteGroup(Frame &F, const ValueDecl *D, const Expr *Init);

  /// The object of a member call (also of a static member called through an object).
  static const Expr *objectOf(const CallExpr *CE);

  LaneValue groupMember(const CallExpr *MC, const Expr *Obj, GroupKind K, int64_t TileSize,
                        StringRef M);

  const FunctionDecl *inlinable(const FunctionDecl *FD, const CallExpr *CE);

  /// \p ArgAddrs: the address each argument holds where the walk knows it (`&a[i]`,
  /// `in + off`), which a pointer parameter the callee only steps starts from.
  LaneValue inlineCall(const CallExpr *CE, const FunctionDecl *Def, llvm::ArrayRef<LaneValue> Args,
                       llvm::ArrayRef<std::optional<Address>> ArgAddrs = {});
  /// Binds \p Def's parameters to the arguments \p ArgEs, walked as \p Args (with the
  /// addresses \p ArgAddrs), in frame \p F.
  void bindParams(Frame &F, const FunctionDecl *Def, llvm::ArrayRef<const Expr *> ArgEs,
                  llvm::ArrayRef<LaneValue> Args, llvm::ArrayRef<std::optional<Address>> ArgAddrs);
  /// Walks \p Def's body in frame \p F, pushed for it, and merges its returns into the state:
  /// the frame as it ended, and in \p Place the place (or pointer) every return names.
  Frame walkFrame(Frame F, const FunctionDecl *Def, std::optional<Address> &Place);
  /// The arguments of \p CE walked, with the addresses they hold; an operator's object (its
  /// first argument) through objectPlace into \p Object where given.
  void walkArgs(const CallExpr *CE, llvm::SmallVectorImpl<LaneValue> &Args,
                llvm::SmallVectorImpl<std::optional<Address>> &Addrs,
                ObjectPlace *Object = nullptr);

  ASTContext &Ctx;
  const SourceManager &SM;
  const BlockShape &Shape;
  ShapeModel Model;
  const FunctionDecl *Root;
  std::vector<BranchEvent> &Branches;
  std::vector<BarrierEvent> &Barriers;
  std::vector<AccessEvent> &Accesses;
  llvm::DenseSet<const FunctionDecl *> &Reached;
  llvm::DenseMap<const Stmt *, std::unique_ptr<LoopInfo>> &LoopInfos; // stable addresses

  State S;
  std::vector<Control> Controls;
  std::vector<Frame> Frames;
  std::vector<Target *> Targets;
  std::vector<const LoopInfo *> LoopStack;
  /// Per entry of LoopStack: whether its condition is known true when the loop is entered, so
  /// that its first trips can be walked with their own values (Walker::walkTrips).
  std::vector<bool> EntryTripKnown;
  /// Stores watched in the arm of a leader-per-group `if` (BranchEvent::GroupStores).
  struct StoreWatch {
    unsigned Group = 0;
    bool Any = false, AllPerGroup = true;
  };
  std::vector<StoreWatch> Watches;
  /// A store to memory at index \p Index of a base of value \p Base (or, with
  /// no index, through a pointer): what the watches need.
  void noteStore(const LaneValue *Index, const LaneValue &Base);
  /// Whether the function of \p P assigns, steps or takes the address of it.
  bool pointerMoved(const ParmVarDecl *P);
  llvm::DenseMap<const ParmVarDecl *, bool> Moved;
  /// Per entry of LoopStack: the constants the variables it updates held when
  /// the loop was entered (`offset = 16`).
  std::vector<llvm::DenseMap<const VarDecl *, int64_t>> LoopEntry;
  bool Recording = true;
  /// Walking single trips of a loop (walkTrips) or with bound arguments: only
  /// lane splits of every warp are recorded.
  bool OnlyLaneSplits = false;
  /// Single trips are walked (walkTrips, walkLastTrip): a uniform variable
  /// read gets its symbolic value (LaneValue::SymVar) unless it has one, so that
  /// `1 << (depth - inner)` is 2 in the trip where inner = depth - 1.
  bool SymMode = false;
  /// The trips being walked (walkTrips), outer loops first: "col = 1".
  std::vector<std::string> Trips;
  /// bindArgs: Root's parameters with values, and "filter_size = 9".
  std::vector<std::pair<const ParmVarDecl *, int64_t>> BoundArgs;
  std::string BoundText;
  /// Branches recorded (or, under OnlyLaneSplits, met) that a split warp would
  /// make a warning and that the values of one trip might show to be one.
  unsigned Unsettled = 0;
  unsigned UnknownStrides = 0;
  unsigned CondDepth = 0;
  uint64_t Steps = 0;
  bool Exhausted = false;
  bool ReadsRows = false;
  unsigned Nesting = 0;
  bool TooDeep = false;
};

} // namespace walker
} // namespace cudalint

#endif
