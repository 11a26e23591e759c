//===- AsyncCopy.cpp - The asynchronous host-device copies of a TU --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/AsyncCopy.h"
#include "rules/analysis/HostBufferOrigin.h"
#include "rules/analysis/Mutation.h"
#include "rules/analysis/ValueEval.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

constexpr unsigned MaxWrapperLevels = 3;

/// Where an API takes its pointers and its cudaMemcpyKind (-1: none).
struct CopyApi {
  const char *Name;
  int Dst, Src, Kind;
  /// The direction when there is no kind argument.
  CopyDirection Fixed;
  /// What cudaMemcpyDefault means when one side is always on the device (a
  /// symbol, an array): the direction; Default when both sides are pointers.
  CopyDirection DefaultMeans;
};

const CopyApi Apis[] = {
    {"cudaMemcpyAsync", 0, 1, 3, CopyDirection::Unknown, CopyDirection::Default},
    {"cudaMemcpy2DAsync", 0, 2, 6, CopyDirection::Unknown, CopyDirection::Default},
    {"cudaMemcpy2DToArrayAsync", -1, 3, 7, CopyDirection::Unknown, CopyDirection::HostToDevice},
    {"cudaMemcpy2DFromArrayAsync", 0, -1, 7, CopyDirection::Unknown, CopyDirection::DeviceToHost},
    {"cudaMemcpyToSymbolAsync", -1, 1, 4, CopyDirection::Unknown, CopyDirection::HostToDevice},
    {"cudaMemcpyFromSymbolAsync", 0, -1, 4, CopyDirection::Unknown, CopyDirection::DeviceToHost},
    {"cuMemcpyHtoDAsync", -1, 1, -1, CopyDirection::HostToDevice, CopyDirection::HostToDevice},
    {"cuMemcpyDtoHAsync", 0, -1, -1, CopyDirection::DeviceToHost, CopyDirection::DeviceToHost},
};

bool isHostFunction(const FunctionDecl *F) {
  return !F->hasAttr<CUDAGlobalAttr>() &&
         (!F->hasAttr<CUDADeviceAttr>() || F->hasAttr<CUDAHostAttr>());
}

/// The parameter of \p F that \p E (a pointer, after casts) names, or null; also through a
/// local that only ever holds it (`void *p = reinterpret_cast<void *>(dst);`, LightGBM's
/// copy helpers).
const ParmVarDecl *paramOf(const Expr *E, const FunctionDecl *F, unsigned Depth = 0) {
  if (!E)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(stripPointerCasts(E));
  if (!DRE)
    return nullptr;
  if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
    return P->getDeclContext() == F ? P : nullptr;
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (Depth < 2 && V && V->isLocalVarDecl() && !V->isStaticLocal() &&
      !V->getType()->isReferenceType() && V->getInit() && F->getBody() &&
      !changesVariable(F->getBody(), V))
    return paramOf(V->getInit(), F, Depth + 1);
  return nullptr;
}

/// The parameter of \p F that \p E names (through parentheses and implicit casts).
const ParmVarDecl *namedParam(const Expr *E, const FunctionDecl *F) {
  const auto *DRE = E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  return P && P->getDeclContext() == F ? P : nullptr;
}

/// The object whose storage the pointer \p E is: `v.data()`, `v->data()`, `s.c_str()`,
/// `&v[0]`, `thrust::raw_pointer_cast(v.data())`, `v.data().get()`; or null.
const Expr *storageObject(const Expr *E) {
  E = stripPointerCasts(E);
  for (unsigned I = 0; I < 4; ++I) {
    const auto *C = dyn_cast<CallExpr>(E);
    const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier())
      break;
    StringRef N = FD->getName();
    if (N == "raw_pointer_cast" && C->getNumArgs() == 1) {
      E = stripPointerCasts(C->getArg(0));
      continue;
    }
    const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
    const Expr *Obj = MC ? MC->getImplicitObjectArgument() : nullptr;
    if (!Obj)
      return nullptr;
    if (N == "get") { // the thrust::device_ptr that v.data() returns
      E = Obj->IgnoreParenImpCasts();
      continue;
    }
    return N == "data" || N == "c_str" ? Obj : nullptr;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(UO->getSubExpr()->IgnoreParens());
        Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      return Op->getArg(0);
  return nullptr;
}

