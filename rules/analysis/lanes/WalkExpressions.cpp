//===- WalkExpressions.cpp - The value of each expression -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"
#include "rules/analysis/Mutation.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudalint {
namespace walker {

// --- expressions -------------------------------------------------------------

bool Walker::pointerMoved(const ParmVarDecl *P) {
  auto [It, New] = Moved.try_emplace(P, true);
  if (!New)
    return It->second;
  const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!FD || !FD->getBody())
    return true;
  // Any assignment, increment or address-of of the parameter itself.
  bool M = changesVariable(FD->getBody(), P);
  Moved[P] = M;
  return M;
}

/// `storage.shared` with `storage` a `__shared__` struct or a reference
/// parameter (CUB's and moderngpu's TempStorage): an array member whose address
/// is the same in every thread, as a pointer parameter's is.
static bool sharedStructArray(const Expr *Base) {
  const auto *ME = dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts());
  if (!ME || ME->isArrow() || !ME->getType()->isArrayType())
    return false;
  const auto *DRE = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && ((isa<ParmVarDecl>(V) && V->getType()->isReferenceType()) ||
               V->hasAttr<CUDASharedAttr>());
}

void Walker::noteStore(const LaneValue *Index, const LaneValue &Base) {
  for (StoreWatch &W : Watches) {
    W.Any = true;
    // The same address for every lane of a group of W.Group lanes.
    auto PerGroup = [&](const LaneValue &X) { return X.sameInGroupsOf() >= W.Group; };
    if (!PerGroup(Base) || (Index && !PerGroup(*Index)))
      W.AllPerGroup = false;
  }
}

void Walker::assign(const Expr *LHS, const LaneValue &V, bool Weak) {
  LHS = LHS->IgnoreParens();
  if (!Weak || !LHS->getType()->isPointerType()) // a store through a pointer leaves it as it is
    objectWritten(LHS);
  if (const ValueDecl *D = trackedVar(LHS)) {
    if (!Watches.empty())
      noteStore(nullptr, LaneValue::varying()); // a register, not memory
    bool IsArray = D->getType()->isArrayType();
    auto It = S.Vars.find(D);
    if ((Weak || IsArray) && It != S.Vars.end())
      It->second = lane::join(It->second, V);
    else
      S.Vars[D] = V;
    forgetSymbol(D);
    return;
  }
  const Expr *E = LHS->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  if (const auto *CE = dyn_cast<CallExpr>(E);
      CE && CE->getCallReturnType(Ctx)->isLValueReferenceType()) {
    // `data(0) = v` of an accessor returning a reference: a store to its place.
    expr(CE);
    if (!Watches.empty())
      noteStore(nullptr, LaneValue::varying());
    if (placeOfCall(CE))
      recordAccess(CE, /*Store=*/true);
    return;
  }
  // The address of a store whose base is itself a subscript or a field is
  // known once that base has been walked (below).
  const ArraySubscriptExpr *NestedAS = nullptr;
  LaneValue NestedI;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (!ME->isArrow()) {
      Base = ME->getBase();
    } else if (!hasEffects(ME->getBase(), Ctx)) {
      // `(p + i)->x = v`: the field's address, from a base that does nothing else.
      expr(ME->getBase());
      noteMember(ME, /*Store=*/true);
    }
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    LaneValue I = expr(AS->getIdx());
    Base = AS->getBase();
    if (isa<ArraySubscriptExpr, MemberExpr>(Base->IgnoreParenImpCasts())) {
      NestedAS = AS;
      NestedI = I;
    } else {
      noteSubscript(AS, I, LaneValue(), /*Store=*/true);
    }
    if (!Watches.empty()) {
      const ValueDecl *D = trackedVar(Base);
      bool LocalArray = D && D->getType()->isArrayType();
      // The walk keeps what is stored through a pointer parameter in the
      // parameter's value; the address itself is the argument, the same in every
      // thread, unless the function moves the pointer.
      const auto *P = dyn_cast_or_null<ParmVarDecl>(D);
      noteStore(&I, LocalArray ? LaneValue::varying() // registers, not memory
                    : (P && P->getType()->isPointerType() && !pointerMoved(P)) ||
                            sharedStructArray(Base)
                        ? LaneValue()
                        : (isa<ArraySubscriptExpr, MemberExpr>(Base->IgnoreParenImpCasts())
                               ? LaneValue::varying()
                               : expr(Base)));
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
      for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
        auto A = F->PtrAlias.find(DRE->getDecl());
        if (A != F->PtrAlias.end()) {
          S.Vars[A->second] = V;
          forgetSymbol(A->second);
          return;
        }
      }
    LaneValue P = expr(UO->getSubExpr());
    noteDeref(UO, /*Store=*/true);
    if (!Watches.empty())
      noteStore(nullptr, P);
    return;
  } else if (!Watches.empty()) {
    noteStore(nullptr, LaneValue::varying());
  }
  if (Base) {
    if (const ValueDecl *D = trackedVar(Base); D && !namesPlace(D)) {
      // A stepped pointer's value is its address (WalkAccesses.cpp), not what it stores.
      if (D->getType()->isPointerType() && stepped(D))
        return;
      auto It = S.Vars.find(D);
      if (It != S.Vars.end())
        It->second = lane::join(It->second, V);
      else
        S.Vars[D] = V;
      forgetSymbol(D);
      return;
    }
    // A store through a pointer that a field or an element holds (`args.blocks[i] = v`, with
    // `args` a kernel's struct parameter) writes the memory it points to, not the holder: the
    // holder's other fields keep their values (gsplat's `if (args.merge_queue_state)`, uniform
    // after a helper stored through `args.overflow_blocks`).
    bool ThroughPointer = Base->getType()->isPointerType();
    if (!ThroughPointer && (isa<MemberExpr>(Base->IgnoreParenImpCasts()) ||
                            isa<ArraySubscriptExpr>(Base->IgnoreParenImpCasts()))) {
      assign(Base, V, true);
      if (NestedAS)
        noteSubscript(NestedAS, NestedI, LaneValue(), /*Store=*/true);
      else if (const auto *ME = dyn_cast<MemberExpr>(E))
        noteMember(ME, /*Store=*/true);
    } else {
      expr(Base);
      if (NestedAS)
        noteSubscript(NestedAS, NestedI, LaneValue(), /*Store=*/true);
      else if (const auto *ME = dyn_cast<MemberExpr>(E);
               ME && isa<DeclRefExpr>(Base->IgnoreParenImpCasts()))
        noteMember(ME, /*Store=*/true);
    }
  }
}

