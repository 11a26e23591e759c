//===- LoopScan.cpp - What each loop updates --------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/Mutation.h"
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

/// K where \p Bound is `Start + K` or `min(Start + K, n)` (either order) with \p Start the
/// counter's first value written the same way: a loop of at most K trips from a start not
/// known (libSGM's `for (x = x_4; x < min(x_4 + 4, w); x++)`).
static std::optional<int64_t> tripsFromStart(const Expr *Start, const Expr *Bound,
                                             const ASTContext &Ctx) {
  Bound = Bound->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(Bound)) {
    const auto *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier() || FD->getName() != "min" || Call->getNumArgs() != 2)
      return std::nullopt;
    for (const Expr *Arg : Call->arguments())
      if (std::optional<int64_t> K = tripsFromStart(Start, Arg, Ctx))
        return K;
    return std::nullopt;
  }
  const auto *Add = dyn_cast<BinaryOperator>(Bound);
  if (!Add || Add->getOpcode() != BO_Add)
    return std::nullopt;
  std::optional<llvm::APSInt> K = Add->getRHS()->getIntegerConstantExpr(Ctx);
  if (!K || !Expr::isSameComparisonOperand(Add->getLHS()->IgnoreParenImpCasts(),
                                           Start->IgnoreParenImpCasts()))
    return std::nullopt;
  return K->getExtValue();
}

/// The constant \p E is: an integer constant expression, or with \p Locals also a local
/// initialised to one and never changed (warp-ctc's `int warps_per_block = NT / warp_size;`).
static std::optional<llvm::APSInt> constantOf(const Expr *E, const ASTContext &Ctx, bool Locals) {
  if (std::optional<llvm::APSInt> C = E->getIntegerConstantExpr(Ctx))
    return C;
  const auto *R = Locals ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
  const auto *VD = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || !VD->getInit() || VD->getType()->isReferenceType())
    return std::nullopt;
  std::optional<llvm::APSInt> C = VD->getInit()->getIntegerConstantExpr(Ctx);
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!C || !FD || !FD->getBody() || changesVariable(FD->getBody(), VD))
    return std::nullopt;
  return C;
}

/// countedTrips, and with \p AtMost the most trips a loop can run: the least over the tests of
/// a condition `i < 4 && i < n`, with bounds in locals set once.
static int64_t countTrips(const Stmt *Loop, const ASTContext &Ctx, const ValueDecl **Counter,
                          int64_t *Step, bool AtMost) {
  const auto *For = dyn_cast_or_null<ForStmt>(Loop);
  if (!For || !For->getCond() || !For->getInc())
    return 0;
  // The counter and its start.
  const ValueDecl *V = nullptr;
  const Expr *StartE = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()); DS && DS->isSingleDecl()) {
    const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
    StartE = VD ? VD->getInit() : nullptr;
    V = VD;
  } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(For->getInit());
             A && A->getOpcode() == BO_Assign) {
    if (const auto *L = dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts())) {
      V = L->getDecl();
      StartE = A->getRHS();
    }
  }
  if (!V || !StartE)
    return 0;
  int64_t By = 1;
  const Expr *IncE = For->getInc()->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(IncE); !U || !U->isIncrementOp()) {
    const auto *A = dyn_cast<CompoundAssignOperator>(IncE);
    const auto *R = A ? dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts()) : nullptr;
    std::optional<llvm::APSInt> C =
        R && R->getDecl() == V && A->getOpcode() == BO_AddAssign
            ? A->getRHS()->getIntegerConstantExpr(Ctx)
            : std::nullopt;
    if (!Step || !C || C->getExtValue() < 1)
      return 0;
    By = C->getExtValue();
  }
  // The trips one test `V < End` (or `<=`) allows, 0 when it is not such a test.
  auto TripsOf = [&](const Expr *Test) -> int64_t {
    const auto *Cond = dyn_cast<BinaryOperator>(Test->IgnoreParenImpCasts());
    if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE))
      return 0;
    const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
    if (!L || L->getDecl() != V)
      return 0;
    std::optional<llvm::APSInt> Start = constantOf(StartE, Ctx, AtMost);
    std::optional<llvm::APSInt> End = constantOf(Cond->getRHS(), Ctx, AtMost);
    if (!Start || !End) {
      // From a start not known to at most K past it.
      std::optional<int64_t> K = tripsFromStart(StartE, Cond->getRHS(), Ctx);
      if (!K)
        return 0;
      Start = llvm::APSInt::get(0);
      End = llvm::APSInt::get(*K);
    }
    int64_t Span = End->getExtValue() - Start->getExtValue() + (Cond->getOpcode() == BO_LE);
    return Span > 0 ? (Span + By - 1) / By : 0;
  };
  int64_t Trips = 0;
  const auto *And = dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (AtMost && And && And->getOpcode() == BO_LAnd) {
    for (const Expr *Test : {And->getLHS(), And->getRHS()})
      if (int64_t T = TripsOf(Test))
        Trips = Trips ? std::min(Trips, T) : T;
  } else {
    Trips = TripsOf(For->getCond());
  }
  if (Trips < 1)
    return 0;
  if (Step)
    *Step = By;
  if (Counter)
    *Counter = V;
  return Trips;
}

