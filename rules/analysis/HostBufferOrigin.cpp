//===- HostBufferOrigin.cpp - Where a host pointer's memory comes from ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/HostBufferOrigin.h"
#include "rules/analysis/HostBufferStorage.h"
#include "rules/analysis/ErrorTaint.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
using namespace detail;
namespace {

constexpr unsigned MaxDepth = 12;
constexpr unsigned MaxCallerLevels = 2;


/// What an allocating function returns (malloc) or stores through its first
/// argument (cudaMallocHost(&p, n)); Unknown for any other function.
MemoryKind allocatorKind(StringRef Name, bool &OutParam) {
  OutParam = false;
  MemoryKind Returned = llvm::StringSwitch<MemoryKind>(Name)
                            .Cases({"malloc", "calloc", "realloc", "aligned_alloc", "valloc",
                                    "memalign", "pvalloc", "_mm_malloc"},
                                   MemoryKind::Pageable)
                            .Default(MemoryKind::Unknown);
  if (Returned != MemoryKind::Unknown)
    return Returned;
  OutParam = true;
  return llvm::StringSwitch<MemoryKind>(Name)
      .Case("posix_memalign", MemoryKind::Pageable)
      .Cases({"cudaMallocHost", "cudaHostAlloc", "cudaMallocManaged", "cuMemAllocHost",
              "cuMemHostAlloc", "cuMemAllocManaged"},
             MemoryKind::Pinned)
      .Cases({"cudaMalloc", "cudaMallocAsync", "cudaMallocPitch", "cudaMallocFromPoolAsync",
              "cuMemAlloc", "cuMemAllocAsync", "cuMemAllocPitch"},
             MemoryKind::Device)
      .Default(MemoryKind::Unknown);
}


bool isFalse(const Expr *Cond, ASTContext &Ctx) {
  Expr::EvalResult R;
  return Cond && !Cond->isValueDependent() && Cond->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt().isZero();
}

} // namespace