/// 0, 1, 2 for a field named x, y, z; -1 otherwise.
static int axisOf(StringRef Field) {
  return Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : -1;
}

LaneValue Walker::builtinVar(const MSPropertyRefExpr *P) {
  const DeclRefExpr *Base = propertyBase(P);
  if (!Base)
    return LaneValue();
  return builtinComponent(Base->getDecl()->getName(), axisOf(P->getPropertyDecl()->getName()));
}

LaneValue Walker::builtinComponent(StringRef Var, int A) {
  if (A < 0)
    return LaneValue();
  if (A > 0 && (Var == "threadIdx" || Var == "blockDim"))
    ReadsRows = true;
  if (Var == "threadIdx")
    return Model.Tid[A];
  if (Var == "blockDim")
    return Model.BDim[A];
  if (Var == "gridDim") {
    LaneValue V = LaneValue::aligned(1);
    V.Positive = true; // a grid has at least one block along each axis
    return V;
  }
  if (Var == "blockIdx") {
    LaneValue V = LaneValue::aligned(1);
    V.PerBlock = true;
    return V;
  }
  return LaneValue();
}

StringRef Walker::builtinCopyOf(const Expr *E, unsigned Depth) {
  if (!E || Depth > 4)
    return {};
  // Temporaries and conversions (stripWrappers), then the copy and the conversion operator
  // that make a `dim3` of `threadIdx`.
  for (;;) {
    E = stripWrappers(E)->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
      E = C->getArg(0);
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
             MC && isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      E = MC->getImplicitObjectArgument();
    else
      break;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return {};
    if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl();
        RD && RD->getIdentifier() && RD->getName().starts_with("__cuda_builtin_"))
      return VD->getName();
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD->getInit() || !FD ||
        !FD->getBody() || !VD->getType()->isRecordType())
      return {};
    auto [It, New] = StructOnlyRead.try_emplace(VD, false);
    if (New)
      It->second = onlyReadsStruct(FD->getBody(), VD);
    return It->second ? builtinCopyOf(VD->getInit(), Depth + 1) : StringRef();
  }
  // A function or lambda whose body only returns the value.
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (!FD || !FD->hasBody(Def) || !Def)
      return {};
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    const auto *Ret =
        Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
    return Ret ? builtinCopyOf(Ret->getRetValue(), Depth + 1) : StringRef();
  }
  return {};
}

