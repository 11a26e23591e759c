//===- MemoryAccessRule.cpp - What the two memory-access rules share ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/MemoryAccessRule.h"
#include "rules/analysis/Mutation.h"
#include "rules/analysis/ValueEval.h"
#include "rules/analysis/lanes/AccessPattern.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/raw_ostream.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <set>

using namespace clang;

namespace cudalint {
namespace memrules {

ByLocation groupByLocation(const ThreadDependence &TD, AccessEvent::Space Sp) {
  ByLocation Out;
  if (!TD.context())
    return Out;
  const SourceManager &SM = TD.context()->getSourceManager();
  for (const AccessEvent &E : TD.accesses()) {
    if (E.Sp != Sp)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(E.Access->getBeginLoc());
    Out[SM.getDecomposedLoc(Loc)].push_back(&E);
  }
  return Out;
}

namespace {

/// The pointer an access names and the one whose value it holds (AccessEvent::Named, Origin):
/// profiled as that value, so that accesses in different functions through pointers bound to one
/// address compare alike.
struct PointerOrigin {
  const ValueDecl *Named = nullptr, *Origin = nullptr;
};

void profileCore(const Expr *E, llvm::FoldingSetNodeID &ID, const ASTContext &Ctx,
                 PointerOrigin PO = {});

/// The constant added to the index of subscript \p E (withoutConstant's), 0 for
/// other accesses.
int64_t constantAddend(const Expr *E, const ASTContext &Ctx) {
  int64_t K = 0;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
    withoutConstant(AS->getIdx(), Ctx, &K);
  return K;
}

/// The element pointer \p P points to, profiled as the subscript it is written
/// for: `*(p + 2 * i + 1)` and `(p + i)->x` as `p[2 * i]` and `p[i].x`.
void profilePointee(const Expr *P, llvm::FoldingSetNodeID &ID, const ASTContext &Ctx,
                    PointerOrigin PO = {}) {
  P = P->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(P);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) &&
      B->getType()->isPointerType()) {
    bool PtrLeft = B->getLHS()->getType()->isPointerType();
    const Expr *Ptr = PtrLeft ? B->getLHS() : B->getRHS();
    const Expr *Idx = PtrLeft ? B->getRHS() : B->getLHS();
    if (Idx->IgnoreParenImpCasts()->isIntegerConstantExpr(Ctx)) {
      profilePointee(Ptr, ID, Ctx, PO);
      return;
    }
    ID.AddInteger(2);
    profileCore(Ptr, ID, Ctx, PO);
    withoutConstant(Idx, Ctx)->Profile(ID, Ctx, /*Canonical=*/true);
    return;
  }
  ID.AddInteger(2); // as `p[0]`
  profileCore(P, ID, Ctx, PO);
  ID.AddInteger(-1);
}

/// What identifies the element a thread reads, up to constants and fields.
void profileCore(const Expr *E, llvm::FoldingSetNodeID &ID, const ASTContext &Ctx,
                 PointerOrigin PO) {
  E = E->IgnoreParenImpCasts();
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    ID.AddInteger(1);
    if (ME->isArrow())
      profilePointee(ME->getBase(), ID, Ctx, PO);
    else
      profileCore(ME->getBase(), ID, Ctx, PO);
    return;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
    profilePointee(U->getSubExpr(), ID, Ctx, PO);
    return;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    ID.AddInteger(2);
    profileCore(AS->getBase(), ID, Ctx, PO);
    // `row[0]`, `row[1]` of a pointer that differs per lane: the same element up to constants.
    if (AS->getIdx()->IgnoreParenImpCasts()->isIntegerConstantExpr(Ctx))
      ID.AddInteger(-1);
    else
      withoutConstant(AS->getIdx(), Ctx)->Profile(ID, Ctx, /*Canonical=*/true);
    return;
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(E); R && PO.Origin && R->getDecl() == PO.Named) {
    ID.AddInteger(3);
    ID.AddPointer(PO.Origin);
    return;
  }
  E->Profile(ID, Ctx, /*Canonical=*/true);
}

} // namespace

std::optional<int64_t> patternShift(const LaneValue &E, const LaneValue &O) {
  if (O.Active != E.Active)
    return std::nullopt;
  std::optional<int64_t> Shift;
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (E.Active & (1u << I)) {
      int64_t D = O.L[I] - E.L[I];
      if (Shift && *Shift != D)
        return std::nullopt;
      Shift = D;
    }
  return Shift;
}

