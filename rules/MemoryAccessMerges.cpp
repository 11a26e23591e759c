//===- MemoryAccessMerges.cpp - Shared accesses nvcc merges into wide ones ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// shared-memory-bank-conflict judges the instruction nvcc emits, not the source's access: a
// thread's `s[2 * i]` and `s[2 * i + 1]`, the fields of one element that fill an aligned 8- or
// 16-byte part of it, and the trips of a short inner loop that nvcc unrolls side by side become
// one 8- or 16-byte access, whose conflict the hardware counts per half- or quarter-warp
// (mergedPairConflict); and the bytes one instruction moves per lane (accessUnit).
//
//===----------------------------------------------------------------------===//
#include "rules/MemoryAccessRule.h"
#include "rules/analysis/Mutation.h"
#include "rules/analysis/ValueEval.h"
#include "rules/analysis/lanes/AccessPattern.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <optional>

using namespace clang;

namespace cudalint {
namespace memrules {

/// The declaration subscript \p E indexes (`s` of `s[i]`), null for other forms.
static const Decl *subscriptBase(const Expr *E) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  const auto *Ref = AS ? dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()) : nullptr;
  return Ref ? Ref->getDecl() : nullptr;
}

/// The index of subscript \p E without a constant addend, through locals initialised to
/// such an index (`i1 = i0 + 1`, `i0 = pos << 1`: both `pos << 1`); null for other accesses.
static const Expr *indexCore(const Expr *E, const ASTContext &Ctx) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  const Expr *I = AS ? withoutConstant(AS->getIdx(), Ctx) : nullptr;
  for (unsigned Depth = 0; I && Depth < 4; ++Depth) {
    const auto *Ref = dyn_cast<DeclRefExpr>(I);
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!VD || !VD->isLocalVarDecl() || !VD->getInit())
      break;
    // A local changed after its initialiser (`s_ai += CONFLICT_FREE_OFFSET(s_ai)`, a loop's
    // counter) is not it: the core is the local itself.
    const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!FD || !FD->getBody() || changesVariable(FD->getBody(), VD))
      break;
    I = withoutConstant(VD->getInit(), Ctx);
  }
  return I;
}

static unsigned sharedBaseAlign(const ValueDecl *Base, const ASTContext &Ctx,
                                bool WithPlacement = true);

/// The statements \p S holds once its counted loops are unrolled (a loop of unknown trips
/// counts as MaxUnrolledStatements + 1, never unrolled).
static int64_t unrolledStatements(const Stmt *S, const ASTContext &Ctx) {
  if (!S)
    return 0;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
    const Stmt *Body = nullptr;
    if (const auto *F = dyn_cast<ForStmt>(S))
      Body = F->getBody();
    int64_t Trips = Body ? cudalint::countedTrips(S, Ctx) : 0;
    if (Trips <= 0)
      return MaxUnrolledStatements + 1;
    return std::min(Trips * unrolledStatements(Body, Ctx), MaxUnrolledStatements + 1);
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    int64_t N = 0;
    for (const Stmt *C : CS->body())
      N = std::min(N + unrolledStatements(C, Ctx), MaxUnrolledStatements + 1);
    return N;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return 1 + unrolledStatements(If->getThen(), Ctx) + unrolledStatements(If->getElse(), Ctx);
  return 1;
}

/// Whether \p S can leave its loop other than by the loop's condition (`break`, `return`,
/// `goto`; a `break` of a `switch` or of a nested loop does not).
static bool leavesEarly(const Stmt *S, bool InNested = false) {
  if (!S)
    return false;
  if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt>(S) || (isa<BreakStmt>(S) && !InNested))
    return true;
  bool Nested = InNested || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
  return llvm::any_of(S->children(), [&](const Stmt *C) { return leavesEarly(C, Nested); });
}

/// log2 of the largest power of two that the compiler can prove divides integer \p E from the
/// source alone (constants, template arguments, products, shifts, sums, and a local's value
/// where one assignment reaches the site of \p VE): what nvcc knows of an index's alignment. A
/// launch's arguments, which the lane walk binds, are not known there. 0 when nothing is known;
/// \p Skip (a loop's counter, whose first value is checked apart) counts as 0.
static unsigned provenTrailingZeros(const Expr *E, ValueEvaluator &VE, const VarDecl *Skip,
                                    const ASTContext &Ctx, unsigned Depth = 0) {
  constexpr unsigned Unbounded = 32;
  if (!E || Depth > 6 || E->isValueDependent())
    return 0;
  E = E->IgnoreParenCasts();
  if (std::optional<llvm::APSInt> K = E->getIntegerConstantExpr(Ctx))
    return K->isZero() ? Unbounded : std::min(Unbounded, K->countTrailingZeros());
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto Of = [&](const Expr *X) { return provenTrailingZeros(X, VE, Skip, Ctx, Depth + 1); };
    unsigned L = Of(B->getLHS());
    switch (B->getOpcode()) {
    case BO_Mul:
      return std::min(Unbounded, L + Of(B->getRHS()));
    case BO_Shl:
      if (std::optional<llvm::APSInt> K = B->getRHS()->getIntegerConstantExpr(Ctx))
        return std::min<uint64_t>(Unbounded, L + K->getLimitedValue(Unbounded));
      return L;
    case BO_Add:
    case BO_Sub:
      return std::min(L, Of(B->getRHS()));
    default:
      return 0;
    }
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && V->isLocalVarDecl())
      return V == Skip ? Unbounded
                       : provenTrailingZeros(VE.singleValueOf(V), VE, Skip, Ctx, Depth + 1);
  return 0;
}

