//===- HostBufferStorage.cpp - The storage of declared objects -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/HostBufferStorage.h"
#include "rules/analysis/FileStatics.h"
#include "rules/analysis/ContainerStorage.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalint {
namespace detail {

Allocation made(MemoryKind Kind, std::string How, std::string By, const void *Identity,
                SourceLocation Loc, bool Declared) {
  return Allocation{Kind, std::move(How), std::move(By), Identity, Loc, Declared};
}

/// Where a variable of static or automatic storage lives.
Allocation storageOfVar(const VarDecl *V, bool IsArray, bool Pointed) {
  SourceLocation Loc = V->getLocation();
  if (!V->hasLocalStorage() && declaredManaged(V))
    return made(MemoryKind::Pinned, "is a __managed__ variable", "__managed__", V, Loc, true);
  if (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>() ||
      V->hasAttr<CUDASharedAttr>())
    return made(MemoryKind::Device, "is device memory", "__device__ variable", V, Loc, true);
  const char *What = IsArray ? "array" : "variable";
  if (isa<ParmVarDecl>(V))
    return made(MemoryKind::Pageable,
                Pointed ? "points to the host stack" : "is on the host stack",
                "by-value parameter", V, Loc, true);
  if (V->hasLocalStorage())
    return made(MemoryKind::Pageable, std::string("is a stack ") + What,
                std::string("stack ") + What, V, Loc, true);
  bool Static = V->isStaticLocal() || V->isStaticDataMember() ||
                V->getStorageClass() == SC_Static || !V->isExternallyVisible();
  std::string Kind = std::string(Static ? "static " : "global ") + What;
  return made(MemoryKind::Pageable, "is a " + Kind, Kind, V, Loc, true);
}

/// The variable whose storage \p E (an object, `s` or `s.a.b`) is part of.
const VarDecl *objectVar(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  // A by-value parameter is the callee's own copy, on its stack.
  if (!V || V->getType()->isReferenceType())
    return nullptr;
  return V;
}

/// The declaration an object expression names (for a container's identity).
const void *identityOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  return E;
}
} // namespace detail

using namespace detail;

HostBufferOrigin::Values HostBufferOrigin::storageOf(const Expr *Obj, unsigned Depth,
                                                     bool AsObject) {
  Values Out;
  const Expr *O = Obj->IgnoreParenImpCasts();
  // Through a pointer: `dst->data()`, `&(*p)[0]`, `storageOf(&v)` for a wrapper's argument.
  bool ThroughPointer = false;
  if (const auto *Addr = dyn_cast<UnaryOperator>(O); Addr && Addr->getOpcode() == UO_AddrOf)
    O = Addr->getSubExpr()->IgnoreParenImpCasts();
  else if (O->getType()->isPointerType())
    ThroughPointer = true;
  if (const auto *Deref = dyn_cast<UnaryOperator>(O); Deref && Deref->getOpcode() == UO_Deref) {
    O = Deref->getSubExpr()->IgnoreParenImpCasts();
    ThroughPointer = true;
  }
  QualType T = ThroughPointer && O->getType()->isPointerType() ? O->getType()->getPointeeType()
                                                               : O->getType();
  std::string Name;
  ContainerClass K = classifyContainer(T, Name);
  SourceLocation Loc = O->getBeginLoc();
  const void *Id = identityOf(O);
  const ValueDecl *Named = nullptr;
  if (const auto *D = dyn_cast<DeclRefExpr>(O))
    Named = D->getDecl();
  else if (const auto *ME = dyn_cast<MemberExpr>(O))
    Named = ME->getMemberDecl();
  if (Named)
    Loc = Named->getLocation();
  // Which object it is is known only for a variable or member named directly (not through a
  // pointer or a reference).
  bool Indirect = ThroughPointer || !Named || Named->getType()->isReferenceType() ||
                  (isa<MemberExpr>(O) && cast<MemberExpr>(O)->isArrow());
  auto Container = [&](MemoryKind Kind, std::string How, std::string By) {
    Allocation A = made(Kind, std::move(How), std::move(By), Id, Loc, true);
    A.Indirect = Indirect;
    Out.add(std::move(A));
    return Out;
  };
  // The expression as the message shows it: the pointer (`v.data()`), or the container a
  // wrapper is given (`v`, `&v`).
  std::string Is = Obj->IgnoreParenImpCasts()->getType()->isPointerType() ? "points to" : "is";
  switch (K) {
  case ContainerClass::Vector:
  case ContainerClass::String: {
    std::string What = K == ContainerClass::Vector ? "std::vector" : "std::string";
    return Container(MemoryKind::Pageable,
                     AsObject ? Is + " a " + What : "is a " + What + "'s storage",
                     ThroughPointer ? "pointer to the " + What : What);
  }
  case ContainerClass::InitializerList:
    return Container(MemoryKind::Pageable,
                     AsObject ? Is + " an initializer list" : "is in an initializer list",
                     "std::initializer_list");
  case ContainerClass::Device:
    return Container(MemoryKind::Device,
                     AsObject ? Is + " a " + Name + ", whose storage is device memory"
                              : "is device memory (the storage of a " + Name + ")",
                     Name);
  case ContainerClass::Array:
    if (const VarDecl *V = ThroughPointer ? nullptr : objectVar(O)) {
      Allocation A = storageOfVar(V, true);
      if (A.Kind == MemoryKind::Pageable) {
        A.How = "is a std::array";
        A.By = "std::array";
      }
      Out.add(A);
      return Out;
    }
    break;
  case ContainerClass::UniquePtr:
    if (const VarDecl *V = ThroughPointer ? nullptr : objectVar(O))
      return uniquePtrStorage(V, Depth);
    break;
  case ContainerClass::Unknown:
    break;
  }
  Out.Unknown = true;
  return Out;
}

