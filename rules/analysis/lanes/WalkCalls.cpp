//===- WalkCalls.cpp - Calls and device functions ---------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/ErrorTaint.h"
#include "rules/analysis/ValueEval.h"
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <functional>

using namespace clang;

namespace cudalint {
namespace walker {

// --- calls -------------------------------------------------------------------

/// What a call through a pointer calls: `f`, `table[i]` of `f(...)` or `(*f)(...)`.
static const Expr *calleeOf(const CallExpr *CE) {
  const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Callee); U && U->getOpcode() == UO_Deref)
    Callee = U->getSubExpr()->IgnoreParenImpCasts();
  return Callee;
}

/// The function \p E names (`f`, `&f`), or null.
static const FunctionDecl *functionNamed(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *A = dyn_cast<UnaryOperator>(E); A && A->getOpcode() == UO_AddrOf)
    E = A->getSubExpr()->IgnoreParenImpCasts();
  const auto *R = dyn_cast<DeclRefExpr>(E);
  return R ? dyn_cast<FunctionDecl>(R->getDecl()) : nullptr;
}

/// `table[i](args)` with `table` a device array of distinct functions and `i`
/// different between the lanes of a warp: the warp calls each target in turn
/// with the other lanes idle (cudahandbook's divergence demo).
void Walker::indirectCall(const CallExpr *CE) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(calleeOf(CE));
  if (!AS)
    return;
  const auto *Ref = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  const auto *Table = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const VarDecl *Def = Table ? Table->getDefinition() : nullptr;
  const auto *Init =
      Def && Def->hasInit() ? dyn_cast<InitListExpr>(Def->getInit()->IgnoreImplicit()) : nullptr;
  if (!Init || Init->getNumInits() < 2)
    return;
  llvm::SmallPtrSet<const Decl *, 32> Targets;
  for (const Expr *E : Init->inits()) {
    const FunctionDecl *F = functionNamed(E);
    if (!F || !Targets.insert(F->getCanonicalDecl()).second)
      return; // not a table of distinct functions
  }
  LaneValue I = expr(AS->getIdx());
  if (I.K != LaneValue::Lane || I.isWarpUniform())
    return;
  llvm::SmallVector<int64_t, 32> Vals;
  for (unsigned L = 0; L < WarpLanes; ++L)
    if (I.Active & (1u << L))
      Vals.push_back(I.L[L]);
  llvm::sort(Vals);
  Vals.erase(std::unique(Vals.begin(), Vals.end()), Vals.end());
  CondClass C;
  C.Cat = BranchCategory::LaneSplit;
  C.Reason = CondClass::Why::IndirectTargets;
  C.Distinct = std::min<size_t>(Vals.size(), Targets.size());
  C.EveryWarp = I.Align == 0;
  C.LaneSide = AS->getIdx();
  C.AssumedShape = I.AssumedAxis;
  C.NarrowShape = I.NarrowAxis;
  recordBranch(BranchEvent::Form::IndirectCall, CE, AS, C);
}