const Stmt *parentStmt(const Stmt *S, const ASTContext &C) {
  auto &Ctx = const_cast<ASTContext &>(C);
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    if (const auto *P = Parents[0].get<Stmt>())
      return P;
    const auto *D = Parents[0].get<VarDecl>();
    if (!D)
      return nullptr;
    Parents = Ctx.getParents(*D);
  }
  return nullptr;
}

/// Whether \p A and \p B lie in different arms of one `if` or `?:`, or one in the arm of an
/// `if` that returns and the other after it: a thread that runs one does not run the other
/// in the same pass, so they never share a request's sectors.
static bool exclusiveArms(const Expr *A, const Expr *B, const ASTContext &C) {
  auto ParentOf = [&](const Stmt *S) { return parentStmt(S, C); };
  // A's ancestors, each with the child A's path comes through.
  llvm::DenseMap<const Stmt *, const Stmt *> Via;
  const Stmt *Child = A;
  for (const Stmt *P = ParentOf(A); P; Child = P, P = ParentOf(P))
    Via[P] = Child;
  // An `if` without else whose arm ends the thread's pass (`if (z < 0) { n[i].w = -1;
  // return; }`, InfiniTAM's normals), entered through \p Below: an access in its arm and one
  // after it.
  auto InLeavingArm = [](const Stmt *S, const Stmt *Below) {
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getElse() || Below != If->getThen())
      return false;
    const Stmt *Last = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Last))
      Last = CS->body_empty() ? nullptr : CS->body_back();
    return isa_and_nonnull<ReturnStmt, ContinueStmt, BreakStmt>(Last);
  };
  const Stmt *Below = nullptr; // B's child under Child
  Child = B;
  for (const Stmt *P = ParentOf(B); P; Below = Child, Child = P, P = ParentOf(P)) {
    auto It = Via.find(P);
    if (It == Via.end())
      continue;
    auto Apart = [&](const Stmt *X, const Stmt *Y) {
      return (It->second == X && Child == Y) || (It->second == Y && Child == X);
    };
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getElse() && Apart(If->getThen(), If->getElse());
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P))
      return Apart(CO->getTrueExpr(), CO->getFalseExpr());
    if (const auto *CS = dyn_cast<CompoundStmt>(P))
      for (const Stmt *S : CS->body()) {
        if (S == It->second) // A's statement first
          return S != Child && InLeavingArm(S, Via.lookup(S));
        if (S == Child)
          return InLeavingArm(S, Below);
      }
    return false;
  }
  return false;
}

/// exclusiveArms for two accesses of one walk, each perhaps in a function the walk called: the
/// two where their calls part (the access, or the call it lies under), in the function both
/// are reached through (nvdiffrast's `triHeader[taskIdx].misc`, after an `if` whose arm
/// returns from a call that writes the whole header through `&triHeader[taskIdx]`).
static bool exclusiveEvents(const AccessEvent &E, const AccessEvent &O, const ASTContext &Ctx) {
  size_t K = 0;
  while (K < E.Calls.size() && K < O.Calls.size() && E.Calls[K] == O.Calls[K])
    ++K;
  const Expr *A = K < E.Calls.size() ? E.Calls[K] : E.Access;
  const Expr *B = K < O.Calls.size() ? O.Calls[K] : O.Access;
  return A != B && exclusiveArms(A, B, Ctx);
}

/// Pointers of different functions bound to one address (AccessEvent::Origin) count as one base
/// only where a warp's lanes span at most this many bytes (records of up to 128 bytes, as
/// OpenPCDet's 28-byte boxes): the measured records whose later requests find the rest of their
/// sectors in L1 are of 44 bytes and less (kernels/studies/partial_records.cu); Rodinia
/// myocyte's per-thread states of 364 and 4,732 bytes, read a few elements a function, keep the
/// findings they had.
constexpr int64_t MaxOriginSpan = 31 * 128;

bool sameWalkAndBase(const AccessEvent &E, const AccessEvent &O) {
  bool SameBase = O.Base == E.Base || (E.Origin && O.Origin == E.Origin &&
                                       E.Offset.laneSpan() <= MaxOriginSpan &&
                                       O.Offset.laneSpan() <= MaxOriginSpan);
  return O.Sp == E.Sp && O.Store == E.Store && O.Root == E.Root && O.Shape == E.Shape &&
         SameBase && O.Args == E.Args && O.Arm == E.Arm;
}

