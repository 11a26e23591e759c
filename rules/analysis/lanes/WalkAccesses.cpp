//===- WalkAccesses.cpp - The per-lane address of memory accesses ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Part of the walk (ThreadDependenceWalker.h): while it computes the value of
// a subscript or a field of global memory (a kernel's pointer parameter, or a
// device function's parameter bound to one) or of a __shared__ array, it also
// computes the byte offset of the element from the base in each lane, and
// records the access (AccessEvent) when that offset differs between the lanes
// of a warp by a pattern the lane-value form knows exactly. No second walk:
// the offsets are built from the index values the walk has just computed.
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/Mutation.h"
#include "rules/analysis/lanes/AccessPattern.h"
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecordLayout.h"

using namespace clang;

namespace cudalint {
namespace walker {

std::optional<AccessEvent::Space> Walker::spaceOf(const Expr *Base, const ValueDecl *&D) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
  if (!DRE)
    return std::nullopt;
  D = resolve(DRE->getDecl());
  const auto *VD = dyn_cast<VarDecl>(D);
  if (!VD)
    return std::nullopt;
  if (VD->hasAttr<CUDASharedAttr>() && !VD->getType()->isPointerType() &&
      !VD->getType()->isReferenceType())
    return AccessEvent::Space::Shared;
  const auto *P = dyn_cast<ParmVarDecl>(VD);
  if (!P || !P->getType()->isPointerType())
    return std::nullopt;
  const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  bool Global = FD && FD->hasAttr<CUDAGlobalAttr>();
  for (const Frame &F : Frames)
    if (F.GlobalPtrs.count(P))
      Global = true;
  // A pointer the function moves (p += stride) no longer starts where the
  // argument does: its offset is not known.
  if (!Global || const_cast<Walker *>(this)->pointerMoved(P))
    return std::nullopt;
  return AccessEvent::Space::Global;
}

void Walker::noteGlobalArgs(Frame &F, llvm::ArrayRef<const Expr *> ArgEs,
                            const FunctionDecl *Def) {
  for (unsigned I = 0; I < Def->getNumParams() && I < ArgEs.size(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    if (!P->getType()->isPointerType())
      continue;
    const Expr *A = ArgEs[I];
    const ValueDecl *D = nullptr;
    std::optional<AccessEvent::Space> Sp = spaceOf(A, D);
    if (!Sp || *Sp != AccessEvent::Space::Global)
      continue;
    // The same element size, so that offsets in elements mean the same.
    QualType From = A->IgnoreParenImpCasts()->getType(), To = P->getType();
    if (!From->isPointerType() || From->getPointeeType()->isIncompleteType() ||
        To->getPointeeType()->isIncompleteType() || From->getPointeeType()->isDependentType() ||
        To->getPointeeType()->isDependentType() ||
        Ctx.getTypeSizeInChars(From->getPointeeType()) !=
            Ctx.getTypeSizeInChars(To->getPointeeType()))
      continue;
    F.GlobalPtrs.insert(P);
    // The targets of a call through a function pointer are walked in turn; a thread runs one.
    if (!indirectCall(F))
      F.GlobalOrigins[P] = originOf(D);
  }
}

bool Walker::indirectCall(const Frame &F) {
  const auto *CE = dyn_cast_or_null<CallExpr>(F.Call);
  return CE && !CE->getDirectCallee() && !isa<CXXMemberCallExpr, CXXOperatorCallExpr>(CE);
}

const ValueDecl *Walker::originOf(const ValueDecl *D) const {
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto O = It->GlobalOrigins.find(D); O != It->GlobalOrigins.end())
      return O->second;
  return D;
}

static std::optional<int64_t> sizeOf(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType() || T->isIncompleteType() || T->isFunctionType() ||
      T->isVoidType() || T->isVariablyModifiedType() || T->isSizelessType())
    return std::nullopt;
  int64_t N = Ctx.getTypeSizeInChars(T).getQuantity();
  if (N <= 0)
    return std::nullopt;
  return N;
}