LaneValue Walker::peek(const Expr *E) {
  bool SavedRec = Recording;
  Recording = false;
  State Saved = S;
  LaneValue V = expr(E);
  S = std::move(Saved);
  Recording = SavedRec;
  return V;
}

LaneValue Walker::expr(const Expr *E) {
  if (!E)
    return LaneValue();
  NestingGuard Nest(*this);
  if (!budget())
    return LaneValue::varying();
  // In a template as written: an expression whose type depends on a template
  // parameter is not modelled (uniform, unknown), one whose value does is
  // walked by its parts, the template parameters being unknown uniform values
  // (`bx * THREADS + tx` stays the thread index plus a uniform part).
  if (E->isTypeDependent() ||
      (E->isValueDependent() && !isa<BinaryOperator, UnaryOperator, ParenExpr, ImplicitCastExpr,
                                     CStyleCastExpr, CXXStaticCastExpr, CXXFunctionalCastExpr,
                                     ConditionalOperator, ArraySubscriptExpr, DeclRefExpr>(E)))
    return LaneValue();
  switch (E->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
  case Stmt::UnaryExprOrTypeTraitExprClass:
  case Stmt::SubstNonTypeTemplateParmExprClass:
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass: {
    if (std::optional<int64_t> C = constantOf(E))
      return LaneValue::constant(*C);
    return LaneValue();
  }
  case Stmt::ConstantExprClass:
    if (std::optional<int64_t> C = constantOf(E))
      return LaneValue::constant(*C);
    return expr(cast<ConstantExpr>(E)->getSubExpr());
  case Stmt::ParenExprClass:
    return expr(cast<ParenExpr>(E)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
  case Stmt::MaterializeTemporaryExprClass:
  case Stmt::CXXBindTemporaryExprClass:
  case Stmt::CXXDefaultArgExprClass:
  case Stmt::CXXDefaultInitExprClass:
  case Stmt::OpaqueValueExprClass: {
    const Expr *Sub = nullptr;
    if (const auto *F = dyn_cast<FullExpr>(E))
      Sub = F->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      Sub = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      Sub = B->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      Sub = D->getExpr();
    else if (const auto *D = dyn_cast<CXXDefaultInitExpr>(E))
      Sub = D->getExpr();
    else if (const auto *O = dyn_cast<OpaqueValueExpr>(E))
      Sub = O->getSourceExpr();
    return expr(Sub);
  }
  case Stmt::DeclRefExprClass:
    return declRef(cast<DeclRefExpr>(E));
  case Stmt::PseudoObjectExprClass: {
    const auto *PO = cast<PseudoObjectExpr>(E);
    if (const auto *P = dyn_cast<MSPropertyRefExpr>(PO->getSyntacticForm()->IgnoreParens()))
      return builtinVar(P);
    return expr(PO->getResultExpr());
  }
  case Stmt::MemberExprClass:
    return member(cast<MemberExpr>(E));
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    return construct(cast<CXXConstructExpr>(E));
  case Stmt::InitListExprClass:
    return aggregate(cast<InitListExpr>(E));
  case Stmt::ArraySubscriptExprClass:
    return subscript(cast<ArraySubscriptExpr>(E));
  case Stmt::UnaryOperatorClass:
    return unary(cast<UnaryOperator>(E));
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return binary(cast<BinaryOperator>(E));
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass:
    return conditional(cast<AbstractConditionalOperator>(E));
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
  case Stmt::CUDAKernelCallExprClass:
  case Stmt::UserDefinedLiteralClass:
    return call(cast<CallExpr>(E));
  case Stmt::LambdaExprClass:
  case Stmt::CXXThisExprClass:
  case Stmt::StringLiteralClass:
  case Stmt::FloatingLiteralClass:
    return LaneValue();
  case Stmt::StmtExprClass: {
    const CompoundStmt *CS = cast<StmtExpr>(E)->getSubStmt();
    LaneValue Last;
    for (const Stmt *C : CS->body()) {
      if (const auto *CE = dyn_cast<Expr>(C))
        Last = expr(CE);
      else
        stmt(C);
    }
    return Last;
  }
  default:
    break;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return castValue(CE);
  // Constructors, init lists and the rest: a value made of the children.
  llvm::SmallVector<LaneValue, 4> Parts;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      Parts.push_back(expr(CE));
  return lane::opaque(Parts);
}

/// Every thread's value converts to an integer type of \p Bits bits unchanged (an unknown
/// part is taken to fit a type of 32 bits or more, as an index does).
static bool fitsExactly(const ExactThreads &E, uint64_t Bits, bool Signed) {
  if (Bits >= 64)
    return true;
  if (E.RAlign != 0)
    return Bits >= 32;
  int64_t Lo = Signed ? -(int64_t(1) << (Bits - 1)) : 0;
  int64_t Hi = Signed ? (int64_t(1) << (Bits - 1)) - 1 : (int64_t(1) << Bits) - 1;
  return llvm::all_of(E.V, [&](int64_t X) { return X >= Lo && X <= Hi; });
}

LaneValue Walker::castValue(const CastExpr *CE) {
  LaneValue V = expr(CE->getSubExpr());
  // A read of the place a call returns a reference to (`n = data(-d)`).
  if (CE->getCastKind() == CK_LValueToRValue && placeOfCall(CE->getSubExpr()->IgnoreParens()))
    recordAccess(CE->getSubExpr()->IgnoreParens(), /*Store=*/false);
  QualType To = CE->getType();
  switch (CE->getCastKind()) {
  case CK_IntegralToBoolean:
  case CK_PointerToBoolean:
  case CK_FloatingToBoolean:
  case CK_MemberPointerToBoolean:
    if (V.K == LaneValue::Uniform) {
      if (V.Const)
        return LaneValue::constant(*V.Const != 0);
      return LaneValue();
    }
    return V.Cond ? V : lane::fromCond(lane::truthOf(V, CE->getSubExpr()));
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_IntegralComplexToFloatingComplex:
    if (V.K == LaneValue::Lane && !V.Cond)
      return V.isWarpUniform() ? LaneValue::warpUniform() : LaneValue::varying();
    if (V.K == LaneValue::Uniform) {
      // A conversion keeps the value's direction of change (2 and i in
      // __powf(2, i)), and an integer constant converts exactly.
      LaneValue U;
      U.NonNeg = V.NonNeg;
      U.G = V.G;
      U.GrowthVar = V.GrowthVar;
      if (CE->getCastKind() == CK_IntegralToFloating && V.Const && *V.Const > -(1 << 24) &&
          *V.Const < (1 << 24))
        U.Const = V.Const;
      return U;
    }
    V.Exact.reset();
    return V;
  case CK_IntegralCast: {
    if (To->isBooleanType() && V.K != LaneValue::Uniform)
      return V.Cond ? V : lane::fromCond(lane::truthOf(V, CE->getSubExpr()));
    // A change of signedness alone between types of 32 bits or more (int to unsigned, as
    // `(int)threadIdx.y - 6` meets `threadIdx.x`) keeps each thread's value as the arithmetic
    // on them does: modulo 2^width, which the conversion back to int makes the signed value
    // again. (A narrower type is promoted to int by its value, which the modulus would lose.)
    auto SignOnly = [&](QualType From) {
      return From->isIntegerType() && Ctx.getIntWidth(From) == Ctx.getIntWidth(To) &&
             Ctx.getIntWidth(To) >= 32;
    };
    if (V.Exact && (!To->isIntegerType() ||
                    (!SignOnly(CE->getSubExpr()->getType()) &&
                     !fitsExactly(*V.Exact, Ctx.getIntWidth(To), To->isSignedIntegerType()))))
      V.Exact.reset();
    return unsignedFix(V, To);
  }
  default:
    return V;
  }
}

void Walker::forgetSymbol(const ValueDecl *D) {
  if (!SymMode)
    return;
  for (auto &Entry : S.Vars)
    if (Entry.second->K == LaneValue::Uniform && Entry.second->SymVar == D) {
      LaneValue V = Entry.second;
      V.SymVar = nullptr;
      V.SymOff = 0;
      Entry.second = V;
    }
}

LaneValue Walker::declRef(const DeclRefExpr *DRE) {
  const ValueDecl *D = resolve(DRE->getDecl());
  if (namesPlace(D)) {
    const Address &A = PtrVars.find(D)->second;
    LastAddr = Address{DRE, A.Base, A.Sp, A.Bytes, false, A.Arm, DRE->getDecl(), A.Origin};
  }
  auto It = S.Vars.find(D);
  if (It != S.Vars.end()) {
    LaneValue V = It->second;
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      annotateGrowth(V, VD);
      if (SymMode && V.K == LaneValue::Uniform && !V.Const && !V.SymVar &&
          VD->getType()->isIntegralOrEnumerationType())
        V.SymVar = VD, V.SymOff = 0;
    }
    return V;
  }
  if (std::optional<int64_t> C = constantOf(DRE))
    return LaneValue::constant(*C);
  LaneValue V;
  V.NonNeg = DRE->getType()->isUnsignedIntegerType();
  return V;
}

void Walker::annotateGrowth(LaneValue &V, const VarDecl *VD) {
  if (V.K != LaneValue::Uniform || V.Const)
    return;
  for (auto It = LoopStack.rbegin(); It != LoopStack.rend(); ++It) {
    auto G = (*It)->Grow.find(VD);
    if (G == (*It)->Grow.end())
      continue;
    if (G->second != Growth::None) {
      V.G = G->second;
      V.GrowthVar = VD;
      V.GrowthExact = true;
    }
    return;
  }
}

LaneValue Walker::member(const MemberExpr *ME) {
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  // `t.x` of `dim3 t = threadIdx`, `t().x` of a lambda that returns threadIdx.
  if (!ME->isArrow())
    if (StringRef Var = builtinCopyOf(Base); !Var.empty())
      return builtinComponent(Var, axisOf(ME->getMemberDecl()->getName()));
  // cooperative groups: block.thread_index().x, block.group_index().y
  if (const auto *MC = dyn_cast<CallExpr>(Base); MC && objectOf(MC)) {
    int64_t N;
    GroupKind K = groupKindOf(objectOf(MC)->getType(), N);
    const auto *Method = MC->getDirectCallee();
    if (K == GroupKind::Block && Method && Method->getIdentifier()) {
      int A = axisOf(ME->getMemberDecl()->getName());
      StringRef M = Method->getName();
      if (A > 0 && (M == "thread_index" || M == "group_dim" || M == "dim_threads"))
        ReadsRows = true;
      if (A >= 0 && M == "thread_index")
        return Model.Tid[A];
      if (A >= 0 && (M == "group_dim" || M == "dim_threads"))
        return Model.BDim[A];
      if (A >= 0 && M == "group_index")
        return LaneValue::aligned(1);
    }
  }
  // A field of an object the walk built (WalkObjects.cpp).
  if (const FieldBinding *FB = boundField(ME))
    return FB->V;
  if (!ME->isArrow())
    if (const ValueDecl *D = trackedVar(Base); D && !namesPlace(D)) {
      auto It = S.Vars.find(D);
      LaneValue V = It != S.Vars.end() ? It->second.get() : LaneValue();
      V.Exact.reset(); // the fields share one value: not this field's own
      return V;
    }
  LaneValue B = expr(ME->getBase());
  noteMember(ME, /*Store=*/false);
  if (isa<FieldDecl>(ME->getMemberDecl()) || isa<VarDecl>(ME->getMemberDecl())) {
    if (ME->isArrow() && B.isThreadDependent())
      return loaded(ME, addressValue(ME->getBase(), B));
    if (B.K == LaneValue::Lane || B.K == LaneValue::Varying)
      return B.isWarpUniform() ? LaneValue::warpUniform() : LaneValue::varying();
    return B.K == LaneValue::Uniform ? LaneValue() : B;
  }
  return B;
}

LaneValue Walker::subscript(const ArraySubscriptExpr *AS) {
  LaneValue I = expr(AS->getIdx());
  if (const ValueDecl *D = trackedVar(AS->getBase())) {
    if (D->getType()->isArrayType()) {
      if (I.isThreadDependent())
        return LaneValue::data(AS);
      if (I.Const)
        if (std::optional<int64_t> C = constantElement(D, *I.Const))
          return LaneValue::constant(*C);
      auto It = S.Vars.find(D);
      LaneValue V = It != S.Vars.end() ? It->second.get() : LaneValue();
      V.Exact.reset(); // the elements share one value: not this element's own
      return V;
    }
  }
  LaneValue B = expr(AS->getBase());
  noteSubscript(AS, I, B, /*Store=*/false);
  if (B.isThreadDependent() || I.isThreadDependent()) {
    LaneValue D = loaded(AS, addressValue(AS->getBase(), B), I);
    D.SameInWarps = !B.isThreadDependent() && I.K == LaneValue::Lane && !I.warpVaries() &&
                    !I.HasFactor;
    return D;
  }
  return LaneValue();
}

std::optional<int64_t> Walker::constantElement(const ValueDecl *D, int64_t Index) {
  const auto *VD = dyn_cast<VarDecl>(D);
  const auto *Init = VD && VD->hasLocalStorage() && VD->getInit()
                         ? dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit())
                         : nullptr;
  const auto *FD = VD ? dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()) : nullptr;
  if (!Init || !FD || !FD->getBody() || Index < 0 || Index >= Init->getNumInits())
    return std::nullopt;
  auto [It, New] = ArrayOnlyRead.try_emplace(VD, false);
  if (New)
    It->second = onlyReadsArray(FD->getBody(), VD);
  if (!It->second)
    return std::nullopt;
  return constantOf(Init->getInit(static_cast<unsigned>(Index)));
}

