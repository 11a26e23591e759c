//===- SharedMemoryBankConflict.cpp - shared-memory-bank-conflict ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags a load or store of a __shared__ array (static or extern dynamic)
// whose lanes fall on different 4-byte words of the same bank: shared memory
// has 32 banks, each serving one word per cycle, so the n different words of
// one bank are served one after another and the access takes n wavefronts
// instead of one (lanes on the same word share it: a broadcast, no conflict;
// 8-byte accesses go per half-warp and 16-byte ones per quarter-warp).
// The per-lane addresses come from the thread-dependence walk (AccessEvent,
// rules/analysis/lanes/ThreadDependence.h; the degree in AccessPattern.h), and
// for an index scaled by a loop's stride (s[2 * stride * tid]) from the first
// trips of that loop walked one by one: the finding gives the range.
// Severity follows what the conflicts measured on an H100
// (kernels/memory_idioms.cu): in a loop that accesses no global memory, where
// shared memory bounds the time, a 2-way conflict costs 1.26x and a 32-way
// 19.8x: a warning from 2-way; beside global memory (a tiled transpose), 2-
// to 8-way conflicts cost nothing measurable and 16- and 32-way 1.20x and
// 1.74x: a warning from 16-way, below that a --pedantic note. A conflict in
// only some trips of a loop walked trip by trip is weighed by those trips'
// share of the warps the loop runs (tripShare): below 1.5 wavefronts a request
// it is a note (a top-k merge 1.01x, a tree's first two trips 1.00x).
//
//===----------------------------------------------------------------------===//
#include "rules/MemoryAccessRule.h"
#include "rules/RuleRegistry.h"
#include "rules/analysis/lanes/AccessPattern.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

/// From this degree a conflict is a warning wherever it is.
constexpr unsigned WarnAnywhere = 16;
/// The highest degree a note in straight-line code (short loops with no loop around them): a
/// thread's one-shot read of its own elements, 4-way, measured 1.02x, 8-way 1.11x
/// (kernels/studies/blocked_reads.cu).
constexpr unsigned MaxStraightLineNote = 4;

/// A shift that is 0 for every value, `n >> (K + n)`, in index \p Index or in what a local it
/// names is set to: GPU Gems 3's `CONFLICT_FREE_OFFSET(n)`, `((n) >> LOG_NUM_BANKS + (n) >>
/// (2 * LOG_NUM_BANKS))`, which parses so (Parboil's scans): its padding never applies.
const Expr *selfShiftOut(const Expr *Index, ASTContext &Ctx) {
  const Expr *Found = nullptr;
  llvm::SmallPtrSet<const VarDecl *, 4> Seen;
  std::function<void(const Stmt *, unsigned)> Scan = [&](const Stmt *S, unsigned Depth) {
    if (!S || Found || Depth > 3)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && selfShift(B, Ctx)) {
      Found = B;
      return;
    }
    // A local the index names: what it is initialised and set to in its function.
    if (const auto *R = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl());
          V && V->isLocalVarDecl() && Seen.insert(V).second) {
        const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
        std::function<void(const Stmt *)> Sets = [&](const Stmt *T) {
          if (!T || Found)
            return;
          if (const auto *A = dyn_cast<BinaryOperator>(T); A && A->isAssignmentOp())
            if (const auto *L = dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts());
                L && L->getDecl() == V)
              Scan(A->getRHS(), Depth + 1);
          for (const Stmt *C : T->children())
            Sets(C);
        };
        if (F)
          Sets(F->getBody());
        Scan(V->getInit(), Depth + 1);
      }
    for (const Stmt *C : S->children())
      Scan(C, Depth);
  };
  Scan(Index, 0);
  return Found;
}

/// The compound statement that most closely holds \p E, where every evaluation of that block
/// evaluates \p E (no branch, loop or short-circuit between them); null otherwise.
static const Stmt *enclosingBlock(const Expr *E, ASTContext &AST) {
  for (DynTypedNodeList P = AST.getParents(*E); !P.empty(); P = AST.getParents(P[0])) {
    if (const auto *CS = P[0].get<CompoundStmt>())
      return CS;
    const Stmt *S = P[0].get<Stmt>();
    if (!S || isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
                  AbstractConditionalOperator, CaseStmt, DefaultStmt, LambdaExpr>(S))
      return nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isLogicalOp())
      return nullptr;
  }
  return nullptr;
}