std::optional<Walker::Address> Walker::addressOf(const Expr *E) {
  const Expr *Core = E;
  bool Decayed = false;
  for (;;) {
    Core = Core->IgnoreParens();
    if (const auto *FE = dyn_cast<FullExpr>(Core)) { // ExprWithCleanups of a temporary object
      Core = FE->getSubExpr();
      continue;
    }
    // The pointer arithmetic just walked, or an array (a row of a 2-D array) that decays.
    if (LastAddr && LastAddr->E == Core && (LastAddr->IsValue || Decayed))
      return Address{E, LastAddr->Base, LastAddr->Sp, LastAddr->Bytes, true, LastAddr->Arm};
    // `&a[i]`, `&p->x`: the place just walked, as a pointer.
    if (const auto *U = dyn_cast<UnaryOperator>(Core); U && U->getOpcode() == UO_AddrOf) {
      const Expr *Sub = U->getSubExpr()->IgnoreParens();
      // The element's pointer stays its origin: `&pixel.x` and `&pixel.y` passed to two calls
      // are fields of one element (an index not known makes no constant shift: no pair).
      if (LastAddr && LastAddr->E == Sub && !LastAddr->IsValue)
        return Address{E,    LastAddr->Base, LastAddr->Sp,    LastAddr->Bytes,
                       true, LastAddr->Arm,  LastAddr->Named, LastAddr->Origin};
      return std::nullopt;
    }
    const auto *CE = dyn_cast<CastExpr>(Core);
    if (!CE)
      break;
    CastKind K = CE->getCastKind();
    if (K == CK_ArrayToPointerDecay)
      Decayed = true;
    else if (K != CK_BitCast && K != CK_NoOp && K != CK_LValueToRValue)
      return std::nullopt;
    Core = CE->getSubExpr();
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Core)) {
    if (!DRE->getType()->isPointerType() && !(Decayed && DRE->getType()->isArrayType()))
      return std::nullopt;
    const ValueDecl *D = nullptr;
    if (std::optional<AccessEvent::Space> Sp = spaceOf(DRE, D))
      return Address{E, D, *Sp, LaneValue::constant(0), true, nullptr, DRE->getDecl(),
                     originOf(D)};
    if (auto It = PtrVars.find(resolve(DRE->getDecl())); It != PtrVars.end()) {
      const Address &P = It->second;
      return Address{E, P.Base, P.Sp, P.Bytes, true, P.Arm, DRE->getDecl(), P.Origin};
    }
    return steppedAddress(DRE, E);
  }
  // A pointer field of a struct that a kernel takes by value (`view.ptr`, or
  // `ptr` in a member function called on it): global memory, the same in
  // every thread.
  const auto *ME = dyn_cast<MemberExpr>(Core);
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!FD || !FD->getType()->isPointerType() || FD->getType()->getPointeeType()->isFunctionType())
    return std::nullopt;
  // A pointer field of an object the walk built (WalkObjects.cpp).
  if (const FieldBinding *FB = boundField(ME))
    return FB->A ? std::optional(Address{E, FB->A->Base, FB->A->Sp, FB->A->Bytes, true, FB->A->Arm})
                 : std::nullopt;
  const Expr *Obj = ME->getBase()->IgnoreParenImpCasts();
  bool Global = false;
  if (isa<CXXThisExpr>(Obj))
    Global = !Frames.empty() && Frames.back().ThisGlobal;
  else if (const auto *P = dyn_cast<DeclRefExpr>(Obj); P && !ME->isArrow())
    Global = kernelStructParam(P->getDecl());
  if (!Global)
    return std::nullopt;
  return Address{E, FD, AccessEvent::Space::Global, LaneValue::constant(0), true};
}

bool Walker::kernelStructParam(const ValueDecl *D) const {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(D);
  const auto *FD = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (FD && FD->hasAttr<CUDAGlobalAttr>() && P->getType()->isRecordType())
    return true;
  return P && !Frames.empty() && Frames.back().GlobalStructs.count(P);
}

void Walker::notePointerArith(const BinaryOperator *B, const Address &A, const LaneValue &I) {
  LastAddr.reset();
  std::optional<int64_t> Elt = sizeOf(B->getType()->getPointeeType(), Ctx);
  if (!Elt)
    return;
  LaneValue Scaled = lane::binary(BO_Mul, I, LaneValue::constant(*Elt));
  LastAddr = Address{B, A.Base, A.Sp,
                     lane::binary(B->getOpcode() == BO_Sub ? BO_Sub : BO_Add, A.Bytes, Scaled),
                     true, A.Arm};
}

void Walker::noteDeref(const UnaryOperator *U, bool Store) {
  std::optional<Address> A = addressOf(U->getSubExpr());
  LastAddr.reset();
  if (!A || !sizeOf(U->getType(), Ctx))
    return;
  LastAddr = Address{U, A->Base, A->Sp, A->Bytes, false, A->Arm, A->Named, A->Origin};
  if (!U->getType()->isArrayType())
    recordAccess(U, Store);
}

std::optional<int64_t> Walker::sizeOfPointee(QualType T) const {
  return T->isPointerType() ? sizeOf(T->getPointeeType(), Ctx) : std::nullopt;
}

std::optional<int64_t> Walker::sizeOfType(QualType T) const { return sizeOf(T, Ctx); }

std::optional<LaneValue> Walker::elementsFrom(const LaneValue &Bytes, int64_t Elt) {
  LaneValue Start = lane::binary(BO_Div, Bytes, LaneValue::constant(Elt));
  // A whole number of elements whose warp-uniform part may be negative (a kernel's pointer
  // parameter stepped by `pts += i * 3`, passed on to a device function): a quotient of a
  // multiple, exact whatever its sign.
  if (Start.K != Bytes.K && Bytes.K == LaneValue::Lane && !Bytes.HasFactor &&
      Bytes.Align % Elt == 0 && Bytes.WarpCoef % Elt == 0 &&
      llvm::all_of(Bytes.L, [&](int64_t X) { return X % Elt == 0; })) {
    Start = Bytes;
    for (int64_t &X : Start.L)
      X /= Elt;
    Start.Align /= Elt;
    Start.WarpCoef /= Elt;
    Start.UBound.reset();
    Start.VBound.reset();
    Start.Exact.reset();
  }
  LaneValue Back = lane::binary(BO_Mul, Start, LaneValue::constant(Elt));
  if (Start.K != Bytes.K || (Start.K != LaneValue::Lane && Start.K != LaneValue::Uniform) ||
      Back.L != Bytes.L || Back.Const != Bytes.Const)
    return std::nullopt; // not a whole number of elements
  return Start;
}