LaneValue Walker::addressValue(const Expr *E, const LaneValue &V) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || Frames.empty())
    return V;
  auto It = Frames.back().PtrArgs.find(P);
  return It == Frames.back().PtrArgs.end() || pointerMoved(P) ? V : It->second;
}

LaneValue Walker::loaded(const Expr *Load, const LaneValue &Base, const LaneValue &Index) const {
  LaneValue D = LaneValue::data(Load);
  // Lanes that read one address read one value. The address, where the walk
  // knows it (LastAddr); else from the base's value, which also holds what was
  // stored through it and so can only show fewer lanes alike.
  unsigned G = std::min(Base.sameInGroupsOf(), Index.sameInGroupsOf());
  if (LastAddr && LastAddr->E == Load)
    G = std::max(G, LastAddr->Bytes.sameInGroupsOf());
  D.GroupSame = G >= 2 ? G : 0;
  return D;
}

LaneValue Walker::unary(const UnaryOperator *U) {
  const Expr *Sub = U->getSubExpr();
  switch (U->getOpcode()) {
  case UO_Deref: {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts()))
      for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
        auto A = F->PtrAlias.find(DRE->getDecl());
        if (A != F->PtrAlias.end()) {
          auto It = S.Vars.find(A->second);
          return It != S.Vars.end() ? It->second.get() : LaneValue();
        }
      }
    LaneValue P = expr(Sub);
    noteDeref(U, /*Store=*/false);
    return P.isThreadDependent() ? loaded(U, addressValue(Sub, P)) : LaneValue();
  }
  case UO_AddrOf: {
    // An address taken, nothing read: no access is recorded under it.
    ++AddrOnly;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub->IgnoreParens())) {
      LaneValue B = expr(AS->getBase()), I = expr(AS->getIdx());
      noteSubscript(AS, I, B, /*Store=*/false); // the address, for `&a[i] + k` (none recorded)
      --AddrOnly;
      return lane::binary(BO_Add, B, I);
    }
    if (const ValueDecl *D = trackedVar(Sub)) {
      --AddrOnly;
      if (!Objects.empty())
        Objects.erase(D); // an object handed out by address may change
      return LaneValue();
    }
    LaneValue V = expr(Sub);
    --AddrOnly;
    return V.K == LaneValue::Data ? LaneValue::varying() : V;
  }
  case UO_Minus:
    return lane::negate(expr(Sub));
  case UO_Plus:
  case UO_Extension:
  case UO_Real:
  case UO_Imag:
    return expr(Sub);
  case UO_Not:
    return lane::bitNot(expr(Sub));
  case UO_LNot: {
    LaneValue V = expr(Sub);
    if (V.K == LaneValue::Uniform)
      return V.Const ? LaneValue::constant(*V.Const == 0) : LaneValue();
    LaneValue R = lane::fromCond(lane::truthOf(V, Sub).negated());
    R.Exact = lane::exactBinary(BO_EQ, V, LaneValue::constant(0));
    return R;
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LaneValue V = expr(Sub);
    LaneValue One = LaneValue::constant(1);
    LaneValue New = Sub->getType()->isIntegralOrEnumerationType() ||
                            Sub->getType()->isPointerType() // in elements, as `p + 1`
                        ? lane::binary(U->isIncrementOp() ? BO_Add : BO_Sub, V, One)
                        : lane::opaque({V});
    assign(Sub, New);
    steppedMoved(Sub);
    return U->isPostfix() ? V : New;
  }
  default:
    return expr(Sub);
  }
}