/// The parameter of wrapper \p F that a side (\p E, read as \p From) comes from, and how a
/// call's argument for it gives the pointer (\p Out); null when it is not a parameter's.
const ParmVarDecl *sideParam(const Expr *E, PointerFrom From, const FunctionDecl *F,
                             PointerFrom &Out) {
  if (!E)
    return nullptr;
  auto RefOrPointer = [](const ParmVarDecl *P) {
    return P && (P->getType()->isReferenceType() || P->getType()->isPointerType());
  };
  switch (From) {
  case PointerFrom::Value: {
    if (const ParmVarDecl *P = paramOf(E, F)) {
      Out = PointerFrom::Value;
      return P;
    }
    if (const Expr *Obj = storageObject(E)) {
      const Expr *O = Obj->IgnoreParenImpCasts();
      if (const auto *D = dyn_cast<UnaryOperator>(O); D && D->getOpcode() == UO_Deref)
        O = D->getSubExpr();
      const ParmVarDecl *P = namedParam(O, F);
      if (!RefOrPointer(P))
        return nullptr;
      Out = PointerFrom::StorageOf;
      return P;
    }
    const auto *UO = dyn_cast<UnaryOperator>(stripPointerCasts(E));
    if (UO && UO->getOpcode() == UO_AddrOf) {
      const ParmVarDecl *P = namedParam(UO->getSubExpr(), F);
      if (!P || !P->getType()->isReferenceType())
        return nullptr;
      Out = PointerFrom::AddressOf;
      return P;
    }
    return nullptr;
  }
  case PointerFrom::StorageOf: {
    const Expr *O = E->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(O);
        U && (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref))
      O = U->getSubExpr();
    const ParmVarDecl *P = namedParam(O, F);
    if (!RefOrPointer(P))
      return nullptr;
    Out = PointerFrom::StorageOf;
    return P;
  }
  case PointerFrom::AddressOf: {
    const ParmVarDecl *P = namedParam(E, F);
    if (!P || !P->getType()->isReferenceType())
      return nullptr;
    Out = PointerFrom::AddressOf;
    return P;
  }
  }
  return nullptr;
}

/// Whether parameter \p P of the template instantiation \p F is declared with a template
/// type parameter as its type (`const Src &src`, `Dst *dst`): what it is depends on the call.
bool typedByTemplate(const FunctionDecl *F, const ParmVarDecl *P) {
  const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
  unsigned I = P->getFunctionScopeIndex();
  if (!Pattern || I >= Pattern->getNumParams())
    return false;
  QualType T = Pattern->getParamDecl(I)->getType().getNonReferenceType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return T->isDependentType() && !T->getAs<TemplateSpecializationType>();
}

/// A side (\p E, read as \p From) from inside wrapper \p F, as call \p C passes it.
const Expr *atCall(const Expr *E, PointerFrom &From, const FunctionDecl *F, const CallExpr *C) {
  PointerFrom Out = From;
  const ParmVarDecl *P = sideParam(E, From, F, Out);
  if (!P)
    return E;
  unsigned I = P->getFunctionScopeIndex();
  // A member call's arguments do not count the object; an operator's do.
  if (isa<CXXOperatorCallExpr>(C))
    return nullptr;
  From = Out;
  return I < C->getNumArgs() ? C->getArg(I) : nullptr;
}

/// The pointer of a cudaPitchedPtr value: make_cudaPitchedPtr(p, ...).
const Expr *pitchedPointer(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *Call = dyn_cast<CallExpr>(stripWrappers(E));
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (FD && apiName(FD) == "make_cudaPitchedPtr" && Call->getNumArgs() == 4)
    return Call->getArg(0);
  return nullptr;
}

} // namespace

CopyDirection AsyncCopies::directionOf(const Expr *Kind, const Stmt *At) {
  if (!Kind)
    return CopyDirection::Unknown;
  // `dev == -1 ? cudaMemcpyHostToHost : cudaMemcpyHostToDevice` (faiss's Tensor::copyFrom): a
  // host-host or device-device arm never stages through pinned memory, so only the other arm's
  // direction matters.
  if (const auto *CO = dyn_cast<ConditionalOperator>(Kind->IgnoreParenImpCasts())) {
    CopyDirection T = directionOf(CO->getTrueExpr(), At);
    CopyDirection F = directionOf(CO->getFalseExpr(), At);
    if (T == F || F == CopyDirection::NotHostDevice)
      return T;
    if (T == CopyDirection::NotHostDevice)
      return F;
    return CopyDirection::Unknown;
  }
  ValueEvaluator VE(Ctx, At, &Callers);
  std::optional<std::int64_t> V = VE.evalInt(Kind);
  if (!V)
    return CopyDirection::Unknown;
  switch (*V) {
  case 0: // cudaMemcpyHostToHost
  case 3: // cudaMemcpyDeviceToDevice
    return CopyDirection::NotHostDevice;
  case 1:
    return CopyDirection::HostToDevice;
  case 2:
    return CopyDirection::DeviceToHost;
  case 4:
    return CopyDirection::Default;
  default:
    return CopyDirection::Unknown;
  }
}