/// Whether the compiler can prove the offset of subscript \p AS from the start of its array a
/// multiple of \p Bytes. The base is the array (a row of a 2-D one, whose size counts) or a
/// local pointer set once to the array plus such an offset (`b = buf_s + tid * 18`,
/// FasterTransformer, with `buf_s = (float *)buf_s_`), each offset in the elements of its own
/// pointer; \p Counter counts as 0.
static bool provenMultiple(const ArraySubscriptExpr *AS, unsigned Bytes, const VarDecl *Counter,
                           ASTContext &Ctx) {
  unsigned Need = llvm::Log2_32(Bytes);
  // One evaluator for every local followed: it keeps the function's parent map.
  ValueEvaluator VE(Ctx, AS);
  // log2 of what divides `X` elements of type T, in bytes.
  auto Proven = [&](const Expr *X, QualType T) {
    if (T.isNull() || T->isIncompleteType() || T->isDependentType())
      return 0u;
    uint64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
    return Size ? provenTrailingZeros(X, VE, Counter, Ctx) + llvm::countr_zero(Size) : 0u;
  };
  if (Proven(AS->getIdx(), AS->getType()) < Need)
    return false;
  const Expr *Base = AS->getBase()->IgnoreParenCasts();
  for (unsigned Depth = 0; Depth < 4; ++Depth) {
    if (const auto *Row = dyn_cast<ArraySubscriptExpr>(Base)) {
      if (Proven(Row->getIdx(), Row->getType()) < Need)
        return false;
      Base = Row->getBase()->IgnoreParenCasts();
      continue;
    }
    const auto *R = dyn_cast<DeclRefExpr>(Base);
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    if (!V || !V->getType()->isPointerType())
      return V != nullptr; // the array itself: its placement is checked apart
    if (!V->isLocalVarDecl())
      return false;
    const Expr *Set = VE.singleValueOf(V);
    if (Set && isa<DeclRefExpr>(Set->IgnoreParenCasts())) { // `buf_s = (float *)buf_s_`
      Base = Set->IgnoreParenCasts();
      continue;
    }
    const auto *Add = Set ? dyn_cast<BinaryOperator>(Set->IgnoreParenCasts()) : nullptr;
    if (!Add || Add->getOpcode() != BO_Add || !Add->getLHS()->getType()->isPointerType() ||
        Proven(Add->getRHS(), Add->getLHS()->getType()->getPointeeType()) < Need)
      return false;
    Base = Add->getLHS()->IgnoreParenCasts();
  }
  return false;
}

/// Whether the pointer \p AS indexes is a local, never changed, that points into an element of
/// at least \p Bytes bytes and alignment: `float *c_rd = reinterpret_cast<float *>(&sh_red[k])`
/// of an int4 array (Marlin's reduction), whose alignment nvcc knows from the element's type.
static bool wideElementPointer(const ArraySubscriptExpr *AS, int64_t Bytes,
                               const ASTContext &Ctx) {
  const auto *R = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  const auto *FD = V ? dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()) : nullptr;
  if (!V || !V->isLocalVarDecl() || !V->getInit() || !FD || !FD->getBody() ||
      changesVariable(FD->getBody(), V))
    return false;
  const auto *Cast = dyn_cast<ExplicitCastExpr>(V->getInit()->IgnoreParenImpCasts());
  const auto *Addr =
      Cast ? dyn_cast<UnaryOperator>(Cast->getSubExpr()->IgnoreParenImpCasts()) : nullptr;
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return false;
  QualType T = Addr->getSubExpr()->getType();
  return !T->isDependentType() && !T->isIncompleteType() &&
         Ctx.getTypeSizeInChars(T).getQuantity() >= Bytes &&
         Ctx.getTypeAlignInChars(T).getQuantity() >= Bytes;
}