const Expr *stripPointerCasts(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    else if (const auto *CE = dyn_cast<CastExpr>(Next)) {
      switch (CE->getCastKind()) {
      case CK_NoOp:
      case CK_BitCast:
      case CK_LValueToRValue:
      case CK_ArrayToPointerDecay:
      case CK_DerivedToBase:
      case CK_UncheckedDerivedToBase:
      case CK_AddressSpaceConversion:
        Next = CE->getSubExpr();
        break;
      default:
        break;
      }
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

StringRef apiName(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return "";
  StringRef N = FD->getName();
  for (StringRef Suffix : {"_ptsz", "_ptds"})
    N.consume_back(Suffix);
  N.consume_back("_v2");
  return N;
}

bool isSystemFunction(const FunctionDecl *FD) {
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  SourceLocation L = SM.getExpansionLoc(FD->getCanonicalDecl()->getLocation());
  return L.isInvalid() || SM.isInSystemHeader(L);
}

void HostBufferOrigin::Values::add(const Values &O) {
  Unknown |= O.Unknown;
  Allocs.append(O.Allocs.begin(), O.Allocs.end());
}

const Stmt *HostBufferOrigin::parentStmt(const Stmt *S) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
}

HostBufferOrigin::Values HostBufferOrigin::trace(const Expr *E, unsigned Depth) {
  Values Out;
  if (!E || Depth > MaxDepth || E->containsErrors() || E->isInstantiationDependent()) {
    Out.Unknown = true;
    return Out;
  }
  E = stripPointerCasts(E);
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(E))
    return trace(Default->getExpr(), Depth + 1);
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return trace(Bind->getSubExpr(), Depth + 1);
  if (const auto *Ctor = dyn_cast<CXXConstructExpr>(E);
      Ctor && Ctor->getNumArgs() == 1 && Ctor->getConstructor()->isCopyOrMoveConstructor())
    return trace(Ctor->getArg(0), Depth + 1); // a thrust::device_ptr passed by value
  if (isa<ImplicitValueInitExpr>(E) || isa<CXXNullPtrLiteralExpr>(E) ||
      E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return Out; // no buffer
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Out.add(trace(CO->getTrueExpr(), Depth + 1));
    Out.add(trace(CO->getFalseExpr(), Depth + 1));
    return Out;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return trace(BO->getRHS(), Depth + 1);
    if (BO->isAdditiveOp() && BO->getType()->isPointerType())
      return trace(BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS(),
                   Depth + 1);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    const Expr *Sub = UO->getSubExpr()->IgnoreParens();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub))
      return trace(AS->getBase(), Depth + 1);
    if (const auto *Deref = dyn_cast<UnaryOperator>(Sub); Deref && Deref->getOpcode() == UO_Deref)
      return trace(Deref->getSubExpr(), Depth + 1);
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Sub);
        Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
      return storageOf(Op->getArg(0), Depth);
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Sub);
        MC && MC->getMethodDecl() && MC->getMethodDecl()->getIdentifier()) {
      StringRef M = MC->getMethodDecl()->getName();
      if (M == "front" || M == "at")
        return storageOf(MC->getImplicitObjectArgument(), Depth);
    }
    if (const VarDecl *V = objectVar(Sub)) {
      Out.add(storageOfVar(V, false));
      return Out;
    }
    Out.Unknown = true;
    return Out;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && V->getType()->isArrayType() && !isa<ParmVarDecl>(V)) {
      Out.add(storageOfVar(V, true));
      return Out;
    }
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(V))
      return traceParam(P, Depth + 1);
    if (V && V->getType()->isPointerType())
      return traceVar(V, Depth + 1);
    Out.Unknown = true;
    return Out;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (F && F->getType()->isArrayType()) {
      if (const VarDecl *V = objectVar(ME)) {
        Out.add(storageOfVar(V, true));
        return Out;
      }
    } else if (F && F->getType()->isPointerType()) {
      return traceField(F, Depth + 1);
    }
    Out.Unknown = true;
    return Out;
  }
  if (const auto *New = dyn_cast<CXXNewExpr>(E)) {
    const FunctionDecl *Op = New->getOperatorNew();
    if (New->getNumPlacementArgs() || !Op || !Op->isReplaceableGlobalAllocationFunction()) {
      Out.Unknown = true;
      return Out;
    }
    const char *By = New->isArray() ? "new[]" : "new";
    Out.add(
        made(MemoryKind::Pageable, std::string("comes from ") + By, By, New, New->getBeginLoc()));
    return Out;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return traceCall(Call, Depth + 1);
  Out.Unknown = true;
  return Out;
}

HostBufferOrigin::Values HostBufferOrigin::traceCall(const CallExpr *C, unsigned Depth) {
  Values Out;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    const Expr *Obj = MC->getImplicitObjectArgument();
    if (Obj)
      Obj = Obj->IgnoreParenImpCasts(); // get() of a base class: the derived object's type
    if (M && M->getIdentifier() && Obj) {
      StringRef N = M->getName();
      QualType T = Obj->getType();
      if (T->isPointerType())
        T = T->getPointeeType();
      std::string Name;
      ContainerClass K = classifyContainer(T, Name);
      // data() and c_str() of a container; get() of a smart pointer or thrust::device_ptr;
      // begin() of an initializer list or a device container.
      if (N == "data" || N == "c_str" ||
          (N == "get" && (K == ContainerClass::UniquePtr || K == ContainerClass::Device)) ||
          (N == "begin" && (K == ContainerClass::InitializerList || K == ContainerClass::Device)))
        return storageOf(Obj, Depth);
    }
  }
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD) {
    Out.Unknown = true;
    return Out;
  }
  // thrust::raw_pointer_cast(v.data()): the pointer a thrust pointer holds.
  if (FD->getIdentifier() && FD->getName() == "raw_pointer_cast" && C->getNumArgs() == 1)
    return trace(C->getArg(0), Depth + 1);
  if (isSystemFunction(FD)) {
    bool OutParam;
    StringRef Name = apiName(FD);
    MemoryKind K = allocatorKind(Name, OutParam);
    if (K == MemoryKind::Unknown || OutParam || !FD->isGlobal()) {
      Out.Unknown = true;
      return Out;
    }
    Out.add(made(K, ("comes from " + Name).str(), Name.str(), C, C->getBeginLoc()));
    return Out;
  }
  return traceReturn(FD, Depth);
}