HostBufferOrigin::Values HostBufferOrigin::uniquePtrStorage(const VarDecl *V, unsigned Depth) {
  Values Out;
  Out.Unknown = true;
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getInit() || !F || !F->getBody())
    return Out;
  // Made from new[] / new or std::make_unique: `std::unique_ptr<char[]> p{new char[n]}`,
  // `auto p = std::make_unique<float[]>(n)`.
  const Expr *Init = V->getInit();
  for (unsigned I = 0; I < 8; ++I) {
    Init = Init->IgnoreParenImpCasts();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Init))
      Init = EWC->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Init))
      Init = B->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Init))
      Init = M->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Init))
      Init = FC->getSubExpr();
    else if (const auto *CE = dyn_cast<CXXConstructExpr>(Init); CE && CE->getNumArgs() >= 1)
      Init = CE->getArg(0);
    else
      break;
  }
  Values Made;
  if (isa<CXXNewExpr>(Init)) {
    Made = trace(Init, Depth + 1);
  } else if (const auto *Call = dyn_cast<CallExpr>(Init)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->isInStdNamespace() || !FD->getIdentifier() ||
        !FD->getName().starts_with("make_unique"))
      return Out;
    Made.add(made(MemoryKind::Pageable, "comes from " + FD->getName().str(),
                  "std::" + FD->getName().str(), Call, Call->getBeginLoc()));
  } else {
    return Out;
  }
  // It keeps what it was made with: only its const members are called (get(), operator[]).
  for (const Expr *Ref : refsTo(V, F->getBody())) {
    const Stmt *P = parentStmt(Ref);
    while (P && isa<ImplicitCastExpr>(P) && cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp)
      P = parentStmt(P);
    const CXXMethodDecl *M = nullptr;
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(P))
      M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    else if (const auto *Op = dyn_cast_or_null<CXXOperatorCallExpr>(P))
      M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    if (!M || !M->isConst())
      return Out;
  }
  return Made;
}

HostBufferOrigin::Values HostBufferOrigin::addressOf(const Expr *Obj, unsigned Depth) {
  Values Out;
  const Expr *O = Obj;
  for (unsigned I = 0; I < 8; ++I) {
    O = O->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(O)) {
      O = EWC->getSubExpr();
    } else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(O)) {
      // A prvalue bound to the wrapper's `const T &`: a temporary of the caller's frame.
      Allocation A = made(MemoryKind::Pageable, "is a stack temporary", "temporary",
                          MTE, MTE->getBeginLoc(), true);
      Out.add(std::move(A));
      return Out;
    } else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(O);
               ICE && (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_DerivedToBase ||
                       ICE->getCastKind() == CK_UncheckedDerivedToBase)) {
      O = ICE->getSubExpr();
    } else {
      break;
    }
  }
  if (const auto *Deref = dyn_cast<UnaryOperator>(O); Deref && Deref->getOpcode() == UO_Deref)
    return trace(Deref->getSubExpr(), Depth + 1);
  if (const VarDecl *V = objectVar(O)) {
    Out.add(storageOfVar(V, V->getType()->isArrayType(), false));
    return Out;
  }
  Out.Unknown = true;
  return Out;
}
} // namespace cudalint