/// `sh[ty][tx * 4 + i]` in a loop of 4 trips over i (cuda-convnet2's filterActs): the thread's
/// consecutive elements, which ptxas makes one 16-byte access (STS.128 / LDS.128 in the SASS
/// of nvcc 13; the PTX still has four scalar ones) when the loop's trips fill an aligned 8- or
/// 16-byte group: the index is `X + i` (i the counter, stepping by one from 0), the loop runs
/// 2 or 4 trips, and every lane's element starts such a group.
static std::optional<BankConflict> mergedLoopConflict(const AccessEvent &E, const ASTContext &Ctx) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E.Access->IgnoreParenImpCasts());
  if (!AS || !E.InLoop)
    return std::nullopt;
  // `X + i` or `i + X`, i a local; in a loop of trips not known here also `i` alone through a
  // pointer to the thread's row (`b[i]`, b = buf + tid * 18). (`col[idx][i]` in a loop of 16
  // trips stays scalar STS in Rodinia lud's SASS: an 8-way conflict that `cuda-lint confirm`
  // measured, test/lit/memory/shared-memory-guarded-lanes.cu.)
  auto LocalOf = [](const Expr *X) -> const VarDecl * {
    const auto *R = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    return V && V->isLocalVarDecl() ? V : nullptr;
  };
  const VarDecl *I = nullptr;
  bool Bare = false;
  if (const auto *Add = dyn_cast<BinaryOperator>(AS->getIdx()->IgnoreParenImpCasts());
      Add && Add->getOpcode() == BO_Add)
    I = LocalOf(Add->getRHS()) ? LocalOf(Add->getRHS()) : LocalOf(Add->getLHS());
  else if (AS->getBase()->IgnoreParenImpCasts()->getType()->isPointerType() &&
           !isa<ArraySubscriptExpr>(AS->getBase()->IgnoreParenImpCasts()))
    Bare = (I = LocalOf(AS->getIdx())) != nullptr;
  // Not one trip of i's own loop walked with its value (other loops' trips may be).
  if (!I || StringRef(", " + E.Trip).contains(", " + I->getName().str() + " = "))
    return std::nullopt;
  // The counted loop around the access whose counter that is (not necessarily the innermost:
  // `for (i) for (f) prod[i][f] += s[tx * 4 + i] * ...`).
  // An outer loop is unrolled (its trips' accesses side by side) only where its body is small
  // once unrolled: SGEMM_CUDA's `As[(threadRow * TM + i) * BK + dotIdx]` over 8 trips of dotIdx,
  // whose body holds 80 statements once its own loops are unrolled, stays a loop of scalar LDS
  // in nvcc 13's SASS for sm_90.
  int64_t Trips = 0;
  std::optional<int64_t> First; // the counter's first value, where it is a constant
  bool Inner = true, RuntimePairs = false;
  auto &C = const_cast<ASTContext &>(Ctx);
  for (DynTypedNodeList P = C.getParents(*E.Access); !P.empty() && !Trips; P = C.getParents(P[0])) {
    const Stmt *S = P[0].get<Stmt>();
    if (!S)
      break;
    // At most T trips: nvcc unrolls `i < 4 && i < n` with exits and still reads the elements
    // with one LDS.128 (nvcc 13, sm_90).
    const ValueDecl *Counter = nullptr;
    int64_t T = cudalint::tripsAtMost(S, Ctx, &Counter);
    // A loop of trips not known here over a thread's row from an element the compiler knows
    // to be aligned to a pair (`for (i = 0; i < 2 * K; i++) u[i] = b[MAX_K + i];`,
    // FasterTransformer's record unpack; AstroAccelerate's FIR `s_input[2 * tid + t]`): nvcc
    // unrolls it and reads or writes each pair of neighbouring elements with one access of
    // twice their size (LDS.64 for floats, LDS.128 for doubles; nvcc 13, sm_90;
    // kernels/studies/record_unpack.cu), and such loops over rows 2-way as scalar loads measured
    // no slower than the conflict-free layout, whatever their trips (0.91x to 1.00x for 2 to 64
    // trips, the scalar last trip included: kernels/studies/row_loop_remainder.cu). Not a loop
    // that can leave early or that `#pragma unroll 1` keeps rolled, nor a row whose alignment
    // only the launch gives.
    const auto *For = dyn_cast<ForStmt>(S);
    if (T <= 0 && Inner && For && steppedCounter(For) == I && !leavesEarly(For->getBody()) &&
        !unrollDisabled(S, Ctx) && provenMultiple(AS, 2 * E.Size, I, C)) {
      T = 2;
      Counter = I;
      RuntimePairs = true;
    } else if (Bare && T > 0 && Counter == I &&
               !wideElementPointer(AS, T * static_cast<int64_t>(E.Size), Ctx)) {
      return std::nullopt;
    }
    if (T > 0 && Counter == I) {
      if (!Inner && unrolledStatements(S, Ctx) > MaxUnrolledStatements)
        return std::nullopt;
      Trips = T;
      const auto *Init = dyn_cast_or_null<DeclStmt>(cast<ForStmt>(S)->getInit());
      const auto *VD = Init && Init->isSingleDecl() ? dyn_cast<VarDecl>(Init->getSingleDecl())
                                                    : nullptr;
      if (VD && VD->getInit())
        if (std::optional<llvm::APSInt> K = VD->getInit()->getIntegerConstantExpr(Ctx))
          First = K->getExtValue();
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      Inner = false;
  }
  int64_t Group = Trips * static_cast<int64_t>(E.Size);
  // More than 16 bytes (8 floats): one 16-byte access per 16 bytes, each at the lanes' pattern
  // (`s[threadIdx.x * 8 + i]`: two LDS.128, 2-way per quarter-warp where 8 scalar loads are
  // 8-way; kernels/studies/blocked_reads.cu, H100 SASS and ncu), in an array placed 16-byte
  // aligned.
  bool Wide = Trips <= MaxSweepTrips && Group > 16 && Group % 16 == 0 &&
              sharedBaseAlign(E.Base, Ctx) >= 16;
  // Three floats from one past a 16-byte boundary (warp-ctc's `for (i = 1; i < warps_per_block
  // && i < num_cols; ++i) s[i + threadIdx.x * warps_per_block]`, 4 floats a lane): nvcc reads
  // the aligned 16 bytes around them with one LDS.128 (two floats from one past an 8-byte
  // boundary stay two LDS; nvcc 13, sm_90, test/lit/memory/shared-memory-short-loop-bounds.cu).
  bool Window = !Wide && Trips == 3 && E.Size == 4 && First && *First % 4 == 1 &&
                sharedBaseAlign(E.Base, Ctx) >= 16;
  if (!Wide && !Window && ((Trips != 2 && Trips != 4) || (Group != 8 && Group != 16)))
    return std::nullopt;
  int64_t Unit = Wide || Window ? 16 : Group;
  if (RuntimePairs && (!First || sharedBaseAlign(E.Base, Ctx) < Unit))
    return std::nullopt;
  // The lanes' elements at the counter's first value each start a group (a known first value
  // moves them: two floats from a row's second stay two LDS).
  if (!Window && First && (*First * static_cast<int64_t>(E.Size)) % Unit != 0)
    return std::nullopt;
  for (unsigned Lane = 0; Lane < WarpLanes; ++Lane)
    if ((E.Offset.Active & (1u << Lane)) && E.Offset.L[Lane] % Unit != 0)
      return std::nullopt;
  return bankConflictOf(E.Offset, static_cast<unsigned>(Unit));
}