LaneValue Walker::binary(const BinaryOperator *B) {
  BinaryOperatorKind Op = B->getOpcode();
  if (Op == BO_Assign) {
    LaneValue V = expr(B->getRHS());
    if (std::optional<LaneValue> P = pointerSet(B->getLHS(), B->getRHS(), V))
      V = *P;
    assign(B->getLHS(), V);
    if (!Frames.empty() && Frames.back().Constructing)
      objectWritten(B->getLHS(), B->getRHS(), &V);
    return V;
  }
  if (B->isCompoundAssignmentOp()) {
    LaneValue R = expr(B->getRHS());
    LaneValue L = expr(B->getLHS());
    // `data(0) += n`: the call is walked once; its place is read and written.
    if (const Expr *LHS = B->getLHS()->IgnoreParens(); placeOfCall(LHS)) {
      recordAccess(LHS, /*Store=*/false);
      recordAccess(LHS, /*Store=*/true);
      return arith(BinaryOperator::getOpForCompoundAssignment(Op), L, R, B->getLHS()->getType());
    }
    LaneValue V = arith(BinaryOperator::getOpForCompoundAssignment(Op), L, R,
                        B->getLHS()->getType());
    assign(B->getLHS(), V);
    steppedMoved(B->getLHS());
    return V;
  }
  if (Op == BO_Comma) {
    expr(B->getLHS());
    return expr(B->getRHS());
  }
  if (Op == BO_LAnd || Op == BO_LOr)
    return logical(B);
  bool PtrArith = (Op == BO_Add || Op == BO_Sub) && B->getType()->isPointerType();
  LaneValue L = expr(B->getLHS());
  // The address of the pointer operand, before the other operand's walk moves LastAddr.
  std::optional<Address> LA = PtrArith && B->getLHS()->getType()->isPointerType()
                                  ? addressOf(B->getLHS())
                                  : std::nullopt;
  LaneValue R = expr(B->getRHS());
  if (PtrArith) {
    if (LA && B->getRHS()->getType()->isIntegralOrEnumerationType())
      notePointerArith(B, *LA, R);
    else if (std::optional<Address> RA = Op == BO_Add && B->getRHS()->getType()->isPointerType()
                                             ? addressOf(B->getRHS())
                                             : std::nullopt;
             RA && B->getLHS()->getType()->isIntegralOrEnumerationType())
      notePointerArith(B, *RA, L);
  }
  if (B->isComparisonOp()) {
    if (L.K == LaneValue::Uniform && R.K == LaneValue::Uniform)
      return lane::binary(Op, L, R);
    if (std::optional<bool> Settled = lane::settledComparison(Op, L, R))
      return LaneValue::constant(*Settled);
    CondClass C = lane::compare(Op, L, R, B->getLHS(), B->getRHS());
    protectShrinking(C);
    boundedThreshold(C, B, L, R);
    LaneValue V = lane::fromCond(std::move(C));
    V.Exact = lane::exactBinary(Op, L, R);
    return V;
  }
  if (B->getLHS()->getType()->isPointerType() || B->getRHS()->getType()->isPointerType())
    return lane::binary(Op == BO_Sub ? BO_Sub : BO_Add, L, R); // element size ignored
  if (Op == BO_Shr && shiftsItselfOut(B, L))
    return LaneValue::constant(0);
  return arith(Op, L, R, B->getType());
}