LaneValue Walker::call(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  StringRef Name = FD && FD->getIdentifier() ? FD->getName() : StringRef();
  // `v[p] = make_float4(...)`: a struct's implicit assignment is a store, as `=` on a scalar.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE);
      OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 && FD && FD->isTrivial()) {
    LaneValue V = expr(CE->getArg(1));
    assign(CE->getArg(0), V);
    return V;
  }

  if (const Expr *Obj = objectOf(CE)) {
    int64_t TileSize = 0;
    GroupKind K = groupOf(Obj, TileSize);
    if (K != GroupKind::None)
      return groupMember(CE, Obj, K, TileSize, Name);
  }
  // Cooperative-groups free functions: cg::sync(g), this_thread_block(), ...
  if (FD && FD->getIdentifier()) {
    const DeclContext *DC = FD->getDeclContext();
    bool InCG = false;
    for (; DC; DC = DC->getParent())
      if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
        InCG |= NS->getName() == "cooperative_groups";
    if (InCG) {
      llvm::SmallVector<LaneValue, 4> Args;
      for (const Expr *A : CE->arguments())
        Args.push_back(expr(A));
      if (Name == "sync" && CE->getNumArgs() == 1) {
        int64_t N;
        GroupKind K = groupOf(CE->getArg(0), N);
        if (K == GroupKind::Block || K == GroupKind::Grid || K == GroupKind::Cluster)
          barrier(CE, "cooperative_groups::sync(" + sourceText(CE->getArg(0), Ctx) + ")");
        return LaneValue();
      }
      if (Name == "thread_rank" && CE->getNumArgs() == 1) {
        int64_t N;
        GroupKind K = groupOf(CE->getArg(0), N);
        return rankOf(K, N);
      }
      if (Name == "reduce" && CE->getNumArgs() >= 2) {
        int64_t N;
        GroupKind K = groupOf(CE->getArg(0), N);
        if (K == GroupKind::Tile && N == 32)
          return Args[1].isThreadDependent() ? LaneValue::warpUniform() : LaneValue();
        return lane::opaque(Args);
      }
      return lane::opaque(Args);
    }
  }
  if (!FD && !isa<CXXMemberCallExpr>(CE)) {
    indirectCall(CE);
    if (std::optional<LaneValue> R = pointerCall(CE))
      return *R;
  }
  if (isBlockBarrierName(Name)) {
    for (const Expr *A : CE->arguments())
      expr(A);
    barrier(CE, Name.str() + "()");
    return LaneValue();
  }
  ObjectPlace Object;
  if (isa<CXXMemberCallExpr>(CE))
    objectPlace(CE, Object);
  llvm::SmallVector<LaneValue, 4> Args;
  llvm::SmallVector<std::optional<Address>, 4> Addrs;
  walkArgs(CE, Args, Addrs, &Object);
  // A load or store with a cache hint (`__ldg(&in[i])`, `__stcs(out + i, v)`) accesses the
  // place its pointer holds; its value is what the call's other handling makes of it.
  if (std::optional<bool> Store = cacheHintStore(CE); Store && Addrs[0]) {
    const Address &A = *Addrs[0];
    LastAddr = Address{CE, A.Base, A.Sp, A.Bytes, false, A.Arm};
    recordAccess(CE, *Store);
  }
  if (Name.starts_with("__ballot_sync") || Name.starts_with("__any_sync") ||
      Name.starts_with("__all_sync") || Name.starts_with("__reduce_") ||
      Name == "__activemask" || Name == "__any" || Name == "__all" || Name == "__ballot") {
    bool Dep = llvm::any_of(Args, [](const LaneValue &V) { return V.isThreadDependent(); });
    // Over values that lane i holds alike in every warp, the warp-wide
    // result is the same in every warp.
    bool Alike = llvm::all_of(Args, [](const LaneValue &V) {
      return !V.isThreadDependent() || (V.K == LaneValue::Lane && !V.warpVaries()) ||
             (V.K == LaneValue::Data && V.SameInWarps);
    });
    if (Name == "__activemask")
      return LaneValue::warpUniform();
    return Dep && !Alike ? LaneValue::warpUniform() : LaneValue();
  }
  if (Name.starts_with("__shfl_sync") && Args.size() >= 3) {
    if (!Args[1].isThreadDependent())
      return LaneValue();
    bool FullWidth = Args.size() < 4 || (Args[3].Const && *Args[3].Const >= 32);
    if (Args[2].isWarpUniform() && FullWidth)
      return LaneValue::warpUniform();
    LaneValue D = LaneValue::data(CE);
    // The lanes of a segment of `width` that name one source lane (`__shfl_sync(m,
    // v, 0, 4)`) receive one value.
    if (Args.size() >= 4 && Args[3].Const && *Args[3].Const >= 2 && *Args[3].Const < 32 &&
        llvm::isPowerOf2_64(*Args[3].Const)) {
      unsigned G = std::min<unsigned>(*Args[3].Const, Args[2].sameInGroupsOf());
      D.GroupSame = G >= 2 ? G : 0;
    }
    return D;
  }
  if (Name.starts_with("__shfl"))
    return Args.size() >= 2 && !Args[1].isThreadDependent() ? LaneValue() : LaneValue::data(CE);
  // 2^i written as a float power (Rodinia's backprop: power_two = __powf(2, i)):
  // grows with i like 1 << i.
  if ((Name == "__powf" || Name == "powf" || Name == "pow" || Name == "exp2f" ||
       Name == "exp2") &&
      !Args.empty()) {
    const LaneValue &Exp = Args.back();
    bool Base2 = Name.starts_with("exp2") || (Args[0].Const && *Args[0].Const > 1);
    if (Base2 && Exp.K == LaneValue::Uniform && Exp.G == Growth::Grows) {
      LaneValue R;
      R.G = Growth::Grows;
      R.GrowthVar = Exp.GrowthVar;
      R.NonNeg = true;
      return R;
    }
  }
  // 24-bit multiplies (old CUDA samples index with them): exact for indices.
  if ((Name == "__mul24" || Name == "__umul24") && Args.size() == 2)
    return lane::binary(BO_Mul, Args[0], Args[1]);
  if (const FunctionDecl *Def = inlinable(FD, CE)) {
    PendingThis = std::move(Object);
    return inlineCall(CE, Def, Args, Addrs);
  }
  // In a template as written, a call of a template specialization that no
  // instantiation has given a body yet (warp_reduce_all<32>(x)): its result
  // holds in every instantiation only as what the callee computes, which is
  // not known; claim nothing about it.
  if (FD && FD->isTemplateInstantiation() && !FD->hasBody() && Root->isDependentContext())
    return LaneValue();
  if (CE->getNumArgs() == 0 && isLaneIdName(Name))
    return LaneValue::lanes(lanesOf([](int64_t L, int64_t) { return L; }, 0), 0, false);
  if (CE->getNumArgs() == 0 && isWarpIdName(Name))
    return LaneValue::warpUniform();
  return opaqueCall(CE, Name, Args);
}