std::vector<const Expr *> HostBufferOrigin::refsTo(const ValueDecl *D, const Stmt *Root) {
  auto Ref = expr(anyOf(declRefExpr(to(valueDecl(equalsNode(D)))),
                        memberExpr(member(valueDecl(equalsNode(D))))))
                 .bind("ref");
  std::vector<const Expr *> Refs;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Collect = [&](const SmallVector<BoundNodes, 1> &Matches) {
    for (const BoundNodes &B : Matches) {
      const auto *E = B.getNodeAs<Expr>("ref");
      if (!SM.isInSystemHeader(SM.getExpansionLoc(E->getBeginLoc())))
        Refs.push_back(E);
    }
  };
  if (Root)
    Collect(match(findAll(Ref), *Root, Ctx));
  else
    Collect(match(Ref, Ctx));
  return Refs;
}

void HostBufferOrigin::storesThrough(llvm::ArrayRef<const Expr *> Refs, Values &Out,
                                     unsigned Depth) {
  for (const Expr *Ref : Refs) {
    const Stmt *Child = Ref;
    const Stmt *P = parentStmt(Ref);
    while (P && (isa<ParenExpr>(P) || (isa<ImplicitCastExpr>(P) &&
                                       cast<ImplicitCastExpr>(P)->getCastKind() == CK_NoOp))) {
      Child = P;
      P = parentStmt(P);
    }
    if (const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(P)) {
      if (ICE->getCastKind() == CK_LValueToRValue || ICE->getCastKind() == CK_ArrayToPointerDecay)
        continue; // read
      Out.Unknown = true;
      continue;
    }
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParens() == Child) {
        Out.add(trace(BO->getRHS(), Depth + 1));
        continue;
      }
      if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign ||
          !BO->isAssignmentOp())
        continue; // moves within the buffer, or reads it
      Out.Unknown = true;
      continue;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp())
        continue;
      if (UO->getOpcode() == UO_AddrOf) {
        // &p passed to an allocator that stores through it: cudaMallocHost((void **)&p, n).
        const Stmt *Arg = UO;
        const Stmt *Up = parentStmt(UO);
        while (Up && (isa<ParenExpr>(Up) || isa<CastExpr>(Up))) {
          Arg = Up;
          Up = parentStmt(Up);
        }
        const auto *Call = dyn_cast_or_null<CallExpr>(Up);
        const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
        bool OutParam = false;
        MemoryKind K =
            FD && isSystemFunction(FD) ? allocatorKind(apiName(FD), OutParam) : MemoryKind::Unknown;
        if (K != MemoryKind::Unknown && OutParam && Call->getNumArgs() && Call->getArg(0) == Arg) {
          StringRef Name = apiName(FD);
          Out.add(made(K, ("comes from " + Name).str(), Name.str(), Call, Call->getBeginLoc()));
          continue;
        }
      }
      Out.Unknown = true;
      continue;
    }
    if (const auto *Call = dyn_cast_or_null<CallExpr>(P)) {
      // Bound to a reference parameter: only a const one leaves it unchanged.
      const FunctionDecl *FD = Call->getDirectCallee();
      bool ConstRef = false;
      unsigned Shift = isa<CXXOperatorCallExpr>(Call) && FD && isa<CXXMethodDecl>(FD) ? 1 : 0;
      for (unsigned I = Shift; FD && I < Call->getNumArgs(); ++I)
        if (Call->getArg(I) == Child && I - Shift < FD->getNumParams()) {
          QualType T = FD->getParamDecl(I - Shift)->getType();
          ConstRef = T->isReferenceType() && T->getPointeeType().isConstQualified();
        }
      if (!ConstRef)
        Out.Unknown = true;
      continue;
    }
    if (isa_and_nonnull<MemberExpr>(P) || isa_and_nonnull<ArraySubscriptExpr>(P))
      continue; // a member of a pointed-to object, or an element
    if (isa_and_nonnull<LambdaExpr>(P))
      continue;         // a capture by reference: the lambda's uses are among the references
    Out.Unknown = true; // a reference bound to it, ...
  }
}