bool Walker::onlySteps(const ValueDecl *D) {
  auto [It, New] = StepsOnly.try_emplace(D, false);
  if (New) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(
        isa<ParmVarDecl>(D) ? D->getDeclContext() : D->getParentFunctionOrMethod());
    It->second = FD && FD->getBody() && onlyStepsPointer(FD->getBody(), D);
  }
  return It->second;
}

const Walker::Stepped *Walker::stepped(const ValueDecl *D) {
  auto [It, New] = SteppedPtrs.try_emplace(D);
  if (New) {
    // A global pointer parameter of a kernel (spaceOf without its test for a moved
    // pointer); locals are entered by notePointerVar.
    const auto *P = dyn_cast<ParmVarDecl>(D);
    const auto *FD = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
    std::optional<int64_t> Elt = P ? sizeOfPointee(P->getType()) : std::nullopt;
    if (Elt && FD && FD->hasAttr<CUDAGlobalAttr>() && pointerMoved(P) && onlySteps(P))
      It->second = Stepped{AccessEvent::Space::Global, *Elt};
  }
  return It->second ? &*It->second : nullptr;
}

std::optional<Walker::Address> Walker::steppedAddress(const DeclRefExpr *DRE, const Expr *E) {
  const ValueDecl *D = resolve(DRE->getDecl());
  const Stepped *St = stepped(D);
  if (!St)
    return std::nullopt;
  LaneValue V = declRef(DRE);
  if (!St->Sp || (V.K != LaneValue::Lane && V.K != LaneValue::Uniform))
    return std::nullopt;
  LaneValue Bytes = lane::binary(BO_Mul, V, LaneValue::constant(St->Elt));
  const ValueDecl *Origin = St->Origin ? St->Origin : D;
  return Address{E, D, *St->Sp, Bytes, true, St->Arm, DRE->getDecl(), Origin};
}

void Walker::steppedMoved(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!DRE || !DRE->getType()->isPointerType())
    return;
  if (auto It = SteppedPtrs.find(resolve(DRE->getDecl())); It != SteppedPtrs.end() && It->second)
    It->second->Origin = nullptr;
}

std::optional<LaneValue> Walker::pointerSet(const Expr *LHS, const Expr *RHS, const LaneValue &V) {
  const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  if (!DRE || !DRE->getType()->isPointerType())
    return std::nullopt;
  const ValueDecl *D = resolve(DRE->getDecl());
  if (!stepped(D))
    return std::nullopt;
  // A step (`p = p + n`) holds the address it moves to, as a fresh address does.
  std::optional<Address> A = addressOf(RHS);
  Stepped &St = *SteppedPtrs[D];
  St.Arm = nullptr;
  St.Origin = nullptr;
  if (A && (!St.Sp || *St.Sp == A->Sp))
    if (std::optional<LaneValue> Start = elementsFrom(A->Bytes, St.Elt)) {
      St.Sp = A->Sp;
      St.Arm = A->Arm;
      St.Origin = A->Origin;
      return Start;
    }
  // An address not known: a value that differs per lane would read as elements of the
  // pointer's base, so it is made opaque; another (`p = nullptr`, a uniform pointer, data)
  // keeps its value, which the divergence analysis still needs.
  return V.K == LaneValue::Lane ? lane::opaque({V}) : V;
}

std::optional<LaneValue> Walker::keepKnownArm(const ValueDecl *D, const LaneValue &Then,
                                              const LaneValue &Else, const Expr *Cond) {
  auto It = SteppedPtrs.find(D);
  if (!Cond || It == SteppedPtrs.end() || !It->second)
    return std::nullopt;
  auto Unknown = [](const LaneValue &V) {
    return V.K == LaneValue::Varying || V.K == LaneValue::Data;
  };
  bool ThenKnown = Then.K == LaneValue::Lane && Unknown(Else);
  if (!ThenKnown && !(Else.K == LaneValue::Lane && Unknown(Then)))
    return std::nullopt;
  unsigned Line = SM.getExpansionLineNumber(Cond->getBeginLoc());
  ArmTexts.push_back(std::make_unique<std::string>(
      "the path where '" + sourceText(Cond, Ctx) + "' is " + (ThenKnown ? "true" : "false") +
      " (line " + std::to_string(Line) + "), which sets '" + D->getNameAsString() +
      "' to this address; the other path's address is not known here"));
  It->second->Arm = ArmTexts.back().get();
  return ThenKnown ? Then : Else;
}

