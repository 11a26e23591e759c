//===- ThreadDependence.h - Thread-dependent branches and barriers --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Walks every kernel body (per template instantiation) in statement order,
// and templates that nothing here instantiates as written (the primary
// template: what depends on a template parameter is unknown, so only what
// holds for every instantiation is found),
// tracking the value of each local as a LaneValue (LaneValue.h): which values
// come from threadIdx, blockIdx, blockDim, gridDim, warpSize, lane-id
// intrinsics and cooperative-groups ranks, through assignments, compound
// assignments, casts, arithmetic, bit operations, merges of control flow and
// loops (iterated to a fixed point), and into __device__ functions called
// with them (their bodies are walked with the arguments' values). The block
// shape comes from the kernel's launch sites in the same translation unit;
// without one, blockDim.x is assumed to be a multiple of 32.
//
// It records every branch whose condition depends on the thread (if, loops,
// switch, and ?: / && / || whose arms have side effects) with its CondClass,
// and every block barrier (__syncthreads*, cooperative-groups block or grid
// sync) reached under such a condition or after some threads left the path
// (return, break, continue under a thread-dependent condition). The rules
// warp-divergent-branch and barrier-in-divergent-branch turn these into
// findings (through ThreadDependenceRule, rules/ThreadDependenceRule.h).
// The same walk records the loads and stores of global and shared memory whose
// address it knows per lane (AccessEvent), for uncoalesced-global-access and
// shared-memory-bank-conflict.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LANES_THREADDEPENDENCE_H
#define CUDALINT_RULES_ANALYSIS_LANES_THREADDEPENDENCE_H

#include "rules/analysis/Facts.h"
#include "rules/analysis/ValueEval.h"
#include "rules/analysis/lanes/LaneValue.h"

#include "clang/AST/Stmt.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Statements and expressions nested deeper than this (5,000 nested ifs; a
/// generated 2,000-term sum nests 2,000 deep) stop the walk of that function:
/// its divergence is not analysed (tooDeep()). The TU runs on a thread with a
/// large stack (analyzer/tu/TranslationUnit.cpp), so this depth stays far inside it.
constexpr unsigned MaxWalkNesting = 4000;

/// The trips of counted loop \p Loop (`for (int k = 0; k < 4; ++k)`, also
/// `for (k = 0; ...)`), 0 when it is not one; its counter in \p Counter. With \p Step, also a
/// counter stepped by a constant (`for (x = 0; x < 8; x += 4)`: 2 trips, *Step 4). A loop from
/// a start not known to at most K past it (`for (x = x4; x < min(x4 + 4, w); x++)`) counts K.
int64_t countedTrips(const clang::Stmt *Loop, const clang::ASTContext &Ctx,
                     const clang::ValueDecl **Counter = nullptr, int64_t *Step = nullptr);
/// The most trips counted loop \p Loop can run: countedTrips, also through a condition of two
/// tests (`i < 4 && i < n`: at most 4) and bounds in locals set once to a constant (warp-ctc's
/// `i < warps_per_block && i < num_cols`, `warps_per_block = NT / warp_size`). 0 when unknown.
int64_t tripsAtMost(const clang::Stmt *Loop, const clang::ASTContext &Ctx,
                    const clang::ValueDecl **Counter = nullptr, int64_t *Step = nullptr);

/// The pointer a subscript, a dereference or an arrow member reads through (`p` of `p[i]`, `*p`,
/// `p->x`), or null for other statements (WalkAccesses.cpp).
const clang::Expr *pointerOperand(const clang::Stmt *S);

/// Whether \p L lies within the source range of \p Outer, macros counted where they are
/// expanded (LoopInvariance.cpp).
bool stmtContains(const clang::Stmt *Outer, clang::SourceLocation L,
                  const clang::SourceManager &SM);

/// The block shape a kernel is analysed under.

struct BlockShape {
  std::optional<Dim3> Block;      // from a launch; none: x-extent assumed a multiple of 32
  clang::SourceLocation LaunchLoc; // a launch with this shape
  bool NoKnownLaunch = false;      // assumed because no launch gives the shape
  /// No Block, but every launch's x-extent is this multiple of 32 (`dim3 threads(32, ty)`):
  /// a warp is 32 consecutive threadIdx.x of one row, as assumed, and that is known.
  std::optional<int64_t> BlockX;
  /// The blocks the launch picks among at run time (Block one of them); empty when fixed.
  std::vector<Dim3> Choices;
  /// Block is that of a launch in another translation unit: its file name and line,
  /// "main.cu:40" (LaunchLoc is then invalid).
  std::string Elsewhere;
};

