//===- WarpDivergentBranch.cpp - warp-divergent-branch --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags branches in device code whose condition differs between the lanes of
// one warp (SPEC §4 rule 2). A warp issues one instruction for all its lanes
// (SIMT): when its lanes disagree on a branch, it runs both paths one after
// the other, each with the lanes of the other path idle. The conditions come
// classified from the thread-dependence analysis (ThreadDependence.h):
// lane-split and shrinking-threshold branches are warnings; tail guards,
// single-lane branches and data-dependent branches are expected and only
// noted under --pedantic, as is a warp-uniform verdict that rests on the
// assumption that blockDim.x is a multiple of 32. A condition on a thread
// index that folds to a constant because of operator precedence never
// diverges; thread-condition-precedence reports it.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/ThreadDependenceRule.h"
#include "rules/analysis/KernelNames.h"
#include "rules/analysis/lanes/DivergenceIdioms.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

std::string quoted(const std::string &S) { return "'" + S + "'"; }

std::string shapeText(const Dim3 &B) {
  std::string S = std::to_string(B[0]) + "x" + std::to_string(B[1]);
  if (B[2] != 1)
    S += "x" + std::to_string(B[2]);
  return S;
}

class WarpDivergentBranch : public ThreadDependenceRule {
public:
  using ThreadDependenceRule::ThreadDependenceRule;

  void reportFrom(const ThreadDependence &TD) override {
    ASTContext *AST = TD.context();
    if (!AST)
      return;
    const SourceManager &SM = AST->getSourceManager();
    // Per location and category, the first message (instantiations and block
    // shapes may word it differently); a note is dropped where a warning
    // stands (another instantiation or block shape splits the warp).
    struct Out {
      std::map<BranchCategory, std::string> Warnings, Notes;
      SourceRange Range;
      const FunctionDecl *Root = nullptr;
      // The walked functions (kernels, instantiations) whose branch here gave
      // a warning or a note: the kernels the finding is about.
      std::vector<const FunctionDecl *> WarnRoots, NoteRoots;
    };
    std::map<std::pair<FileID, unsigned>, Out> ByLoc;
    for (const BranchEvent &E : TD.branches()) {
      if (E.ConstantValue)
        continue; // thread-condition-precedence
      Severity Level;
      std::string Msg = message(E, *AST, Level);
      if (Msg.empty())
        continue;
      SourceLocation Loc = SM.getExpansionLoc(E.Cond->getBeginLoc());
      std::pair<FileID, unsigned> Key = SM.getDecomposedLoc(Loc);
      Out &O = ByLoc[Key];
      O.Range = E.Cond->getSourceRange();
      O.Root = E.Root;
      (Level == Severity::Note ? O.NoteRoots : O.WarnRoots).push_back(E.Root);
      (Level == Severity::Note ? O.Notes : O.Warnings)
          .emplace(E.Class.Cat, std::move(Msg));
    }
    for (const FunctionDecl *FD : TD.tooDeep())
      if (Finding *F = report(SM, FD->getLocation(),
                              "'" + clip(displayName(FD)) +
                                  "' is too deeply nested to analyse for divergence\nit has "
                                  "more than " + std::to_string(MaxWalkNesting) +
                                  " levels of statements and expressions: its branches and "
                                  "barriers are not checked"))
        F->Level = Severity::Note;
    for (auto &[Key, O] : ByLoc) {
      bool Warn = !O.Warnings.empty();
      for (const auto &[Cat, M] : Warn ? O.Warnings : O.Notes) {
        Finding *F = report(SM, O.Range, M);
        if (!F)
          continue;
        if (!Warn)
          F->Level = Severity::Note;
        attributeToKernel(F, O.Root, Warn ? O.WarnRoots : O.NoteRoots);
      }
    }
  }

private:
  std::string message(const BranchEvent &E, ASTContext &AST, Severity &Level) const {
    Level = Severity::Warning;
    std::string Cond = sourceText(E.Cond, AST);
    const CondClass &C = E.Class;
    if (std::optional<std::string> Note = idiomNote(E, Cond, AST)) {
      Level = Severity::Note;
      return Ctx.Pedantic ? *Note : "";
    }
    if (unsigned K = idioms::storeAfterCollective(E, AST); K >= HaloStores)
      return haloLanes(E, Cond, K);
    if (unsigned G = idioms::leaderStore(E, AST)) {
      Level = Severity::Note;
      if (!Ctx.Pedantic)
        return "";
      return head("thread-dependent", "single-lane", E, Cond,
                  " picks one leader lane in each group of " + std::to_string(G)) +
             "\nit is true for " + describeLanes(C.TrueMask) +
             ", and the branch only stores "
             "to memory: each leader writes its group's result, the other lanes have nothing to "
             "store, so no regrouping would save anything";
    }
    switch (C.Cat) {
    case BranchCategory::LaneSplit:
      if (unsigned Jobs = E.F == BranchEvent::Form::Switch ? idioms::dispatchChain(E, AST) : 0) {
        Level = Severity::Note;
        return Ctx.Pedantic ? dispatch(E, Cond, Jobs) : "";
      }
      return laneSplit(E, Cond, AST);
    case BranchCategory::ShrinkingThreshold:
      return shrinking(E, Cond);
    case BranchCategory::SingleLane:
      if (unsigned Jobs = idioms::dispatchChain(E, AST)) {
        Level = Severity::Note;
        return Ctx.Pedantic ? dispatch(E, Cond, Jobs) : "";
      }
      if (C.EveryWarp && !C.AtMost && idioms::leaderWithElseWork(E, AST))
        return leaderElse(E, Cond);
      [[fallthrough]];
    case BranchCategory::TailGuard:
    case BranchCategory::DataDependent:
      Level = Severity::Note;
      return Ctx.Pedantic ? silent(E, Cond, AST) : "";
    case BranchCategory::WarpUniform:
      Level = Severity::Note;
      if (!Ctx.Pedantic || !C.AssumedShape || !E.Shape || !E.Shape->NoKnownLaunch)
        return "";
      return head("warp-uniform", "assumed block shape", E, Cond,
                  " is warp-uniform only if blockDim.x is a multiple of 32") +
             "\nthat is assumed because no launch of '" + displayName(E.Root) +
             "' in this file gives its block shape\nin a block narrower than 32 threads, one "
             "warp spans several values of threadIdx.y and this branch would split it";
    case BranchCategory::Uniform:
    case BranchCategory::Unknown:
      return "";
    }
    return "";
  }