std::optional<LaneValue> Walker::notePointerVar(const VarDecl *VD) {
  PtrVars.erase(VD);
  SteppedPtrs.erase(VD);
  const Expr *Init = VD->getInit();
  if (VD->getType()->isReferenceType()) {
    // `Node &lower = nodes[index]`: a name for the element of global memory, not a read of
    // the whole of it (warp's BVH refit reads only `lower.i`). A reference to a scalar stays
    // the read it was, and so does one into shared memory, whose fields the compiler reads
    // and writes as one vector (`float4 &a = acc[i]; a.x += ...; a.w += ...`: one 16-byte
    // access, kernels/studies/short_loop_conflict.cu).
    if (Init && VD->getType().getNonReferenceType()->isRecordType() && LastAddr &&
        LastAddr->Sp == AccessEvent::Space::Global && !LastAddr->IsValue &&
        LastAddr->E == Init->IgnoreParenImpCasts()) {
      dropRecorded(LastAddr->E);
      PtrVars[VD] = *LastAddr;
    }
    return std::nullopt;
  }
  if (!VD->getType()->isPointerType())
    return std::nullopt;
  std::optional<int64_t> Elt = sizeOfPointee(VD->getType());
  if (!Init) {
    // Set later (`T *p; if (c) p = &a[i]; else ...`): followed from what it is set to.
    if (Elt && onlySteps(VD))
      SteppedPtrs[VD] = Stepped{std::nullopt, *Elt};
    return std::nullopt;
  }
  auto [It, New] = VarMoved.try_emplace(VD, true);
  if (New) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    It->second = !FD || !FD->getBody() || changesVariable(FD->getBody(), VD);
  }
  std::optional<Address> A = addressOf(Init);
  if (!It->second) {
    if (A) {
      PtrVars[VD] = *A;
      // A copy of a pointer is that pointer; an address computed here is this local's own.
      if (!A->Origin)
        PtrVars[VD].Origin = VD;
    }
    return std::nullopt;
  }
  // Moved: followed through its value when it only steps through its elements
  // (`const float *p = in + i; ... p += 32;`). The value starts as the address the
  // initialiser holds, in elements (not the value of `in`, which also holds what the
  // kernel stored through it).
  if (!A || !Elt || !onlySteps(VD))
    return std::nullopt;
  std::optional<LaneValue> Start = elementsFrom(A->Bytes, *Elt);
  if (Start)
    SteppedPtrs[VD] = Stepped{A->Sp, *Elt, A->Arm, A->Origin};
  return Start;
}

void Walker::noteSubscript(const ArraySubscriptExpr *AS, const LaneValue &I, const LaneValue &,
                           bool Store) {
  std::optional<Address> Base;
  const Expr *BaseE = AS->getBase()->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr, MemberExpr>(BaseE) && !BaseE->getType()->isPointerType()) {
    // A row of a multi-dimensional array, an array field: its place is the address.
    if (LastAddr && LastAddr->E == BaseE)
      Base = std::move(LastAddr);
  } else {
    Base = addressOf(AS->getBase());
  }
  LastAddr.reset();
  if (!Base)
    return;
  std::optional<int64_t> Size = sizeOf(AS->getType(), Ctx);
  if (!Size)
    return;
  LaneValue Scaled = lane::binary(BO_Mul, I, LaneValue::constant(*Size));
  LaneValue Bytes = lane::binary(BO_Add, Base->Bytes, Scaled);
  LastAddr = Address{AS, Base->Base, Base->Sp, Bytes, false, Base->Arm, Base->Named, Base->Origin};
  if (!AS->getType()->isArrayType())
    recordAccess(AS, Store);
}

void Walker::noteMember(const MemberExpr *ME, bool Store) {
  const Expr *BaseE = ME->getBase()->IgnoreParenImpCasts();
  std::optional<Address> Base;
  if (ME->isArrow()) {
    if (!isa<CXXThisExpr>(BaseE))
      Base = addressOf(ME->getBase());
    else if (const Address *This = thisPlace())
      Base = *This;
  } else {
    if (LastAddr && LastAddr->E == BaseE) {
      Base = std::move(LastAddr);
    } else if (isa<DeclRefExpr>(BaseE)) {
      const ValueDecl *D = nullptr;
      if (std::optional<AccessEvent::Space> Sp = spaceOf(BaseE, D);
          Sp && *Sp == AccessEvent::Space::Shared)
        Base = Address{BaseE, D, *Sp, LaneValue::constant(0), false, nullptr, D, originOf(D)};
    }
  }
  LastAddr.reset();
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Base || !FD || FD->getParent()->isInvalidDecl() || FD->getParent()->isDependentType())
    return;
  std::optional<int64_t> Size = sizeOf(ME->getType(), Ctx);
  if (!Size)
    return;
  // A bit-field is read and written as the unit of its declared type that holds it (`unsigned
  // b : 1` at bit 127 of a 16-byte node: the 4-byte word at byte 12); one that straddles two
  // units is left alone.
  uint64_t Bits = Ctx.getFieldOffset(FD);
  if (FD->isBitField()) {
    uint64_t Unit = Ctx.getTypeSize(FD->getType());
    if (FD->isZeroLengthBitField() || !Unit || Bits % Unit + FD->getBitWidthValue() > Unit)
      return;
    Bits -= Bits % Unit;
  }
  // The whole element was recorded on the way here; the field is what is read.
  dropRecorded(BaseE);
  LastRecorded = nullptr;
  int64_t Off = Ctx.toCharUnitsFromBits(Bits).getQuantity();
  LaneValue Bytes = lane::binary(BO_Add, Base->Bytes, LaneValue::constant(Off));
  LastAddr = Address{ME, Base->Base, Base->Sp, Bytes, false, Base->Arm, Base->Named, Base->Origin};
  if (!ME->getType()->isArrayType())
    recordAccess(ME, Store);
}