bool Walker::shiftsItselfOut(const BinaryOperator *B, const LaneValue &L) const {
  // n < 2^n <= 2^(K + n) for n >= 0: 0 in every thread, also where the amount reaches the
  // register's width (undefined in C++; PTX's shr clamps it to the width, which leaves 0). (A
  // read of blockDim.x in n is a call, a possible effect only.)
  return selfShift(B, Ctx) &&
         !B->getLHS()->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) &&
         (B->getLHS()->getType()->isUnsignedIntegerType() || L.NonNeg);
}

LaneValue Walker::logical(const BinaryOperator *B) {
  bool And = B->getOpcode() == BO_LAnd;
  LaneValue A = expr(B->getLHS());
  CondClass CA = lane::truthOf(A, B->getLHS());
  if (A.K == LaneValue::Uniform && A.Const) {
    if ((*A.Const != 0) != And)
      return LaneValue::constant(!And ? 1 : 0);
    LaneValue R = expr(B->getRHS());
    if (R.K == LaneValue::Uniform)
      return R.Const ? LaneValue::constant(*R.Const != 0) : LaneValue();
    LaneValue V = lane::fromCond(lane::truthOf(R, B->getRHS()));
    V.Exact = lane::exactBinary(BO_LAnd, LaneValue::constant(1), R); // R's truth
    return V;
  }
  bool Dependent = isThreadDependent(CA.Cat);
  if (Dependent && CondDepth == 0 && hasEffects(B->getRHS(), Ctx))
    recordBranch(BranchEvent::Form::Logical, B, B->getLHS(), CA);
  State Entry = S;
  if (Dependent)
    pushControl(B->getLHS(), CA, B, false, /*WhenFalse=*/!And, A.Exact);
  LaneValue R = expr(B->getRHS());
  if (Dependent)
    Controls.pop_back();
  S = mergeBranches(std::move(S), std::move(Entry), And ? CA : CA.negated(), B->getLHS());
  if (A.K == LaneValue::Uniform && R.K == LaneValue::Uniform)
    return LaneValue();
  CondClass C = lane::combine(CA, lane::truthOf(R, B->getRHS()), And);
  LaneValue V = lane::fromCond(std::move(C));
  V.Exact = lane::exactBinary(B->getOpcode(), A, R);
  return V;
}