/// The conditions \p X runs under below \p Top, innermost first: the `if` or `?:` arm it lies
/// in (the condition and which arm), the right side of `&&` or `||`.
static std::vector<std::pair<const Expr *, bool>> guardsBelow(const Stmt *X, const Stmt *Top,
                                                              const ASTContext &Ctx) {
  std::vector<std::pair<const Expr *, bool>> Guards;
  for (const Stmt *P = parentStmt(X, Ctx); P && X != Top; X = P, P = parentStmt(P, Ctx)) {
    if (const auto *If = dyn_cast<IfStmt>(P); If && X != If->getCond() && X != If->getInit())
      Guards.push_back({If->getCond(), X == If->getThen()});
    else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P); CO && X != CO->getCond())
      Guards.push_back({CO->getCond(), X == CO->getTrueExpr()});
    else if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isLogicalOp() && X == B->getRHS())
      Guards.push_back({B->getLHS(), B->getOpcode() == BO_LAnd});
  }
  return Guards;
}

/// Whether the compiled code branches between \p A and \p B, two accesses of one function, so
/// that ptxas does not make them one wide access (nvcc 13's SASS for sm_90, `kernels/studies/
/// adjacent_stores.cu`): they run under different conditions (cholla's `if (... + 2 * tid <
/// n) ... = data_sh[2 * tid];` and `if (... + 2 * tid + 1 < n) ... = data_sh[2 * tid + 1];`: two
/// LDS), except a load beside an unconditional one, which ptxas reads ahead (one LDS.64); or,
/// for stores, memory is read under a condition after the first store and before the second
/// (cholla's `data_sh[2 * tid + 1] = ... < n ? (int)flags[...] : 0;`: two STS, where the same
/// `?:` before the first store, or one of values alone, leaves one STS.64).
static bool branchesBetween(const Expr *A, const Expr *B, bool Store, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (SM.isBeforeInTranslationUnit(SM.getExpansionLoc(B->getBeginLoc()),
                                   SM.getExpansionLoc(A->getBeginLoc())))
    std::swap(A, B);
  llvm::SmallPtrSet<const Stmt *, 16> AboveA;
  for (const Stmt *P = parentStmt(A, Ctx); P; P = parentStmt(P, Ctx))
    AboveA.insert(P);
  const Stmt *Top = parentStmt(B, Ctx);
  while (Top && !AboveA.contains(Top))
    Top = parentStmt(Top, Ctx);
  if (!Top)
    return false;
  auto Same = [&](const std::vector<std::pair<const Expr *, bool>> &X,
                  const std::vector<std::pair<const Expr *, bool>> &Y) {
    return llvm::equal(X, Y, [&](const auto &GX, const auto &GY) {
      llvm::FoldingSetNodeID IX, IY;
      GX.first->Profile(IX, Ctx, /*Canonical=*/true);
      GY.first->Profile(IY, Ctx, /*Canonical=*/true);
      return GX.second == GY.second && IX == IY;
    });
  };
  auto GA = guardsBelow(A, Top, Ctx), GB = guardsBelow(B, Top, Ctx);
  if (!Same(GA, GB) && (Store || (!GA.empty() && !GB.empty())))
    return true;
  if (!Store)
    return false;
  // From the end of the first store's full expression to the end of the second's: a read of
  // memory (through a pointer, or a call) under a condition that B does not run under.
  auto FullExpr = [&](const Stmt *S) {
    for (const Stmt *P = parentStmt(S, Ctx); P && isa<Expr>(P); P = parentStmt(P, Ctx))
      S = P;
    return S;
  };
  SourceLocation From = SM.getExpansionLoc(FullExpr(A)->getEndLoc());
  SourceLocation To = SM.getExpansionLoc(FullExpr(B)->getEndLoc());
  auto Reads = [](const Expr *E) {
    // A subscript through a real pointer (not an array that decays), `*p`, `p->x`.
    if (const Expr *P = pointerOperand(E))
      return !isa<ArraySubscriptExpr>(E) || P->IgnoreParenImpCasts()->getType()->isPointerType();
    // `__ldg(&p[i])` and its kin; other calls are inlined arithmetic.
    const auto *CE = dyn_cast<CallExpr>(E);
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    return F && F->getIdentifier() && F->getName().starts_with("__ld");
  };
  return findInBody(holderOf(A, Ctx), [&](const Expr *E) {
    SourceLocation L = SM.getExpansionLoc(E->getBeginLoc());
    return SM.isBeforeInTranslationUnit(From, L) && SM.isBeforeInTranslationUnit(L, To) &&
           Reads(E) && guardsBelow(E, Top, Ctx).size() > GB.size();
  });
}