QualType Walker::accessType(const Expr *E) const {
  auto It = PunnedArgs.find(E);
  return It != PunnedArgs.end() ? It->second.Type : accessedType(E);
}

bool Walker::recordExactAccess(const Expr *E, bool Store, const ExactThreads &X) {
  std::optional<int64_t> Size = sizeOf(accessType(E), Ctx);
  if (!Size || *Size <= 0 || X.V.empty())
    return false;
  size_t N = X.V.size();
  std::vector<bool> On = threadsOnPath(N);
  uint32_t Path = pathLanes();
  // Each warp's lanes. Shared memory: the worst warp is recorded (the rule judges one warp's
  // request). Global memory: the warp whose request touches the fewest sectors for what it
  // uses, so that a finding holds for every warp that makes the request.
  bool Global = LastAddr->Sp == AccessEvent::Space::Global;
  auto Sectors = [&](const LaneValue &Lanes) { return sectorsOf(Lanes, unsigned(*Size)); };
  auto Degree = [&](const LaneValue &Lanes) {
    return Lanes.isWarpUniform() ? 1u : bankConflictOf(Lanes, unsigned(*Size)).Degree;
  };
  // Whether A's request is worse than B's: a deeper conflict, or more sectors for the same use.
  auto Worse = [&](const LaneValue &A, const LaneValue &B) {
    if (!Global)
      return Degree(A) > Degree(B);
    SectorCount CA = Sectors(A), CB = Sectors(B);
    return uint64_t(CA.Sectors) * CB.Ideal > uint64_t(CB.Sectors) * CA.Ideal;
  };
  // Each world (ExactThreads::Worlds, a class of blocks) on its own; across them the least
  // costly pick, so that a finding holds in every class of blocks.
  size_t Block = X.blockThreads();
  std::optional<LaneValue> Pick;
  std::vector<LaneValue> Reaching;
  unsigned PickWarp = 0;
  for (size_t Wd = 0; Wd < X.Worlds; ++Wd) {
    std::optional<LaneValue> WorldPick;
    unsigned WorldWarp = 0;
    for (size_t W = 0; W * WarpLanes < Block; ++W) {
      std::array<int64_t, WarpLanes> L{};
      uint32_t Active = 0;
      for (unsigned I = 0; I < WarpLanes && W * WarpLanes + I < Block; ++I) {
        size_t T = Wd * Block + W * WarpLanes + I;
        L[I] = X.V[T];
        if (On[T])
          Active |= 1u << I;
      }
      Active &= Path;
      if (!Active)
        continue;
      LaneValue Lanes = LaneValue::lanes(L, 0, false, Active);
      if (!WorldPick || (Global ? Worse(*WorldPick, Lanes) : Worse(Lanes, *WorldPick))) {
        WorldPick = Lanes;
        WorldWarp = static_cast<unsigned>(W);
      }
      Reaching.push_back(std::move(Lanes));
    }
    if (WorldPick && (!Pick || Worse(*Pick, *WorldPick))) {
      Pick = std::move(WorldPick);
      PickWarp = WorldWarp;
    }
  }
  if (!Pick || Pick->isWarpUniform())
    return true;
  Pick->AssumedAxis = LastAddr->Bytes.AssumedAxis;
  Pick->NarrowAxis = LastAddr->Bytes.NarrowAxis;
  std::string Warps;
  if (Reaching.size() > 1) {
    unsigned Total = static_cast<unsigned>((Block + WarpLanes - 1) / WarpLanes);
    auto Reached = std::to_string(Reaching.size());
    // The warps that cost what the recorded one does, and the costliest of the others.
    unsigned Alike = 0;
    const LaneValue *Other = nullptr;
    for (const LaneValue &R : Reaching) {
      if (!Worse(R, *Pick) && !Worse(*Pick, R))
        ++Alike;
      else if (!Other || Worse(R, *Other))
        Other = &R;
    }
    Warps = "each warp of the block's " + std::to_string(Total) +
            " has lanes of its own here (the lanes' addresses differ from warp to warp";
    if (X.Worlds > 1)
      Warps += ", and from block to block with the remainder modulo " +
               std::to_string(X.SplitMod) + " of the index's part a whole block shares; " +
               "counted over " + std::to_string(X.Worlds) + " blocks, one for each remainder";
    Warps += "): ";
    std::string Which = "warp " + std::to_string(PickWarp) + (X.Worlds > 1 ? " of one" : "");
    if (!Other) {
      Warps += "every one of the " + Reached + " that reach it alike";
    } else {
      std::string Alikes = Alike > 1 ? " (" + std::to_string(Alike) + " of the " + Reached +
                                           " that reach it alike)"
                                     : " of the " + Reached + " that reach it";
      if (Global) {
        SectorCount C = Sectors(*Other);
        Warps += Which + " costs the least" + Alikes + ", the others up to " +
                 std::to_string(C.Sectors) + " sectors for " + std::to_string(C.Ideal);
      } else if (X.Worlds > 1) {
        // The pick is the least of the blocks' worst warps: others may be worse or better.
        unsigned Worst = 1;
        for (const LaneValue &R : Reaching)
          Worst = std::max(Worst, Degree(R));
        Warps += "the worst warp of each block is at least this (" + Which + ")";
        if (Worst > Degree(*Pick))
          Warps += ", the costliest " + std::to_string(Worst) + "-way";
      } else {
        unsigned D = Degree(*Other);
        Warps += Which + " is the worst" + Alikes + ", the others " +
                 (D <= 1 ? "conflict-free" : "at most " + std::to_string(D) + "-way");
      }
    }
  }
  pushAccess(E, Store, std::move(*Pick), std::move(Warps));
  return true;
}