HostBufferOrigin::Values HostBufferOrigin::traceVar(const VarDecl *V, unsigned Depth) {
  Values Out;
  if (V->getType()->isReferenceType() || V->getType().isVolatileQualified()) {
    Out.Unknown = true;
    return Out;
  }
  if (auto It = Memo.find(V); It != Memo.end())
    return It->second;
  if (InProgress.count(V))
    return Out; // a cycle adds no value of its own
  InProgress[V] = true;
  const Stmt *Root = nullptr;
  if (V->hasLocalStorage()) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!F || !F->getBody() || localValueTainted(V, F))
      Out.Unknown = true;
    else
      Root = F->getBody();
  } else if (V->hasDefinition() == VarDecl::DeclarationOnly) {
    // Globals and statics: every store in the TU; an extern one defined elsewhere may be set
    // where the TU cannot see.
    Out.Unknown = true;
  }
  if (!Out.Unknown) {
    if (const Expr *Init = V->getInit())
      Out.add(trace(Init, Depth + 1));
    storesThrough(refsTo(V, Root), Out, Depth);
  }
  InProgress.erase(V);
  remember(V, Out);
  return Out;
}

HostBufferOrigin::Values HostBufferOrigin::traceField(const FieldDecl *F, unsigned Depth) {
  Values Out;
  const RecordDecl *RD = F->getParent();
  const SourceManager &SM = Ctx.getSourceManager();
  if (RD->isUnion() || SM.isInSystemHeader(SM.getExpansionLoc(RD->getLocation())) ||
      F->getType().isVolatileQualified()) {
    Out.Unknown = true;
    return Out;
  }
  if (auto It = Memo.find(F); It != Memo.end())
    return It->second;
  if (InProgress.count(F))
    return Out;
  InProgress[F] = true;
  if (const Expr *Init = F->getInClassInitializer())
    Out.add(trace(Init, Depth + 1));
  if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD)) {
    for (const CXXConstructorDecl *Ctor : CRD->ctors()) {
      if (!Ctor->isThisDeclarationADefinition() || Ctor->isCopyOrMoveConstructor())
        continue;
      for (const CXXCtorInitializer *I : Ctor->inits())
        if (I->getMember() == F && I->getInit() && !isa<CXXDefaultInitExpr>(I->getInit()))
          Out.add(trace(I->getInit(), Depth + 1));
    }
  }
  // Aggregate initialisation: S s = {h, n};
  auto Lists = match(initListExpr(hasType(recordDecl(equalsNode(RD)))).bind("init"), Ctx);
  for (const BoundNodes &B : Lists) {
    const auto *IL = B.getNodeAs<InitListExpr>("init");
    const InitListExpr *Sem = IL->isSemanticForm() ? IL : IL->getSemanticForm();
    if (Sem && F->getFieldIndex() < Sem->getNumInits())
      Out.add(trace(Sem->getInit(F->getFieldIndex()), Depth + 1));
  }
  storesThrough(refsTo(F, nullptr), Out, Depth);
  InProgress.erase(F);
  remember(F, Out);
  return Out;
}