int64_t countedTrips(const Stmt *Loop, const ASTContext &Ctx, const ValueDecl **Counter,
                     int64_t *Step) {
  return countTrips(Loop, Ctx, Counter, Step, /*AtMost=*/false);
}

int64_t tripsAtMost(const Stmt *Loop, const ASTContext &Ctx, const ValueDecl **Counter,
                    int64_t *Step) {
  return countTrips(Loop, Ctx, Counter, Step, /*AtMost=*/true);
}

namespace walker {

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

namespace {

class LoopScanner : public RecursiveASTVisitor<LoopScanner> {
public:
  LoopScanner(LoopInfo &Info, ASTContext &Ctx) : Info(Info), Ctx(Ctx) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      if (const VarDecl *V = refVar(U->getSubExpr())) {
        Info.Modified.insert(V);
        ++Info.Updates[V];
        Info.Factor[V] = 0;
        note(V, U->isIncrementOp() ? Growth::Grows : Growth::Shrinks);
        if (!Info.Step.count(V))
          Info.Step[V] = nullptr;
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    const VarDecl *V = refVar(B->getLHS());
    if (!V)
      return true;
    Info.Modified.insert(V);
    ++Info.Updates[V];
    const Expr *R = B->getRHS()->IgnoreParenImpCasts();
    std::optional<int64_t> C = constant(R);
    int64_t F = 0;
    if (C && *C > 0 && *C < 31 &&
        (B->getOpcode() == BO_ShlAssign || B->getOpcode() == BO_ShrAssign))
      F = int64_t(1) << *C;
    else if (C && *C > 1 && (B->getOpcode() == BO_MulAssign || B->getOpcode() == BO_DivAssign))
      F = *C;
    else if (const auto *Op = dyn_cast<BinaryOperator>(R);
             Op && B->getOpcode() == BO_Assign && refVar(Op->getLHS()) == V)
      if (std::optional<int64_t> K = constant(Op->getRHS())) {
        if (*K > 0 && *K < 31 && (Op->getOpcode() == BO_Shl || Op->getOpcode() == BO_Shr))
          F = int64_t(1) << *K;
        else if (*K > 1 && (Op->getOpcode() == BO_Mul || Op->getOpcode() == BO_Div))
          F = *K;
      }
    auto [FIt, FNew] = Info.Factor.try_emplace(V, F);
    if (!FNew)
      FIt->second = 0; // a second update
    switch (B->getOpcode()) {
    case BO_MulAssign:
      note(V, C && *C > 1 ? Growth::Grows : Growth::None);
      break;
    case BO_ShlAssign:
      note(V, C && *C > 0 ? Growth::Grows : Growth::None);
      break;
    case BO_DivAssign:
      note(V, C && *C > 1 ? Growth::Shrinks : Growth::None);
      break;
    case BO_ShrAssign:
      note(V, C && *C > 0 ? Growth::Shrinks : Growth::None);
      break;
    case BO_AddAssign:
    case BO_SubAssign: {
      bool Add = B->getOpcode() == BO_AddAssign;
      Growth G = Growth::None;
      if (refVar(R) == V && Add)
        G = Growth::Grows;
      else if (C && *C != 0)
        G = (*C > 0) == Add ? Growth::Grows : Growth::Shrinks; // m++, m -= 1
      note(V, G);
      if (!Info.Step.count(V))
        Info.Step[V] = B->getRHS(); // as written: a template parameter stays one
      break;
    }
    case BO_Assign:
      if (const auto *Op = dyn_cast<BinaryOperator>(R)) {
        const VarDecl *L = refVar(Op->getLHS()), *RV = refVar(Op->getRHS());
        std::optional<int64_t> LC = constant(Op->getLHS()), RC = constant(Op->getRHS());
        Growth G = Growth::None;
        if (L == V && RC) {
          if ((Op->getOpcode() == BO_Mul && *RC > 1) || (Op->getOpcode() == BO_Shl && *RC > 0))
            G = Growth::Grows;
          if ((Op->getOpcode() == BO_Div && *RC > 1) || (Op->getOpcode() == BO_Shr && *RC > 0))
            G = Growth::Shrinks;
          if ((Op->getOpcode() == BO_Add || Op->getOpcode() == BO_Sub) && *RC != 0) {
            G = (*RC > 0) == (Op->getOpcode() == BO_Add) ? Growth::Grows : Growth::Shrinks;
            if (!Info.Step.count(V))
              Info.Step[V] = Op->getRHS();
          }
        } else if (RV == V && LC && Op->getOpcode() == BO_Mul && *LC > 1) {
          G = Growth::Grows;
        } else if (L == V && RV == V && Op->getOpcode() == BO_Add) {
          G = Growth::Grows;
        } else if (L == V && Op->getOpcode() == BO_Add) {
          if (!Info.Step.count(V))
            Info.Step[V] = Op->getRHS();
        }
        note(V, G);
      } else {
        note(V, Growth::None);
      }
      break;
    default:
      note(V, Growth::None);
    }
    return true;
  }

private:
  std::optional<int64_t> constant(const Expr *E) {
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue(); // none when it needs more than 64 bits
    return std::nullopt;
  }
  void note(const VarDecl *V, Growth G) {
    auto [It, New] = Info.Grow.try_emplace(V, G);
    if (!New && It->second != G)
      It->second = Growth::None;
  }
  LoopInfo &Info;
  ASTContext &Ctx;
};

} // namespace

void scanLoop(LoopInfo &Info, const Stmt *S, ASTContext &Ctx) {
  LoopScanner Scan(Info, Ctx);
  Scan.TraverseStmt(const_cast<Stmt *>(S));
}

bool references(const Expr *E, const llvm::DenseSet<const VarDecl *> &Vars) {
  if (!E)
    return false;
  if (const VarDecl *V = refVar(E))
    return Vars.count(V);
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (references(CE, Vars))
        return true;
  return false;
}

void referencedVars(const Expr *E, const llvm::DenseSet<const VarDecl *> &Vars,
                    llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (!E)
    return;
  if (const VarDecl *V = refVar(E)) {
    if (Vars.count(V) && !llvm::is_contained(Out, V))
      Out.push_back(V);
    return;
  }
  for (const Stmt *C : E->children())
    referencedVars(dyn_cast_or_null<Expr>(C), Vars, Out);
}

namespace {

bool isAccessor(const FunctionDecl *FD, const ASTContext &Ctx, unsigned Depth);

/// Only names, members, subscripts and casts (and calls of accessors): a load,
/// no arithmetic and no side effect.
bool isLoad(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E)
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (!isAccessor(CE->getDirectCallee(), Ctx, Depth))
      return false;
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Deref && UO->getOpcode() != UO_AddrOf)
      return false;
  } else if (!isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, CastExpr, ParenExpr,
                  CXXThisExpr, IntegerLiteral, MaterializeTemporaryExpr>(E)) {
    return false;
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (!isLoad(CE, Ctx, Depth))
        return false;
  return true;
}