void Walker::recordAccess(const Expr *E, bool Store) {
  if (!Recording || Exhausted || AddrOnly || !LastAddr)
    return;
  if (auto It = PunnedArgs.find(E); It != PunnedArgs.end())
    Store = It->second.Store;
  const LaneValue &V = LastAddr->Bytes;
  // An address the Lane form lost but each thread's value keeps (`tid % 5` in a block of 384
  // threads, `threadIdx.y / 3` in blocks of 16x9): each warp has lanes of its own. A global
  // request that only the warps at an edge of the data make costs those warps alone.
  if (V.K == LaneValue::Varying && V.Exact && !V.MinGaps && !V.RowLanes && !oneLanePath() &&
      !oneLaneWindow() &&
      (LastAddr->Sp == AccessEvent::Space::Shared
           ? !(!OnlyLaneSplits && leftToLoopTrips(V.Exact->V.size()))
           : !edgeOnlyPath()) &&
      recordExactAccess(E, Store, *V.Exact))
    return;
  // Global addresses that grow faster than the lane (MinGaps) are recorded with their
  // gaps: uncoalesced-global-access counts the sectors they touch at least.
  // So are rows a pitch not known apart (RowLanes): it counts each row's sectors.
  bool Growing =
      (V.MinGaps || V.RowLanes) && LastAddr->Sp == AccessEvent::Space::Global;
  if (V.K != LaneValue::Lane && !Growing) {
    // An index the joined walk cannot follow in a loop that grows or shrinks a
    // value (`ai += ai >> 5` with `ai = offset * (2 * tid + 1) - 1`): each trip may
    // still have a pattern of its own.
    if (V.K == LaneValue::Varying && !LoopStack.empty())
      for (const auto &[Var, G] : LoopStack.back()->Grow)
        if (G != Growth::None)
          GrowingVars.push_back(Var);
    return;
  }
  if (V.HasFactor) {
    // s[2 * stride * tid]: a factor that changes with its loop; each trip has
    // its own (Walker::loop walks the first trips for it).
    if (V.G != Growth::None && V.GrowthVar)
      GrowingVars.push_back(V.GrowthVar);
    else
      ++UnknownStrides;
    return;
  }
  // A path that at most one lane of a warp takes (`if (thid < d)` in the trip where d
  // is 1) makes no request of several lanes; a global request that only the warps at an edge
  // of the data make costs those warps alone.
  if (oneLanePath() || (LastAddr->Sp == AccessEvent::Space::Global && edgeOnlyPath()) ||
      oneLaneWindow())
    return;
  if (LastAddr->Sp == AccessEvent::Space::Shared && UnboundedControls &&
      std::any_of(Controls.begin() + std::min(*UnboundedControls, Controls.size()), Controls.end(),
                  [](const Control &C) { return C.Class && isThreadDependent(C.Class->Cat); }))
    return;
  // Under a guard the joined walk of its loop leaves unsettled, the trips walked with their
  // own values (Walker::loop) record the access with the lanes the guard leaves.
  if (LastAddr->Sp == AccessEvent::Space::Shared && !OnlyLaneSplits && leftToLoopTrips())
    return;
  // Only the lanes that reach a shared-memory access make it: a guard that
  // leaves half a warp halves the lanes that can meet in a bank. (Global
  // accesses keep the warp's pattern: sectors a guard leaves half used are
  // the branch's cost, not one a coalesced rewrite of the access removes.)
  // So do a global access's in the trips of a loop walked one by one for the lane factor it
  // changes: a tree's `i < s / 2` leaves two lanes in the trip where s is 4, whose request is
  // two sectors, not the warp's.
  LaneValue Reach = V;
  if (LastAddr->Sp == AccessEvent::Space::Shared || AccessTripsOnly) {
    // No lane at all: a trip whose guard no lane passes (`threadIdx.x >= 16` in blocks 16 wide).
    uint32_t Lanes = Reach.Active & pathLanes(/*Loops=*/LastAddr->Sp == AccessEvent::Space::Global);
    if (!Lanes)
      return;
    Reach.Active = Lanes;
  }
  if (Reach.isWarpUniform())
    return;
  pushAccess(E, Store, std::move(Reach));
}