/// The `if`, `?:` or `&&` whose condition holds \p Guard and one of whose arms (or right-hand
/// side) holds \p Guarded; null when none does.
static const Stmt *guardOf(const Expr *Guard, const Expr *Guarded, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Child = Guarded;
  for (unsigned Depth = 0; Child && Depth < 64; ++Depth) {
    const Stmt *P = parentStmt(Child, Ctx);
    if (!P)
      return nullptr;
    const Stmt *Cond = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(P); If && Child != If->getCond())
      Cond = If->getCond();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(P); CO && Child != CO->getCond())
      Cond = CO->getCond();
    else if (const auto *B = dyn_cast<BinaryOperator>(P);
             B && B->isLogicalOp() && Child == B->getRHS())
      Cond = B->getLHS();
    if (Cond && stmtContains(Cond, Guard->getBeginLoc(), SM))
      return P;
    Child = P;
  }
  return nullptr;
}

const Stmt *guardedSiblings(const AccessEvent &E, const ThreadDependence &TD) {
  if (E.Store || !TD.context())
    return nullptr;
  const ASTContext &Ctx = *TD.context();
  // The element whose field each access reads (`e` of `e.pos.x`).
  auto Element = [](const Expr *A) {
    A = A->IgnoreParenImpCasts();
    while (const auto *M = dyn_cast<MemberExpr>(A)) {
      if (M->isArrow())
        break;
      A = M->getBase()->IgnoreParenImpCasts();
    }
    return A;
  };
  auto FieldOf = [](const Expr *A) -> const ValueDecl * {
    const auto *M = dyn_cast<MemberExpr>(A->IgnoreParenImpCasts());
    return M ? M->getMemberDecl() : nullptr;
  };
  llvm::FoldingSetNodeID Core;
  profileCore(Element(E.Access), Core, Ctx, {E.Named, E.Origin});
  // Where each access is in the walked function: the call that leads to it, or itself.
  auto Place = [](const AccessEvent &A) { return A.Calls.empty() ? A.Access : A.Calls.front(); };
  // The loads of the element's other fields, and of E's own.
  std::vector<const AccessEvent *> Same;
  for (const AccessEvent &O : TD.accesses()) {
    if (O.Store || !sameWalkAndBase(E, O) || O.Trip != E.Trip)
      continue;
    llvm::FoldingSetNodeID Other;
    profileCore(Element(O.Access), Other, Ctx, {O.Named, O.Origin});
    if (Other == Core)
      Same.push_back(&O);
  }
  // Whether every load of the element's other fields lies under a guard whose test holds
  // \p Guard's place (`MAX(a[i].x, a[i].y)` reads both fields in its test too: no guard; nor is
  // one where a third field is read outside it, as Rodinia streamcluster's `p[tid].weight`).
  auto OthersUnder = [&](const AccessEvent &Guard) {
    bool Any = false;
    for (const AccessEvent *O : Same) {
      if (FieldOf(O->Access) == FieldOf(Guard.Access))
        continue;
      if (!guardOf(Place(Guard), Place(*O), Ctx))
        return false;
      Any = true;
    }
    return Any;
  };
  auto GuardOf = [&](const AccessEvent &Guard) -> const Stmt * {
    for (const AccessEvent *O : Same)
      if (FieldOf(O->Access) != FieldOf(Guard.Access))
        return guardOf(Place(Guard), Place(*O), Ctx);
    return nullptr;
  };
  if (OthersUnder(E))
    return GuardOf(E);
  for (const AccessEvent *O : Same)
    if (FieldOf(O->Access) != FieldOf(E.Access) && guardOf(Place(*O), Place(E), Ctx) &&
        OthersUnder(*O))
      return GuardOf(*O);
  return nullptr;
}