void Walker::walkArgs(const CallExpr *CE, llvm::SmallVectorImpl<LaneValue> &Args,
                      llvm::SmallVectorImpl<std::optional<Address>> &Addrs,
                      ObjectPlace *Object) {
  // An operator of a member function takes its object as the first argument.
  const FunctionDecl *FD = CE->getDirectCallee();
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(FD);
  bool MemberOperator = isa<CXXOperatorCallExpr>(CE) && M && !M->isStatic();
  bool ObjectFirst = Object && MemberOperator;
  // The callee's definition, looked up at its first reference parameter (punnedParam).
  const FunctionDecl *Def = nullptr;
  bool Looked = false;
  auto Definition = [&]() -> const FunctionDecl * {
    if (!Looked && FD && FD->hasBody(Def) && Def &&
        (Def->isDependentContext() || isSystemCode(Def, SM)))
      Def = nullptr;
    Looked = true;
    return Def;
  };
  // An operator's object is its first argument, not a parameter.
  unsigned Skip = MemberOperator ? 1 : 0;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (ObjectFirst && Args.empty()) {
      Args.push_back(objectPlace(CE, *Object));
      Addrs.push_back(std::nullopt);
      continue;
    }
    const Expr *Place = nullptr;
    if (FD && I >= Skip && I - Skip < FD->getNumParams() &&
        FD->getParamDecl(I - Skip)->getType()->isReferenceType() && Definition() &&
        I - Skip < Def->getNumParams())
      if (std::optional<Pun> P = punnedParam(Def->getParamDecl(I - Skip), Def)) {
        Place = A->IgnoreParenImpCasts();
        PunnedArgs[Place] = *P;
      }
    Args.push_back(expr(A));
    Addrs.push_back(A->getType()->isPointerType() ? addressOf(A) : std::nullopt);
    if (Place)
      PunnedArgs.erase(Place);
  }
}

/// \p Use when it reinterprets reference parameter \p P as another type (the type of \p Use):
/// `reinterpret_cast<const T &>(v)` (or a C-style cast to a reference), or
/// `*reinterpret_cast<const T *>(&v)`; null otherwise.
static const Expr *punOf(const Expr *Use, const ParmVarDecl *P) {
  auto Names = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == P;
  };
  if (const auto *C = dyn_cast<ExplicitCastExpr>(Use);
      C && C->getCastKind() == CK_LValueBitCast && Names(C->getSubExpr()))
    return C;
  if (const auto *U = dyn_cast<UnaryOperator>(Use); U && U->getOpcode() == UO_Deref)
    if (const auto *C = dyn_cast<ExplicitCastExpr>(U->getSubExpr()->IgnoreParens());
        C && C->getCastKind() == CK_BitCast)
      if (const auto *Addr = dyn_cast<UnaryOperator>(C->getSubExpr()->IgnoreParenImpCasts());
          Addr && Addr->getOpcode() == UO_AddrOf && Names(Addr->getSubExpr()))
        return U;
  return nullptr;
}

