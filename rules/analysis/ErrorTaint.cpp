//===- ErrorTaint.cpp - What compile errors make untrustworthy ------------===//
#include "rules/analysis/ErrorTaint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cudalint {

namespace {

/// What the errors in one function body touch.
struct FunctionTaint {
  bool HasErrors = false;
  bool SyntaxError = false; // a statement may be missing
  llvm::DenseSet<const VarDecl *> Mentioned; // by an erroneous expression
};

struct ScopeState {
  std::vector<SourceLocation> SyntaxErrors;
  llvm::DenseMap<const FunctionDecl *, FunctionTaint> Cache;
};

thread_local ScopeState *Current = nullptr;

/// Every variable that \p Root mentions.
void collectMentions(const Stmt *Root, llvm::DenseSet<const VarDecl *> &Out) {
  llvm::SmallVector<const Stmt *, 32> Work{Root};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.insert(V);
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
}

FunctionTaint scan(const FunctionDecl *Def) {
  FunctionTaint T;
  if (Def->isInvalidDecl())
    T.HasErrors = true;
  // An explicit stack: generated code nests deeper than the call stack allows.
  llvm::SmallVector<const Stmt *, 64> Work;
  if (const Stmt *Body = Def->getBody())
    Work.push_back(Body);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (E->containsErrors()) {
        T.HasErrors = true;
        collectMentions(E, T.Mentioned);
        continue;
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (D->isInvalidDecl())
          T.HasErrors = true;
    }
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
  if (Current && !Current->SyntaxErrors.empty()) {
    const SourceManager &SM = Def->getASTContext().getSourceManager();
    SourceRange R(SM.getExpansionLoc(Def->getBeginLoc()), SM.getExpansionLoc(Def->getEndLoc()));
    for (SourceLocation L : Current->SyntaxErrors)
      if (SM.isPointWithin(SM.getExpansionLoc(L), R.getBegin(), R.getEnd())) {
        T.HasErrors = T.SyntaxError = true;
        break;
      }
  }
  return T;
}

/// The taint of \p FD's definition, or null when it has none.
const FunctionTaint *taintOf(const FunctionDecl *FD, FunctionTaint &Scratch) {
  static const FunctionTaint Invalid = [] {
    FunctionTaint T;
    T.HasErrors = T.SyntaxError = true;
    return T;
  }();
  if (FD->isInvalidDecl())
    return &Invalid;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  if (Current) {
    auto [It, New] = Current->Cache.try_emplace(Def);
    if (New)
      It->second = scan(Def);
    return &It->second;
  }
  Scratch = scan(Def);
  return &Scratch;
}

bool tuHasErrors(const Decl *D) {
  return D && D->getASTContext().getDiagnostics().hasErrorOccurred();
}

} // namespace

ErrorTaintScope::ErrorTaintScope(std::vector<SourceLocation> SyntaxErrors) {
  Current = new ScopeState{std::move(SyntaxErrors), {}};
}

ErrorTaintScope::~ErrorTaintScope() {
  delete Current;
  Current = nullptr;
}

bool functionHasCompileErrors(const FunctionDecl *FD) {
  if (!tuHasErrors(FD))
    return false;
  FunctionTaint Scratch;
  const FunctionTaint *T = taintOf(FD, Scratch);
  return T && T->HasErrors;
}

bool localValueTainted(const VarDecl *V, const FunctionDecl *F) {
  if (!tuHasErrors(V))
    return false;
  if (V->isInvalidDecl())
    return true;
  if (!F)
    return false;
  FunctionTaint Scratch;
  const FunctionTaint *T = taintOf(F, Scratch);
  return T && (T->SyntaxError || T->Mentioned.contains(V));
}

} // namespace cudalint