void Walker::pushAccess(const Expr *E, bool Store, LaneValue Reach, std::string Warps) {
  AccessEvent A;
  A.Sp = LastAddr->Sp;
  A.Access = E;
  A.Base = LastAddr->Base;
  A.Origin = LastAddr->Origin;
  A.Named = LastAddr->Named;
  A.Offset = Reach;
  A.Type = accessType(E);
  A.Size = static_cast<unsigned>(*sizeOf(A.Type, Ctx));
  A.Store = Store;
  A.Warps = std::move(Warps);
  A.Shape = &Shape;
  A.Root = Root;
  A.Args = BoundText;
  for (const Frame &F : Frames)
    if (F.Call)
      A.Calls.push_back(F.Call);
  if (LastAddr->Arm)
    A.Arm = *LastAddr->Arm;
  for (const std::string &T : Trips)
    A.Trip += (A.Trip.empty() ? "" : ", ") + T;
  if (!A.Trip.empty())
    A.WarpsOnPath = warpsOnPath();
  // A loop that no thread runs twice (LoopInfo::OneTrip) is no loop.
  auto Innermost = std::find_if(LoopStack.rbegin(), LoopStack.rend(),
                                [](const LoopInfo *I) { return !I->OneTrip; });
  if (Innermost != LoopStack.rend()) {
    A.InLoop = true;
    A.Loop = (*Innermost)->Loop;
    // What bounds the time is the loop whose trips are many: a short counted loop (`for (o =
    // 0; o < 2; ++o)`, unrolled) runs as part of the loop around it, so that loop's memory
    // decides (llm.c's layernorm_backward: a 2-way conflict in a 2-trip loop inside a loop of
    // global loads measured 0.98x; kernels/studies/short_loop_conflict.cu). Short loops with
    // no loop around them are straight-line code once unrolled (a 2- to 3-way conflict in 16
    // such reads a thread measured 1.06x; kernels/studies/straight_line_conflict.cu).
    const Stmt *L = A.Loop;
    A.ShortLoopsOnly = true;
    for (auto It = Innermost; A.ShortLoopsOnly && It != LoopStack.rend(); ++It) {
      A.ShortLoopsOnly = (*It)->OneTrip || shortCountedLoop((*It)->Loop);
      if (A.ShortLoopsOnly && std::next(It) != LoopStack.rend())
        L = (*std::next(It))->Loop;
    }
    auto [It, New] = LoopGlobal.try_emplace(L, false);
    if (New)
      It->second = touchesGlobal(L);
    A.LoopTouchesGlobal = It->second;
    if (!A.ShortLoopsOnly) {
      A.TimeLoop = L;
      if (!Store && A.Sp == AccessEvent::Space::Global) {
        auto [St, NewSt] = LoopStores.try_emplace(L, false);
        if (NewSt)
          St->second = storesGlobal(L);
        A.OncePerThread = !St->second && sameEveryTrip(E, L);
      }
    }
  }
  Accesses.push_back(std::move(A));
  LastRecorded = E;
}

std::vector<bool> Walker::threadsOnPath(size_t N) const {
  std::vector<bool> On(N, true);
  for (const Control &C : Controls)
    if (C.Class && isThreadDependent(C.Class->Cat) && knownInEachThread(C, N))
      for (size_t T = 0; T < N; ++T)
        if ((C.Exact->V[T % C.Exact->V.size()] != 0) == C.WhenFalse)
          On[T] = false;
  return On;
}

unsigned Walker::warpsOnPath() const {
  if (!Shape.Block)
    return 0;
  const Dim3 &B = *Shape.Block;
  int64_t N = B[0] * B[1] * B[2];
  if (N <= 0 || N > 4096)
    return 0;
  std::vector<bool> On = threadsOnPath(static_cast<size_t>(N));
  unsigned Warps = 0;
  for (size_t W = 0; W * WarpLanes < On.size(); ++W)
    for (size_t T = W * WarpLanes; T < std::min(On.size(), (W + 1) * WarpLanes); ++T)
      if (On[T]) {
        ++Warps;
        break;
      }
  return Warps;
}

uint32_t Walker::pathLanes(bool Loops) const {
  uint32_t Lanes = AllLanes;
  for (const Control &C : Controls) {
    if ((C.Loop && !Loops) || !C.Class ||
        (C.Class->Cat != BranchCategory::LaneSplit && C.Class->Cat != BranchCategory::SingleLane))
      continue;
    const CondClass &K = *C.Class;
    uint32_t True = K.TrueMask & K.ActiveMask, False = K.ActiveMask & ~K.TrueMask;
    // A known set of lanes in every warp; or one lane (a leader per row of a narrow block,
    // `threadIdx.x == 15` in blocks 16 wide: lanes 15 and 31), whose mask holds in every warp
    // that has it, the others having it in no lane or all.
    bool EveryWarp = (K.Reason == CondClass::Why::LaneMask ||
                      (K.Cat == BranchCategory::SingleLane && K.TrueMask != 0)) &&
                     K.EveryWarp;
    // Only the split warp holds the side with no whole warp.
    bool OneWarpSide = K.Reason == CondClass::Why::PartialWarp && !K.Repeats &&
                       K.SmallSideTrue != C.WhenFalse;
    if (!EveryWarp && !OneWarpSide)
      continue;
    if (!C.WhenFalse)
      Lanes &= True; // AtMost: the true lanes are within TrueMask
    else if (!K.AtMost)
      Lanes &= False;
  }
  return Lanes;
}