bool scalarFallback(const AccessEvent &E, const ThreadDependence &TD) {
  if (E.Size >= 16 || !TD.context())
    return false;
  const ASTContext &Ctx = *TD.context();
  // The vector reinterprets elements narrower than itself (`reinterpret_cast<int4 *>(A)` of
  // halves): a 16-byte element read whole in one arm (DualSPHysics' `v[p]` of float4s) and one
  // of its fields in the other is no fast path and its tail.
  QualType Element = E.Base ? E.Base->getType().getNonReferenceType() : QualType();
  if (!Element.isNull() && Element->isPointerType())
    Element = Element->getPointeeType();
  else if (const ArrayType *A = Element.isNull() ? nullptr : Element->getAsArrayTypeUnsafe())
    Element = A->getElementType();
  if (Element.isNull() || Element->isIncompleteType() || Element->isDependentType() ||
      Ctx.getTypeSizeInChars(Element).getQuantity() >= 16)
    return false;
  // Either arm (`if (full) vector; else scalar;`, `if (tail) scalar; else vector;`), or after
  // a vector arm that leaves the pass (`if (full) { vector; continue; } scalar;`).
  for (const AccessEvent &O : TD.accesses())
    if (O.Size >= 16 && O.Sp == E.Sp && O.Base == E.Base && O.Root == E.Root &&
        O.Store == E.Store && exclusiveEvents(E, O, Ctx))
      return true;
  return false;
}

bool coveredBySiblings(const AccessEvent &E, const ThreadDependence &TD, int64_t Stride) {
  if (Stride <= 0 || Stride > 4096 || !TD.context())
    return false;
  const ASTContext &Ctx = *TD.context();
  llvm::FoldingSetNodeID Core;
  profileCore(E.Access, Core, Ctx, {E.Named, E.Origin});
  if (!E.Offset.Active)
    return false;
  std::vector<std::pair<int64_t, int64_t>> Covered; // [begin, end) within one stride
  std::set<std::pair<int64_t, unsigned>> Loads;     // each sibling once, by place and size
  for (const AccessEvent &O : TD.accesses()) {
    if (!sameWalkAndBase(E, O) || O.Trip != E.Trip)
      continue;
    std::optional<int64_t> Moved = patternShift(E.Offset, O.Offset);
    if (!Moved)
      continue;
    int64_t Shift = *Moved;
    llvm::FoldingSetNodeID Other;
    profileCore(O.Access, Other, Ctx, {O.Named, O.Origin});
    if (Other != Core || exclusiveEvents(E, O, Ctx))
      continue;
    // The same index up to a constant, and the same lanes' parts: the constant went into
    // the part every lane shares (`S[p + 1]` with p uniform and S = &d[2 * j]), which the
    // lanes' parts do not show.
    if (Shift == 0)
      Shift = (constantAddend(O.Access, Ctx) - constantAddend(E.Access, Ctx)) *
              static_cast<int64_t>(E.Size);
    int64_t Begin = ((Shift % Stride) + Stride) % Stride;
    if (O.Size <= 8)
      Loads.insert({Shift, O.Size});
    for (int64_t B = Begin, Left = O.Size; Left > 0;) {
      int64_t End = std::min<int64_t>(Stride, B + Left);
      Covered.push_back({B, End});
      Left -= End - B;
      B = 0;
    }
  }
  // A record read in more loads than MaxRecordLoads costs although every byte is used.
  if (countsRecordLoads(E, Stride) && static_cast<int64_t>(Loads.size()) > MaxRecordLoads)
    return false;
  std::sort(Covered.begin(), Covered.end());
  int64_t Reach = 0;
  for (auto [B, End] : Covered) {
    if (B > Reach)
      return false;
    Reach = std::max(Reach, End);
  }
  return Reach >= Stride;
}



/// The trips of the counted loop around \p E, 0 when it is not one. A loop walked
/// trip by trip changes the lanes' pattern itself (p[i * k]): its trips do not
/// sweep the bytes between the lanes.
static int64_t countedTrips(const AccessEvent &E, const ASTContext &Ctx) {
  return E.Trip.empty() ? cudalint::countedTrips(E.Loop, Ctx) : 0;
}

/// The next loop of the function around \p S, if any.
static const Stmt *loopAround(const Stmt *S, const ASTContext &Ctx) {
  ASTContext &C = const_cast<ASTContext &>(Ctx);
  for (DynTypedNodeList P = C.getParents(*S); !P.empty(); P = C.getParents(P[0])) {
    const Stmt *Up = P[0].get<Stmt>();
    if (!Up)
      return nullptr;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Up))
      return Up;
  }
  return nullptr;
}