  /// "warp-divergent branch (lane-split): 'cond' VERDICT", at most 120
  /// characters (the condition is clipped; the notes quote it whole).
  std::string head(const char *Kind, const char *Category, const BranchEvent &E,
                   const std::string &Cond, const std::string &Verdict) const {
    return fitLine(std::string(Kind) + " " + formName(E) + " (" + Category + "): ", Cond,
                   Verdict);
  }

  /// The note for a lane split that leaves nothing to restructure
  /// (DivergenceIdioms.h), or none.
  std::optional<std::string> idiomNote(const BranchEvent &E, const std::string &Cond,
                                       ASTContext &AST) const {
    const CondClass &C = E.Class;
    const char *NoRegrouping =
        "only one side of the branch does work: no regrouping would save anything";
    std::string ShuffleStep =
        head("thread-dependent", "warp-synchronous step", E, Cond, " guards a shuffle step") +
        "\nit guards only updates of registers beside a warp shuffle in the same loop (a "
        "scan step): the compiler predicates them, and every lane runs the shuffle "
        "anyway, so there is no second path to serialise";
    // A bound that stays in one warp beside a shuffle: the shuffle step says more.
    if (C.OneWarpLoop && idioms::predicatedShuffleStep(E, AST))
      return ShuffleStep;
    if (std::optional<idioms::Spared> Why = idioms::sparedThreshold(E, AST))
      return head("thread-dependent", "tail-guard", E, Cond, " splits at most one warp") + "\n" +
             quoted(Cond) + spared(E, *Why, AST) + "\n" + NoRegrouping;
    if ((C.Cat == BranchCategory::ShrinkingThreshold ||
         (C.Cat == BranchCategory::LaneSplit && C.Reason == CondClass::Why::LoopThreshold)) &&
        idioms::predicatedShuffleStep(E, AST))
      return ShuffleStep;
    if (idioms::koggeStoneStep(E, AST)) {
      const auto *Cmp = cast<BinaryOperator>(E.Cond->IgnoreParenImpCasts());
      bool Left = Cmp->getOpcode() == BO_LE || Cmp->getOpcode() == BO_LT;
      std::string K = sourceText(Left ? Cmp->getLHS() : Cmp->getRHS(), AST);
      return head("thread-dependent", "scan step", E, Cond, " guards a Kogge-Stone step") +
             "\nit adds the element '" + K +
             "' places below to each thread's own (a Kogge-Stone "
             "scan step): the one guarded update is predicated, so the threads below the bound "
             "sit out that update and there is no second path to serialise";
    }
    if (unsigned K = idioms::storeAfterCollective(E, AST); K && K <= FewLanes)
      return head("thread-dependent", "predicated store", E, Cond,
                  " lets " + std::to_string(K) + " lanes store the warp's result") +
             "\nafter a warp shuffle or reduction, " + describeLanes(C.TrueMask & C.ActiveMask) +
             " of each warp store values the whole warp computed, and the branch only stores: "
             "the compiler predicates the store, so there is no second path to serialise (one "
             "lane storing them all measured no faster)";
    if (idioms::selectSwitch(E))
      return head("thread-dependent", "select", E, Cond, " only picks a value") +
             "\neach case is a return or one register assignment: it compiles to selects, not "
             "to a branch";
    if (idioms::partialsLoad(E, AST))
      return head("thread-dependent", "warp-synchronous step", E, Cond,
                  " guards a load of partial sums") +
             "\nit lets the first " + std::to_string(llvm::popcount(C.TrueMask & C.ActiveMask)) +
             " lanes of each warp load one value into a register (the second stage of a block "
             "reduction): the compiler predicates the load, and every lane goes on to the same "
             "warp-wide step";
    // A loop condition is one-sided too: the lanes past the bound leave the loop and wait for
    // the others after it, with no path of their own (FasterTransformer's copy of an 18-float
    // record, `for (e = tid; e < 18; e += 64)`).
    if (C.Cat == BranchCategory::LaneSplit &&
        ((C.Reason == CondClass::Why::PartialWarp && !C.Repeats) || C.FewWarps) &&
        (idioms::oneSided(E) || E.F == BranchEvent::Form::Loop))
      return head("thread-dependent", "tail-guard", E, Cond, " splits only a few warps") + "\n" +
             onlyOneWarp(E, Cond, AST) + "\n" +
             (E.F == BranchEvent::Form::Loop
                  ? "the lanes past the bound only leave the loop: no regrouping would save "
                    "anything"
                  : NoRegrouping);
    return std::nullopt;
  }

