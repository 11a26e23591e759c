//===- ThreadDependenceRule.cpp - Base of the rules that read divergence --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/ThreadDependenceRule.h"
#include "rules/analysis/KernelNames.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace clang::ast_matchers;

namespace cudalint {

ThreadDependenceRule::ThreadDependenceRule(const RuleInfo &Info, RuleContext &Ctx)
    : Rule(Info, Ctx) {
  if (!Ctx.Divergence) {
    Ctx.Divergence = std::make_shared<ThreadDependence>();
    Ctx.Divergence->setLaunchedElsewhere(Ctx.LaunchedElsewhere);
    Collects = true;
  }
  TD = Ctx.Divergence;
}

void ThreadDependenceRule::registerMatchers(MatchFinder &Finder) {
  ThreadDependence::registerMatchers(Finder, this);
}

void ThreadDependenceRule::check(const MatchFinder::MatchResult &Result) {
  if (Collects)
    TD->collect(Result);
}

void ThreadDependenceRule::onEndOfTranslationUnit() {
  TD->run();
  reportFrom(*TD);
}

void ThreadDependenceRule::attributeToKernel(Finding *F, const clang::FunctionDecl *Root) {
  if (F && Root && Root->hasAttr<clang::CUDAGlobalAttr>()) {
    F->KernelName = mangledName(Root);
    F->KernelDemangled = specializationName(Root);
  }
}

void ThreadDependenceRule::attributeToKernel(Finding *F, const clang::FunctionDecl *Root,
                                             llvm::ArrayRef<const clang::FunctionDecl *> Roots) {
  attributeToKernel(F, Root);
  if (!F)
    return;
  std::vector<std::string> Names;
  for (const clang::FunctionDecl *R : Roots)
    if (R && R->hasAttr<clang::CUDAGlobalAttr>())
      Names.push_back(mangledName(R));
  llvm::sort(Names);
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  if (Names.size() > 1 || (Root && Root->isTemplateInstantiation()))
    F->KernelInstances = std::move(Names);
}

} // namespace cudalint