/// Whether \p O is made with \p E (the same space, base, walk, loop and direction).
static bool sameRequestGroup(const AccessEvent &E, const AccessEvent &O) {
  return sameWalkAndBase(E, O) && O.Trip == E.Trip && O.Loop == E.Loop;
}

/// Whether an expression for which \p Match holds lies between \p A and \p B in the source of the
/// function that holds both.
static bool foundBetween(const Expr *A, const Expr *B, const ASTContext &Ctx,
                         llvm::function_ref<bool(const Expr *)> Match) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation LA = SM.getExpansionLoc(A->getBeginLoc());
  SourceLocation LB = SM.getExpansionLoc(B->getBeginLoc());
  if (SM.isBeforeInTranslationUnit(LB, LA))
    std::swap(LA, LB);
  return findInBody(holderOf(A, Ctx), [&](const Expr *E) {
    SourceLocation L = SM.getExpansionLoc(E->getBeginLoc());
    return SM.isBeforeInTranslationUnit(LA, L) && SM.isBeforeInTranslationUnit(L, LB) && Match(E);
  });
}

/// Whether an atomic operation, a barrier or a fence lies between \p A and \p B: nvcc does not
/// merge the two accesses across it (PointPillars' `atomicAdd(&sum.x, tile[w][l].x);
/// atomicAdd(&sum.y, tile[w][l].y);` are two ld.shared.f32).
static bool fenceBetween(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  return foundBetween(A, B, Ctx, [](const Expr *E) {
    const auto *CE = dyn_cast<CallExpr>(E);
    const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
    StringRef Name = F && F->getIdentifier() ? F->getName() : StringRef();
    return Name.starts_with("atomic") || Name.starts_with("__sync") ||
           Name.starts_with("__threadfence") || Name == "sync";
  });
}

/// Whether \p Access is the target of a compound assignment or an increment (`s[k] += x`).
static bool readModifyWrite(const Expr *Access, const ASTContext &C) {
  auto &Ctx = const_cast<ASTContext &>(C);
  const Stmt *S = Access;
  for (DynTypedNodeList P = Ctx.getParents(*S); !P.empty(); P = Ctx.getParents(*S)) {
    const Stmt *Up = P[0].get<Stmt>();
    if (!Up || !isa<ParenExpr>(Up)) {
      if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Up))
        return CA->getLHS()->IgnoreParens() == Access;
      const auto *U = dyn_cast_or_null<UnaryOperator>(Up);
      return U && U->isIncrementDecrementOp();
    }
    S = Up;
  }
  return false;
}

/// Whether every active lane's part of \p V less \p Shift, and its warp-uniform part (U = 0 mod
/// Align), are multiples of \p Width: an access of that width can hold each lane's bytes.
static bool lanesAligned(const LaneValue &V, int64_t Width, int64_t Shift = 0) {
  if (V.Align != 0 && V.Align % Width != 0)
    return false;
  for (unsigned I = 0; I < WarpLanes; ++I)
    if ((V.Active & (1u << I)) && (V.L[I] - Shift) % Width != 0)
      return false;
  return true;
}