bool Walker::shortCountedLoop(const Stmt *L) const {
  // Its counter declared in the loop (`for (int o = 0; o < 2; ++o)`).
  const auto *For = dyn_cast_or_null<ForStmt>(L);
  if (!For || !isa_and_nonnull<DeclStmt>(For->getInit()))
    return false;
  int64_t Step = 1;
  int64_t Trips = tripsAtMost(For, Ctx, nullptr, &Step);
  return Trips >= 1 && Trips <= MaxShortLoopTrips;
}

/// Whether pointer \p E is, through arithmetic, casts and locals set once, a kernel's pointer
/// parameter or a pointer field of a struct the kernel takes by value: global memory (`dout_bt +
/// i` with `dout_bt = dout + bt * C`; arrayfire's `(const T *)in.ptr + offset`).
static bool kernelPointerRoot(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 4)
    return false;
  E = E->IgnoreParenCasts();
  if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
    const Expr *Base = M->getBase()->IgnoreParenImpCasts();
    for (const auto *Inner = dyn_cast<MemberExpr>(Base); Inner && !Inner->isArrow();
         Inner = dyn_cast<MemberExpr>(Base))
      Base = Inner->getBase()->IgnoreParenImpCasts();
    const auto *R = dyn_cast<DeclRefExpr>(Base);
    const auto *P = R ? dyn_cast<ParmVarDecl>(R->getDecl()) : nullptr;
    const auto *FD = P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
    return E->getType()->isPointerType() && FD && FD->hasAttr<CUDAGlobalAttr>();
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub))
    return kernelPointerRoot(B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS(),
                             Depth + 1);
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
      return kernelPointerRoot(AS->getBase(), Depth + 1);
  const auto *R = dyn_cast<DeclRefExpr>(E);
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  if (!V || !V->getType()->isPointerType())
    return false;
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
    return FD && FD->hasAttr<CUDAGlobalAttr>();
  }
  return V->isLocalVarDecl() && V->getInit() && kernelPointerRoot(V->getInit(), Depth + 1);
}

bool Walker::localOrSharedPointer(const Expr *E, unsigned Depth) const {
  // Down to the pointer it is computed from (`(float4 *)s + i`, `&tile[r][0]`).
  for (unsigned Steps = 0; Steps < 8; ++Steps) {
    E = E->IgnoreParenCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E);
        B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub))
      E = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  if (!DRE)
    return false;
  const ValueDecl *D = resolve(DRE->getDecl());
  if (D->hasAttr<CUDASharedAttr>())
    return true;
  // The thread's own array (`float2 a[8]`, given to `load<8>(a, smem, 66)`).
  if (const auto *VD = dyn_cast<VarDecl>(D);
      VD && VD->isLocalVarDecl() && !VD->isStaticLocal() && VD->getType()->isArrayType())
    return true;
  // A local set once, or a pointer the walk follows, at the address the walk has for it.
  if (auto It = PtrVars.find(D); It != PtrVars.end())
    return It->second.Sp == AccessEvent::Space::Shared;
  if (auto It = SteppedPtrs.find(D); It != SteppedPtrs.end() && It->second && It->second->Sp)
    return It->second->Sp == AccessEvent::Space::Shared;
  // A parameter of a function the walk is in: what its call passes.
  const auto *P = dyn_cast<ParmVarDecl>(D);
  if (!P || Depth > 4)
    return false;
  for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
    const auto *CE = dyn_cast_or_null<CallExpr>(F->Call);
    if (!CE || F->FD != P->getDeclContext())
      continue;
    const auto *M = dyn_cast<CXXMethodDecl>(F->FD);
    unsigned I = P->getFunctionScopeIndex() + (isa<CXXOperatorCallExpr>(CE) && M && !M->isStatic());
    return I < CE->getNumArgs() && localOrSharedPointer(CE->getArg(I), Depth + 1);
  }
  return false;
}

bool Walker::touchesGlobal(const Stmt *St) const {
  if (!St)
    return false;
  // A helper given a pointer into a kernel's global buffer (`load128cs(dout_bt + i)`).
  if (const auto *CE = dyn_cast<CallExpr>(St))
    for (const Expr *A : CE->arguments())
      if (A->getType()->isPointerType() && kernelPointerRoot(A))
        return true;
  const Expr *Base = pointerOperand(St);
  // A real pointer (not an array that decays): global memory, unless the walk knows it
  // points into shared memory or the thread's own array.
  if (Base && Base->IgnoreParenImpCasts()->getType()->isPointerType() &&
      !localOrSharedPointer(Base))
    return true;
  for (const Stmt *C : St->children())
    if (touchesGlobal(C))
      return true;
  return false;
}

} // namespace walker

const Expr *pointerOperand(const Stmt *S) {
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
    return AS->getBase();
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
    return U->getSubExpr();
  if (const auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
    return ME->getBase();
  return nullptr;
}

} // namespace cudalint
