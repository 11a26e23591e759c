//===- ThreadDependence.cpp - Thread-dependent branches and barriers ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependence.h"
#include "rules/analysis/ErrorTaint.h"
#include "rules/analysis/KernelNames.h"
#include "rules/analysis/LaunchSite.h"
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

using walker::Walker;
using walker::LoopInfo;
using walker::isSystemCode;

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // An expression written whole in one argument of a macro (`MAX(src[i].x, val)`) as written
  // there; else what the macro's use expands from.
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()),
                                               SM, Ctx.getLangOpts());
  if (R.isInvalid())
    R = SM.getExpansionRange(E->getSourceRange());
  std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // One line, single spaces.
  std::string Out;
  bool Space = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && (I + 1 == Text.size() || Text[I + 1] == '\n' || Text[I + 1] == '\r'))
      continue; // a line continuation
    if (C == '\n' || C == '\r' || C == '\t' || C == ' ') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}


// --- ThreadDependence ----------------------------------------------------------------------

void ThreadDependence::registerMatchers(MatchFinder &Finder, MatchFinder::MatchCallback *CB) {
  Finder.addMatcher(
      functionDecl(isDefinition(), anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
          .bind("td-function"),
      CB);
  Finder.addMatcher(launchCallMatcher(), CB);
}

void ThreadDependence::collect(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("td-function")) {
    if (!FD->hasBody() || isSystemCode(FD, *Result.SourceManager))
      return;
    if (functionHasCompileErrors(FD)) {
      // A body with compile errors has holes the walk would misread; its
      // sound calls into device functions are followed (run()).
      if (!FD->isDependentContext() && Seen.insert(FD).second)
        Broken.push_back(FD);
      return;
    }
    if (FD->isDependentContext()) {
      // A template as written (not a generic lambda's call operator).
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (!(MD && MD->getParent()->isLambda()) && Seen.insert(FD).second)
        Templates.push_back(FD);
      return;
    }
    if (Seen.insert(FD).second)
      Functions.push_back(FD);
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch")) {
    std::optional<LaunchSite> Site = analyzeLaunch(Call, *Result.Context);
    if (!Site)
      return;
    // A block the host picks at run time from a few values the source spells out: the
    // kernel runs with each of them.
    std::vector<Dim3> Choices;
    if (!Site->Block && Site->BlockExpr)
      Choices = ValueEvaluator(*Result.Context, Call).evalDim3Choices(Site->BlockExpr, 4);
    const CallExpr *Chevron = Site->Form == LaunchForm::TripleChevron ? Call : nullptr;
    auto Add = [&](const FunctionDecl *K, const CallExpr *Readable) {
      std::vector<LaunchShape> &Mine = Launches[K->getCanonicalDecl()];
      if (Choices.empty()) {
        Mine.push_back({Site->Block, Site->BlockX, Site->Loc, Readable});
        return;
      }
      for (const Dim3 &B : Choices)
        Mine.push_back({B, std::nullopt, Site->Loc, Readable, Choices});
    };
    if (!Site->Kernel) {
      // Through a local function pointer: each kernel it can hold runs with this shape.
      for (const FunctionDecl *K : pointerLaunchTargets(Call))
        Add(K, nullptr);
      return;
    }
    Add(Site->Kernel, Chevron);
  }
}

std::vector<std::pair<const ParmVarDecl *, int64_t>>
ThreadDependence::agreedArgs(const FunctionDecl *Kernel) {
  std::vector<std::pair<const ParmVarDecl *, int64_t>> Agreed;
  auto It = Launches.find(Kernel->getCanonicalDecl());
  if (It == Launches.end() ||
      llvm::any_of(It->second, [](const LaunchShape &L) { return !L.Chevron; }))
    return Agreed;
  if (!Callers)
    Callers = std::make_unique<CallSites>(*Ctx);
  for (unsigned I = 0; I < Kernel->getNumParams(); ++I) {
    if (!Kernel->getParamDecl(I)->getType()->isIntegralOrEnumerationType())
      continue;
    std::optional<int64_t> Value;
    for (const LaunchShape &L : It->second) {
      std::optional<int64_t> V;
      if (I < L.Chevron->getNumArgs())
        V = ValueEvaluator(*Ctx, L.Chevron, Callers.get()).evalInt(L.Chevron->getArg(I));
      if (!V || (Value && *Value != *V)) {
        Value.reset();
        break;
      }
      Value = V;
    }
    if (Value)
      Agreed.push_back({Kernel->getParamDecl(I), *Value});
  }
  return Agreed;
}