class SharedMemoryBankConflict : public ThreadDependenceRule {
public:
  using ThreadDependenceRule::ThreadDependenceRule;

  void reportFrom(const ThreadDependence &TD) override {
    ASTContext *AST = TD.context();
    if (!AST)
      return;
    const SourceManager &SM = AST->getSourceManager();
    // A read of the same place again in the same block (nvdiffrast's `bary[i * 2 + 0]` on each of
    // four lines, which nvcc loads once): reported where it is first read.
    std::map<std::tuple<const Stmt *, const ValueDecl *, unsigned>, SourceLocation> ReadsReported;
    // No store to the array between the two reads (HeCBench's scan reads `temp[bi]` again
    // after `temp[ai] = temp[bi]`, which may have changed it).
    auto StoredBetween = [&](const ValueDecl *Base, SourceLocation From, SourceLocation To) {
      return llvm::any_of(TD.accesses(), [&](const AccessEvent &O) {
        SourceLocation At = SM.getExpansionLoc(O.Access->getBeginLoc());
        return O.Store && O.Base == Base && !SM.isBeforeInTranslationUnit(At, From) &&
               SM.isBeforeInTranslationUnit(At, To);
      });
    };
    for (auto &[Key, Events] : memrules::groupByLocation(TD, AccessEvent::Space::Shared)) {
      struct Seen {
        const AccessEvent *E;
        BankConflict B;
        unsigned Least; // the degree under every block shape taken as plausible
        // The conflict of the wide access nvcc would make of E and its neighbour, where a
        // branch between them keeps them apart.
        std::optional<BankConflict> Together;
        bool Bound; // in a loop where shared memory bounds the time (SharedBound)
      };
      std::vector<Seen> Conflicts;
      std::vector<std::pair<const AccessEvent *, unsigned>> TripDegrees; // 1: conflict-free
      bool SharedBound = false;
      for (const AccessEvent *E : Events) {
        BankConflict B = bankConflictOf(E->Offset, memrules::accessUnit(*E, *AST));
        // s[2 * i] with s[2 * i + 1]: nvcc makes them one access of twice the size, whose
        // conflict is that access's (two LDS.128 for `s[tid * 8 + i]` over 8 trips: 2-way).
        std::optional<BankConflict> Together;
        if (B.Degree >= 2) {
          if (std::optional<BankConflict> M = memrules::mergedPairConflict(*E, TD))
            B = *M;
          else if ((Together = memrules::mergedPairConflict(*E, TD, /*AcrossBranches=*/true)) &&
                   Together->Degree >= B.Degree)
            Together.reset();
        }
        if (!E->Trip.empty())
          TripDegrees.push_back({E, std::max(B.Degree, 1u)});
        if (B.Degree < 2)
          continue;
        // The lanes come from an assumed block shape that the kernel says is wrong.
        if (memrules::assumedShape(*E) && memrules::statesNarrowBlock(E->Root, *AST))
          continue;
        // No launch gives the shape and the kernel reads threadIdx.y: a warp may span
        // rows of a block as narrow as 8 threads, and the degree is at least that of one row.
        unsigned Least = B.Degree;
        if (memrules::rowsMayNarrow(*E, *AST)) {
          Least = memrules::rowConflictAtLeast(*E, memrules::NarrowestRow);
          if (Least < 2)
            continue;
        }
        // Short loops with no loop around them are straight-line code once unrolled, where
        // conflicts up to 4-way measured 1.00x to 1.06x and 8-way 1.11x
        // (kernels/studies/straight_line_conflict.cu, blocked_reads.cu).
        bool Bound = E->InLoop && !E->LoopTouchesGlobal &&
                     !(E->ShortLoopsOnly && B.Degree <= MaxStraightLineNote);
        Conflicts.push_back({E, B, Least, Together, Bound});
        SharedBound |= Bound;
      }
      if (Conflicts.empty())
        continue;
      // The worst, and of those one whose loop makes the finding a warning (warp-ctc's
      // moderngpu `dest[i]`, 2-way in a short loop of one kernel and in a merge pass of
      // another): the notes say why it is reported.
      auto ByDegree = [](const Seen &A, const Seen &B) {
        return std::pair(A.B.Degree, A.Bound) < std::pair(B.B.Degree, B.Bound);
      };
      const Seen &Max = *std::max_element(Conflicts.begin(), Conflicts.end(), ByDegree);
      // The range over the trips of a loop walked one by one, in the walk of the worst.
      const Seen *Min = &Max;
      for (const Seen &S : Conflicts)
        if (!S.E->Trip.empty() && !Max.E->Trip.empty() && S.E->Root == Max.E->Root &&
            S.E->Shape == Max.E->Shape && S.B.Degree < Min->B.Degree)
          Min = &S;
      // The degree that holds under every shape taken as plausible, in the worst walk.
      unsigned Sure = 0;
      for (const Seen &S : Conflicts)
        Sure = std::max(Sure, S.Least);
      std::string TripShare;
      if (SharedBound && Sure < WarnAnywhere)
        TripShare = tripShare(Conflicts, TripDegrees, Max);
      if (!TripShare.empty())
        SharedBound = false;
      bool Warn = Sure >= WarnAnywhere || SharedBound;
      if (!Warn && !Ctx.Pedantic)
        continue;
      if (llvm::none_of(Conflicts, [](const Seen &S) { return S.E->Store; })) {
        llvm::FoldingSetNodeID Place;
        Max.E->Access->IgnoreParenImpCasts()->Profile(Place, *AST, /*Canonical=*/true);
        SourceLocation Here = SM.getExpansionLoc(Max.E->Access->getBeginLoc());
        if (const Stmt *Block = enclosingBlock(Max.E->Access, *AST)) {
          auto [It, New] =
              ReadsReported.try_emplace({Block, Max.E->Base, Place.ComputeHash()}, Here);
          if (!New && !StoredBetween(Max.E->Base, It->second, Here))
            continue;
          It->second = Here;
        }
      }
      std::vector<const AccessEvent *> Reported;
      for (const Seen &S : Conflicts)
        Reported.push_back(S.E);
      Finding *F = report(SM, Max.E->Access->getSourceRange(),
                          message(Conflicts, *Min, Max, SharedBound, Warn, TripShare, *AST));
      if (!F)
        continue;
      if (!Warn)
        F->Level = Severity::Note;
      attributeToKernel(F, Max.E->Root, memrules::rootsOf(Reported));
    }
  }

private:
  /// Where every conflict lies in trips of one loop walked trip by trip, and the trips' weighted
  /// degree is below 1.5 (each trip's degree, 1 where conflict-free, weighted by the warps that
  /// run it): a note saying so; else empty. fastllm's top-k merge, 2-way in the trip where s is
  /// 32 of six that one warp runs each, measured 1.01x against rows padded conflict-free
  /// (kernels/studies/topk_merge_rows.cu), where a 2-way conflict in every trip costs 1.26x.
  template <typename SeenT>
  static std::string
  tripShare(const std::vector<SeenT> &Conflicts,
            const std::vector<std::pair<const AccessEvent *, unsigned>> &TripDegrees,
            const SeenT &Max) {
    auto InWalk = [&](const AccessEvent *E) {
      return !E->Trip.empty() && E->Root == Max.E->Root && E->Shape == Max.E->Shape &&
             E->Args == Max.E->Args;
    };
    if (!llvm::all_of(Conflicts, [&](const SeenT &S) { return InWalk(S.E); }))
      return "";
    std::map<std::string, std::pair<unsigned, unsigned>> Trips; // warps, degree
    for (auto [E, Degree] : TripDegrees) {
      if (!InWalk(E))
        continue;
      if (!E->WarpsOnPath)
        return "";
      auto &[Warps, D] = Trips[E->Trip];
      Warps = std::max(Warps, E->WarpsOnPath);
      D = std::max(D, Degree);
    }
    uint64_t Work = 0, Wavefronts = 0, ConflictWork = 0, Conflicting = 0;
    for (const auto &[Trip, WD] : Trips) {
      Work += WD.first;
      Wavefronts += uint64_t(WD.first) * WD.second;
      if (WD.second > 1) {
        ++Conflicting;
        ConflictWork += WD.first;
      }
    }
    if (Trips.size() < 2 || 2 * Wavefronts >= 3 * Work)
      return "";
    return "it runs in a loop that accesses no global memory, but only " +
           std::to_string(Conflicting) + " of the " + std::to_string(Trips.size()) +
           " trips walked " + (Conflicting == 1 ? "conflicts" : "conflict") + " (" +
           std::to_string(ConflictWork) + " of the " + std::to_string(Work) +
           " warps they run): measured on an H100, a 2-way conflict in one trip of six cost "
           "1.01x (a top-k merge), where one in every trip costs 1.26x";
  }