/// The loop \p Loop stands for when its short counted loops (at most
/// MaxSweepTrips trips, whose trips run one after another) are folded into the
/// loop around them; their counters in \p Folded.
static const Stmt *anchorOf(const Stmt *Loop, const ASTContext &Ctx,
                            std::vector<std::string> &Folded) {
  for (const ValueDecl *Counter = nullptr; Loop;) {
    int64_t Trips = cudalint::countedTrips(Loop, Ctx, &Counter);
    if (Trips < 1 || Trips > MaxSweepTrips)
      return Loop;
    Folded.push_back(Counter->getName().str());
    Loop = loopAround(Loop, Ctx);
  }
  return nullptr;
}

/// \p Trip without the loop variables of \p Folded ("k = 2, j = 1" without j).
static std::string tripWithout(const std::string &Trip, const std::vector<std::string> &Folded) {
  std::string Out;
  StringRef Rest(Trip);
  while (!Rest.empty()) {
    auto [Part, Tail] = Rest.split(", ");
    Rest = Tail;
    if (llvm::is_contained(Folded, Part.split(" = ").first.str()))
      continue;
    Out += (Out.empty() ? "" : ", ") + Part.str();
  }
  return Out;
}


/// Whether the trips of short loop \p Loop issue a store of each trip right after the last
/// once nvcc unrolls it: not with `#pragma unroll 1`, nor with a loop of its own in the body
/// (cudpp's `blockHist[lid * 4 + i] += count` after a 64-trip loop over shared memory). Then each
/// trip's partial sectors reach L2 one by one: a 4-trip sweep of a thread's own elements wrote
/// 3.4x the sectors and took 1.62x against consecutive lanes, where unrolled back to back it took
/// 0.88x (loads of either, 0.73x: the later trips hit L1; kernels/studies/loop_sweep.cu).
bool unrollDisabled(const Stmt *Loop, const ASTContext &Ctx) {
  auto &C = const_cast<ASTContext &>(Ctx);
  DynTypedNodeList P = C.getParents(*Loop);
  if (const auto *A = P.empty() ? nullptr : P[0].get<AttributedStmt>())
    for (const Attr *At : A->getAttrs())
      if (const auto *H = dyn_cast<LoopHintAttr>(At)) {
        std::optional<llvm::APSInt> N = H->getValue() && !H->getValue()->isValueDependent()
                                            ? H->getValue()->getIntegerConstantExpr(Ctx)
                                            : std::nullopt;
        if (H->getState() == LoopHintAttr::Disable ||
            (H->getOption() == LoopHintAttr::UnrollCount && N && *N == 1))
          return true;
      }
  return false;
}

static bool storesBackToBack(const Stmt *Loop, const ASTContext &Ctx) {
  if (unrollDisabled(Loop, Ctx))
    return false;
  std::function<bool(const Stmt *)> HasLoop = [&](const Stmt *S) {
    for (const Stmt *Ch : S->children())
      if (Ch && (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Ch) || HasLoop(Ch)))
        return true;
    return false;
  };
  const Stmt *Body = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    Body = F->getBody();
  else if (const auto *W = dyn_cast<WhileStmt>(Loop))
    Body = W->getBody();
  else if (const auto *D = dyn_cast<DoStmt>(Loop))
    Body = D->getBody();
  return Body && !HasLoop(Body);
}

bool shortLoopCovers(const AccessEvent &E, int64_t Stride, const ASTContext &Ctx) {
  int64_t Trips = countedTrips(E, Ctx);
  // Loads of lanes a record apart: a record read in more loads than MaxRecordLoads costs.
  bool Record = countsRecordLoads(E, Stride) && Stride > static_cast<int64_t>(E.Size);
  return Stride > 0 && Trips >= 1 && Trips <= (Record ? MaxRecordLoads : MaxSweepTrips) &&
         Stride <= Trips * static_cast<int64_t>(E.Size) &&
         (!E.Store || Trips == 1 || storesBackToBack(E.Loop, Ctx));
}