struct BranchEvent {
  enum class Form { If, Loop, Switch, Conditional, Logical, IndirectCall };
  Form F = Form::If;
  const clang::Stmt *Branch = nullptr;
  const clang::Expr *Cond = nullptr; // for Switch, the switch value
  CondClass Class;
  const BlockShape *Shape = nullptr;
  const clang::FunctionDecl *Root = nullptr; // the kernel (or function) being walked
  /// The condition folds to this constant although it is written on a
  /// thread-dependent value (`itid & 0x01 == 0`).
  std::optional<int64_t> ConstantValue;
  /// An `if` whose condition picks one leader lane per group of lanes
  /// (leaderGroup): its arm stores to memory, and every store goes to an
  /// address that is the same for all lanes of a group (y[tid / 2]).
  bool GroupStores = false;
  /// Recorded in one trip of a loop walked with its own values (Walker::walkTrips):
  /// the loop variables of that trip, "col = 1" (outer loops first).
  std::string Trip;
  /// Recorded in a walk with the kernel's arguments that every launch passes
  /// bound to their values: "filter_size = 9".
  std::string Args;
};

struct BarrierEvent {
  enum class Why { Condition, Loop, AfterReturn, AfterBreak, AfterContinue };
  Why W = Why::Condition;
  const clang::CallExpr *Barrier = nullptr;
  /// Where to report: the barrier, or the call (in the function whose control
  /// flow diverges) that leads to it.
  const clang::Expr *ReportAt = nullptr;
  const clang::Expr *Cond = nullptr;  // the thread-dependent condition
  const clang::Stmt *Exit = nullptr;  // the return / break / continue
  bool WhenFalse = false;             // the divergent path is where Cond is false
  CondClass Class;
  std::string BarrierName; // "__syncthreads()", "block.sync()", ...
  const BlockShape *Shape = nullptr;
  const clang::FunctionDecl *Root = nullptr;
};

/// A load or store of global memory (through a kernel's pointer parameter) or of a
/// __shared__ array whose address differs between the lanes of a warp in a way the
/// lane-value form describes exactly (recorded by the same walk as the branches;
/// AccessPattern.h turns it into sectors and bank conflicts).
struct AccessEvent {
  enum class Space : uint8_t { Global, Shared };
  Space Sp = Space::Global;
  const clang::Expr *Access = nullptr;  // the subscript or member expression
  const clang::ValueDecl *Base = nullptr; // the pointer parameter or the __shared__ array
  /// The pointer the access names (`p` of `p[i]`), and the pointer whose value it holds in
  /// every frame (a kernel's parameter, a local set once, what a parameter was bound to through
  /// the calls): two accesses through pointers of one Origin name the same element by the same
  /// index, whatever function each is in. Null: not known.
  const clang::ValueDecl *Named = nullptr;
  const clang::ValueDecl *Origin = nullptr;
  /// The byte offset from the base in each lane: Lane, no unknown factor, not warp-uniform.
  LaneValue Offset;
  /// The type each lane reads or writes: the access's own, or the one a callee reinterprets
  /// the reference it is bound to as (Walker::punnedParam); Size is its size in bytes.
  clang::QualType Type;
  unsigned Size = 0;
  bool Store = false;
  bool InLoop = false;         // inside a loop of the walked function (or of its callers)
  // The innermost loop around it that is not a short counted one (Walker::shortCountedLoop)
  // also accesses global memory.
  bool LoopTouchesGlobal = false;
  /// Every loop around it is a short counted one or runs one trip (no loop whose trips are
  /// many): straight-line code once nvcc unrolls them.
  bool ShortLoopsOnly = false;
  const clang::Stmt *Loop = nullptr; // the innermost loop around it
  /// The innermost loop around it whose trips are many (not a short counted one), and, for a
  /// load, whether its address is the same on every trip of that loop, which stores nothing
  /// to global memory: nvcc keeps the value in a register, read once per thread.
  const clang::Stmt *TimeLoop = nullptr;
  bool OncePerThread = false;
  /// The calls the walk went through from the kernel to the access, outermost first.
  llvm::SmallVector<const clang::Expr *, 4> Calls;
  const BlockShape *Shape = nullptr;
  const clang::FunctionDecl *Root = nullptr;
  std::string Trip; // as BranchEvent::Trip: one trip of a loop walked with its own values
  std::string Args; // as BranchEvent::Args
  /// The address is known on one side of a block-uniform branch only: "the path where
  /// 'c' is true (line N), which sets 'p' to this address; ..." (Walker::keepKnownArm).
  std::string Arm;
  /// The walk that recorded it read threadIdx.y/z or blockDim.y/z: under an
  /// assumed block shape (no launch gives it) a warp may span rows.
  bool ReadsRows = false;
  /// Each warp of a block of known shape has lanes of its own (the address is known in each
  /// thread, not as one pattern of 32 lanes): which warp Offset is and how the others compare.
  std::string Warps;
  /// In a trip of a loop walked trip by trip under a block of known shape: how many of the
  /// block's warps have a thread on the path, by the conditions around it known in each thread
  /// (0: not known). The share of the loop's work that trip does (`tid < s`, s from 32 down:
  /// one warp in each trip).
  unsigned WarpsOnPath = 0;
};