std::optional<Walker::Pun> Walker::punnedParam(const ParmVarDecl *P, const FunctionDecl *Def) {
  if (!P->getType()->isReferenceType() || P->getType().getNonReferenceType()->isArrayType())
    return std::nullopt;
  auto [It, New] = PunMemo.try_emplace(P);
  if (!New)
    return It->second;
  // Every use of P one such reinterpretation, all as one type, all read or all written.
  unsigned Uses = 0;
  llvm::SmallVector<const Expr *, 4> Puns;
  llvm::SmallPtrSet<const Expr *, 4> Stored;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *St) {
    if (!St)
      return;
    if (const auto *R = dyn_cast<DeclRefExpr>(St); R && R->getDecl() == P)
      ++Uses;
    if (const auto *E = dyn_cast<Expr>(St))
      if (const Expr *Pun = punOf(E, P))
        Puns.push_back(Pun);
    if (const auto *B = dyn_cast<BinaryOperator>(St); B && B->getOpcode() == BO_Assign)
      Stored.insert(B->getLHS()->IgnoreParens());
    if (const auto *O = dyn_cast<CXXOperatorCallExpr>(St);
        O && O->getOperator() == OO_Equal && O->getNumArgs() == 2)
      Stored.insert(O->getArg(0)->IgnoreParenImpCasts());
    for (const Stmt *C : St->children())
      Scan(C);
  };
  Scan(Def->getBody());
  if (Uses == 0 || Puns.size() != Uses)
    return std::nullopt;
  QualType T = Puns.front()->getType();
  bool Store = Stored.count(Puns.front());
  for (const Expr *E : Puns) {
    std::optional<int64_t> Size = sizeOfType(E->getType());
    if (!Size || !Ctx.hasSameUnqualifiedType(E->getType(), T) ||
        Stored.count(E) != Store)
      return std::nullopt;
  }
  It->second = Pun{T.getUnqualifiedType(), Store};
  return It->second;
}

LaneValue Walker::objectPlace(const CallExpr *CE, ObjectPlace &Out) {
  Out = ObjectPlace();
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Obj = MC->getImplicitObjectArgument();
  else if (isa<CXXOperatorCallExpr>(CE) && CE->getNumArgs() > 0)
    Obj = CE->getArg(0);
  if (!Obj)
    return LaneValue();
  // Only an element of an array or a place a pointer names: an object the kernel takes by value
  // or the walk built is followed field by field (ThisGlobal, ThisObj). A member call's object
  // is walked only then; an operator's, as its first argument, always.
  const Expr *Core = Obj->IgnoreParenImpCasts();
  bool Pointer = Obj->getType()->isPointerType();
  bool InMemory = Pointer || isa<ArraySubscriptExpr, MemberExpr>(Core) ||
                  (isa<UnaryOperator>(Core) && cast<UnaryOperator>(Core)->getOpcode() == UO_Deref);
  if (!InMemory && !isa<CXXOperatorCallExpr>(CE))
    return LaneValue();
  LaneValue V = expr(Obj);
  if (!InMemory || !M || M->isStatic())
    return V;
  if (Pointer) {
    if (std::optional<Address> A = addressOf(Obj))
      Out.A = Address{Obj, A->Base, A->Sp, A->Bytes, false, A->Arm};
  } else if (LastAddr && LastAddr->E == Core && !LastAddr->IsValue) {
    Out.A = *LastAddr;
    // The whole element, recorded on the way: an inlined body reads or writes the fields it
    // names instead (inlineCall takes it back).
    if (LastRecorded == Core && !Accesses.empty() && Accesses.back().Access == Core)
      Out.Record = Accesses.size() - 1;
  }
  return V;
}

std::optional<LaneValue> Walker::pointerCall(const CallExpr *CE) {
  const auto *Ref = dyn_cast<DeclRefExpr>(calleeOf(CE));
  const auto *PT = Ref ? Ref->getType()->getAs<PointerType>() : nullptr;
  if (!PT || !PT->getPointeeType()->isFunctionType() || !isa<VarDecl>(Ref->getDecl()))
    return std::nullopt;
  if (!PointerTargets) {
    PointerTargets.emplace();
    std::function<void(const DeclContext *)> Scan = [&](const DeclContext *DC) {
      for (const Decl *D : DC->decls()) {
        if (SM.isInSystemHeader(D->getLocation()))
          continue;
        if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
          Scan(NS);
          continue;
        }
        const auto *V = dyn_cast<VarDecl>(D);
        if (!V || !V->getInit() || (!V->hasAttr<CUDADeviceAttr>() && !V->hasAttr<CUDAConstantAttr>()))
          continue;
        auto Add = [&](const Expr *E) {
          const FunctionDecl *FD = functionNamed(E);
          if (FD && !llvm::is_contained(*PointerTargets, FD->getCanonicalDecl()))
            PointerTargets->push_back(FD->getCanonicalDecl());
        };
        if (const auto *IL = dyn_cast<InitListExpr>(V->getInit()->IgnoreImplicit()))
          for (const Expr *E : IL->inits())
            Add(E);
        else
          Add(V->getInit());
      }
    };
    Scan(Ctx.getTranslationUnitDecl());
  }
  QualType Want = Ctx.getCanonicalType(PT->getPointeeType());
  llvm::SmallVector<const FunctionDecl *, 4> Defs;
  for (const FunctionDecl *T : *PointerTargets)
    if (Ctx.getCanonicalType(T->getType()) == Want) {
      const FunctionDecl *Def = inlinable(T, CE);
      if (!Def || Defs.size() == 4)
        return std::nullopt; // a target the walk cannot follow, or too many
      Defs.push_back(Def);
    }
  if (Defs.empty())
    return std::nullopt;
  llvm::SmallVector<LaneValue, 4> Args;
  llvm::SmallVector<std::optional<Address>, 4> Addrs;
  walkArgs(CE, Args, Addrs);
  State Entry = S;
  std::optional<State> Out;
  std::optional<LaneValue> Result;
  for (const FunctionDecl *Def : Defs) {
    S = Entry;
    LaneValue R = inlineCall(CE, Def, Args, Addrs);
    Result = Result ? lane::join(*Result, R) : R;
    Out = Out ? mergePlain(*Out, S) : S;
  }
  S = std::move(*Out);
  return Result;
}

