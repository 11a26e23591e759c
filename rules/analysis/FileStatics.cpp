//===- FileStatics.cpp - Where a file-static host variable is used --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/FileStatics.h"
#include "rules/analysis/ErrorTaint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cudalint {
namespace {

/// The references to one variable in the declarations it walks, each with its function.
class RefsTo : public RecursiveASTVisitor<RefsTo> {
public:
  explicit RefsTo(const VarDecl *V) : V(V) {}

  bool TraverseDecl(Decl *D) {
    auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    Functions.push_back(FD);
    llvm::SaveAndRestore<const FunctionDecl *> InIt(Current, FD);
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getCanonicalDecl() != V)
      return true;
    if (!Current) {
      Outside = true;
      return false;
    }
    Refs.emplace_back(Current, E);
    return true;
  }

  const VarDecl *V;
  const FunctionDecl *Current = nullptr;
  std::vector<const FunctionDecl *> Functions;
  std::vector<FunctionRef> Refs;
  bool Outside = false;
};

using Answer = std::optional<std::vector<FunctionRef>>;
thread_local llvm::DenseMap<const VarDecl *, Answer> *Kept = nullptr;

Answer findRefs(const VarDecl *V) {
  if (V->isFromASTFile())
    return std::nullopt;
  ASTContext &Ctx = V->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  RefsTo Walk(V);
  // Only the code after its first declaration can name it, none of it in the preamble.
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls()) {
    if (D->getEndLoc().isValid() && SM.isBeforeInTranslationUnit(D->getEndLoc(), V->getLocation()))
      continue;
    if (!Walk.TraverseDecl(D) || Walk.Outside)
      return std::nullopt;
  }
  for (const FunctionDecl *F : Walk.Functions)
    if (localValueTainted(V, F))
      return std::nullopt;
  return std::move(Walk.Refs);
}

} // namespace

FileStaticsScope::FileStaticsScope() { Kept = new llvm::DenseMap<const VarDecl *, Answer>(); }

FileStaticsScope::~FileStaticsScope() {
  delete Kept;
  Kept = nullptr;
}

bool declaredManaged(const VarDecl *V) {
  if (V->hasAttr<HIPManagedAttr>())
    return true;
  const SourceManager &SM = V->getASTContext().getSourceManager();
  SourceLocation Begin = SM.getExpansionLoc(V->getOuterLocStart());
  SourceLocation Name = SM.getExpansionLoc(V->getLocation());
  if (Begin.isInvalid() || Name.isInvalid() || SM.getFileID(Begin) != SM.getFileID(Name))
    return false;
  StringRef Text = Lexer::getSourceText(CharSourceRange::getCharRange(Begin, Name), SM,
                                        V->getASTContext().getLangOpts());
  return Text.contains("__managed__");
}

bool isFileStaticHostVar(const VarDecl *V) {
  return V && V->isFileVarDecl() && !V->isExternallyVisible() && !V->isStaticDataMember() &&
         !V->getType().isVolatileQualified() && !V->hasAttr<CUDADeviceAttr>() &&
         !V->hasAttr<CUDAConstantAttr>() && !V->hasAttr<CUDASharedAttr>() &&
         !declaredManaged(V);
}

std::optional<std::vector<FunctionRef>> fileStaticRefs(const VarDecl *V) {
  if (!isFileStaticHostVar(V))
    return std::nullopt;
  V = V->getCanonicalDecl();
  if (!Kept)
    return findRefs(V);
  auto [It, New] = Kept->try_emplace(V);
  if (New)
    It->second = findRefs(V);
  return It->second;
}

} // namespace cudalint