HostBufferOrigin::Values HostBufferOrigin::traceParam(const ParmVarDecl *P, unsigned Depth) {
  Values Out;
  Out.Unknown = true;
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!F || !F->getBody() || F->hasAttr<CUDAGlobalAttr>() ||
      (F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAHostAttr>()) || F->isVariadic() ||
      P->getType()->isReferenceType() || !P->getType()->isPointerType() || localValueTainted(P, F))
    return Out;
  // A lambda's parameter: its calls are all seen when the variable holding it is only called.
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  bool Lambda = M && M->getParent()->isLambda();
  if (M && (M->isVirtual() || (Lambda && !Callers.onlyCalled(M->getParent()))))
    return Out;
  if (auto It = Memo.find(P); It != Memo.end())
    return It->second;
  if (InProgress.count(P) || Callers.addressTaken(F))
    return Out;
  llvm::ArrayRef<const CallExpr *> Calls = Callers.callsOf(F);
  if (Calls.empty())
    return Out;
  if (CallerLevel >= MaxCallerLevels)
    return Out;
  InProgress[P] = true;
  ++CallerLevel;
  Out.Unknown = false;
  storesThrough(refsTo(P, F->getBody()), Out, Depth);
  unsigned Index = P->getFunctionScopeIndex();
  for (const CallExpr *Call : Calls) {
    // `f(peer, &n)`: the closure is the operator call's first argument.
    unsigned Arg = isa<CXXOperatorCallExpr>(Call) ? Index + 1 : Index;
    if ((isa<CXXOperatorCallExpr>(Call) && !Lambda) || Arg >= Call->getNumArgs()) {
      Out.Unknown = true;
      break;
    }
    Out.add(trace(Call->getArg(Arg), Depth + 1));
  }
  --CallerLevel;
  InProgress.erase(P);
  remember(P, Out);
  return Out;
}

HostBufferOrigin::Values HostBufferOrigin::traceReturn(const FunctionDecl *F, unsigned Depth) {
  Values Out;
  Out.Unknown = true;
  const FunctionDecl *Def = F->getDefinition();
  if (!Def || !Def->getBody() || Def->isVirtualAsWritten() || InProgress.count(Def) ||
      !Def->getReturnType()->isPointerType())
    return Out;
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def); M && M->isVirtual())
    return Out;
  InProgress[Def] = true;
  auto Returns = match(findAll(returnStmt(forCallable(functionDecl(equalsNode(Def)))).bind("ret")),
                       *Def->getBody(), Ctx);
  Out.Unknown = Returns.empty();
  for (const BoundNodes &B : Returns) {
    const Expr *V = B.getNodeAs<ReturnStmt>("ret")->getRetValue();
    if (!V)
      Out.Unknown = true;
    else
      Out.add(trace(V, Depth + 1));
  }
  InProgress.erase(Def);
  return Out;
}

void HostBufferOrigin::remember(const void *Key, const Values &V) {
  // What a trace finds below the first caller level may have hit the level limit: kept only
  // from the top, so that a later query from the top is not cut short.
  if (CallerLevel == 0)
    Memo[Key] = V;
}

bool HostBufferOrigin::inLoop(const Stmt *S) {
  for (const Stmt *P = parentStmt(S); P && !isa<LambdaExpr>(P); P = parentStmt(P)) {
    if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<CXXForRangeStmt>(P))
      return true;
    if (const auto *Do = dyn_cast<DoStmt>(P); Do && !isFalse(Do->getCond(), Ctx))
      return true;
  }
  return false;
}