/// Collects the device functions and launches of a translation unit from
/// matches, then analyses them all at once.
class ThreadDependence {
public:
  /// Binds "td-function" (device function definitions) and "launch".
  static void registerMatchers(clang::ast_matchers::MatchFinder &Finder,
                               clang::ast_matchers::MatchFinder::MatchCallback *CB);
  void collect(const clang::ast_matchers::MatchFinder::MatchResult &Result);
  /// Block shapes that other TUs launch this TU's kernels with, for the kernels no launch
  /// here reaches (may be null; must outlive run()).
  void setLaunchedElsewhere(const ExternalLaunches *L) { Elsewhere = L; }
  /// Analyses what was collected (once; later calls do nothing); the events
  /// refer to the AST.
  void run();

  const std::vector<BranchEvent> &branches() const { return Branches; }
  const std::vector<BarrierEvent> &barriers() const { return Barriers; }
  const std::vector<AccessEvent> &accesses() const { return Accesses; }
  clang::ASTContext *context() const { return Ctx; }
  /// Functions nested too deeply to walk (walker::MaxNesting): no events.
  const std::vector<const clang::FunctionDecl *> &tooDeep() const { return TooDeep; }

private:
  clang::ASTContext *Ctx = nullptr;
  std::vector<const clang::FunctionDecl *> Functions; // definitions, in match order
  // Templates (function templates, members of class templates): walked as
  // written when no instantiation of them is analysed here.
  std::vector<const clang::FunctionDecl *> Templates;
  // Device code with compile errors: not walked, but its calls whose text is
  // sound lead into device functions that are (ThreadDependence::run).
  std::vector<const clang::FunctionDecl *> Broken;
  llvm::DenseSet<const clang::FunctionDecl *> Seen;
  struct LaunchShape {
    std::optional<Dim3> Block;
    std::optional<int64_t> BlockX; // LaunchSite::BlockX
    clang::SourceLocation Loc;
    /// A <<<>>> launch, whose arguments can be read (agreedArgs); null for the others.
    const clang::CallExpr *Chevron = nullptr;
    std::vector<Dim3> Choices; // BlockShape::Choices
  };
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<LaunchShape>> Launches;
  /// The parameters of \p Kernel that every launch seen passes the same known value.
  std::vector<std::pair<const clang::ParmVarDecl *, std::int64_t>>
  agreedArgs(const clang::FunctionDecl *Kernel);
  const ExternalLaunches *Elsewhere = nullptr;
  std::unique_ptr<CallSites> Callers; // built when an argument needs a wrapper's callers
  std::deque<BlockShape> Shapes; // stable addresses for the events
  bool Analysed = false;
  std::vector<BranchEvent> Branches;
  std::vector<BarrierEvent> Barriers;
  std::vector<AccessEvent> Accesses;
  std::vector<const clang::FunctionDecl *> TooDeep;
};

/// The source text of \p E as written (macro invocations as written).
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The one statement of the body of \p FD's definition (`{ return x; }`, `{ *p = v; }`); null
/// without a body or with more than one statement.
const clang::Stmt *onlyStatement(const clang::FunctionDecl *FD);
/// The value of \p FD's body when that body is one `return` of a value; else null.
const clang::Expr *onlyReturnValue(const clang::FunctionDecl *FD);

/// Whether \p CE is a load or a store with a cache hint (`__ldg(p)`, `__ldcs(p)`, `__stcs(p,
/// v)`), which reads or writes the place its pointer argument holds: true for a store, false for
/// a load, nullopt for any other call.
std::optional<bool> cacheHintStore(const clang::CallExpr *CE);
/// The type of what \p Access reads or writes: its own, or a hinted store's pointee.
clang::QualType accessedType(const clang::Expr *Access);

/// The variable a property reference names (`threadIdx` of `threadIdx.x`, as Clang's CUDA
/// headers spell the built-ins: an MS property of a variable, reached through an opaque
/// value); null when the base is no variable.
const clang::DeclRefExpr *propertyBase(const clang::MSPropertyRefExpr *P);

/// Whether \p B is `n >> (K + n)` (or `n >> (n + K)`), K a constant >= 0: GPU Gems 3's
/// `CONFLICT_FREE_OFFSET(n)`, `((n) >> LOG_NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))`, parses so;
/// for n >= 0 it is 0.
bool selfShift(const clang::BinaryOperator *B, const clang::ASTContext &Ctx);

} // namespace cudalint

#endif