/// Whether \p Base is dynamic shared memory (`extern __shared__ T buf[]`, declared `.align 16`).
static bool dynamicShared(const ValueDecl *Base) {
  const auto *V = dyn_cast_or_null<VarDecl>(Base);
  return V && V->hasExternalStorage() && V->getType()->isIncompleteArrayType();
}

/// `sh[ty][tx].x` with `sh[ty][tx].y` of a float2 (every field of an aligned 8- or 16-byte
/// part of the element, all read or all written, with no atomic, barrier or fence between them):
/// nvcc makes them one wide access (ld.shared.v2.f32), served per half- or quarter-warp.
static std::optional<BankConflict> mergedFieldsConflict(const AccessEvent &E,
                                                        const ThreadDependence &TD,
                                                        const ASTContext &Ctx) {
  const auto *ME = dyn_cast<MemberExpr>(E.Access->IgnoreParenImpCasts());
  const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
  if (!FD || ME->isArrow() || FD->isBitField())
    return std::nullopt;
  const Expr *Elem = ME->getBase()->IgnoreParenImpCasts();
  QualType RT = Elem->getType();
  if (RT->isDependentType() || RT->isIncompleteType() || !RT->isRecordType())
    return std::nullopt;
  int64_t Off = Ctx.toCharUnitsFromBits(Ctx.getFieldOffset(FD)).getQuantity();
  int64_t Align = Ctx.getTypeAlignInChars(RT).getQuantity();
  int64_t RecSize = Ctx.getTypeSizeInChars(RT).getQuantity();
  // A struct of 4-byte fields in a kernel's own array placed aligned: ptxas merges its plain
  // loads and stores by the place (InfiniTAM's `out_shared[t].x = 0; out_shared[t].y = 0;` of
  // `Vector2<float> out_shared[128]`: one STS.64; its `+=` on both fields four LDS and STS,
  // kernels/studies/tree_share.cu).
  const int64_t TypeAlign = Align;
  bool Plain = !readModifyWrite(E.Access, Ctx);
  if (Align < 16 && Plain)
    Align = std::max<int64_t>(Align, sharedBaseAlign(E.Base, Ctx, E.Trip.empty()));
  llvm::FoldingSetNodeID ElemID;
  Elem->Profile(ElemID, Ctx, /*Canonical=*/true);
  struct FieldUse {
    int64_t Begin, End; // bytes of the element used with E
    bool Plain;         // a load or a store, not a read-modify-write
  };
  std::vector<FieldUse> Fields;
  for (const AccessEvent &O : TD.accesses()) {
    const auto *OM = dyn_cast<MemberExpr>(O.Access->IgnoreParenImpCasts());
    const auto *OF = OM ? dyn_cast<FieldDecl>(OM->getMemberDecl()) : nullptr;
    if (!OF || OM->isArrow() || OF->isBitField() || !sameRequestGroup(E, O) ||
        O.Store != E.Store)
      continue;
    llvm::FoldingSetNodeID OID;
    OM->getBase()->IgnoreParenImpCasts()->Profile(OID, Ctx, /*Canonical=*/true);
    if (OID != ElemID || (&O != &E && fenceBetween(E.Access, O.Access, Ctx)))
      continue;
    int64_t OOff = Ctx.toCharUnitsFromBits(Ctx.getFieldOffset(OF)).getQuantity();
    if (patternShift(E.Offset, O.Offset) != OOff - Off)
      continue;
    Fields.push_back({OOff, OOff + O.Size, !readModifyWrite(O.Access, Ctx)});
  }
  llvm::sort(Fields, [](const auto &A, const auto &B) { return A.Begin < B.Begin; });
  for (int64_t G : {16, 8}) {
    if (G > Align || G > RecSize || G <= static_cast<int64_t>(E.Size))
      continue;
    int64_t Start = Off / G * G, Reach = Start;
    for (const FieldUse &F : Fields)
      if (F.Begin <= Reach && F.End > Reach && (G <= TypeAlign || F.Plain))
        Reach = F.End;
    if (Reach < Start + G)
      continue;
    if (!lanesAligned(E.Offset, G, Off - Start))
      continue;
    LaneValue Low = E.Offset;
    for (unsigned I = 0; I < WarpLanes; ++I)
      if (Low.Active & (1u << I))
        Low.L[I] -= Off - Start;
    return bankConflictOf(Low, static_cast<unsigned>(G));
  }
  return std::nullopt;
}

/// The alignment nvcc gives a __shared__ variable: its type's, or an `__align__` it is declared
/// with (not the host target's rounding up of large arrays to 16 bytes, which nvcc does not do).
static unsigned nvccAlign(const VarDecl *V, const ASTContext &Ctx) {
  return std::max(static_cast<unsigned>(Ctx.getTypeAlignInChars(V->getType()).getQuantity()),
                  static_cast<unsigned>(V->getMaxAlignment() / Ctx.getCharWidth()));
}