LaneValue Walker::opaqueCall(const CallExpr *CE, StringRef Name, llvm::ArrayRef<LaneValue> Args) {
  bool Dep = false, PtrDep = false;
  for (unsigned I = 0; I < Args.size(); ++I) {
    Dep |= Args[I].isThreadDependent();
    if (Args[I].isThreadDependent() && CE->getArg(I)->getType()->isPointerType())
      PtrDep = true;
  }
  LaneValue Result;
  if (isPerThreadResult(Name) || PtrDep)
    Result = LaneValue::data(CE);
  else
    Result = lane::opaque(Args);
  // Locals passed by address or by non-const reference may be written.
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
    const ValueDecl *D = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(A); UO && UO->getOpcode() == UO_AddrOf)
      D = trackedVar(UO->getSubExpr());
    else if (A->isLValue() && !A->getType().isConstQualified())
      if (const FunctionDecl *FD = CE->getDirectCallee(); FD && I < FD->getNumParams() &&
                                                           FD->getParamDecl(I)->getType()->isReferenceType())
        D = trackedVar(A);
    if (D) {
      S.Vars[D] = Dep ? (Result.K == LaneValue::Data ? Result : LaneValue::data(CE)) : LaneValue();
      forgetSymbol(D);
      if (!Objects.empty())
        Objects.erase(D);
    }
  }
  // A member function not followed may change its object's fields, unless it is const.
  if (const Expr *Obj = objectOf(CE); Obj && !Objects.empty()) {
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(CE->getDirectCallee());
    if (const void *K = objectKey(Obj); K && (!M || !M->isConst()))
      Objects.erase(K);
  }
  if (CE->getType()->isVoidType())
    return LaneValue();
  return Result;
}

GroupKind Walker::groupOf(const Expr *E, int64_t &TileSize) {
  GroupKind K = groupKindOf(E->getType(), TileSize);
  if (K != GroupKind::Generic)
    return K;
  // Through copies and the conversion to thread_group (a slice of the
  // thread_block or tile it was made from).
  for (;;) {
    E = E->IgnoreImplicit()->IgnoreParens();
    const auto *CCE = dyn_cast<CXXConstructExpr>(E);
    if (!CCE || CCE->getNumArgs() != 1)
      break;
    E = CCE->getArg(0);
  }
  int64_t Size = 0;
  GroupKind Inner = groupKindOf(E->IgnoreImpCasts()->getType(), Size);
  if (Inner != GroupKind::Generic && Inner != GroupKind::None) {
    TileSize = Size;
    return Inner;
  }
  E = E->IgnoreImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      if (auto G = It->Groups.find(D); G != It->Groups.end()) {
        TileSize = G->second.second;
        return G->second.first;
      }
      if (auto A = It->Alias.find(D); A != It->Alias.end())
        D = A->second; // a reference parameter: the caller's variable
    }
    return GroupKind::Generic;
  }
  // tiled_partition(parent, n): a tile of n threads of a block or a larger tile.
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getIdentifier() && FD->getName() == "tiled_partition" &&
        CE->getNumArgs() == 2) {
      int64_t ParentSize = 0;
      GroupKind Parent = groupOf(CE->getArg(0), ParentSize);
      std::optional<int64_t> N = constantOf(CE->getArg(1));
      if (!N)
        if (const ValueDecl *D = trackedVar(CE->getArg(1)))
          if (auto It = S.Vars.find(D); It != S.Vars.end() && It->second->K == LaneValue::Uniform)
            N = It->second->Const;
      if (N && *N > 0 && *N <= 32 && 32 % *N == 0 &&
          (Parent == GroupKind::Block ||
           (Parent == GroupKind::Tile && ParentSize > 0 && ParentSize % *N == 0))) {
        TileSize = *N;
        return GroupKind::Tile;
      }
    }
  }
  return GroupKind::Generic;
}