  /// What kind of condition \p E is: "branch", "loop condition", ...
  std::string formName(const BranchEvent &E) const {
    switch (E.F) {
    case BranchEvent::Form::Loop:
      return "loop condition";
    case BranchEvent::Form::Switch:
      return "switch";
    case BranchEvent::Form::IndirectCall:
      return "indirect call";
    case BranchEvent::Form::Conditional:
      return "'?:'";
    case BranchEvent::Form::Logical:
      return "short-circuit operand";
    case BranchEvent::Form::If:
      break;
    }
    return "branch";
  }

  /// The note explaining a block narrower than a warp, or empty.
  std::string narrowNote(const BranchEvent &E, ASTContext &AST) const {
    if (!E.Class.NarrowShape || !E.Shape || !E.Shape->Block)
      return "";
    const Dim3 &B = *E.Shape->Block;
    const SourceManager &SM = AST.getSourceManager();
    std::string Where;
    if (E.Shape->LaunchLoc.isValid())
      Where = " of the launch at line " +
              std::to_string(SM.getExpansionLineNumber(E.Shape->LaunchLoc));
    else if (!E.Shape->Elsewhere.empty())
      Where = " of the launch at " + E.Shape->Elsewhere;
    std::string Holds;
    if (B[2] == 1 && B[0] < 32 && 32 % B[0] == 0)
      Holds = "each warp holds " + std::to_string(32 / B[0]) + " rows of " +
              std::to_string(B[0]) + " threads";
    else
      Holds = "each warp's 32 consecutive threads span several values of threadIdx.y or "
              "threadIdx.z";
    return "with the " + shapeText(B) + " block" + Where + ", " + Holds + "\n";
  }