/// Where ptxas places \p V, a __shared__ variable of a kernel's body: after the __shared__
/// variables the body declares before it, each at the next multiple of its alignment, when no
/// call of a function of the project with a body comes first (an inlined callee's __shared__
/// variables are placed where it is called; `threadIdx.x` and the other functions of system
/// headers declare none). H100 SASS, nvcc 13: a 64-byte struct of floats copied into a lone
/// `__shared__ S st[64]` (offset 0) is four STS.128; after a `__shared__ float pad[3]` (offset
/// 12), or after an inlined call that declares one, sixteen STS; Rodinia lavaMD's 32-byte
/// `rB_shared`, after the 3,200 bytes of `rA_shared`, two STS.128.
static std::optional<uint64_t> placement(const VarDecl *V) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !F->hasAttr<CUDAGlobalAttr>() || !F->getBody())
    return std::nullopt;
  const ASTContext &Ctx = V->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  uint64_t Offset = 0;
  std::optional<uint64_t> Found;
  bool Stop = false;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || Stop)
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls()) {
        const auto *Var = dyn_cast<VarDecl>(D);
        if (!Var || !Var->hasAttr<CUDASharedAttr>() || Var->hasExternalStorage())
          continue;
        QualType T = Var->getType();
        if (T->isDependentType() || T->isIncompleteType()) {
          Stop = true;
          return;
        }
        Offset = llvm::alignTo(Offset, nvccAlign(Var, Ctx));
        if (Var == V) {
          Found = Offset;
          Stop = true;
          return;
        }
        Offset += Ctx.getTypeSizeInChars(T).getQuantity();
      }
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = C->getDirectCallee();
          !Callee || (Callee->hasBody() && !SM.isInSystemHeader(Callee->getLocation()))) {
        Stop = true;
        return;
      }
    for (const Stmt *Child : S->children())
      Scan(Child);
  };
  Scan(F->getBody());
  return Found;
}

/// The alignment of \p Base, a __shared__ array, as placed: 16 bytes for a dynamic one (`extern
/// __shared__ char buf[]`, which nvcc declares `.align 16` whatever its type); for a kernel's own,
/// what its placement's offset allows (up to 16), unless \p WithPlacement is false; else
/// nvccAlign.
static unsigned sharedBaseAlign(const ValueDecl *Base, const ASTContext &Ctx,
                                bool WithPlacement) {
  const auto *V = dyn_cast_or_null<VarDecl>(Base);
  if (!V || V->getType()->isDependentType())
    return 1;
  unsigned Declared = nvccAlign(V, Ctx);
  if (dynamicShared(V))
    return std::max(Declared, 16u);
  if (std::optional<uint64_t> At = WithPlacement ? placement(V) : std::nullopt) {
    unsigned Placed = 16;
    while (Placed > Declared && *At % Placed != 0)
      Placed /= 2;
    return std::max(Declared, Placed);
  }
  return Declared;
}

unsigned accessUnit(const AccessEvent &E, const ASTContext &Ctx) {
  unsigned Size = E.Size;
  QualType T = E.Type;
  if (T.isNull() || T->isDependentType() || T->isIncompleteType())
    return Size;
  unsigned Align = static_cast<unsigned>(Ctx.getTypeAlignInChars(T).getQuantity());
  bool Hardware = Size == 1 || Size == 2 || Size == 4 || Size == 8 || Size == 16;
  unsigned Unit = Hardware && Align >= Size ? Size : std::min(Size, std::max(Align, 1u));
  // A copy of a struct or array whose every lane's address is a multiple of 16 (8) bytes into
  // a shared array placed as aligned (placement): ptxas copies it in 16-byte (8-byte) vectors,
  // as it does a 64-byte struct into `extern __shared__` memory or a kernel's first static array
  // (four STS.128 a lane) where an array placed 12 bytes in gets sixteen 4-byte stores.
  if (E.Sp != AccessEvent::Space::Shared || !(T->isRecordType() || T->isArrayType()) ||
      E.Offset.K != LaneValue::Lane || E.Offset.HasFactor)
    return Unit;
  std::optional<unsigned> BaseAlign; // only where the rest allows a wider access: it scans the body
  for (unsigned W : {16u, 8u}) {
    if (W <= Unit || Size % W != 0 || !lanesAligned(E.Offset, W))
      continue;
    if (!BaseAlign)
      BaseAlign = sharedBaseAlign(E.Base, Ctx);
    if (*BaseAlign >= W)
      return W;
  }
  return Unit;
}

/// Whether something between \p A and \p B assigns or steps \p V.
static bool changedBetween(const ValueDecl *V, const Expr *A, const Expr *B,
                           const ASTContext &Ctx) {
  return foundBetween(A, B, Ctx, [&](const Expr *E) {
    return isa<BinaryOperator, UnaryOperator>(E) && changesVariable(E, V);
  });
}