void Walker::noteGroup(Frame &F, const ValueDecl *D, const Expr *Init) {
  int64_t Size = 0;
  if (groupKindOf(D->getType(), Size) == GroupKind::Generic)
    if (GroupKind K = groupOf(Init, Size); K != GroupKind::Generic)
      F.Groups[D] = {K, Size};
}

LaneValue Walker::rankOf(GroupKind K, int64_t TileSize) {
  switch (K) {
  case GroupKind::Block:
    return Model.Linear;
  case GroupKind::Grid: {
    LaneValue V = Model.Linear;
    V.Exact.reset(); // plus the block's first index, not known
    V.PerBlock = true;
    V.UBound.reset();
    V.VBound.reset();
    return V;
  }
  case GroupKind::Tile:
    if (TileSize > 0 && TileSize <= 32 && 32 % TileSize == 0) {
      std::array<int64_t, WarpLanes> L;
      for (unsigned I = 0; I < WarpLanes; ++I)
        L[I] = I % TileSize;
      return LaneValue::lanes(L, 0, false, Model.Linear.Active);
    }
    return LaneValue::varying();
  case GroupKind::Coalesced:
  case GroupKind::Generic:
  case GroupKind::Cluster:
    return LaneValue::varying();
  case GroupKind::None:
    break;
  }
  return LaneValue();
}

/// The object of a member call (also of a static member called through an object).
const Expr *Walker::objectOf(const CallExpr *CE) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    return MC->getImplicitObjectArgument();
  if (isa<CXXOperatorCallExpr>(CE))
    return nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    return ME->getBase();
  return nullptr;
}

LaneValue Walker::groupMember(const CallExpr *MC, const Expr *Obj, GroupKind K, int64_t TileSize,
                              StringRef M) {
  llvm::SmallVector<LaneValue, 4> Args;
  for (const Expr *A : MC->arguments())
    Args.push_back(expr(A));
  if (M == "sync") {
    if (K == GroupKind::Block || K == GroupKind::Grid || K == GroupKind::Cluster)
      barrier(MC, sourceText(Obj, Ctx) + ".sync()");
    return LaneValue();
  }
  if (M == "thread_rank")
    return rankOf(K, TileSize);
  if (M == "meta_group_rank" && K == GroupKind::Tile) {
    if (TileSize == 32)
      return LaneValue::warpUniform();
    if (TileSize > 0 && TileSize < 32 && 32 % TileSize == 0) {
      std::array<int64_t, WarpLanes> L;
      for (unsigned I = 0; I < WarpLanes; ++I)
        L[I] = I / TileSize;
      return LaneValue::lanes(L, 32 / TileSize, true, Model.Linear.Active);
    }
    return LaneValue::varying();
  }
  if (K == GroupKind::Block && (M == "size" || M == "num_threads"))
    return lane::binary(BO_Mul, lane::binary(BO_Mul, Model.BDim[0], Model.BDim[1]),
                        Model.BDim[2]);
  if (M == "size" || M == "num_threads" || M == "meta_group_size" || M == "group_dim" ||
      M == "dim_threads" || M == "num_blocks" || M == "block_rank" || M == "group_index" ||
      M == "is_valid")
    return K == GroupKind::Tile && TileSize > 0 && (M == "size" || M == "num_threads")
               ? LaneValue::constant(TileSize)
               : LaneValue::aligned(1);
  if (K == GroupKind::Tile && TileSize == 32 &&
      (M == "any" || M == "all" || M == "ballot"))
    return llvm::any_of(Args, [](const LaneValue &V) { return V.isThreadDependent(); })
               ? LaneValue::warpUniform()
               : LaneValue();
  if (K == GroupKind::Tile && M == "shfl" && Args.size() >= 2) {
    if (!Args[0].isThreadDependent())
      return LaneValue();
    if (TileSize == 32 && Args[1].isWarpUniform())
      return LaneValue::warpUniform();
    return LaneValue::data(MC);
  }
  if (M.starts_with("shfl"))
    return !Args.empty() && !Args[0].isThreadDependent() ? LaneValue() : LaneValue::data(MC);
  return lane::opaque(Args);
}