  std::string laneSplit(const BranchEvent &E, const std::string &Cond, ASTContext &AST) const {
    const CondClass &C = E.Class;
    std::string NarrowNote = narrowNote(E, AST);
    bool Narrow = !NarrowNote.empty();
    std::string TripNote =
        E.Trip.empty() ? "" : "this is in the trip of its loop where " + E.Trip + "\n";
    if (!E.Args.empty())
      TripNote += "with " + E.Args + ", what every launch of '" + displayName(E.Root) +
                  "' in this file passes\n";
    auto Head = [&](const std::string &Verdict) {
      return head("warp-divergent", "lane-split", E, Cond, Verdict) + "\n" + NarrowNote +
             TripNote;
    };
    std::string LaneSide = C.LaneSide ? sourceText(C.LaneSide, AST) : "the thread index";
    std::string Idle =
        "each warp runs both paths one after the other with the lanes of the other path idle";
    // The index to partition by: from the condition itself, or 'tid' when the
    // lane pattern comes from inside a called function.
    std::string Index = C.LaneSide && within(C.LaneSide, E.Cond, AST.getSourceManager())
                            ? innerIndex(C.LaneSide, AST)
                            : "tid";
    std::string WarpFix = "if both paths do real work, give each path to whole warps instead "
                          "(branch on a warp index such as 'threadIdx.x / warpSize', which all "
                          "32 lanes of a warp share)";
    std::string NarrowFix = "launch blocks at least 32 threads wide in x (e.g. 32x8 instead of "
                            "16x16) so that a warp never spans two rows";
    // Rewriting the condition alone ('(tid / warpSize) % 2') would change which
    // elements each thread accesses when the arms index memory by the thread
    // index (an odd-even sort's compare-and-swap, an even/odd store).
    bool Indexed = idioms::armsIndexedByLane(E);
    std::string KeepFix = "the branch's arms access elements indexed by the same thread index, "
                          "so a rewrite must keep which elements each thread handles: compute "
                          "the choice as a value and apply it without branching (e.g. min/max "
                          "and a select in a compare-and-swap), or remap threads to elements so "
                          "that the lanes of a warp make the same choice";
    std::string Fix = Narrow ? NarrowFix : WarpFix;
    std::string Every = C.EveryWarp ? " splits every warp" : " splits warps";
    switch (C.Reason) {
    case CondClass::Why::LaneMask: {
      uint32_t T = C.TrueMask & C.ActiveMask, F = C.ActiveMask & ~C.TrueMask;
      std::string Where = C.EveryWarp   ? " in every warp"
                          : !C.HasRange ? " in each warp where the rest of the condition holds"
                                        : " in each warp where '" + LaneSide + "' is " +
                                              std::to_string(C.RangeLo) + "-" +
                                              std::to_string(C.RangeHi);
      if (C.ActiveMask == AllLanes && !C.AtMost &&
          (C.TrueMask == 0x55555555u || C.TrueMask == 0xAAAAAAAAu))
        return Head(Every + " into even and odd lanes") + "it is true for " + describeLanes(T) +
               " and false for " + describeLanes(F) + Where + ": " + Idle + "\n" +
               (Narrow    ? NarrowFix
                : Indexed ? KeepFix
                : Index.empty()
                    ? WarpFix
                    : "partition the work by warp instead, e.g. '(" + Index +
                          " / warpSize) % 2 == 0'");
      if (C.AtMost)
        return Head(Every) + "it is false for " + describeLanes(F) + " and can be true only for " +
               describeLanes(T) + Where + ": " + Idle + "\n" + Fix;
      return Head(Every) + "it is true for " + describeLanes(T) + " and false for " +
             describeLanes(F) + Where + ": " + Idle + "\n" + Fix;
    }
    case CondClass::Why::PartialWarp: {
      uint32_t Small = C.SmallSideTrue ? (C.TrueMask & C.ActiveMask)
                                       : (C.ActiveMask & ~C.TrueMask);
      uint32_t Rest = C.ActiveMask & ~Small;
      std::string Range = "'" + LaneSide + "' is " + std::to_string(C.RangeLo) + "-" +
                          std::to_string(C.RangeHi);
      bool AtMost = C.AtMost && C.SmallSideTrue;
      std::string When;
      if (C.OneWarpLoop && C.GrowthVar)
        When = "for every value '" + C.GrowthVar->getName().str() + "' takes (" + boundValues(C) +
               ") it splits only that warp; when it is " + std::to_string(C.BoundAt) + ", ";
      return Head(" splits the warp where '" + clip(LaneSide, 24) + "' is " +
                  std::to_string(C.RangeLo) + "-" + std::to_string(C.RangeHi)) +
             When + "it " +
             (AtMost            ? "can be true"
              : C.SmallSideTrue ? "is true"
                                : "is false") +
             " only for " + describeLanes(Small) + " of the warp where " + Range + " (and " +
             (C.SmallSideTrue ? "false" : "true") +
             " in every other warp): that warp runs the "
             "branch with " +
             describeLanes(Rest) + " idle, then the rest of its path with " + describeLanes(Small) +
             " idle\n" +
             (Narrow ? NarrowFix : "a threshold that is a multiple of 32 keeps warps whole");
    }
    case CondClass::Why::ModUnknown: {
      std::string Index = "the thread index", Divisor = "the divisor";
      if (const auto *BO = dyn_cast<BinaryOperator>(C.LaneSide->IgnoreParenImpCasts());
          BO && BO->getOpcode() == BO_Rem) {
        Index = quoted(sourceText(BO->getLHS(), AST));
        Divisor = quoted(sourceText(BO->getRHS()->IgnoreParenImpCasts(), AST));
      }
      std::string S = "it holds only for threads whose " + Index + " is a multiple of " +
                      Divisor +
                      (Narrow ? " (every other row when it is 2)" : " (every other lane when it is 2)");
      if (C.G != Growth::None)
        return Head(" leaves most lanes of every warp idle") + S +
               ", so the threads still working are scattered over every warp and each warp "
               "runs the branch with most of its lanes idle in every iteration\nmake the "
               "working threads contiguous so that whole warps drop out: 'if (tid < stride)' "
               "with stride halving from blockDim.x / 2 (interleaved pairs), and finish the last "
               "warp with '__shfl_down_sync'";
      return Head(Every) + S + ": " + Idle + "\n" + WarpFix;
    }
    case CondClass::Why::BitUnknown: {
      std::string Bit = "the mask";
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
              C.LaneSide ? C.LaneSide->IgnoreParenImpCasts() : nullptr);
          BO && BO->getOpcode() == BO_And)
        Bit = quoted(sourceText(BO->getRHS()->IgnoreParenImpCasts(), AST));
      return Head(" splits every warp while its bit is below 32") + "it tests bit " + Bit +
             " of the thread index, which changes every iteration: while it is below 32, the "
             "lanes with the bit set and those without take different paths in every warp, "
             "and " + Idle + "\ncompute the direction as a value and order each pair without "
             "branching on it (e.g. min/max and a select, as in a branch-free bitonic "
             "compare-and-swap)";
    }
    case CondClass::Why::EqualsUniform: {
      uint32_t T = C.TrueMask & C.ActiveMask, F = C.ActiveMask & ~C.TrueMask;
      return Head(" splits every warp for the values the other side can take") + "'" +
             LaneSide + "' takes " + std::to_string(C.Distinct) +
             " different values in each warp; compared for equality with a value that is the "
             "same in every lane, the lanes holding the matching value take one path and the "
             "others the other (e.g. " + describeLanes(T) + " against " + describeLanes(F) +
             "): " + Idle + "\n" + (Narrow ? NarrowFix : WarpFix);
    }
    case CondClass::Why::TripCount:
      return Head(" gives each lane its own trip count") + "'" + LaneSide +
             "' differs across the warp, so lanes leave the loop at different iterations and "
             "the warp keeps issuing it, finished lanes idle, until its last lane is done\ngive "
             "the lanes of a warp equal trip counts (loop to a warp-uniform bound and guard the "
             "work inside), or map work so that lanes with similar trip counts share a warp";
    case CondClass::Why::IndirectTargets:
      return Head(" calls " + std::to_string(C.Distinct) + " different functions within " +
                  (C.EveryWarp ? "every warp" : "a warp")) +
             "the index '" + LaneSide +
             "' differs between the lanes of a warp, so the warp "
             "calls each target in turn with the lanes of the other targets idle\npick the "
             "function by a value that is the same across a warp (e.g. the warp index "
             "'threadIdx.x / warpSize'), or call one function that branches on the data";
    case CondClass::Why::SwitchValues:
      return Head(" takes " + std::to_string(C.Distinct) + " values within " +
                  (C.EveryWarp ? "every warp" : "a warp")) +
             "each warp runs those cases one after the other with the other lanes idle\n" +
             (Indexed ? KeepFix
                      : "switch on a value that is the same across a warp (e.g. derived from '" +
                            (C.LaneSide ? LaneSide : std::string("tid")) + " / warpSize')");
    case CondClass::Why::LoopThreshold:
      if (C.EveryWarp)
        return Head(" splits every warp at a moving lane") + "it compares the lane with '" +
               growthName(C) +
               "', which changes every iteration: every warp is split at that lane in each "
               "iteration where it is below 32, and " + Idle +
               "\nfor a warp-level scan or reduction, combine lanes with shuffles "
               "('__shfl_up_sync' / '__shfl_down_sync') and select the result instead of "
               "branching";
      return Head(" splits a warp while fewer than 32 threads pass") +
             "it compares the thread index with '" +
             growthName(C) +
             "', which changes every iteration: in the iterations where fewer than 32 threads "
             "pass, or the bound is not a multiple of 32, the warp it falls in is split, and " +
             Idle + "\nrun the steps with fewer than 32 active threads inside one warp with "
             "shuffles ('__shfl_up_sync' / '__shfl_down_sync') instead of a branch";
    default:
      return Head(" differs between lanes of a warp") + Idle + "\n" + WarpFix;
    }
  }

  /// "16 to 1", "1 upwards": the values a loop bound takes (CondClass::OneWarpLoop).
  static std::string boundValues(const CondClass &C) {
    if (C.BoundLast == 0)
      return std::to_string(C.BoundFirst) + " upwards";
    if (C.BoundFirst == C.BoundLast)
      return std::to_string(C.BoundFirst);
    return std::to_string(C.BoundFirst) + " to " + std::to_string(C.BoundLast);
  }

  std::string spared(const BranchEvent &E, idioms::Spared Why, ASTContext &AST) const {
    if (Why == idioms::Spared::OneWarpBlock) {
      const Dim3 &B = *E.Shape->Block;
      return " keeps a contiguous run of the block's " + std::to_string(B[0] * B[1] * B[2]) +
             " threads, all in one warp (the " + shapeText(B) + " block of the launch)";
    }
    if (Why == idioms::Spared::BoundInOneWarp) {
      const CondClass &C = E.Class;
      std::string Values = boundValues(C);
      std::string Side = C.LaneSide ? sourceText(C.LaneSide, AST) : "the thread index";
      return " splits only the warp where '" + Side + "' is " + std::to_string(C.RangeLo) + "-" +
             std::to_string(C.RangeHi) + " for every value '" + C.GrowthVar->getName().str() +
             "' takes (" + Values + "), and " +
             (C.Upper ? "every thread above that warp works in each of them"
                      : "no thread outside that warp ever works (a warp-synchronous finish)");
    }
    return " moves its bound by a constant step per iteration ('" +
           E.Class.GrowthVar->getName().str() +
           "'), so each iteration splits at most the warp where the bound falls";
  }

  std::string onlyOneWarp(const BranchEvent &E, const std::string &Cond, ASTContext &AST) const {
    const CondClass &C = E.Class;
    if (C.FewWarps)
      return quoted(Cond) + " splits lanes only in the warp (or the few warps) that its "
             "warp-uniform equality admits: those threads already fill the fewest warps they can";
    uint32_t Small =
        C.SmallSideTrue ? (C.TrueMask & C.ActiveMask) : (C.ActiveMask & ~C.TrueMask);
    std::string LaneSide = C.LaneSide ? sourceText(C.LaneSide, AST) : "the thread index";
    return narrowNote(E, AST) + quoted(Cond) + " splits only " + describeLanes(Small) +
           " from the rest of the warp where '" + LaneSide + "' is " +
           std::to_string(C.RangeLo) + "-" + std::to_string(C.RangeHi) +
           ": those threads already fill the fewest warps they can";
  }

  /// At most this many lanes storing after a warp collective store the warp's
  /// result (a note); at least HaloStores (most of the warp) are a shuffle
  /// filter whose last lanes are its halo (idioms::storeAfterCollective).
  static constexpr unsigned FewLanes = 4, HaloStores = 16;

  /// `if (lane < 24) out[base + lane] = s;` after the shuffles of a filter.
  std::string haloLanes(const BranchEvent &E, const std::string &Cond, unsigned K) const {
    const CondClass &C = E.Class;
    uint32_t Idle = C.ActiveMask & ~C.TrueMask;
    unsigned N = llvm::popcount(Idle);
    return head("warp-divergent", "lane-split", E, Cond,
                " leaves " + describeLanes(Idle) + " of every warp without output") +
           "\nafter the warp's shuffles, only " + describeLanes(C.TrueMask & C.ActiveMask) +
           " store: the other " + std::to_string(N) +
           " lanes load and shuffle like the rest only to feed them (a halo), so " +
           std::to_string(N) +
           " of every 32 lanes' work yields no output; the store itself is "
           "predicated\nlet every lane produce an output: load the halo into a second register "
           "(e.g. the element 32 places on) and take each tap from one of two shuffles, so that "
           "all 32 lanes store (" +
           std::to_string(K) + " outputs per warp become 32)";
  }

  /// A link of a per-thread dispatch chain (idioms::dispatchChain).
  std::string dispatch(const BranchEvent &E, const std::string &Cond, unsigned Jobs) const {
    const CondClass &C = E.Class;
    uint32_t T = C.TrueMask & C.ActiveMask;
    std::string Who = !T            ? "at most one lane of each warp"
                      : C.EveryWarp ? describeLanes(T) + " of every warp"
                                    : describeLanes(T) + " of one warp";
    std::string Rest = "the other threads have none: the jobs share no code that whole warps "
                       "could run together, so there is nothing to restructure";
    if (E.F == BranchEvent::Form::Switch)
      return head("thread-dependent", "per-thread dispatch", E, Cond,
                  " gives each of a few threads its own job") +
             "\nit differs in every lane of a warp, so each of its " + std::to_string(Jobs) +
             " cases runs at most one lane of each warp, a different job for each, and " + Rest;
    return head("thread-dependent", "per-thread dispatch", E, Cond,
                " picks the thread for one job") +
           "\nit picks " + Who + " in a chain of " + std::to_string(Jobs) +
           " equality tests that hands a different job to each of a few threads, and " + Rest;
  }

  std::string leaderElse(const BranchEvent &E, const std::string &Cond) const {
    const CondClass &C = E.Class;
    uint32_t T = C.TrueMask & C.ActiveMask, F = C.ActiveMask & ~C.TrueMask;
    bool FewTrue = llvm::popcount(T) <= llvm::popcount(F);
    return head("warp-divergent", "lane-split", E, Cond,
                " gives a few lanes of every warp their own path") +
           "\nit " +
           (FewTrue ? "picks " + describeLanes(T) +
                          " of every warp, and the other lanes run the else branch"
                    : "sends " + describeLanes(F) +
                          " of every warp to the else branch, and the other lanes "
                          "run the then branch") +
           ": each warp runs both paths one after the other\ngive every lane the same code "
           "(e.g. pad the data with a halo so that border threads need no special case), or "
           "hand the special case to whole warps";
  }

  /// Whether \p Inner is written inside \p Outer (not in a called function).
  static bool within(const Expr *Inner, const Expr *Outer, const SourceManager &SM) {
    SourceLocation IB = SM.getExpansionLoc(Inner->getBeginLoc());
    SourceRange O = SM.getExpansionRange(Outer->getSourceRange()).getAsRange();
    return SM.getFileID(IB) == SM.getFileID(O.getBegin()) &&
           !SM.isBeforeInTranslationUnit(IB, O.getBegin()) &&
           !SM.isBeforeInTranslationUnit(O.getEnd(), IB);
  }

  std::string growthName(const CondClass &C) const {
    return C.GrowthVar ? C.GrowthVar->getName().str() : std::string("the bound");
  }

  /// `tid` in `tid % 2`, for the suggested fix.
  std::string innerIndex(const Expr *LaneSide, ASTContext &AST) const {
    const Expr *E = LaneSide->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      if (BO->getOpcode() == BO_Rem || BO->getOpcode() == BO_And)
        E = BO->getLHS();
    return withinWarp(E, AST, 0) ? "" : sourceText(E, AST);
  }

  /// Whether \p E takes the same values in every warp (`lane = tid % 32`, `sub =
  /// tid & 3`): `(E / warpSize) % 2` would be 0 in every thread.
  static bool withinWarp(const Expr *E, ASTContext &AST, unsigned Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
      return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() &&
             Depth < 3 && withinWarp(VD->getInit(), AST, Depth + 1);
    }
    const auto *BO = dyn_cast<BinaryOperator>(E);
    if (!BO || (BO->getOpcode() != BO_Rem && BO->getOpcode() != BO_And))
      return false;
    const Expr *R = BO->getRHS()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(R); Ref && Ref->getDecl()->getName() == "warpSize")
      return BO->getOpcode() == BO_Rem;
    Expr::EvalResult V;
    if (R->isValueDependent() || !R->EvaluateAsInt(V, AST))
      return false;
    int64_t C = V.Val.getInt().getExtValue();
    return BO->getOpcode() == BO_Rem ? C > 0 && C <= 32 : C >= 0 && C < 32;
  }

  std::string shrinking(const BranchEvent &E, const std::string &Cond) const {
    const CondClass &C = E.Class;
    std::string Var = quoted(growthName(C));
    if (C.Reason == CondClass::Why::FactorShrinks)
      return head("warp-divergent", "shrinking-threshold", E, Cond,
                  C.EveryWarp ? " admits more lanes of every warp each step"
                              : " lets more threads through each iteration") +
             "\n" + Var +
             " shrinks every iteration and scales the thread index, so the threads "
             "that pass double each step from a few (1, 3, 7, ... in a scan's down-sweep): while "
             "fewer than 32 pass, only the first lanes of " +
             (C.EveryWarp ? "each warp" : "the first warp") +
             " run the branch while the rest of that warp idles\nrun the steps with fewer than 32 "
             "active threads inside one warp with shuffles (a warp scan with '__shfl_up_sync' "
             "over the partial sums) instead of a branch";
    std::string Change = C.Reason == CondClass::Why::FactorGrows
                             ? Var + " grows every iteration and scales the thread index"
                             : Var + (C.G == Growth::Grows ? " grows" : " shrinks") +
                                   " every iteration";
    if (C.EveryWarp)
      return head("warp-divergent", "shrinking-threshold", E, Cond,
                  " admits fewer lanes of every warp each step") +
             "\n" + Change + ", so every warp is split in each iteration whose bound falls "
             "inside it\ncombine lanes with warp shuffles ('__shfl_down_sync' / "
             "'__shfl_up_sync') and a select ('v += (lane >= offset) ? t : 0') instead of a "
             "branch";
    std::string Which = C.Upper ? "the last lanes of the last warp" : "the first lanes of the first warp";
    return head("warp-divergent", "shrinking-threshold", E, Cond,
                " lets fewer threads through each iteration") +
           "\n" + Change + ": once fewer than 32 pass, only " + Which +
           " run the branch while the rest of that warp idles\nin a reduction tree, stop the "
           "loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values "
           "within one warp using '__shfl_down_sync'";
  }

  std::string silent(const BranchEvent &E, const std::string &Cond, ASTContext &AST) const {
    const CondClass &C = E.Class;
    std::string LaneSide = C.LaneSide ? sourceText(C.LaneSide, AST) : "the thread index";
    switch (C.Cat) {
    case BranchCategory::TailGuard:
      if (C.Reason == CondClass::Why::ConstBound)
        return head("thread-dependent", "tail-guard", E, Cond, " splits only one warp") +
               "\nit splits only the warp where '" + LaneSide + "' is " +
               std::to_string(C.RangeLo) + "-" + std::to_string(C.RangeHi) +
               "; every other warp takes one path";
      if (C.Reason == CondClass::Why::LaneBound)
        return head("thread-dependent", "tail-guard", E, Cond,
                    " compares a lane value with a bound") +
               "\nthe bound is not known here; if it falls inside a warp, every warp splits at "
               "the same lane";
      return head("thread-dependent", "tail-guard", E, Cond, " splits at most one warp") +
             "\nonly the warp where the thread index crosses the bound splits; expected for "
             "bounds checks and grid-stride loops";
    case BranchCategory::SingleLane: {
      uint32_t T = C.TrueMask & C.ActiveMask, F = C.ActiveMask & ~C.TrueMask;
      std::string Where = C.EveryWarp ? " of every warp" : " of one warp";
      std::string Who;
      if (!T && C.MaxTrue <= 1) // no mask known: an equality with a value not known here
        Who = " is true for at most one lane of each warp";
      else if (!T && C.MaxFalse <= 1)
        Who = " is false for at most one lane of each warp";
      else if (!T || !F)
        Who = " holds for at most one lane per warp";
      else if (bool True = llvm::popcount(T) <= llvm::popcount(F); !C.EveryWarp &&
               (True ? C.MaxTrue : C.MaxFalse) > llvm::popcount(True ? T : F))
        // Other warps hold more lanes on that side (`t >= 31`: all of them).
        Who = std::string(" splits one warp, where it is ") + (True ? "true" : "false") +
              " only for " + describeLanes(True ? T : F);
      else if (True)
        Who = " is true only for " + describeLanes(T) + Where;
      else
        Who = " is false only for " + describeLanes(F) + Where;
      return head("thread-dependent", "single-lane", E, Cond, Who) +
             "\na leader lane working while the rest of its warp waits is expected for "
             "per-warp or per-block work";
    }
    case BranchCategory::DataDependent:
      if (C.DataSrc)
        return head("thread-dependent", "data-dependent", E, Cond, " depends on loaded data") +
               "\nit depends on '" + sourceText(C.DataSrc, AST) +
               "', read through a thread-dependent address; lanes diverge only where the data "
               "differ";
      return head("thread-dependent", "data-dependent", E, Cond,
                  " depends on per-thread values") +
             "\nit depends on values that differ between threads (shuffles, atomics or inline "
             "assembly); lanes diverge only where those values differ";
    default:
      return "";
    }
  }
};

} // namespace

std::unique_ptr<Rule> createWarpDivergentBranch(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<WarpDivergentBranch>(Info, Ctx);
}

} // namespace cudalint