void ThreadDependence::run() {
  if (!Ctx || Analysed)
    return;
  Analysed = true;
  llvm::DenseSet<const FunctionDecl *> Reached;
  llvm::DenseMap<const Stmt *, std::unique_ptr<LoopInfo>> Loops;
  auto Walk = [&](const FunctionDecl *FD, const BlockShape &Shape) {
    size_t B = Branches.size(), Ba = Barriers.size(), Ac = Accesses.size();
    const size_t WalkAccesses = Ac;
    Walker W(*Ctx, Shape, FD, Branches, Barriers, Accesses, Reached, Loops);
    W.run();
    for (size_t I = Ac; I < Accesses.size(); ++I)
      Accesses[I].ReadsRows = W.readsRows();
    if (W.tooDeep()) {
      // Cut short: what it found cannot be weighed against what it missed.
      Branches.erase(Branches.begin() + B, Branches.end());
      Barriers.erase(Barriers.begin() + Ba, Barriers.end());
      Accesses.erase(Accesses.begin() + Ac, Accesses.end());
      if (llvm::find(TooDeep, FD) == TooDeep.end())
        TooDeep.push_back(FD);
      return;
    }
    // A branch left a note because a bound is not known may split every warp
    // with the values that every launch passes (a filter size of 9 from main):
    // walked again with them, only the lane splits that shows are added. So may
    // an access whose stride is such a value (`p[tid * stride]`, stride = 4).
    if ((!W.unsettled() && !W.unknownStrides()) || !FD->hasAttr<CUDAGlobalAttr>())
      return;
    auto Args = agreedArgs(FD);
    if (Args.empty())
      return;
    B = Branches.size();
    Ac = Accesses.size();
    Walker Bound(*Ctx, Shape, FD, Branches, Barriers, Accesses, Reached, Loops);
    Bound.bindArgs(Args);
    Bound.run();
    for (size_t I = Ac; I < Accesses.size(); ++I)
      Accesses[I].ReadsRows = Bound.readsRows() || W.readsRows();
    if (Bound.tooDeep()) {
      Branches.erase(Branches.begin() + B, Branches.end());
      Accesses.erase(Accesses.begin() + Ac, Accesses.end());
    } else {
      // The walk with the values known supersedes the walk without them where it
      // sees an access otherwise (`if (tid < channels) smem[tid][0]`: 4 lanes with
      // channels = 4, not 32); where both see the same, both stay, as before.
      auto Same = [](const AccessEvent &A, const AccessEvent &B) {
        return A.Trip == B.Trip && A.Offset.Active == B.Offset.Active && A.Offset.L == B.Offset.L;
      };
      llvm::DenseMap<const Expr *, llvm::SmallVector<size_t, 2>> Unbound;
      for (size_t I = WalkAccesses; I < Ac; ++I)
        Unbound[Accesses[I].Access].push_back(I);
      llvm::DenseSet<const Expr *> Differs;
      for (size_t I = Ac; I < Accesses.size(); ++I)
        if (auto It = Unbound.find(Accesses[I].Access);
            It != Unbound.end() &&
            llvm::none_of(It->second, [&](size_t U) { return Same(Accesses[U], Accesses[I]); }))
          Differs.insert(Accesses[I].Access);
      if (!Differs.empty())
        Accesses.erase(std::remove_if(Accesses.begin() + WalkAccesses, Accesses.begin() + Ac,
                                      [&](const AccessEvent &A) { return Differs.count(A.Access); }),
                       Accesses.begin() + Ac);
    }
  };
  // Kernels first, under each block shape they are launched with.
  for (const FunctionDecl *FD : Functions) {
    if (!FD->hasAttr<CUDAGlobalAttr>())
      continue;
    std::vector<const BlockShape *> Mine;
    bool Unknown = false;
    std::optional<int64_t> OnlyX; // the x-extent the launches without a Block agree on
    SourceLocation OnlyXLoc;
    auto It = Launches.find(FD->getCanonicalDecl());
    if (It != Launches.end()) {
      for (const LaunchShape &L : It->second) {
        if (!L.Block) {
          bool Known = L.BlockX && *L.BlockX > 0 && *L.BlockX % 32 == 0 && *L.BlockX <= 1024 &&
                       (!OnlyX || *OnlyX == *L.BlockX);
          if (Known && !OnlyX)
            OnlyXLoc = L.Loc;
          if (Known)
            OnlyX = L.BlockX;
          else
            Unknown = true;
          continue;
        }
        // A block no device runs (a zero dimension, more than 1024 threads) never
        // executes the kernel: invalid-launch-config reports it, divergence has no shape.
        const Dim3 &B = *L.Block;
        if (B[0] <= 0 || B[1] <= 0 || B[2] <= 0 || B[0] * B[1] * B[2] > 1024)
          continue;
        bool Seen = llvm::any_of(Mine, [&](const BlockShape *S) { return *S->Block == *L.Block; });
        if (!Seen && Mine.size() < 4) {
          Shapes.push_back({L.Block, L.Loc, false, std::nullopt, L.Choices});
          Mine.push_back(&Shapes.back());
        }
      }
    }
    if (It == Launches.end() && Elsewhere) {
      // Launched from other files only: under their blocks (validated there).
      if (auto E = Elsewhere->find(mangledName(FD)); E != Elsewhere->end())
        for (const ExternalLaunch &L : E->second)
          if (Mine.size() < 4 &&
              llvm::none_of(Mine, [&](const BlockShape *S) { return *S->Block == L.Block; })) {
            Shapes.push_back({L.Block, SourceLocation(), false});
            Shapes.back().Elsewhere = L.Where;
            Mine.push_back(&Shapes.back());
          }
    }
    if (Unknown || (Mine.empty() && !OnlyX)) {
      Shapes.push_back({std::nullopt, SourceLocation(), Mine.empty() && !OnlyX});
      Mine.push_back(&Shapes.back());
    } else if (OnlyX) {
      Shapes.push_back({std::nullopt, OnlyXLoc, false, OnlyX});
      Mine.push_back(&Shapes.back());
    }
    for (const BlockShape *S : Mine)
      Walk(FD, *S);
  }
  // Device functions no kernel here reaches: on their own, parameters uniform.
  Shapes.push_back({std::nullopt, SourceLocation(), true});
  const BlockShape &Assumed = Shapes.back();
  // ... unless a function with compile errors calls them in code that parsed:
  // then from that call, with what its arguments say (threadIdx.x, blockDim.x).
  llvm::DenseSet<const FunctionDecl *> Walkable;
  for (const FunctionDecl *FD : Functions)
    if (!FD->hasAttr<CUDAGlobalAttr>())
      Walkable.insert(FD->getCanonicalDecl());
  for (const FunctionDecl *B : Broken) {
    llvm::SmallVector<const CallExpr *, 4> Calls;
    std::function<void(const Stmt *)> Find = [&](const Stmt *St) {
      if (!St)
        return;
      if (const auto *CE = dyn_cast<CallExpr>(St))
        if (const FunctionDecl *Callee = CE->getDirectCallee();
            Callee && Walkable.count(Callee->getCanonicalDecl()) && !CE->containsErrors())
          Calls.push_back(CE);
      for (const Stmt *C : St->children())
        Find(C);
    };
    Find(B->getBody());
    const BlockShape *Shape = &Assumed;
    if (auto It = Launches.find(B->getCanonicalDecl()); It != Launches.end())
      for (const LaunchShape &L : It->second)
        if (L.Block && (*L.Block)[0] > 0 && (*L.Block)[1] > 0 && (*L.Block)[2] > 0 &&
            (*L.Block)[0] * (*L.Block)[1] * (*L.Block)[2] <= 1024) {
          Shapes.push_back({L.Block, L.Loc, false});
          Shape = &Shapes.back();
          break;
        }
    for (const CallExpr *CE : Calls) {
      size_t Bi = Branches.size(), Ba = Barriers.size(), Ac = Accesses.size();
      Walker W(*Ctx, *Shape, B, Branches, Barriers, Accesses, Reached, Loops);
      W.runCall(CE);
      for (size_t I = Ac; I < Accesses.size(); ++I)
        Accesses[I].ReadsRows = true; // the rest of the broken function is not seen
      if (W.tooDeep()) {
        Branches.erase(Branches.begin() + Bi, Branches.end());
        Barriers.erase(Barriers.begin() + Ba, Barriers.end());
        Accesses.erase(Accesses.begin() + Ac, Accesses.end());
      }
    }
  }
  for (const FunctionDecl *FD : Functions)
    if (!FD->hasAttr<CUDAGlobalAttr>() && !Reached.count(FD))
      Walk(FD, Assumed);
  // Templates that nothing here instantiates (reduction kernels in a header,
  // block size as a template parameter): their primary template, once. A
  // value that depends on a template parameter is unknown to the walk, so
  // what it finds holds for every instantiation. An instantiation with
  // compile errors is not analysed, and does not count.
  llvm::DenseSet<const FunctionDecl *> Instantiated;
  auto NoteInstance = [&](const FunctionDecl *FD) {
    for (const FunctionDecl *P = FD->getTemplateInstantiationPattern(); P;
         P = P->getTemplateInstantiationPattern()) {
      if (!Instantiated.insert(P->getCanonicalDecl()).second || P->isDependentContext())
        break;
    }
  };
  for (const FunctionDecl *FD : Functions)
    NoteInstance(FD);
  for (const FunctionDecl *FD : Reached)
    NoteInstance(FD);
  for (const FunctionDecl *FD : Templates)
    if (!Instantiated.count(FD->getCanonicalDecl()))
      Walk(FD, Assumed);
}

} // namespace cudalint