const FunctionDecl *Walker::inlinable(const FunctionDecl *FD, const CallExpr *CE) {
  if (!FD || Frames.size() > MaxInlineDepth || Exhausted)
    return nullptr;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def || Def->isDependentContext() || isSystemCode(Def, SM) ||
      functionHasCompileErrors(Def))
    return nullptr;
  if (Def->hasAttr<CUDAGlobalAttr>())
    return nullptr; // a dynamic-parallelism launch, not a call
  if (!Def->hasAttr<CUDADeviceAttr>() && !Def->isConstexpr() &&
      !(isa<CXXMethodDecl>(Def) && cast<CXXMethodDecl>(Def)->getParent()->isLambda()))
    return nullptr;
  for (const Frame &F : Frames)
    if (F.FD == Def)
      return nullptr; // recursion
  (void)CE;
  return Def;
}

void Walker::bindParams(Frame &F, const FunctionDecl *Def, llvm::ArrayRef<const Expr *> ArgEs,
                        llvm::ArrayRef<LaneValue> Args,
                        llvm::ArrayRef<std::optional<Address>> ArgAddrs) {
  unsigned N = std::min<unsigned>(Def->getNumParams(), ArgEs.size());
  for (unsigned I = 0; I < N; ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *A = ArgEs[I]->IgnoreParenImpCasts();
    LaneValue V = I < Args.size() ? Args[I] : LaneValue();
    noteGroup(F, P, ArgEs[I]);
    if (P->getType()->isReferenceType()) {
      if (const ValueDecl *D = trackedVar(A)) {
        F.Alias[P] = D;
        continue;
      }
    } else if (P->getType()->isPointerType()) {
      if (const auto *UO = dyn_cast<UnaryOperator>(A); UO && UO->getOpcode() == UO_AddrOf)
        if (const ValueDecl *D = trackedVar(UO->getSubExpr()))
          F.PtrAlias[P] = D;
      F.PtrArgs[P] = V;
    }
    S.Vars[P] = V;
    forgetSymbol(P);
    // An object passed by value: the parameter is a copy of it.
    if (P->getType()->isRecordType())
      bindObject(P, ArgEs[I]);
  }
  noteGlobalArgs(F, ArgEs, Def);
  // A struct passed by value from a kernel's by-value struct parameter: a copy of it.
  for (unsigned I = 0; I < N; ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (!P->getType()->isRecordType())
      continue;
    const Expr *A = ArgEs[I]->IgnoreParenImpCasts();
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(A);
        Copy && Copy->getNumArgs() == 1 && Copy->getConstructor() &&
        Copy->getConstructor()->isCopyOrMoveConstructor())
      A = Copy->getArg(0)->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(A); DRE && kernelStructParam(DRE->getDecl()))
      F.GlobalStructs.insert(P);
  }
  // A pointer parameter bound to a known address other than a base itself (`&a[i]`,
  // `in + off`) and only stepped in the callee: followed from that address.
  for (unsigned I = 0; I < N; ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (!P->getType()->isPointerType())
      continue;
    SteppedPtrs.erase(P);
    const std::optional<Address> *A = I < ArgAddrs.size() ? &ArgAddrs[I] : nullptr;
    std::optional<int64_t> Elt = sizeOfPointee(P->getType());
    if (F.GlobalPtrs.count(P) || !A || !*A || !Elt || !onlySteps(P))
      continue;
    if (std::optional<LaneValue> Start = elementsFrom((*A)->Bytes, *Elt)) {
      SteppedPtrs[P] = Stepped{(*A)->Sp, *Elt, (*A)->Arm, indirectCall(F) ? nullptr : (*A)->Origin};
      S.Vars[P] = *Start;
    }
  }
}

