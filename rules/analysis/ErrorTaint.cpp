//===- ErrorTaint.cpp - What compile errors make untrustworthy ------------===//
#include "rules/analysis/ErrorTaint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cudalint {

namespace {

/// Whether \p Root or anything under it was built from code with an error.
bool containsCompileErrors(const Stmt *Root) {
  // An explicit stack: generated code nests deeper than the call stack allows.
  llvm::SmallVector<const Stmt *, 64> Work;
  if (Root)
    Work.push_back(Root);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (E->containsErrors())
        return true;
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (D->isInvalidDecl())
          return true;
    }
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
  return false;
}

} // namespace

bool functionHasCompileErrors(const FunctionDecl *FD) {
  if (!FD || !FD->getASTContext().getDiagnostics().hasErrorOccurred())
    return false;
  if (FD->isInvalidDecl())
    return true;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return false;
  return Def->isInvalidDecl() || containsCompileErrors(Def->getBody());
}

} // namespace cudalint
