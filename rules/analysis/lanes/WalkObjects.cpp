//===- WalkObjects.cpp - Fields of objects the walk built -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Part of the walk (ThreadDependenceWalker.h). Image and array libraries address memory through
// small objects: `Pitched<T>(ptr, pitch).at(x, y)` keeps the pointer as bytes and the row pitch
// in fields its constructor sets, and its member functions compute `(T *)(bytes_ + y * pitch_)
// + x`; and FlashAttention's `BlockInfoPadded binfo(params, bidb, bidh, tidx)` keeps the
// sequence's length, the same in the whole block, beside `tidx_global`. The walk keeps, for each
// object that it sees made (a temporary, a local, a by-value parameter; by a user constructor or
// an aggregate's init list) of a class with a pointer field, or of a project's class with a
// scalar field, the value and the address each field was set to (Walker::Objects), and reads
// them where the object's fields are named: in its member functions (`this->f`, keyed by
// Frame::ThisObj) and through the object (`obj.f`), rather than one value for the whole object,
// which takes the thread index if any argument does. A field assigned afterwards, an object
// assigned whole or handed out by address, forgets what it knew.
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/ValueEval.h"
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudalint {
namespace walker {

/// Objects whose fields the walk keeps: a class with a pointer field, or a project's class with
/// a scalar field (not the toolkit's `__half`, whose constructors every conversion would walk).
static bool keepsFields(const RecordDecl *RD, const SourceManager &SM) {
  if (!RD || RD->isUnion())
    return false;
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD); CXX && CXX->getNumBases() != 0)
    return false; // fields of bases are not followed
  if (llvm::any_of(RD->fields(),
                   [](const FieldDecl *F) { return F->getType()->isPointerType(); }))
    return true;
  return !isSystemCode(RD, SM) && llvm::any_of(RD->fields(), [](const FieldDecl *F) {
    return F->getType()->isScalarType();
  });
}

LaneValue Walker::construct(const CXXConstructExpr *CCE) {
  llvm::SmallVector<LaneValue, 4> Args;
  llvm::SmallVector<std::optional<Address>, 4> Addrs;
  for (const Expr *A : CCE->arguments()) {
    Args.push_back(expr(A));
    Addrs.push_back(A->getType()->isPointerType() ? addressOf(A) : std::nullopt);
  }
  Objects.erase(CCE);
  const CXXConstructorDecl *Ctor = CCE->getConstructor();
  if (!Ctor || !keepsFields(Ctor->getParent(), SM))
    return lane::opaque(Args);
  // A copy: the fields of the object copied.
  if (Ctor->isCopyOrMoveConstructor()) {
    if (CCE->getNumArgs() == 1)
      if (const void *K = objectKey(CCE->getArg(0))) {
        ObjectFields Copy = Objects.find(K)->second;
        Objects[CCE] = std::move(Copy);
      }
    return lane::opaque(Args);
  }
  const FunctionDecl *Def = Ctor->isUserProvided() ? inlinable(Ctor, nullptr) : nullptr;
  const auto *CDef = dyn_cast_or_null<CXXConstructorDecl>(Def);
  if (!CDef)
    return lane::opaque(Args);
  Reached.insert(CDef);
  Objects[CCE]; // the object exists: its fields are bound as they are set
  Frame F;
  F.FD = CDef;
  F.Call = CCE;
  F.ThisObj = CCE;
  F.Constructing = true;
  bindParams(F, CDef, llvm::ArrayRef<const Expr *>(CCE->getArgs(), CCE->getNumArgs()), Args,
             Addrs);
  // The member initialisers run in the constructor's frame, before its body.
  Frames.push_back(std::move(F));
  for (const CXXCtorInitializer *I : CDef->inits()) {
    const FieldDecl *FD = I->getAnyMember();
    if (!I->isAnyMemberInitializer() || !FD || !I->getInit() || I->isIndirectMemberInitializer())
      continue;
    LaneValue V = expr(I->getInit());
    std::optional<Address> A =
        FD->getType()->isPointerType() ? addressOf(I->getInit()) : std::nullopt;
    Objects[CCE][FD] = FieldBinding{std::move(V), std::move(A)};
  }
  F = std::move(Frames.back());
  Frames.pop_back();
  std::optional<Address> Place;
  walkFrame(std::move(F), CDef, Place);
  return lane::opaque(Args);
}

