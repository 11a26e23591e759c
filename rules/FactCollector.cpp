//===- FactCollector.cpp - Kernel definitions and launches for later ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Not a rule: records every kernel definition and every launch with what the
// source says about its block size, for the whole-program rules
// (missing-launch-bounds' fix-it needs the launches of all files).
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/analysis/DeviceFunctions.h"
#include "rules/analysis/KernelNames.h"
#include "rules/analysis/LaunchSite.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

/// Names of \p FD's non-type template parameters whose argument is \p Value.
std::vector<std::string> paramsEqualTo(const FunctionDecl *FD, std::int64_t Value) {
  std::vector<std::string> Names;
  const FunctionTemplateDecl *Primary = FD->getPrimaryTemplate();
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!Primary || !Args)
    return Names;
  const TemplateParameterList *Params = Primary->getTemplateParameters();
  for (unsigned I = 0; I < Params->size() && I < Args->size(); ++I) {
    const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
    const TemplateArgument &A = Args->get(I);
    if (P && !P->getName().empty() && A.getKind() == TemplateArgument::Integral &&
        A.getAsIntegral().tryExtValue() == Value)
      Names.push_back(P->getName().str());
  }
  return Names;
}

const RuleInfo CollectorInfo = {"fact-collector", Severity::Note, "", nullptr, nullptr};

class FactCollector : public Rule {
public:
  explicit FactCollector(RuleContext &Ctx) : Rule(CollectorInfo, Ctx) {}

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(
        functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"), this);
    Finder.addMatcher(
        functionDecl(isDefinition(), anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
            .bind("device"),
        this);
    Finder.addMatcher(launchCallMatcher(), this);
    Finder.addMatcher(
        callExpr(callee(functionDecl(hasName("cudaFuncSetAttribute")))).bind("setattr"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    const SourceManager &SM = *Result.SourceManager;
    if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("device")) {
      std::optional<DeviceFunctionFact> F = deviceFunctionFact(FD);
      if (F &&
          describeLocation(SM, FD->getLocation(), F->File, F->Line, F->Column, &F->SourceLine)) {
        F->EndColumn = F->Column + FD->getName().size();
        Ctx.Facts.Functions.push_back(std::move(*F));
      }
      return;
    }
    if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("kernel")) {
      if (FD->isTemplateInstantiation())
        return; // the pattern stands for all of them
      SourceLocation NameLoc = FD->getLocation();
      if (NameLoc.isInvalid() || SM.isInSystemHeader(SM.getFileLoc(NameLoc)))
        return;
      KernelFact K;
      K.Key = kernelKey(FD);
      K.Name = FD->getQualifiedNameAsString();
      if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate()) {
        for (const FunctionDecl *S : T->specializations())
          if (S->doesThisDeclarationHaveABody())
            K.Instances.push_back(mangledName(S));
        llvm::sort(K.Instances);
        K.Instances.erase(std::unique(K.Instances.begin(), K.Instances.end()),
                          K.Instances.end());
      } else {
        K.MangledName = mangledName(FD);
      }
      if (!describeLocation(SM, NameLoc, K.File, K.Line, K.Column, &K.SourceLine))
        return;
      K.EndColumn = K.Column + FD->getName().size();
      K.HasLaunchBounds = FD->hasAttr<CUDALaunchBoundsAttr>();
      SourceLocation Insert = FD->getQualifierLoc() ? FD->getQualifierLoc().getBeginLoc() : NameLoc;
      if (Insert.isFileID())
        K.InsertOffset = SM.getFileOffset(Insert);
      Ctx.Facts.Kernels.push_back(std::move(K));
      return;
    }
    if (const auto *Set = Result.Nodes.getNodeAs<CallExpr>("setattr")) {
      // Any attribute call counts as an opt-in: the rules must not claim a
      // launch fails when the program may have raised its limit.
      if (Set->getNumArgs() >= 2)
        if (const FunctionDecl *K = kernelOf(Set->getArg(0)))
          Ctx.Facts.SmemOptInKernels.push_back(mangledName(K));
      return;
    }
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch");
    std::optional<LaunchSite> Site = analyzeLaunch(Call, *Result.Context);
    if (!Site || !Site->Kernel)
      return;
    LaunchFact L;
    L.KernelKey = kernelKey(Site->Kernel);
    L.KernelMangled = mangledName(Site->Kernel);
    L.KernelName = displayName(Site->Kernel);
    if (!describeLocation(SM, Site->Loc, L.File, L.Line, L.Column, &L.SourceLine))
      return;
    unsigned EndLine = 0;
    std::string EndFile;
    SourceLocation End = Lexer::getLocForEndOfToken(
        SM.getExpansionRange(Call->getEndLoc()).getEnd(), 0, SM, LangOptions());
    if (!describeLocation(SM, End, EndFile, EndLine, L.EndColumn) || EndLine != L.Line)
      L.EndColumn = L.Column;
    L.ThreadsPerBlock = Site->threadsPerBlock();
    L.Block = Site->Block;
    L.DynamicSmem = Site->DynamicSmem;
    if (const auto *Bounds = Site->Kernel->getAttr<CUDALaunchBoundsAttr>())
      if (Bounds->getMaxThreads())
        L.BoundsMaxThreads = ValueEvaluator(*Result.Context, Call).evalInt(Bounds->getMaxThreads());
    if (Site->Grid)
      L.GridBlocks = (*Site->Grid)[0] * (*Site->Grid)[1] * (*Site->Grid)[2];
    L.GridFromDevice = Sizing.fromDevice(Site->GridExpr);
    if (L.ThreadsPerBlock)
      L.BlockSizeParams = paramsEqualTo(Site->Kernel, *L.ThreadsPerBlock);
    Ctx.Facts.Launches.push_back(std::move(L));
  }

private:
  GridSizing Sizing; // this translation unit's
};

} // namespace

std::unique_ptr<Rule> createFactCollector(RuleContext &Ctx) {
  return std::make_unique<FactCollector>(Ctx);
}

} // namespace cudalint