/// A function whose body is one `return` of a load (`T &operator[](int i) {
/// return data[i]; }`, threadIdx.x's __fetch_builtin_x): inlined, it is a
/// load or a register read, not a call.
bool isAccessor(const FunctionDecl *FD, const ASTContext &Ctx, unsigned Depth) {
  if (!FD || Depth > 4)
    return false;
  if (FD->getIdentifier() && FD->getName().starts_with("__fetch_builtin_"))
    return true;
  const Expr *Value = onlyReturnValue(FD);
  return Value && isLoad(Value, Ctx, Depth + 1);
}

} // namespace


static bool hasEffectsAt(const Expr *E, const ASTContext &Ctx, unsigned Depth) {
  if (!E)
    return false;
  // threadIdx.x is a property whose getter is __fetch_builtin_x(): look at
  // the call, not at the property reference (which Clang counts as an effect).
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return hasEffectsAt(PO->getResultExpr(), Ctx, Depth);
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return true;
  // Calls other than simple math, reads of the thread-index builtins and
  // inline accessors.
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    unsigned ID = FD ? FD->getBuiltinID() : 0;
    bool Library = ID && Ctx.BuiltinInfo.isPredefinedLibFunction(ID); // expf, sqrtf, ...
    bool Pure = FD && (FD->isConstexpr() || (ID && !Library));
    if (FD && !Pure && FD->getIdentifier()) {
      StringRef N = FD->getName();
      // Single instructions: the compiler evaluates both arms and selects.
      static const char *const Cheap[] = {"min",    "max",    "fminf", "fmaxf", "fmin",  "fmax",
                                          "abs",    "fabs",   "fabsf", "floorf", "ceilf", "rintf",
                                          "truncf", "fmaf",   "__ldg", "__expf", "__logf",
                                          "__fdividef", "__saturatef",
                                          // Integer intrinsics: one or two instructions.
                                          "__umul64hi", "__mul64hi", "__umulhi", "__mulhi",
                                          "__mul24", "__umul24", "__popc", "__popcll", "__clz",
                                          "__clzll", "__ffs", "__ffsll", "__brev", "__brevll",
                                          "__byte_perm", "__funnelshift_l", "__funnelshift_lc",
                                          "__funnelshift_r", "__funnelshift_rc", "__sad", "__usad"};
      // Rounded arithmetic (__fmul_rn, __dadd_rz, __fmaf_rn, ...): one instruction.
      static const char *const Rounded[] = {"__fadd_", "__fsub_", "__fmul_", "__fmaf_",
                                            "__dadd_", "__dsub_", "__dmul_", "__fma_"};
      Pure = llvm::is_contained(Cheap, N) ||
             llvm::any_of(Rounded, [&](const char *P) { return N.starts_with(P); }) ||
             N.starts_with("__float2") ||
             N.starts_with("__half2") || N.starts_with("__bfloat162") ||
             N.starts_with("__int2") || N.starts_with("__uint2") ||
             N.starts_with("__float_as") || N.starts_with("__int_as") ||
             N.starts_with("__uint_as") || N.starts_with("__h");
    }
    // A conversion operator that returns one such expression (`float(h)` of a __half is
    // `return __half2float(*this);`): what it returns, judged as if written in its place.
    if (!Pure && Depth < 4 && isa_and_nonnull<CXXConversionDecl>(FD))
      if (const Expr *Value = onlyReturnValue(FD))
        Pure = !hasEffectsAt(Value, Ctx, Depth + 1);
    if (!Pure && !isAccessor(FD, Ctx, 0))
      return true;
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (hasEffectsAt(CE, Ctx, Depth))
        return true;
  return false;
}

bool hasEffects(const Expr *E, const ASTContext &Ctx) { return hasEffectsAt(E, Ctx, 0); }


} // namespace walker

const Stmt *onlyStatement(const FunctionDecl *FD) {
  const FunctionDecl *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def)
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  return Body && Body->size() == 1 ? Body->body_front() : nullptr;
}

const Expr *onlyReturnValue(const FunctionDecl *FD) {
  const auto *Ret = dyn_cast_or_null<ReturnStmt>(onlyStatement(FD));
  return Ret ? Ret->getRetValue() : nullptr;
}

} // namespace cudalint
