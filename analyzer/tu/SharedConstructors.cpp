// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SharedConstructors.cpp - __shared__ variables of class type nvcc takes ===//

#include "analyzer/tu/SharedConstructors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace cudalint {
namespace {

constexpr StringRef Spelling = "__shared__";
constexpr StringRef Rewritten = "_CL_SHARED"; // cuda_lint_compat.h; as long as Spelling
static_assert(Spelling.size() == Rewritten.size());
// What _CL_SHARED expands to (cuda_lint_compat.h).
constexpr StringRef Annotation = "cuda-lint: __shared__, constructed as nvcc does";

/// Gives every variable of the declarations it traverses, and of every instantiation of their
/// templates, to a callback.
class VariableFinder : public RecursiveASTVisitor<VariableFinder> {
public:
  explicit VariableFinder(function_ref<void(VarDecl *)> Found) : Found(Found) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitVarDecl(VarDecl *V) {
    Found(V);
    return true;
  }

private:
  function_ref<void(VarDecl *)> Found;
};

/// Runs \p Found on every variable of the top-level declarations that \p Keep accepts.
void forEachVariable(ASTContext &AST, function_ref<bool(const Decl *)> Keep,
                     function_ref<void(VarDecl *)> Found) {
  VariableFinder Finder(Found);
  for (Decl *D : AST.getTranslationUnitDecl()->noload_decls())
    if (!D->isFromASTFile() && Keep(D))
      Finder.TraverseDecl(D);
}

/// Whether \p V is declared with no initializer of its own: it has none (its type is dependent) or
/// the constructor call Clang makes for a default-initialized variable.
bool noWrittenInitializer(const VarDecl *V) {
  const Expr *Init = V->getInit();
  if (!Init)
    return true;
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  const auto *CE = dyn_cast<CXXConstructExpr>(Init);
  return CE && !isa<CXXTemporaryObjectExpr>(CE) && CE->getNumArgs() == 0 &&
         !CE->isListInitialization() && CE->getParenOrBraceRange().isInvalid() &&
         V->getInitStyle() == VarDecl::CallInit;
}

} // namespace

std::vector<DeclarationRewrite> rewritesForSharedConstructors(ASTContext &AST,
                                                              ArrayRef<SourceLocation> Errors) {
  const SourceManager &SM = AST.getSourceManager();
  auto Contains = [&](const Decl *D) {
    SourceRange R(SM.getExpansionLoc(D->getBeginLoc()), SM.getExpansionLoc(D->getEndLoc()));
    return any_of(Errors, [&](SourceLocation L) {
      return SM.isPointWithin(SM.getExpansionLoc(L), R.getBegin(), R.getEnd());
    });
  };
  std::vector<DeclarationRewrite> Out;
  forEachVariable(AST, Contains, [&](VarDecl *V) {
    const auto *Shared = V->getAttr<CUDASharedAttr>();
    // The variable Clang rejected, or in a template the pattern of the instantiation it
    // rejected (which is not in the AST).
    if (!Shared || !is_contained(Errors, V->getLocation()) || !noWrittenInitializer(V) ||
        !Shared->getLocation().isMacroID())
      return;
    // The macro's name where the declaration spells it: a file location whose bytes say it.
    SourceLocation At = SM.getExpansionLoc(Shared->getLocation());
    auto [File, Offset] = SM.getDecomposedLoc(At);
    if (SM.getBufferData(File).substr(Offset, Spelling.size()) != Spelling)
      return;
    if (std::optional<DeclarationRewrite> R = rewriteAt(SM, File, Offset, Rewritten.str()))
      if (none_of(Out, [&](const DeclarationRewrite &O) {
            return O.File == R->File && O.Offset == R->Offset;
          }))
        Out.push_back(std::move(*R));
  });
  return Out;
}

void restoreSharedVariables(ASTContext &AST) {
  // Every declaration: a rewritten one may lie in a file included inside another's function.
  forEachVariable(AST, [](const Decl *) { return true; }, [&](VarDecl *V) {
    if (!V->hasAttrs())
      return;
    AttrVec &Attrs = V->getAttrs();
    auto Ours = find_if(Attrs, [](const Attr *A) {
      const auto *Note = dyn_cast<AnnotateAttr>(A);
      return Note && Note->getAnnotation() == Annotation;
    });
    if (Ours == Attrs.end())
      return;
    SourceRange Range = (*Ours)->getRange();
    Attrs.erase(Ours);
    V->addAttr(CUDASharedAttr::CreateImplicit(AST, Range));
    if (V->isLocalVarDecl() && V->getStorageClass() == SC_None)
      V->setStorageClass(SC_Static); // as Clang makes every function-scope __shared__ variable
  });
}

} // namespace cudalint