  template <typename SeenT>
  static std::string message(const std::vector<SeenT> &All, const SeenT &Min, const SeenT &Max,
                             bool SharedBound, bool Warn, const std::string &TripShare,
                             ASTContext &AST) {
    const AccessEvent &E = *Max.E;
    std::string Text = sourceText(E.Access, AST);
    unsigned N = Max.B.Degree, Lo = Min.B.Degree;
    std::string Group = Max.B.Phases == 1 ? "a warp" : Max.B.Phases == 2 ? "a half-warp" : "a quarter-warp";
    std::string Head;
    if (Lo != N)
      Head = fitLine("", Text,
                     " puts up to " + std::to_string(Max.B.LanesInBank) + " lanes of " + Group +
                         " in one bank: a " + std::to_string(Lo) + "- to " + std::to_string(N) +
                         "-way conflict over the loop's trips");
    else if (Max.B.LanesInBank == 32)
      Head = fitLine("", Text, " puts all 32 lanes of a warp in one bank: a 32-way conflict");
    else
      Head = fitLine("", Text,
                     " puts " + std::to_string(Max.B.LanesInBank) + " lanes of " + Group +
                         " in one bank: a" + (N == 8 || N == 11 || N == 18 ? "n " : " ") +
                         std::to_string(N) + "-way conflict");
    std::string Why = "shared memory has 32 banks of 4-byte words, each serving one word per "
                      "cycle: the " + std::to_string(N) +
                      " different words of one bank are served one after another, so the "
                      "access takes " + std::to_string(Max.B.Wavefronts) + " wavefronts instead of " +
                      std::to_string(Max.B.Phases);
    // Per trip of the loop (in the worst walk), and per kernel or instantiation
    // when several walked functions hold the access.
    std::string Trips, Label;
    std::vector<std::string> Done;
    auto Add = [&](std::string T) {
      if (std::find(Done.begin(), Done.end(), T) == Done.end())
        Done.push_back(std::move(T));
    };
    if (Lo != N) {
      for (const SeenT &S : All)
        if (!S.E->Trip.empty() && S.E->Root == E.Root && S.E->Shape == E.Shape)
          Add(S.E->Trip + ": " + std::to_string(S.B.Degree) + "-way");
      Label = "per trip: ";
    } else {
      std::vector<const FunctionDecl *> Roots;
      for (const SeenT &S : All)
        if (std::find(Roots.begin(), Roots.end(), S.E->Root) == Roots.end())
          Roots.push_back(S.E->Root);
      if (Roots.size() > 1) {
        // More than three instantiations of one template with one degree are named once
        // (a top-k kernel instantiated for 32 block sizes is one line, not 32).
        llvm::DenseMap<const FunctionDecl *, unsigned> Worst;
        for (const SeenT &S : All)
          Worst[S.E->Root] = std::max(Worst[S.E->Root], S.B.Degree);
        std::map<std::pair<unsigned, std::string>, unsigned> Instances;
        for (const FunctionDecl *R : Roots)
          if (R->getPrimaryTemplate())
            ++Instances[{Worst[R], R->getNameAsString()}];
        for (const FunctionDecl *R : Roots) {
          std::string Degree = ": " + std::to_string(Worst[R]) + "-way";
          if (R->getPrimaryTemplate())
            if (unsigned K = Instances[{Worst[R], R->getNameAsString()}]; K > 3) {
              Add("'" + R->getNameAsString() + "' (" + std::to_string(K) + " instantiations)" +
                  Degree);
              continue;
            }
          std::string Name;
          llvm::raw_string_ostream OS(Name);
          R->getNameForDiagnostic(OS, AST.getPrintingPolicy(), /*Qualified=*/false);
          Add("'" + OS.str() + "'" + Degree);
        }
        Label = "per kernel: ";
      }
    }
    // Known only in trips walked with their own values (a halving loop's last,
    // stride = 1): say which.
    if (Done.empty() && std::all_of(All.begin(), All.end(),
                                    [](const SeenT &S) { return !S.E->Trip.empty(); })) {
      for (const SeenT &S : All)
        Add(S.E->Trip);
      Label = Done.size() > 1 ? "in the loop's trips where " : "in the loop's trip where ";
    }
    if (!Done.empty())
      Trips = "\n" + Label + llvm::join(Done, "; ");
    if (std::string Chosen = memrules::shapeOriginNote(E, AST); !Chosen.empty())
      Trips += "\n" + Chosen;
    if (!E.Args.empty())
      Trips += "\nwith the values every launch passes: " + E.Args;
    if (!E.Arm.empty())
      Trips += "\non " + E.Arm;
    if (!E.Warps.empty())
      Trips += "\n" + E.Warps;
    std::string Cost;
    if (!TripShare.empty())
      Cost = TripShare;
    else if (E.InLoop && E.ShortLoopsOnly && !E.LoopTouchesGlobal)
      Cost = "it runs in a short loop with no loop around it, straight-line code once unrolled: "
             "measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x";
    else if (SharedBound)
      Cost = "it runs in a loop that accesses no global memory, where shared memory bounds the "
             "time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x";
    else if (Warn && E.InLoop)
      Cost = "measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even in a "
             "kernel bound by global memory (a tiled transpose)";
    else if (Warn)
      Cost = "measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where "
             "global memory bounds the kernel (a tiled transpose)";
    else if (E.InLoop)
      Cost = "the loop around it also accesses global memory, which bounds the time: measured on "
             "an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), "
             "16-way 1.20x";
    else
      Cost = "it runs once per thread, outside any loop: measured on an H100, conflicts up to "
             "8-way cost nothing measurable beside global memory accesses (a tiled transpose), "
             "16-way 1.20x";
    if (memrules::assumedShape(E)) {
      std::string Rows;
      if (memrules::rowsMayNarrow(E, AST) && Max.Least < N)
        Rows = "with blocks 8 threads wide (a warp over 4 rows) it is at least a" +
               std::string(Max.Least == 8 || Max.Least == 11 || Max.Least == 18 ? "n " : " ") +
               std::to_string(Max.Least) + "-way conflict";
      Cost = memrules::assumptionNote(E, Rows, AST) + "\n" + Cost;
    }
    std::string Fix;
    if (Lo != N)
      Fix = "use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves "
            "each step keeps consecutive lanes on consecutive words; where the tree must keep "
            "its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'";
    else if (isa<ArraySubscriptExpr>(E.Access->IgnoreParenImpCasts()) &&
             isa<ArraySubscriptExpr>(cast<ArraySubscriptExpr>(E.Access->IgnoreParenImpCasts())
                                         ->getBase()
                                         ->IgnoreParenImpCasts()))
      Fix = "pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in "
            "32 different banks, or swizzle the column index with an XOR of the row";
    else
      Fix = "make consecutive lanes use consecutive words, or pad the array so that the lanes' "
            "stride in words is odd";
    if (const std::optional<BankConflict> &T = Max.Together) {
      std::string Wide = std::to_string(4 * T->Phases) + "-byte " + (E.Store ? "store" : "load");
      std::string Degree = T->Degree < 2 ? std::string("conflict-free")
                                         : "a " + std::to_string(T->Degree) + "-way conflict";
      Degree += T->Phases == 2 ? " per half-warp" : " per quarter-warp";
      Fix = E.Store ? "read the values of both stores before the first ('a = ...; b = ...; "
                      "s[i] = a; s[i + 1] = b;'): nvcc makes one " + Wide + " of the two (" +
                          Degree + "), but a read under a condition between them keeps them apart"
                    : "read the neighbouring elements under one condition, or one of them "
                      "unconditionally: nvcc makes one " + Wide + " of the two (" + Degree +
                          "), but different conditions keep them apart";
    }
    // The padding meant to avoid the conflict is 0 for every index (GPU Gems 3's macro).
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E.Access->IgnoreParenImpCasts()))
      if (const Expr *Shift = selfShiftOut(AS->getIdx(), AST))
        Fix = "'" + sourceText(Shift, AST) + "' is 0 for every value: '>>' binds looser than '+', "
              "so '(n) >> K + (n)' is 'n >> (K + n)' and the padding never applies; put each "
              "shift in parentheses, '((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS))'";
    (void)Warn;
    return Head + "\n" + Why + Trips + "\n" + Cost + "\n" + Fix;
  }
};

} // namespace

std::unique_ptr<Rule> createSharedMemoryBankConflict(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<SharedMemoryBankConflict>(Info, Ctx);
}

} // namespace cudalint