LaneValue Walker::aggregate(const InitListExpr *IL) {
  // A scalar's braces, `index_type{threadIdx.x}` (cuCollections' global_thread_id()): its value.
  if (IL->getType()->isScalarType() && IL->getNumInits() == 1)
    return expr(IL->getInit(0));
  llvm::SmallVector<LaneValue, 4> Parts;
  const RecordDecl *RD = IL->getType()->getAsRecordDecl();
  bool Bind = keepsFields(RD, SM) && !IL->hadArrayRangeDesignator();
  Objects.erase(IL);
  ObjectFields Fields;
  unsigned I = 0;
  if (Bind)
    for (const FieldDecl *FD : RD->fields()) {
      if (I >= IL->getNumInits())
        break;
      const Expr *E = IL->getInit(I++);
      Parts.push_back(expr(E));
      std::optional<Address> A = FD->getType()->isPointerType() ? addressOf(E) : std::nullopt;
      Fields[FD] = FieldBinding{Parts.back(), std::move(A)};
    }
  for (; I < IL->getNumInits(); ++I)
    Parts.push_back(expr(IL->getInit(I)));
  if (Bind)
    Objects[IL] = std::move(Fields);
  return lane::opaque(Parts);
}

const void *Walker::objectKey(const Expr *E) const {
  if (Objects.empty() || !E)
    return nullptr;
  E = stripWrappers(E)->IgnoreParenImpCasts();
  const void *K = nullptr;
  if (isa<CXXThisExpr>(E))
    K = Frames.empty() ? nullptr : Frames.back().ThisObj;
  else if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    K = resolve(DRE->getDecl());
  else if (isa<CXXConstructExpr, InitListExpr>(E))
    K = E;
  return K && Objects.count(K) ? K : nullptr;
}

/// The object whose field \p ME names and the field, when \p ME names one directly.
static const FieldDecl *directField(const MemberExpr *ME, const Expr *&Base) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  Base = ME->getBase()->IgnoreParenImpCasts();
  if (!FD || ME->isArrow() != isa<CXXThisExpr>(Base))
    return nullptr;
  return FD;
}

const Walker::FieldBinding *Walker::boundField(const MemberExpr *ME) const {
  if (Objects.empty())
    return nullptr;
  const Expr *Base;
  const FieldDecl *FD = directField(ME, Base);
  const void *K = FD ? objectKey(Base) : nullptr;
  if (!K)
    return nullptr;
  const ObjectFields &Fields = Objects.find(K)->second;
  auto It = Fields.find(FD);
  return It == Fields.end() ? nullptr : &It->second;
}

void Walker::objectWritten(const Expr *LHS, const Expr *RHS, const LaneValue *V) {
  if (Objects.empty())
    return;
  LHS = LHS->IgnoreParenImpCasts();
  if (const ValueDecl *D = trackedVar(LHS)) {
    Objects.erase(D); // the whole object assigned
    return;
  }
  // A field of a field, an element of an array field: the outer field changes.
  const MemberExpr *ME = nullptr;
  for (const Expr *E = LHS;;) {
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      ME = M;
      if (M->isArrow())
        break;
      E = M->getBase()->IgnoreParenImpCasts();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
               AS && AS->getBase()->getType()->isArrayType()) {
      E = AS->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  const Expr *Base;
  const FieldDecl *FD = ME ? directField(ME, Base) : nullptr;
  const void *K = FD ? objectKey(Base) : nullptr;
  if (!K)
    return;
  ObjectFields &Fields = Objects.find(K)->second;
  Fields.erase(FD);
  // `bytes_ = (unsigned char *)ptr;` in the object's own constructor: the field's value, once.
  if (RHS && V && ME == LHS && !Frames.empty() && Frames.back().Constructing &&
      Frames.back().ThisObj == K && !llvm::is_contained(Frames.back().Assigned, FD)) {
    Frames.back().Assigned.push_back(FD);
    Fields[FD] = FieldBinding{*V, FD->getType()->isPointerType() ? addressOf(RHS) : std::nullopt};
  }
}

void Walker::bindObject(const ValueDecl *D, const Expr *Init) {
  Objects.erase(D);
  if (const void *K = Init ? objectKey(Init) : nullptr) {
    ObjectFields Copy = Objects.find(K)->second;
    Objects[D] = std::move(Copy);
  }
}

} // namespace walker
} // namespace cudalint