LaneValue Walker::conditional(const AbstractConditionalOperator *CO) {
  LaneValue CV;
  CondClass C;
  ++CondDepth;
  CV = expr(CO->getCond());
  --CondDepth;
  C = lane::truthOf(CV, CO->getCond());
  if (CV.K == LaneValue::Uniform && CV.Const)
    return expr(*CV.Const ? CO->getTrueExpr() : CO->getFalseExpr());
  bool Dependent = isThreadDependent(C.Cat);
  if (Dependent && CondDepth == 0 &&
      (hasEffects(CO->getTrueExpr(), Ctx) || hasEffects(CO->getFalseExpr(), Ctx)))
    recordBranch(BranchEvent::Form::Conditional, CO, CO->getCond(), C);
  State Entry = S;
  if (Dependent)
    pushControl(CO->getCond(), C, CO, false, false, CV.Exact);
  LaneValue T = expr(CO->getTrueExpr());
  State Then = std::move(S);
  S = std::move(Entry);
  if (Dependent) {
    Controls.pop_back();
    pushControl(CO->getCond(), C, CO, false, /*WhenFalse=*/true, CV.Exact);
  }
  LaneValue F = expr(CO->getFalseExpr());
  if (Dependent)
    Controls.pop_back();
  S = mergeBranches(std::move(Then), std::move(S), C, CO->getCond(), &CV);
  if (!Dependent)
    return lane::join(T, F);
  if (T.Const && F.Const && (*T.Const != 0) != (*F.Const != 0) &&
      C.Cat != BranchCategory::WarpUniform && C.Cat != BranchCategory::DataDependent)
    return lane::fromCond(*T.Const != 0 ? C : C.negated());
  if (T == F)
    return lane::controlDependent(T, C.Cat == BranchCategory::WarpUniform
                                         ? std::make_shared<const CondClass>(C)
                                         : nullptr);
  LaneValue R = lane::joinUnder(T, F, std::make_shared<const CondClass>(C));
  R.Exact = lane::exactSelect(CV, T, F); // each thread's value where its arms' are known
  return R;
}

} // namespace walker
} // namespace cudalint