bool HostBufferOrigin::dominates(const Stmt *Before, const Stmt *Site) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isBeforeInTranslationUnit(Before->getBeginLoc(), Site->getBeginLoc()))
    return false;
  auto Contains = [&](const Stmt *Holder) {
    for (const Stmt *S = parentStmt(Site); S && !isa<LambdaExpr>(S); S = parentStmt(S))
      if (S == Holder)
        return true;
    return false;
  };
  const Stmt *N = Before;
  for (unsigned I = 0; I < 64; ++I) {
    const Stmt *P = parentStmt(N);
    if (!P)
      return false;
    if (isa<CompoundStmt>(P)) {
      if (Contains(P))
        return true;
      const Stmt *Up = parentStmt(P);
      const auto *Do = dyn_cast_or_null<DoStmt>(Up); // a macro's do { ... } while (0)
      if (!Do || !isFalse(Do->getCond(), Ctx))
        return false;
      N = Do;
      continue;
    }
    if (const auto *If = dyn_cast<IfStmt>(P)) {
      if (N != If->getCond() && N != If->getInit() && N != If->getConditionVariableDeclStmt())
        return false;
    } else if (!isa<Expr>(P) && !isa<DeclStmt>(P) && !isa<ReturnStmt>(P)) {
      return false;
    }
    N = P;
  }
  return false;
}

const CallExpr *HostBufferOrigin::pinningRegistration(const BufferOrigin &O, const Stmt *Site,
                                                      bool &MaybeRegistered) {
  MaybeRegistered = false;
  if (!RegistrationsFound) {
    RegistrationsFound = true;
    auto Calls =
        match(callExpr(callee(functionDecl(hasAnyName("cudaHostRegister", "cuMemHostRegister",
                                                      "cuMemHostRegister_v2"))))
                  .bind("reg"),
              Ctx);
    for (const BoundNodes &B : Calls)
      Registrations.push_back(B.getNodeAs<CallExpr>("reg"));
  }
  auto TopOf = [&](const Stmt *S) {
    while (const Stmt *P = parentStmt(S))
      S = P;
    return S;
  };
  for (const CallExpr *R : Registrations) {
    if (!R->getNumArgs() || R->isInstantiationDependent())
      continue;
    Values Registered = trace(R->getArg(0), 0);
    bool Same = false, SameKind = false;
    for (const Allocation &A : Registered.Allocs)
      for (const Allocation &B : O.Allocations) {
        Same |= A.Identity == B.Identity;
        // A container reached through a pointer or reference may be the one registered.
        SameKind |= A.Declared && B.Declared && (A.Indirect || B.Indirect) &&
                    StringRef(A.How) == StringRef(B.How);
      }
    if (!Same && SameKind) {
      MaybeRegistered = true;
      continue;
    }
    if (!Same && Registered.Unknown) {
      MaybeRegistered = true; // a registration of a buffer not known may be this one
      continue;
    }
    if (!Same)
      continue;
    bool SameFunction = TopOf(R) == TopOf(Site);
    if (SameFunction && dominates(R, Site))
      return R;
    const SourceManager &SM = Ctx.getSourceManager();
    if (SameFunction && SM.isBeforeInTranslationUnit(Site->getBeginLoc(), R->getBeginLoc()) &&
        !inLoop(Site))
      continue; // registered after this copy
    MaybeRegistered = true;
  }
  return nullptr;
}

BufferOrigin HostBufferOrigin::originOf(const Expr *E, const Stmt *Site, PointerFrom From) {
  BufferOrigin O;
  Values V = From == PointerFrom::StorageOf   ? storageOf(E, 0, true)
             : From == PointerFrom::AddressOf ? addressOf(E, 0)
                                              : trace(E, 0);
  if (V.Unknown || V.Allocs.empty())
    return O;
  MemoryKind K = V.Allocs.front().Kind;
  for (const Allocation &A : V.Allocs) {
    if (A.Kind != K)
      return O;
    if (llvm::none_of(O.Allocations, [&](const Allocation &B) { return B.Identity == A.Identity; }))
      O.Allocations.push_back(A);
  }
  O.Kind = K;
  if (K == MemoryKind::Pageable) {
    bool Maybe;
    O.Registered = pinningRegistration(O, Site, Maybe);
    if (O.Registered)
      O.Kind = MemoryKind::Pinned;
    else if (Maybe)
      O.Kind = MemoryKind::Unknown;
  }
  return O;
}

} // namespace cudalint
