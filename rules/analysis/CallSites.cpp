//===- CallSites.cpp - Where the TU's own code calls each function --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/CallSites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalint {
namespace {

class CallScanner : public RecursiveASTVisitor<CallScanner> {
public:
  CallScanner(const SourceManager &SM,
              llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 2>> &Calls,
              llvm::DenseSet<const FunctionDecl *> &Taken,
              llvm::DenseSet<const CXXRecordDecl *> &Held,
              llvm::DenseSet<const CXXRecordDecl *> &Escaped)
      : SM(SM), Calls(Calls), Taken(Taken), Held(Held), Escaped(Escaped) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(Ref);
    // A call in a template's pattern: its instantiations say what it passes.
    if (const FunctionDecl *F = CE->getDirectCallee(); F && !CE->isInstantiationDependent()) {
      Calls[F->getCanonicalDecl()].push_back(CE);
      // A specialization nothing instantiated is read in its template: its calls are the
      // template's too.
      if (const FunctionDecl *P = uninstantiatedTemplate(F))
        Calls[P->getCanonicalDecl()].push_back(CE);
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *F = dyn_cast<FunctionDecl>(Ref->getDecl()); F && !Callees.count(Ref))
      Taken.insert(F->getCanonicalDecl());
    if (const CXXRecordDecl *L = closureOf(Ref->getDecl()); L && !Callees.count(Ref))
      Escaped.insert(L);
    return true;
  }

  // `f(x)` on a variable holding a lambda: the variable is the call's object.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->getOperator() == OO_Call && OC->getNumArgs() > 0)
      if (const auto *Ref = dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreImplicit()))
        Callees.insert(Ref);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (const auto *L = dyn_cast_or_null<LambdaExpr>(V->getInit() ? V->getInit()->IgnoreImplicit()
                                                                  : nullptr))
      Held.insert(L->getLambdaClass());
    return true;
  }

private:
  static const CXXRecordDecl *closureOf(const ValueDecl *D) {
    const auto *V = dyn_cast<VarDecl>(D);
    const CXXRecordDecl *R =
        V ? V->getType().getNonReferenceType()->getAsCXXRecordDecl() : nullptr;
    return R && R->isLambda() ? R : nullptr;
  }

  const SourceManager &SM;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 2>> &Calls;
  llvm::DenseSet<const FunctionDecl *> &Taken;
  llvm::DenseSet<const CXXRecordDecl *> &Held, &Escaped;
  llvm::DenseSet<const DeclRefExpr *> Callees; // visited before their DeclRefExpr
};

} // namespace

const FunctionDecl *uninstantiatedTemplate(const FunctionDecl *F) {
  if (F->hasBody() || F->getTemplateSpecializationKind() != TSK_ImplicitInstantiation)
    return nullptr;
  return F->getTemplateInstantiationPattern();
}

void CallSites::build() {
  if (Built)
    return;
  Built = true;
  CallScanner(Ctx.getSourceManager(), Calls, Taken, HeldLambdas, EscapedLambdas)
      .TraverseDecl(Ctx.getTranslationUnitDecl());
}

llvm::ArrayRef<const CallExpr *> CallSites::callsOf(const FunctionDecl *F) {
  build();
  auto It = Calls.find(F->getCanonicalDecl());
  if (It == Calls.end())
    return {};
  return It->second;
}

bool CallSites::addressTaken(const FunctionDecl *F) {
  build();
  return Taken.count(F->getCanonicalDecl());
}

bool CallSites::onlyCalled(const CXXRecordDecl *Closure) {
  build();
  return HeldLambdas.count(Closure) && !EscapedLambdas.count(Closure);
}

} // namespace cudalint
