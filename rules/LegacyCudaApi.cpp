//===- LegacyCudaApi.cpp - legacy-cuda-api --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Notes uses of CUDA API that the current toolkit no longer has: the code
// still gets analysed (the compat header declares what CUDA 12 and 13 removed,
// analyzer/compat/cuda_lint_legacy.h), but it will not build with the toolkit,
// so the user learns what to replace and with what:
//   - calls of removed runtime functions (cudaThreadSynchronize, the
//     device-number cudaMemPrefetchAsync, texture binding);
//   - texture reference declarations (texture<T, dim, mode>), once each;
//   - warp votes and shuffles without a mask (__any, __all, __ballot, __shfl,
//     __shfl_up/down/xor), which do not exist for sm_70 and later, the only
//     targets of CUDA 13: under independent thread scheduling the lanes that
//     take part must be named.
// Removed cudaDeviceProp fields cannot be declared; their compile errors say
// which attribute replaces them (analyzer/tu/TranslationUnit.cpp).
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

/// Declared by the compat layer for what the toolkit removed.
bool isLegacyDecl(const Decl *D, const SourceManager &SM) {
  if (!D)
    return false;
  StringRef File = SM.getFilename(SM.getExpansionLoc(D->getLocation()));
  return File.ends_with("cuda_lint_legacy.h");
}

/// "was removed in CUDA 13.0\nuse ..." from the declaration's deprecation
/// ("was removed in CUDA 13.0; use ...").
std::string removal(const Decl *D) {
  if (const auto *A = D->getAttr<DeprecatedAttr>()) {
    auto [What, Use] = A->getMessage().split("; ");
    return Use.empty() ? What.str() : (What + "\n" + Use).str();
  }
  return "was removed from the CUDA toolkit";
}

const char *DoesNotBuild = "\nthis code does not build with the current CUDA toolkit";

class LegacyCudaApi : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(callExpr(callee(functionDecl().bind("fn"))).bind("call"), this);
    Finder.addMatcher(varDecl(unless(parmVarDecl())).bind("var"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    const SourceManager &SM = *Result.SourceManager;
    if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
      const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
      const Decl *Pattern = Fn;
      if (const FunctionTemplateDecl *T = Fn->getPrimaryTemplate())
        Pattern = T->getTemplatedDecl();
      SourceRange Where(Call->getBeginLoc(), Call->getEndLoc());
      if (isLegacyDecl(Pattern, SM)) {
        report(SM, Where, "'" + clip(Fn->getNameAsString()) + "' " + removal(Pattern) +
                              DoesNotBuild);
        return;
      }
      if (std::optional<std::string> Sync = unmaskedWarpOp(Fn))
        report(SM, Where,
               "'" + Fn->getNameAsString() + "' without a lane mask does not exist for sm_70 "
               "and later\nevery target of CUDA 13 is sm_70 or later; since independent "
               "thread scheduling a warp's lanes are not implicitly in step\nuse '" + *Sync +
               "(0xffffffff, ...)', or the mask of the lanes that reach this call");
      return;
    }
    const auto *V = Result.Nodes.getNodeAs<VarDecl>("var");
    const auto *RD = V->getType()->getAsCXXRecordDecl();
    if (!RD)
      return;
    const Decl *Pattern = RD;
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      Pattern = Spec->getSpecializedTemplate()->getTemplatedDecl();
    if (RD->getName() == "texture" && isLegacyDecl(Pattern, SM))
      report(SM, V->getLocation(),
             "texture reference '" + clip(V->getNameAsString()) +
                 "': texture references were " + StringRef(removal(Pattern)).drop_front(4).str() +
                 " and tex1Dfetch/tex2D on the object" + DoesNotBuild);
  }

private:
  /// The _sync form of a warp vote or shuffle that has no mask, if \p Fn is one.
  static std::optional<std::string> unmaskedWarpOp(const FunctionDecl *Fn) {
    if (!Fn->getIdentifier())
      return std::nullopt;
    StringRef N = Fn->getName();
    for (StringRef Op : {"__any", "__all", "__ballot", "__shfl", "__shfl_up", "__shfl_down",
                         "__shfl_xor"})
      if (N == Op)
        return (N + "_sync").str();
    return std::nullopt;
  }
};

} // namespace

std::unique_ptr<Rule> createLegacyCudaApi(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<LegacyCudaApi>(Info, Ctx);
}

} // namespace cudalint