SectorFill fetchedFill(const AccessEvent &E, const ThreadDependence &TD, const ASTContext &Ctx) {
  // The trips of the short loops around O that move it by one element each (SGEMM's
  // `reinterpret_cast<float4 *>(&C[... + resIdxN])[0]` with resIdxN += 4): a store of the same
  // place in each trip (Rodinia myocyte's `d_finavalu[offset_ecc + 35]` in a 13-trip loop)
  // sweeps nothing, nor does GPUJPEG's IDCT read of `src[x8 + ty + i * 64]`, 64 elements
  // further each trip, the gaps between its lanes.
  // Trips that move it further than its size but keep within the lane's own record (gsplat's
  // `src[k * 3 + c]`, three of 48 coefficients a trip, 192 bytes a lane) leave gaps that its
  // siblings fill: each trip is a range of its own. Loads in short loops one inside another
  // (`for (i < 8) for (k < 4) p[lane * 32 + i * 4 + k]`) sweep the record together: the bytes
  // from each trip's start are the sums of every loop's moves (Starts), out to the first loop
  // that moves it past the lane's record or is walked trip by trip (its trips are events of
  // their own).
  struct Sweep {
    std::vector<int64_t> Starts{0};
  };
  constexpr int64_t MaxSweepStarts = 64;
  auto SweepOf = [&](const AccessEvent &O) {
    Sweep Sw;
    int64_t Size = static_cast<int64_t>(O.Size), Lanes = sectorsOf(O.Offset, O.Size).Stride;
    for (const Stmt *Loop = O.Loop; Loop;) {
      const ValueDecl *Counter = nullptr;
      int64_t Step = 1;
      int64_t T = cudalint::countedTrips(Loop, Ctx, &Counter, &Step);
      std::optional<int64_t> Moves = Counter ? counterBytes(O.Access, Counter, Ctx) : std::nullopt;
      if (T < 1 || T > MaxSweepTrips || !Moves ||
          (O.Store && (Loop != O.Loop || !storesBackToBack(Loop, Ctx))) ||
          StringRef(O.Trip).contains((Counter->getName() + " = ").str()))
        break;
      int64_t Move = *Moves * Step, Reach = Sw.Starts.back() + (T - 1) * Move + Size;
      if ((Move != Size && (O.Store || Move <= Size || Lanes <= 0 || Reach > Lanes)) ||
          T * static_cast<int64_t>(Sw.Starts.size()) > MaxSweepStarts)
        break;
      std::vector<int64_t> Starts;
      for (int64_t I = 0; I < T; ++I)
        for (int64_t S : Sw.Starts)
          Starts.push_back(S + I * Move);
      Sw.Starts = std::move(Starts);
      Loop = loopAround(Loop, Ctx);
    }
    return Sw;
  };
  std::vector<std::string> Folded;
  const Stmt *Anchor = anchorOf(E.Loop, Ctx, Folded);
  std::string Trip = tripWithout(E.Trip, Folded);
  // Rows a pitch not known apart (LaneValue::RowLanes): as sectorsOf, each row from the start
  // of a sector of its own, its lanes' offsets counted from its lowest.
  unsigned Width = E.Offset.RowLanes ? E.Offset.RowLanes : WarpLanes;
  std::array<int64_t, WarpLanes> Min;
  Min.fill(INT64_MAX);
  if (!E.Offset.Active)
    return {};
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (E.Offset.Active & (1u << I))
      Min[I / Width] = std::min(Min[I / Width], E.Offset.L[I]);
  constexpr int64_t RowApart = int64_t(1) << 44; // further than any offset kept below
  // The bytes each lane uses over the loop's trips, through this access and the others
  // of the same thread on the same base in the same loop.
  std::vector<std::pair<int64_t, int64_t>> Used;
  // Each load by the bytes of its first lane and its size (a repeated read counts once, also
  // where a loop's trips walked one by one repeat its sweep; a wider read of the same place,
  // `*(float2 *)&p[i]` beside `p[i]`, does not); the elements are the places accesses start
  // at (Starts), less those that a loop's sweep reaches in a later trip (Swept).
  std::set<std::pair<int64_t, unsigned>> Places, Starts, Swept;
  int64_t Loads = 0, FirstAt = 0;
  const AccessEvent *First = nullptr;
  for (const AccessEvent &O : TD.accesses()) {
    if (&O != &E &&
        (!sameWalkAndBase(E, O) || O.Offset.Active != E.Offset.Active || O.Offset.HasFactor ||
         (O.Offset.K != LaneValue::Lane && !O.Offset.RowLanes)))
      continue;
    int64_t Shared = 0;
    if (&O != &E) {
      // The same lanes' pattern, moved: `p[2 * i + 1]` beside `p[2 * i]`, also in
      // another trip of a short loop or beside it in the loop around it (`src[idx]`
      // before `for (j = 1; j < 4; ++j) src[idx + j]`). A pattern that changes with
      // the trip (p[i * k]) is its own.
      std::vector<std::string> OFolded;
      if (anchorOf(O.Loop, Ctx, OFolded) != Anchor)
        continue;
      OFolded.insert(OFolded.end(), Folded.begin(), Folded.end());
      if (tripWithout(O.Trip, OFolded) != tripWithout(Trip, OFolded))
        continue;
      std::optional<int64_t> Moved = patternShift(E.Offset, O.Offset);
      if (!Moved || exclusiveEvents(E, O, Ctx))
        continue;
      // As coveredBySiblings: a constant that went into the part every lane shares
      // (`y[l + 16]` beside `y[l + 0]`, ggml's dequantisers) moves it by that many elements.
      if (*Moved == 0 && O.Access != E.Access)
        Shared = (constantAddend(O.Access, Ctx) - constantAddend(E.Access, Ctx)) *
                 static_cast<int64_t>(O.Size);
    }
    Sweep Sw = SweepOf(O);
    int64_t At = O.Offset.L[llvm::countr_zero(O.Offset.Active)] + Shared;
    Starts.insert({At, O.Size});
    for (int64_t S : Sw.Starts) {
      if (Places.insert({At + S, O.Size}).second && O.Size <= 8)
        ++Loads;
      if (S)
        Swept.insert({At + S, O.Size});
    }
    if (!First || At < FirstAt) {
      First = &O;
      FirstAt = At;
    }
    for (unsigned I = 0; I < WarpLanes; ++I)
      if (O.Offset.Active & (1u << I)) {
        if (Min[I / Width] == INT64_MAX)
          return {};
        int64_t B = O.Offset.L[I] + Shared - Min[I / Width];
        if (B < -(int64_t(1) << 40) || B > (int64_t(1) << 40))
          return {};
        B += static_cast<int64_t>(I / Width) * RowApart;
        for (int64_t S : Sw.Starts)
          Used.push_back({B + S, B + S + static_cast<int64_t>(O.Size)});
      }
    if (Used.size() > 8192)
      return {};
  }
  SectorFill F = fillOf(std::move(Used));
  F.Accesses = llvm::count_if(Starts, [&](const auto &P) { return !Swept.count(P); });
  F.Loads = Loads;
  F.First = First;
  return F;
}