std::optional<BankConflict> mergedPairConflict(const AccessEvent &E, const ThreadDependence &TD,
                                               bool AcrossBranches) {
  if (E.Sp != AccessEvent::Space::Shared || (E.Size != 4 && E.Size != 8) || !TD.context())
    return std::nullopt;
  const ASTContext &Ctx = *TD.context();
  if (std::optional<BankConflict> L = mergedLoopConflict(E, Ctx))
    return L;
  if (std::optional<BankConflict> F = mergedFieldsConflict(E, TD, Ctx))
    return F;
  // The compiled code holds the indices a constant apart: the same index written with constant
  // addends (`s[lid * 4 + 0]` and `s[lid * 4 + 1]`), not indices that one trip's values happen
  // to put side by side (`s[index]` and `s[index + stride]` where stride is 1).
  const Expr *Core = indexCore(E.Access, Ctx);
  if (!Core || !subscriptBase(E.Access))
    return std::nullopt;
  // Dynamic shared memory is declared 16-byte aligned, and nvcc's PTX already holds its runs as
  // vectors, read-modify-writes included (`ld.shared.v4.f32` and `st.shared.v4.f32` for
  // `s[k] += ...` to `s[k + 3] += ...`). A kernel's own array is merged by ptxas, from the
  // address it places the array at, and only for plain loads and stores: pointnet2's four
  // stores `buffer4[k] = v1; ...` are one STS.128, its `buffer4[k] += ...` four LDS and four STS
  // (kernels/studies/adjacent_stores.cu). In a trip of a loop walked trip by trip, only where
  // the array's alignment as declared holds the run: GPUMD's `extern __shared__ double s[]` in a
  // tree's trips is paired, CudaSift's `__shared__ float inrow[68]` read at `2*tx` and `2*tx+1`
  // in a walked loop is not (ncu on an H100: 177,960 bank conflicts, 15,143 with its even and
  // odd elements apart).
  bool Dynamic = dynamicShared(E.Base);
  if (!Dynamic && readModifyWrite(E.Access, Ctx))
    return std::nullopt;
  unsigned BaseAlign = sharedBaseAlign(E.Base, Ctx, /*WithPlacement=*/E.Trip.empty());
  const auto *CoreRef = dyn_cast<DeclRefExpr>(Core);
  llvm::FoldingSetNodeID CoreID;
  Core->Profile(CoreID, Ctx, /*Canonical=*/true);
  // The accesses of the run, by their distance from E in elements (-3 to 3).
  constexpr int Reach = 3;
  std::array<const LaneValue *, 2 * Reach + 1> Run{};
  Run[Reach] = &E.Offset;
  for (const AccessEvent &O : TD.accesses()) {
    if (&O == &E || !sameRequestGroup(E, O) || O.Size != E.Size || O.Store != E.Store)
      continue;
    std::optional<int64_t> Shift = patternShift(E.Offset, O.Offset);
    if (!Shift || *Shift % E.Size != 0 || *Shift == 0 ||
        std::abs(*Shift) > Reach * static_cast<int64_t>(E.Size))
      continue;
    // Subscripts of the same array or pointer variable (`dweight = shared + C` is not
    // `dbias = shared`: C is not known here).
    if (subscriptBase(O.Access) != subscriptBase(E.Access))
      continue;
    const Expr *OCore = indexCore(O.Access, Ctx);
    llvm::FoldingSetNodeID OID;
    if (!OCore)
      continue;
    OCore->Profile(OID, Ctx, /*Canonical=*/true);
    if (OID != CoreID || (!Dynamic && readModifyWrite(O.Access, Ctx)) ||
        (CoreRef && changedBetween(CoreRef->getDecl(), E.Access, O.Access, Ctx)) ||
        (!AcrossBranches && branchesBetween(E.Access, O.Access, E.Store, Ctx)))
      continue;
    Run[Reach + *Shift / static_cast<int64_t>(E.Size)] = &O.Offset;
  }
  // The widest run that holds E, whose first lane's part and the warp-uniform part (U = 0 mod
  // Align) are both aligned to the run's size: 16 bytes (four floats, two doubles), then 8.
  for (int64_t Width : {16, 8}) {
    int N = static_cast<int>(Width / E.Size);
    if (N < 2 || BaseAlign < Width)
      continue;
    for (int First = Reach - N + 1; First <= Reach; ++First) {
      bool Whole = true;
      for (int I = First; I < First + N && Whole; ++I)
        Whole = Run[I] != nullptr;
      if (!Whole)
        continue;
      if (lanesAligned(*Run[First], Width))
        return bankConflictOf(*Run[First], static_cast<unsigned>(Width));
    }
  }
  return std::nullopt;
}

} // namespace memrules
} // namespace cudalint