/// The function \p C calls; in a template's pattern, where an argument's type is a template
/// parameter and the name is looked up at instantiation, the function the name finds now
/// (`cudaMemcpyAsync(dst, src, n * sizeof(T), ...)`: every declaration has the same parameters).
static const FunctionDecl *calleeOf(const CallExpr *C) {
  if (const FunctionDecl *FD = C->getDirectCallee())
    return FD;
  const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreParenImpCasts());
  if (!Lookup)
    return nullptr;
  for (const NamedDecl *D : Lookup->decls())
    if (const FunctionDecl *FD = D->getUnderlyingDecl()->getAsFunction())
      return FD;
  return nullptr;
}

std::optional<AsyncCopy> AsyncCopies::apiCopy(const CallExpr *C) {
  const FunctionDecl *FD = calleeOf(C);
  if (!FD || !isSystemFunction(FD))
    return std::nullopt;
  StringRef Name = apiName(FD);
  AsyncCopy Copy;
  Copy.Call = Copy.Api = C;
  Copy.ApiName = Name.str();
  if (Name == "cudaMemcpy3DAsync") {
    // cudaMemcpy3DAsync(&p, stream) with a local cudaMemcpy3DParms p.
    const auto *Addr =
        C->getNumArgs() ? dyn_cast<UnaryOperator>(C->getArg(0)->IgnoreParenImpCasts()) : nullptr;
    const auto *Ref = Addr && Addr->getOpcode() == UO_AddrOf
                          ? dyn_cast<DeclRefExpr>(Addr->getSubExpr()->IgnoreParenImpCasts())
                          : nullptr;
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V)
      return Copy;
    ValueEvaluator VE(Ctx, C, &Callers);
    bool Zero = false;
    Copy.Kind = VE.fieldValueOf(V, "kind", Zero);
    Copy.Direction = Copy.Kind ? directionOf(Copy.Kind, C)
                               : (Zero ? CopyDirection::NotHostDevice : CopyDirection::Unknown);
    Copy.Dst = pitchedPointer(VE.fieldValueOf(V, "dstPtr", Zero));
    Copy.Src = pitchedPointer(VE.fieldValueOf(V, "srcPtr", Zero));
    return Copy;
  }
  for (const CopyApi &A : Apis) {
    if (Name != A.Name)
      continue;
    unsigned N = C->getNumArgs();
    if ((A.Dst >= 0 && unsigned(A.Dst) >= N) || (A.Src >= 0 && unsigned(A.Src) >= N) ||
        (A.Kind >= 0 && unsigned(A.Kind) >= N))
      return std::nullopt;
    Copy.Dst = A.Dst >= 0 ? C->getArg(A.Dst) : nullptr;
    Copy.Src = A.Src >= 0 ? C->getArg(A.Src) : nullptr;
    if (A.Kind < 0) {
      Copy.Direction = A.Fixed;
      return Copy;
    }
    Copy.Kind = C->getArg(A.Kind);
    Copy.Direction = directionOf(Copy.Kind, C);
    if (Copy.Direction == CopyDirection::Default)
      Copy.Direction = A.DefaultMeans;
    return Copy;
  }
  return std::nullopt;
}