SectorFill fillOf(std::vector<std::pair<int64_t, int64_t>> Used) {
  std::sort(Used.begin(), Used.end());
  SectorFill F;
  // Each run of ranges (a row: runs lie further apart than any offset, RowApart) from its lowest
  // byte, which starts a segment, to its highest: what its last segment holds beyond is the
  // neighbouring warps' (the next 144 bytes of ggml's quantised blocks, the next row piece of a
  // 16-pixel-wide block).
  constexpr int64_t Apart = int64_t(1) << 40;
  for (size_t I = 0; I < Used.size();) {
    int64_t Low = Used[I].first, Reach = Low, LastSegment = -1;
    for (; I < Used.size() && Used[I].first - Reach < Apart; ++I) {
      auto [B, End] = Used[I];
      int64_t From = std::max(B, Reach);
      if (End > From)
        F.Bytes += End - From;
      int64_t First = std::max((B - Low) / 64, LastSegment + 1), Last = (End - Low - 1) / 64;
      if (Last >= First) {
        F.Delivered += (Last - First + 1) * 64;
        LastSegment = Last;
      }
      Reach = std::max(Reach, End);
    }
    F.Delivered -= (LastSegment + 1) * 64 - (Reach - Low);
  }
  return F;
}

bool sweptRecord(const AccessEvent &E, const SectorFill &F) {
  return countsRecordLoads(E, sectorsOf(E.Offset, E.Size).Stride) && fillsSegments(F) &&
         F.Loads > MaxRecordLoads;
}

bool usesFetchedSectors(const AccessEvent &E, const ThreadDependence &TD, const ASTContext &Ctx) {
  SectorFill F = fetchedFill(E, TD, Ctx);
  return fillsSegments(F) && !sweptRecord(E, F);
}

} // namespace memrules
} // namespace cudalint