LaneValue Walker::inlineCall(const CallExpr *CE, const FunctionDecl *Def,
                             llvm::ArrayRef<LaneValue> Args,
                             llvm::ArrayRef<std::optional<Address>> ArgAddrs) {
  ObjectPlace Object = std::move(PendingThis);
  PendingThis = ObjectPlace();
  Reached.insert(Def);
  Frame F;
  F.FD = Def;
  F.Call = CE;
  unsigned Offset = 0;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
    if (isa<CXXMethodDecl>(Def) && !cast<CXXMethodDecl>(Def)->isStatic() && OC->getNumArgs() > 0)
      Offset = 1;
  // A member function of a struct the kernel takes by value (`view.Get(row, col)`, or its
  // operator: `view(row, col)`, whose object is the call's first argument), or of an object
  // the walk built (`Pitched<T>(p, pitch).at(x, y)`: the temporary is made first).
  const Expr *Obj = nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Obj = MC->getImplicitObjectArgument();
  else if (Offset == 1)
    Obj = CE->getArg(0);
  if (Obj && isa<CXXConstructExpr, InitListExpr>(stripWrappers(Obj)))
    expr(stripWrappers(Obj));
  if (Obj && isa<CXXMethodDecl>(Def) && !cast<CXXMethodDecl>(Def)->isStatic())
    F.ThisObj = objectKey(Obj);
  llvm::ArrayRef<const Expr *> ArgEs(CE->getArgs(), CE->getNumArgs());
  bindParams(F, Def, ArgEs.drop_front(Offset),
             Args.drop_front(std::min<size_t>(Offset, Args.size())),
             ArgAddrs.drop_front(std::min<size_t>(Offset, ArgAddrs.size())));
  Obj = Obj ? Obj->IgnoreParenImpCasts() : nullptr;
  if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Obj))
    F.ThisGlobal = kernelStructParam(DRE->getDecl()) && !cast<CXXMethodDecl>(Def)->isStatic();
  else if (isa_and_nonnull<CXXThisExpr>(Obj))
    F.ThisGlobal = !Frames.empty() && Frames.back().ThisGlobal;
  // The object's place in memory: the caller's (PendingThis), or this frame's own object
  // passed on to a member function it calls.
  std::optional<Address> This = std::move(Object.A);
  if (This && Object.Record && *Object.Record < Accesses.size() &&
      Accesses[*Object.Record].Access == This->E)
    Accesses.erase(Accesses.begin() + static_cast<std::ptrdiff_t>(*Object.Record));
  if (isa_and_nonnull<CXXThisExpr>(Obj))
    if (const Address *Own = thisPlace())
      This = *Own;
  if (This)
    ThisPlaces.push_back({Frames.size() + 1, *This});
  std::optional<Address> Place;
  Frame Done = walkFrame(std::move(F), Def, Place);
  if (This)
    ThisPlaces.pop_back();
  // A reference to one known place, or a pointer to one: the call names it, as `buf[i]` or
  // `&buf[i]` would.
  if (Place)
    LastAddr = Address{CE, Place->Base, Place->Sp, Place->Bytes, Place->IsValue, Place->Arm};
  if (Def->getReturnType()->isVoidType() || !Done.Ret)
    return LaneValue();
  return *Done.Ret;
}

Frame Walker::walkFrame(Frame F, const FunctionDecl *Def, std::optional<Address> &Place) {
  Frames.push_back(std::move(F));
  std::optional<Address> OuterPlace = std::move(ReturnedPlace);
  bool OuterOther = ReturnsOther;
  ReturnedPlace.reset();
  ReturnsOther = false;
  stmt(Def->getBody());
  Place = ReturnsOther ? std::nullopt : std::move(ReturnedPlace);
  ReturnedPlace = std::move(OuterPlace);
  ReturnsOther = OuterOther;
  Frame Done = std::move(Frames.back());
  Frames.pop_back();
  unsigned Callee = Frames.size();
  State Out = S;
  for (State &R : Done.Returns)
    Out = mergePlain(Out, R);
  Out.Dead = false;
  Out.Exits.erase(llvm::remove_if(Out.Exits,
                                  [&](const ExitMark &M) { return M.Frame >= Callee; }),
                  Out.Exits.end());
  // The callee's parameters and automatic locals die with it; carried on, every
  // later copy of the state (at each branch) would copy them too (a few per
  // cent of the walk of a kernel that inlines many helpers, ggml's mmq).
  if (llvm::none_of(Frames, [&](const Frame &Fr) { return Fr.FD == Def; })) {
    auto Dead = [&](const ValueDecl *D) {
      const auto *V = dyn_cast<VarDecl>(D);
      return V && V->hasLocalStorage() && V->getParentFunctionOrMethod() == Def;
    };
    if (llvm::any_of(Out.Vars, [&](const auto &KV) { return Dead(KV.first); })) {
      llvm::DenseMap<const ValueDecl *, SharedLane> Live;
      for (auto &KV : Out.Vars)
        if (!Dead(KV.first))
          Live.try_emplace(KV.first, std::move(KV.second));
      Out.Vars = std::move(Live);
    }
  }
  S = std::move(Out);
  return Done;
}

} // namespace walker
} // namespace cudalint