std::optional<AsyncCopy> AsyncCopies::copyAt(const CallExpr *C, unsigned Depth) {
  if (C->containsErrors())
    return std::nullopt;
  // A call whose arguments depend on a template parameter: only an API's call in the pattern
  // of a wrapper being read (its sides are the wrapper's parameters).
  if (C->isInstantiationDependent())
    return InPattern ? apiCopy(C) : std::nullopt;
  if (std::optional<AsyncCopy> Copy = apiCopy(C))
    return Copy;
  // The body to follow the call into: the callee's definition, or its template's when
  // nothing instantiated it (its calls are then listed under the template too).
  const FunctionDecl *FD = C->getDirectCallee();
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (FD && !Def)
    if (const FunctionDecl *T = uninstantiatedTemplate(FD))
      Def = T->getDefinition();
  if (!Def || isa<CXXOperatorCallExpr>(C))
    return std::nullopt;
  const AsyncCopy *Inner = wrapped(Def, Depth + 1);
  if (!Inner)
    return std::nullopt;
  AsyncCopy Copy = *Inner;
  Copy.HostKnownAtCallsOnly = false; // the inner wrapper's, not this call's
  Copy.Call = C;
  Copy.Wrapper = Def;
  Copy.Dst = atCall(Inner->Dst, Copy.DstFrom, Def, C);
  Copy.Src = atCall(Inner->Src, Copy.SrcFrom, Def, C);
  if (const ParmVarDecl *P = paramOf(Inner->Kind, Def);
      P && P->getFunctionScopeIndex() < C->getNumArgs()) {
    Copy.Kind = C->getArg(P->getFunctionScopeIndex());
    CopyDirection D = directionOf(Copy.Kind, C);
    // An API whose one side is always on the device reads cudaMemcpyDefault as its direction.
    if (D == CopyDirection::Default && (!Inner->Dst || !Inner->Src))
      D = Inner->Dst ? CopyDirection::DeviceToHost : CopyDirection::HostToDevice;
    Copy.Direction = D;
  }
  return Copy;
}

const AsyncCopy *AsyncCopies::wrapped(const FunctionDecl *F, unsigned Depth) {
  if (!F)
    return nullptr;
  auto It = Wrappers.find(F);
  if (It != Wrappers.end())
    return It->second ? &*It->second : nullptr;
  Wrappers[F] = std::nullopt; // a recursive call makes no wrapper
  if (Depth > MaxWrapperLevels || !F->getBody() || isSystemFunction(F) || !isHostFunction(F) ||
      F->isVariadic())
    return nullptr;
  if (const auto *M = dyn_cast<CXXMethodDecl>(F);
      M && (M->isVirtual() || M->getParent()->isLambda()))
    return nullptr;
  std::optional<AsyncCopy> Only;
  llvm::SaveAndRestore Pattern(InPattern, F->isDependentContext());
  auto Calls = match(findAll(callExpr().bind("c")), *F->getBody(), Ctx);
  for (const BoundNodes &B : Calls) {
    std::optional<AsyncCopy> Copy = copyAt(B.getNodeAs<CallExpr>("c"), Depth);
    if (!Copy || Copy->Direction == CopyDirection::NotHostDevice)
      continue; // device-to-device beside it (faiss's DeviceVector::append)
    if (Only)
      return nullptr; // two copies: a function that copies, not a wrapper
    Only = Copy;
  }
  // The host side must come from the caller: a function that copies its own
  // buffer to a device pointer it is given is not a wrapper.
  if (!Only)
    return nullptr;
  bool HostFromCaller = false;
  auto FromCaller = [&](const Expr *E, PointerFrom From) {
    PointerFrom Reads = From;
    const ParmVarDecl *P = sideParam(E, From, F, Reads);
    if (!P)
      return false;
    Only->HostKnownAtCallsOnly |= Reads == PointerFrom::Value || typedByTemplate(F, P);
    return true;
  };
  switch (Only->Direction) {
  case CopyDirection::HostToDevice:
    HostFromCaller = FromCaller(Only->Src, Only->SrcFrom);
    break;
  case CopyDirection::DeviceToHost:
    HostFromCaller = FromCaller(Only->Dst, Only->DstFrom);
    break;
  case CopyDirection::NotHostDevice:
    break;
  case CopyDirection::Default:
  case CopyDirection::Unknown:
    HostFromCaller = FromCaller(Only->Dst, Only->DstFrom) || FromCaller(Only->Src, Only->SrcFrom);
    break;
  }
  // Its calls are all seen (the TU's call sites are collected only here, for a function that
  // makes a copy).
  if (!HostFromCaller || Callers.addressTaken(F) || Callers.callsOf(F).empty())
    return nullptr;
  std::optional<AsyncCopy> &Slot = Wrappers[F];
  Slot = Only;
  return &*Slot;
}

} // namespace cudalint
