//===- ThreadDependence.cpp - Thread-dependent branches and barriers ------===//
#include "rules/ThreadDependence.h"
#include "rules/LaunchSite.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = SM.getExpansionRange(E->getSourceRange());
  std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  // One line, single spaces.
  std::string Out;
  bool Space = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && (I + 1 == Text.size() || Text[I + 1] == '\n' || Text[I + 1] == '\r'))
      continue; // a line continuation
    if (C == '\n' || C == '\r' || C == '\t' || C == ' ') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

namespace {

constexpr unsigned MaxInlineDepth = 8;
constexpr unsigned MaxLoopIterations = 3;
constexpr uint64_t MaxSteps = 4'000'000;

// --- the block shape ---------------------------------------------------------------

struct ShapeModel {
  LaneValue Tid[3], BDim[3], Linear;
};

std::array<int64_t, WarpLanes> lanesOf(int64_t (*F)(int64_t, int64_t), int64_t Arg) {
  std::array<int64_t, WarpLanes> L;
  for (unsigned I = 0; I < WarpLanes; ++I)
    L[I] = F(I, Arg);
  return L;
}

LaneValue withUBound(LaneValue V, int64_t Bound) {
  if (V.K == LaneValue::Lane && V.Align != 0)
    V.UBound = Bound;
  return V;
}

ShapeModel modelOf(const BlockShape &S) {
  ShapeModel M;
  if (!S.Block) {
    M.Tid[0] = LaneValue::threadIndex();
    for (int A = 1; A < 3; ++A) {
      M.Tid[A] = LaneValue::warpUniform();
      M.Tid[A].USign = 1;
      M.Tid[A].AssumedAxis = true;
    }
    M.BDim[0] = LaneValue::aligned(32);
    M.BDim[1] = M.BDim[2] = LaneValue::aligned(1);
    M.Linear = LaneValue::threadIndex();
    return M;
  }
  int64_t Dx = (*S.Block)[0], Dy = (*S.Block)[1], Dz = (*S.Block)[2];
  for (int A = 0; A < 3; ++A)
    M.BDim[A] = LaneValue::constant((*S.Block)[A]);
  int64_t Threads = Dx * Dy * Dz;
  uint32_t Active = Threads >= 32 ? AllLanes : ((1u << Threads) - 1);
  M.Linear = withUBound(LaneValue::threadIndex(Active), Threads);
  auto Row = [&](int64_t Width, int64_t Extent) {
    // The coordinate whose lower dimensions hold Width threads, Extent long.
    LaneValue V;
    if (Width % 32 == 0) {
      V = LaneValue::warpUniform();
      V.USign = 1;
      return V;
    }
    if (32 % Width != 0)
      return LaneValue::varying();
    int64_t Rows = 32 / Width;
    std::array<int64_t, WarpLanes> L;
    if (Extent % Rows == 0) {
      for (unsigned I = 0; I < WarpLanes; ++I)
        L[I] = I / Width;
      // When one warp holds the whole extent, U is 0 in every warp.
      V = Extent > Rows ? withUBound(LaneValue::lanes(L, Rows, true, Active), Extent)
                        : LaneValue::lanes(L, 0, false, Active);
    } else if (Rows % Extent == 0) {
      for (unsigned I = 0; I < WarpLanes; ++I)
        L[I] = (I / Width) % Extent;
      V = LaneValue::lanes(L, 0, false, Active);
    } else {
      V = LaneValue::varying();
    }
    V.NarrowAxis = true;
    return V;
  };
  if (Dx % 32 == 0) {
    M.Tid[0] = withUBound(LaneValue::threadIndex(Active), Dx);
  } else if (32 % Dx == 0) {
    std::array<int64_t, WarpLanes> L;
    for (unsigned I = 0; I < WarpLanes; ++I)
      L[I] = I % Dx;
    M.Tid[0] = LaneValue::lanes(L, 0, false, Active);
  } else {
    M.Tid[0] = LaneValue::varying();
  }
  M.Tid[1] = Dy == 1 ? LaneValue::constant(0) : Row(Dx, Dy);
  M.Tid[2] = Dz == 1 ? LaneValue::constant(0) : Row(Dx * Dy, Dz);
  if (32 % Dx != 0 && Dx % 32 != 0) {
    for (int A = 1; A < 3; ++A)
      if (M.Tid[A].K != LaneValue::Uniform)
        M.Tid[A] = LaneValue::varying();
  }
  return M;
}

// --- cooperative groups ---------------------------------------------------------

enum class GroupKind { None, Block, Tile, Grid, Cluster, Coalesced, Generic };

GroupKind groupKindOf(QualType T, int64_t &TileSize) {
  TileSize = 0;
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return GroupKind::None;
  const DeclContext *DC = RD->getDeclContext();
  bool InCG = false;
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      if (NS->getName() == "cooperative_groups")
        InCG = true;
  if (!InCG)
    return GroupKind::None;
  StringRef N = RD->getName();
  if (N == "thread_block")
    return GroupKind::Block;
  if (N == "grid_group" || N == "multi_grid_group")
    return GroupKind::Grid;
  if (N == "cluster_group")
    return GroupKind::Cluster;
  if (N == "coalesced_group")
    return GroupKind::Coalesced;
  if (N == "thread_block_tile" || N == "__static_size_thread_block_tile_base" ||
      N == "__single_warp_thread_block_tile" || N == "__static_size_tile_base") {
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD)) {
      const TemplateArgumentList &Args = Spec->getTemplateArgs();
      if (Args.size() > 0 && Args[0].getKind() == TemplateArgument::Integral)
        TileSize = Args[0].getAsIntegral().getExtValue();
    }
    return GroupKind::Tile;
  }
  return GroupKind::Generic;
}

bool isBlockBarrierName(StringRef N) {
  return N == "__syncthreads" || N == "__syncthreads_count" || N == "__syncthreads_and" ||
         N == "__syncthreads_or";
}

bool isLaneIdName(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases({"__lane_id", "__laneid", "lane_id", "laneid", "laneId", "LaneId", "get_lane_id"}, true)
      .Default(false);
}

bool isWarpIdName(StringRef N) {
  return llvm::StringSwitch<bool>(N)
      .Cases({"__warp_id", "__warpid", "warp_id", "warpid", "warpId", "WarpId", "get_warp_id"}, true)
      .Default(false);
}

/// Calls whose result differs per thread even with uniform arguments.
bool isPerThreadResult(StringRef N) {
  return N.starts_with("atomic") || N.starts_with("__atomic") || N.starts_with("curand") ||
         N.starts_with("clock") || N == "__match_any_sync" || N == "__match_all_sync" ||
         N == "__nanosleep" || N.starts_with("__shfl");
}

bool isSystemCode(const Decl *D, const SourceManager &SM) {
  SourceLocation L = SM.getExpansionLoc(D->getLocation());
  return L.isInvalid() || SM.isInSystemHeader(L);
}

// --- loops: what each loop updates -----------------------------------------------

struct LoopInfo {
  const Stmt *Loop = nullptr;
  const Expr *Cond = nullptr;
  llvm::DenseMap<const VarDecl *, Growth> Grow;
  llvm::DenseSet<const VarDecl *> Modified;
  llvm::DenseMap<const VarDecl *, const Expr *> Step; // v += e; null for ++/--
};

const VarDecl *refVar(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

class LoopScanner : public RecursiveASTVisitor<LoopScanner> {
public:
  LoopScanner(LoopInfo &Info, ASTContext &Ctx) : Info(Info), Ctx(Ctx) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      if (const VarDecl *V = refVar(U->getSubExpr())) {
        Info.Modified.insert(V);
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
    const Expr *R = B->getRHS()->IgnoreParenImpCasts();
    std::optional<int64_t> C = constant(R);
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
      return R.Val.getInt().getExtValue();
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

bool hasEffects(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return false;
  if (E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return true;
  // Calls other than simple math.
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
                                          "__fdividef", "__saturatef"};
      Pure = llvm::is_contained(Cheap, N) || N.starts_with("__float2") ||
             N.starts_with("__half2") || N.starts_with("__int2") || N.starts_with("__uint2") ||
             N.starts_with("__float_as") || N.starts_with("__int_as") ||
             N.starts_with("__uint_as") || N.starts_with("__h");
    }
    if (!Pure)
      return true;
  }
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (hasEffects(CE, Ctx))
        return true;
  return false;
}

// --- the walker ---------------------------------------------------------------------

struct ExitMark {
  enum Kind : uint8_t { Return, Break, Continue } K = Return;
  const Stmt *Exit = nullptr;
  const Stmt *Target = nullptr; // the loop / switch of a break or continue
  unsigned Frame = 0;
  const Expr *Cond = nullptr;
  std::shared_ptr<const CondClass> Class;
  bool WhenFalse = false; // taken by the threads for which Cond is false
  bool operator==(const ExitMark &O) const { return Exit == O.Exit && Frame == O.Frame; }
};

struct State {
  llvm::DenseMap<const ValueDecl *, LaneValue> Vars;
  llvm::SmallVector<ExitMark, 2> Exits; // some threads left this path earlier
  bool Dead = false;
  ExitMark DeadBy; // why the path ended, when Dead

  void addExit(const ExitMark &M) {
    if (!llvm::is_contained(Exits, M))
      Exits.push_back(M);
  }
};

struct Control {
  const Expr *Cond;
  std::shared_ptr<const CondClass> Class;
  const Stmt *S;
  bool Loop;
  unsigned Frame;
  bool WhenFalse; // this path runs where Cond is false (else arm)
};

struct Frame {
  const FunctionDecl *FD = nullptr;
  const Expr *Call = nullptr; // the call that entered this frame
  std::optional<LaneValue> Ret;
  std::vector<State> Returns;
  llvm::DenseMap<const ValueDecl *, const ValueDecl *> Alias;    // reference parameters
  llvm::DenseMap<const ValueDecl *, const ValueDecl *> PtrAlias; // T *p = &local
};

struct Target {
  const Stmt *S;
  bool IsLoop;
  size_t ControlBase;
  std::vector<State> Breaks, Continues;
  const State *SwitchEntry = nullptr;
};

class Walker {
public:
  Walker(ASTContext &Ctx, const BlockShape &Shape, const FunctionDecl *Root,
         std::vector<BranchEvent> &Branches, std::vector<BarrierEvent> &Barriers,
         llvm::DenseSet<const FunctionDecl *> &Reached,
         llvm::DenseMap<const Stmt *, std::unique_ptr<LoopInfo>> &Loops)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Shape(Shape), Model(modelOf(Shape)), Root(Root),
        Branches(Branches), Barriers(Barriers), Reached(Reached), LoopInfos(Loops) {}

  void run() {
    Frame F;
    F.FD = Root;
    Frames.push_back(F);
    for (const ParmVarDecl *P : Root->parameters())
      S.Vars[P] = paramValue(P);
    if (const Stmt *Body = Root->getBody())
      stmt(Body);
  }

private:
  // --- helpers -----------------------------------------------------------------------
  bool budget() {
    if (++Steps > MaxSteps)
      Exhausted = true;
    return !Exhausted;
  }

  LaneValue paramValue(const ParmVarDecl *P) {
    LaneValue V;
    V.NonNeg = P->getType()->isUnsignedIntegerType();
    return V;
  }

  std::optional<int64_t> constantOf(const Expr *E) {
    if (E->isValueDependent() || E->isTypeDependent() || !E->getType()->isIntegralOrEnumerationType())
      return std::nullopt;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  }

  const ValueDecl *resolve(const ValueDecl *D) const {
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It) {
      auto A = It->Alias.find(D);
      if (A != It->Alias.end())
        D = A->second;
    }
    return D;
  }

  /// The local variable an lvalue names, if it is tracked.
  const ValueDecl *trackedVar(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const ValueDecl *D = resolve(DRE->getDecl());
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (VD->hasLocalStorage() || isa<ParmVarDecl>(VD))
          return VD;
    }
    return nullptr;
  }

  /// The innermost thread-dependent control of \p Frame above \p From, as an exit mark.
  ExitMark exitMark(ExitMark::Kind K, const Stmt *Exit, const Stmt *Target, size_t From) const {
    unsigned Frame = Frames.size() - 1;
    ExitMark M{K, Exit, Target, Frame, nullptr, nullptr, false};
    for (size_t I = Controls.size(); I > From; --I) {
      const Control &C = Controls[I - 1];
      if (C.Frame == Frame) {
        M.Cond = C.Cond;
        M.Class = C.Class;
        M.WhenFalse = C.WhenFalse;
        break;
      }
    }
    return M;
  }

  void pushControl(const Expr *Cond, const CondClass &C, const Stmt *St, bool Loop,
                   bool WhenFalse = false) {
    Controls.push_back({Cond, std::make_shared<const CondClass>(C), St, Loop,
                        static_cast<unsigned>(Frames.size() - 1), WhenFalse});
  }

  // --- state merges ---------------------------------------------------------------------
  static State mergePlain(const State &A, const State &B) {
    if (A.Dead)
      return B;
    if (B.Dead)
      return A;
    State R = A;
    for (const auto &[D, V] : B.Vars) {
      auto It = R.Vars.find(D);
      if (It == R.Vars.end())
        R.Vars[D] = V;
      else if (It->second != V)
        It->second = lane::join(It->second, V);
    }
    for (const ExitMark &M : B.Exits)
      R.addExit(M);
    return R;
  }

  /// The state after the two arms of a branch on \p C.
  State mergeBranches(State Then, State Else, const CondClass &C, const Expr *Cond) {
    auto Shared = std::make_shared<const CondClass>(C);
    bool Dependent = isThreadDependent(C.Cat);
    if (Then.Dead && Else.Dead) {
      for (const ExitMark &M : Else.Exits)
        Then.addExit(M);
      return Then;
    }
    if (Then.Dead || Else.Dead) {
      // The threads on the dead path all left (returned, broke out): what
      // happened to some of them before does not concern the live path.
      State &Live = Then.Dead ? Else : Then;
      const State &Gone = Then.Dead ? Then : Else;
      ExitMark M = Gone.DeadBy;
      if (!M.Class && Dependent) {
        M.Class = Shared;
        M.Cond = Cond;
        M.WhenFalse = Else.Dead;
      }
      if (M.Class)
        Live.addExit(M);
      return std::move(Live);
    }
    State R = Then;
    for (const auto &[D, V] : Else.Vars) {
      auto It = R.Vars.find(D);
      if (It == R.Vars.end()) {
        R.Vars[D] = V;
        continue;
      }
      if (It->second == V)
        continue;
      LaneValue J = lane::join(It->second, V);
      if (Dependent) {
        const LaneValue &TV = It->second;
        if (TV.Const && V.Const && (*TV.Const != 0) != (*V.Const != 0) &&
            C.Cat != BranchCategory::WarpUniform && C.Cat != BranchCategory::DataDependent)
          J = lane::fromCond(*TV.Const != 0 ? C : C.negated()); // a flag set by the branch
        else
          J = lane::controlDependent(J, Shared);
      }
      It->second = J;
    }
    for (const ExitMark &M : Else.Exits)
      R.addExit(M);
    return R;
  }

  static bool sameState(const State &A, const State &B) {
    if (A.Dead != B.Dead || A.Vars.size() != B.Vars.size() || A.Exits.size() != B.Exits.size())
      return false;
    for (const auto &[D, V] : A.Vars) {
      auto It = B.Vars.find(D);
      if (It == B.Vars.end() || It->second != V)
        return false;
    }
    return true;
  }

  // --- events ------------------------------------------------------------------------------
  void recordBranch(BranchEvent::Form F, const Stmt *St, const Expr *Cond, const CondClass &C,
                    std::optional<int64_t> Constant = std::nullopt) {
    if (!Recording || Exhausted)
      return;
    if (!isThreadDependent(C.Cat) && !Constant)
      return;
    BranchEvent E;
    E.F = F;
    E.Branch = St;
    E.Cond = Cond;
    E.Class = C;
    E.Shape = &Shape;
    E.Root = Root;
    E.ConstantValue = Constant;
    Branches.push_back(std::move(E));
  }

  void barrier(const CallExpr *Call, std::string Name) {
    if (!Recording || Exhausted)
      return;
    // The outermost divergence: the frame whose control flow splits the block.
    const Control *BestC = nullptr;
    const ExitMark *BestE = nullptr;
    unsigned BestFrame = ~0u;
    for (const Control &C : Controls)
      if (C.Frame < BestFrame) {
        BestFrame = C.Frame;
        BestC = &C;
      }
    for (const ExitMark &M : S.Exits)
      if (M.Frame < BestFrame) {
        BestFrame = M.Frame;
        BestE = &M;
        BestC = nullptr;
      }
    if (!BestC && !BestE)
      return;
    BarrierEvent B;
    B.Barrier = Call;
    B.BarrierName = std::move(Name);
    B.ReportAt = BestFrame + 1 < Frames.size() ? Frames[BestFrame + 1].Call : Call;
    B.Shape = &Shape;
    B.Root = Root;
    if (BestC) {
      B.W = BestC->Loop ? BarrierEvent::Why::Loop : BarrierEvent::Why::Condition;
      B.Cond = BestC->Cond;
      B.Class = *BestC->Class;
      B.WhenFalse = BestC->WhenFalse;
    } else {
      B.W = BestE->K == ExitMark::Return  ? BarrierEvent::Why::AfterReturn
            : BestE->K == ExitMark::Break ? BarrierEvent::Why::AfterBreak
                                          : BarrierEvent::Why::AfterContinue;
      B.Cond = BestE->Cond;
      B.Exit = BestE->Exit;
      B.WhenFalse = BestE->WhenFalse;
      if (BestE->Class)
        B.Class = *BestE->Class;
    }
    Barriers.push_back(std::move(B));
  }

  // --- conditions --------------------------------------------------------------------------
  CondClass condition(const Expr *Cond, LaneValue &V) {
    ++CondDepth;
    V = expr(Cond);
    --CondDepth;
    return lane::truthOf(V, Cond);
  }

  /// `c & x == k` (a comparison as an operand of a bit operation, unparenthesised)
  /// that folds to a constant although x is thread-dependent.
  bool precedenceConstant(const Expr *Cond) {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isBitwiseOp())
      return false;
    const Expr *Sides[2] = {BO->getLHS()->IgnoreImpCasts(), BO->getRHS()->IgnoreImpCasts()};
    for (int I = 0; I < 2; ++I) {
      const auto *Cmp = dyn_cast<BinaryOperator>(Sides[I]);
      if (!Cmp || !Cmp->isComparisonOp())
        continue;
      bool SavedRec = Recording;
      Recording = false;
      LaneValue Other = expr(Sides[1 - I]);
      Recording = SavedRec;
      if (Other.isThreadDependent())
        return true;
    }
    return false;
  }

  /// Shrinking thresholds whose loop stops while whole warps are active
  /// (`for (s = blockDim.x / 2; s > 32; s >>= 1) if (tid < s)`) are warp-uniform
  /// for power-of-two block sizes.
  void protectShrinking(CondClass &C) {
    if (C.Cat != BranchCategory::ShrinkingThreshold || !C.GrowthExact || !C.GrowthVar ||
        C.G != Growth::Shrinks || C.EveryWarp)
      return;
    for (auto It = LoopStack.rbegin(); It != LoopStack.rend(); ++It) {
      const LoopInfo &Info = **It;
      if (!Info.Grow.count(C.GrowthVar))
        continue;
      const auto *BO = Info.Cond ? dyn_cast<BinaryOperator>(Info.Cond->IgnoreParenImpCasts())
                                 : nullptr;
      if (!BO)
        return;
      BinaryOperatorKind Op = BO->getOpcode();
      const Expr *Bound = nullptr;
      if (refVar(BO->getLHS()) == C.GrowthVar)
        Bound = BO->getRHS();
      else if (refVar(BO->getRHS()) == C.GrowthVar) {
        Bound = BO->getLHS();
        Op = Op == BO_LT ? BO_GT : Op == BO_LE ? BO_GE : Op;
      }
      std::optional<int64_t> K = Bound ? constantOf(Bound) : std::nullopt;
      if (!K)
        return;
      int64_t Min = Op == BO_GT ? *K + 1 : Op == BO_GE ? *K : 0;
      if (Min >= 32) {
        C.Cat = BranchCategory::WarpUniform;
        C.Reason = CondClass::Why::None;
      }
      return;
    }
  }

  /// Loop conditions: a bound or start that differs between lanes gives each
  /// lane its own trip count.
  void refineTripCount(const Expr *Cond, CondClass &C, const LoopInfo &Info) {
    if (C.Cat != BranchCategory::TailGuard && C.Cat != BranchCategory::Unknown &&
        C.Reason != CondClass::Why::LoopThreshold)
      return;
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isRelationalOp())
      return;
    bool SavedRec = Recording;
    Recording = false;
    State Saved = S;
    LaneValue LV = expr(BO->getLHS()), RV = expr(BO->getRHS());
    S = std::move(Saved);
    Recording = SavedRec;
    bool LLane = LV.K == LaneValue::Lane && !LV.isWarpUniform();
    bool RLane = RV.K == LaneValue::Lane && !RV.isWarpUniform();
    if (LLane == RLane || !(LLane ? RV : LV).isWarpUniform())
      return;
    const Expr *LaneE = LLane ? BO->getLHS() : BO->getRHS();
    const Expr *OtherE = LLane ? BO->getRHS() : BO->getLHS();
    const LaneValue &Lane = LLane ? LV : RV;
    bool LaneModified = references(LaneE, Info.Modified);
    bool OtherModified = references(OtherE, Info.Modified);
    bool Split = false;
    if (!LaneModified && OtherModified) {
      Split = true;
    } else if (LaneModified) {
      for (const VarDecl *V : Info.Modified) {
        if (!references(LaneE, llvm::DenseSet<const VarDecl *>{V}))
          continue;
        auto It = Info.Step.find(V);
        if (It == Info.Step.end())
          continue;
        int64_t Step = 1;
        if (It->second) {
          // Only a literal step: `i += blockSize` is a block-stride loop even
          // in the instantiation where blockSize is 1.
          const Expr *StepE = It->second->IgnoreParens();
          while (const auto *ICE = dyn_cast<ImplicitCastExpr>(StepE))
            StepE = ICE->getSubExpr()->IgnoreParens();
          const auto *Lit = dyn_cast<IntegerLiteral>(StepE);
          if (!Lit)
            continue;
          Step = static_cast<int64_t>(Lit->getValue().getZExtValue());
        }
        // Stepping by 1 from a per-lane start gives per-lane trip counts
        // (for (t = t3; t < T; t++)); a larger constant step from the thread
        // index is a block-stride loop over a small block: a tail.
        if (Step == 1 && Lane.laneSpan() > 1)
          Split = true;
      }
    }
    if (!Split)
      return;
    CondClass R;
    R.Cat = BranchCategory::LaneSplit;
    R.Reason = CondClass::Why::TripCount;
    R.LaneSide = LaneE;
    R.AssumedShape = C.AssumedShape;
    R.NarrowShape = C.NarrowShape;
    C = R;
  }

  // --- statements --------------------------------------------------------------------------
  void stmt(const Stmt *St) {
    // A dead path still walks into compound statements to find case labels.
    if (!St || (S.Dead && !isa<CompoundStmt>(St) && !isa<SwitchCase>(St)) || !budget())
      return;
    switch (St->getStmtClass()) {
    case Stmt::CompoundStmtClass:
      for (const Stmt *C : cast<CompoundStmt>(St)->body())
        stmt(C);
      return;
    case Stmt::DeclStmtClass:
      for (const Decl *D : cast<DeclStmt>(St)->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          declare(VD);
      return;
    case Stmt::IfStmtClass:
      ifStmt(cast<IfStmt>(St));
      return;
    case Stmt::ForStmtClass: {
      const auto *F = cast<ForStmt>(St);
      if (F->getConditionVariable())
        declare(F->getConditionVariable());
      loop(F, F->getInit(), F->getCond(), F->getInc(), F->getBody(), true);
      return;
    }
    case Stmt::WhileStmtClass: {
      const auto *W = cast<WhileStmt>(St);
      if (W->getConditionVariable())
        declare(W->getConditionVariable());
      loop(W, nullptr, W->getCond(), nullptr, W->getBody(), true);
      return;
    }
    case Stmt::DoStmtClass: {
      const auto *D = cast<DoStmt>(St);
      loop(D, nullptr, D->getCond(), nullptr, D->getBody(), false);
      return;
    }
    case Stmt::CXXForRangeStmtClass: {
      const auto *F = cast<CXXForRangeStmt>(St);
      stmt(F->getInit());
      stmt(F->getRangeStmt());
      stmt(F->getBeginStmt());
      stmt(F->getEndStmt());
      if (const VarDecl *LV = F->getLoopVariable())
        S.Vars[LV] = LaneValue();
      loop(F, nullptr, nullptr, nullptr, F->getBody(), true);
      return;
    }
    case Stmt::SwitchStmtClass:
      switchStmt(cast<SwitchStmt>(St));
      return;
    case Stmt::CaseStmtClass:
    case Stmt::DefaultStmtClass: {
      for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
        if (!(*It)->IsLoop) {
          S = S.Dead ? *(*It)->SwitchEntry : mergePlain(S, *(*It)->SwitchEntry);
          break;
        }
      stmt(cast<SwitchCase>(St)->getSubStmt());
      return;
    }
    case Stmt::ReturnStmtClass:
      returnStmt(cast<ReturnStmt>(St));
      return;
    case Stmt::BreakStmtClass:
    case Stmt::ContinueStmtClass:
      jump(St, isa<BreakStmt>(St));
      return;
    case Stmt::GCCAsmStmtClass:
      asmStmt(cast<GCCAsmStmt>(St));
      return;
    case Stmt::LabelStmtClass:
      stmt(cast<LabelStmt>(St)->getSubStmt());
      return;
    case Stmt::AttributedStmtClass:
      stmt(cast<AttributedStmt>(St)->getSubStmt());
      return;
    case Stmt::NullStmtClass:
    case Stmt::GotoStmtClass:
    case Stmt::IndirectGotoStmtClass:
      return;
    default:
      if (const auto *E = dyn_cast<Expr>(St)) {
        expr(E);
        return;
      }
      for (const Stmt *C : St->children())
        stmt(C);
    }
  }

  void declare(const VarDecl *VD) {
    if (!VD->hasLocalStorage())
      return; // static / __shared__: memory, read as uniform
    LaneValue V;
    if (const Expr *Init = VD->getInit())
      V = expr(Init);
    if (VD->getType()->isUnsignedIntegerType() && V.K == LaneValue::Uniform && !V.Const)
      V.NonNeg = true;
    S.Vars[VD] = V;
  }

  void ifStmt(const IfStmt *If) {
    stmt(If->getInit());
    if (If->getConditionVariable())
      declare(If->getConditionVariable());
    const Expr *Cond = If->getCond();
    if (!Cond || If->isConsteval()) {
      stmt(If->getThen());
      stmt(If->getElse());
      return;
    }
    LaneValue CV;
    CondClass C = condition(Cond, CV);
    if (CV.K == LaneValue::Uniform && CV.Const) {
      if (precedenceConstant(Cond))
        recordBranch(BranchEvent::Form::If, If, Cond, C, CV.Const);
      stmt(*CV.Const ? If->getThen() : If->getElse());
      return;
    }
    recordBranch(BranchEvent::Form::If, If, Cond, C);
    State Entry = S;
    bool Push = isThreadDependent(C.Cat);
    if (Push)
      pushControl(Cond, C, If, false);
    stmt(If->getThen());
    State Then = std::move(S);
    S = std::move(Entry);
    if (Push) {
      Controls.pop_back();
      pushControl(Cond, C, If, false, /*WhenFalse=*/true);
    }
    stmt(If->getElse());
    if (Push)
      Controls.pop_back();
    S = mergeBranches(std::move(Then), std::move(S), C, Cond);
  }

  void switchStmt(const SwitchStmt *Sw) {
    stmt(Sw->getInit());
    if (Sw->getConditionVariable())
      declare(Sw->getConditionVariable());
    LaneValue V = expr(Sw->getCond());
    CondClass C;
    if (V.K == LaneValue::Data) {
      C.Cat = BranchCategory::DataDependent;
      C.Reason = CondClass::Why::Data;
      C.DataSrc = V.DataSrc;
    } else if (V.K == LaneValue::Varying) {
      C.Cat = BranchCategory::Unknown;
    } else if (V.K == LaneValue::Lane) {
      if (V.isWarpUniform()) {
        C.Cat = BranchCategory::WarpUniform;
      } else {
        std::vector<int64_t> Vals;
        for (unsigned I = 0; I < WarpLanes; ++I)
          if (V.Active & (1u << I))
            Vals.push_back(V.L[I]);
        llvm::sort(Vals);
        Vals.erase(std::unique(Vals.begin(), Vals.end()), Vals.end());
        C.Cat = BranchCategory::LaneSplit;
        C.Reason = CondClass::Why::SwitchValues;
        C.Distinct = Vals.size();
        C.EveryWarp = V.Align == 0;
      }
      C.AssumedShape = V.AssumedAxis;
      C.NarrowShape = V.NarrowAxis;
    }
    recordBranch(BranchEvent::Form::Switch, Sw, Sw->getCond(), C);
    State Entry = S;
    Target T{Sw, false, Controls.size(), {}, {}, &Entry};
    Targets.push_back(&T);
    bool Push = isThreadDependent(C.Cat);
    if (Push)
      pushControl(Sw->getCond(), C, Sw, false);
    S.Dead = true; // reached only through a case label
    stmt(Sw->getBody());
    if (Push)
      Controls.pop_back();
    Targets.pop_back();
    bool HasDefault = false;
    for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
      HasDefault |= isa<DefaultStmt>(SC);
    State Out = S;
    for (State &B : T.Breaks)
      Out = mergePlain(Out, B);
    if (!HasDefault)
      Out = mergePlain(Out, Entry);
    if (Push && !Out.Dead)
      for (auto &[D, Val] : Out.Vars) {
        auto It = Entry.Vars.find(D);
        if (It != Entry.Vars.end() && It->second != Val)
          Val = lane::controlDependent(Val, std::make_shared<const CondClass>(C));
      }
    S = std::move(Out);
  }

  void returnStmt(const ReturnStmt *R) {
    std::optional<LaneValue> V;
    if (const Expr *E = R->getRetValue())
      V = expr(E);
    if (S.Dead)
      return;
    Frame &F = Frames.back();
    unsigned FrameIdx = Frames.size() - 1;
    ExitMark Mark = exitMark(ExitMark::Return, R, nullptr, 0);
    std::shared_ptr<const CondClass> C = Mark.Class;
    if (V && FrameIdx > 0) {
      // A value returned under a thread-dependent condition, or after some
      // threads already returned, depends on that condition.
      std::shared_ptr<const CondClass> Dep = C;
      if (!Dep)
        for (const ExitMark &M : S.Exits)
          if (M.Frame == FrameIdx && M.K == ExitMark::Return)
            Dep = M.Class;
      LaneValue RV = Dep ? lane::controlDependent(*V, Dep) : *V;
      F.Ret = F.Ret ? lane::join(*F.Ret, RV) : RV;
    }
    F.Returns.push_back(S);
    S.Dead = true;
    S.DeadBy = Mark;
  }

  void jump(const Stmt *St, bool IsBreak) {
    Target *T = nullptr;
    for (auto It = Targets.rbegin(); It != Targets.rend(); ++It)
      if (IsBreak || (*It)->IsLoop) {
        T = *It;
        break;
      }
    if (!T) {
      S.Dead = true;
      return;
    }
    (IsBreak ? T->Breaks : T->Continues).push_back(S);
    S.Dead = true;
    S.DeadBy = exitMark(IsBreak ? ExitMark::Break : ExitMark::Continue, St, T->S, T->ControlBase);
  }

  void asmStmt(const GCCAsmStmt *A) {
    llvm::SmallVector<LaneValue, 4> Inputs;
    for (unsigned I = 0; I < A->getNumInputs(); ++I)
      Inputs.push_back(expr(A->getInputExpr(I)));
    std::string Text = A->getAsmString();
    StringRef T(Text);
    LaneValue Out;
    if (T.contains("%laneid"))
      Out = LaneValue::lanes(lanesOf([](int64_t L, int64_t) { return L; }, 0), 0, false);
    else if (T.contains("%tid.x"))
      Out = Model.Tid[0];
    else if (T.contains("%tid.y"))
      Out = Model.Tid[1];
    else if (T.contains("%tid.z"))
      Out = Model.Tid[2];
    else if (T.contains("%warpid"))
      Out = LaneValue::warpUniform();
    else if (T.contains("%lanemask") || T.contains("%clock") || T.contains("%globaltimer") ||
             T.contains("%smid"))
      Out = LaneValue::data(nullptr);
    else
      Out = lane::opaque(Inputs);
    if (Out.K == LaneValue::Varying)
      Out = LaneValue::data(nullptr);
    for (unsigned I = 0; I < A->getNumOutputs(); ++I)
      assign(A->getOutputExpr(I), Out);
  }

  // --- loops -----------------------------------------------------------------------------------
  LoopInfo &loopInfo(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body) {
    auto [It, New] = LoopInfos.try_emplace(L);
    if (New) {
      It->second = std::make_unique<LoopInfo>();
      It->second->Loop = L;
      It->second->Cond = Cond;
      LoopScanner Scan(*It->second, Ctx);
      if (Inc)
        Scan.TraverseStmt(const_cast<Stmt *>(Inc));
      if (Body)
        Scan.TraverseStmt(const_cast<Stmt *>(Body));
      if (Cond)
        Scan.TraverseStmt(const_cast<Expr *>(Cond));
    }
    return *It->second;
  }

  /// One trip through the loop from the current state: condition (for loops
  /// that test first), body, increment. Returns the state at the back edge.
  State iterate(const Stmt *L, const Expr *Cond, const Stmt *Inc, const Stmt *Body, bool TestFirst,
                const LoopInfo &Info, CondClass &C, std::vector<State> &Breaks) {
    Target T{L, true, Controls.size(), {}, {}, nullptr};
    Targets.push_back(&T);
    bool Push = false;
    if (TestFirst && Cond) {
      LaneValue CV;
      C = condition(Cond, CV);
      refineTripCount(Cond, C, Info);
      recordBranch(BranchEvent::Form::Loop, L, Cond, C);
    }
    if (isThreadDependent(C.Cat)) {
      pushControl(Cond, C, L, true);
      Push = true;
    }
    stmt(Body);
    for (State &Cont : T.Continues)
      S = mergePlain(S, Cont);
    S.Exits.erase(llvm::remove_if(S.Exits, [&](const ExitMark &M) {
                    return M.K == ExitMark::Continue && M.Target == L;
                  }),
                  S.Exits.end());
    if (Inc && !S.Dead)
      stmt(Inc);
    if (!TestFirst && Cond && !S.Dead) {
      LaneValue CV;
      C = condition(Cond, CV);
      recordBranch(BranchEvent::Form::Loop, L, Cond, C);
    }
    if (Push)
      Controls.pop_back();
    Targets.pop_back();
    Breaks = std::move(T.Breaks);
    return S;
  }

  void loop(const Stmt *L, const Stmt *Init, const Expr *Cond, const Stmt *Inc, const Stmt *Body,
            bool TestFirst) {
    stmt(Init);
    if (S.Dead)
      return;
    LoopInfo &Info = loopInfo(L, Cond, Inc, Body);
    LoopStack.push_back(&Info);
    std::optional<int64_t> Constant;
    if (Cond) {
      bool SavedRec = Recording;
      Recording = false;
      State Saved = S;
      LaneValue CV = expr(Cond);
      S = std::move(Saved);
      Recording = SavedRec;
      // False before the first trip: the body never runs. True: it may still
      // change unless nothing the loop updates feeds it.
      if (CV.K == LaneValue::Uniform && CV.Const &&
          ((*CV.Const == 0 && TestFirst) || !references(Cond, Info.Modified)))
        Constant = *CV.Const;
    } else {
      Constant = 1;
    }
    if (Constant && *Constant == 0 && TestFirst) {
      LoopStack.pop_back();
      return;
    }
    const Expr *LoopCond = Constant ? nullptr : Cond;
    State Entry = S;
    State Head = Entry;
    CondClass C;
    std::vector<State> Breaks;
    bool SavedRec = Recording;
    Recording = false;
    if (!(Constant && *Constant == 0)) {
      for (unsigned It = 0;; ++It) {
        S = Head;
        CondClass IterC = C;
        State Back = iterate(L, LoopCond, Inc, Body, TestFirst, Info, IterC, Breaks);
        if (!TestFirst)
          C = IterC;
        State Next = mergePlain(Entry, Back);
        if (sameState(Next, Head) || Exhausted)
          break;
        if (It + 1 >= MaxLoopIterations) {
          // Widen what still changes.
          for (auto &[D, V] : Next.Vars) {
            auto Old = Head.Vars.find(D);
            if (Old == Head.Vars.end() || Old->second == V)
              continue;
            if (V.K == LaneValue::Uniform) {
              LaneValue W;
              W.NonNeg = V.NonNeg && Old->second.NonNeg;
              V = W;
            } else if (V.K == LaneValue::Lane) {
              // The join keeps the alignment that every trip so far shares
              // (i = tid + 256k stays a multiple of 32 apart); only the
              // growing upper bound is dropped.
              V = lane::join(V, Old->second);
              if (V.K == LaneValue::Lane)
                V.UBound.reset();
            }
          }
          Head = std::move(Next);
          break;
        }
        Head = std::move(Next);
      }
    }
    Recording = SavedRec;
    // The recorded pass, from the fixed point.
    S = Head;
    CondClass Final = C; // a do-while condition governs the trips after the first
    iterate(L, LoopCond, Inc, Body, TestFirst, Info, Final, Breaks);
    // Leaving the loop: the condition failed (at the head, or after the body
    // of a do-while), or a break.
    State Exit = TestFirst ? Head : S;
    if (Constant && *Constant != 0)
      Exit.Dead = true;
    for (State &B : Breaks)
      Exit = mergePlain(Exit, B);
    Exit.Exits.erase(llvm::remove_if(Exit.Exits,
                                     [&](const ExitMark &M) {
                                       return M.K != ExitMark::Return && M.Target == L;
                                     }),
                     Exit.Exits.end());
    if (isThreadDependent(Final.Cat) && !Exit.Dead) {
      auto Shared = std::make_shared<const CondClass>(Final);
      for (auto &[D, V] : Exit.Vars) {
        auto It = Entry.Vars.find(D);
        if (It != Entry.Vars.end() && It->second != V)
          V = lane::controlDependent(V, Shared);
      }
    }
    S = std::move(Exit);
    LoopStack.pop_back();
  }

  // --- expressions -------------------------------------------------------------------------
  void assign(const Expr *LHS, const LaneValue &V, bool Weak = false) {
    LHS = LHS->IgnoreParens();
    if (const ValueDecl *D = trackedVar(LHS)) {
      bool IsArray = D->getType()->isArrayType();
      auto It = S.Vars.find(D);
      if ((Weak || IsArray) && It != S.Vars.end())
        It->second = lane::join(It->second, V);
      else
        S.Vars[D] = V;
      return;
    }
    const Expr *E = LHS->IgnoreParenImpCasts();
    const Expr *Base = nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (!ME->isArrow())
        Base = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      expr(AS->getIdx());
      Base = AS->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_Deref) {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts()))
        for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
          auto A = F->PtrAlias.find(DRE->getDecl());
          if (A != F->PtrAlias.end()) {
            S.Vars[A->second] = V;
            return;
          }
        }
      expr(UO->getSubExpr());
      return;
    }
    if (Base) {
      if (const ValueDecl *D = trackedVar(Base)) {
        auto It = S.Vars.find(D);
        if (It != S.Vars.end())
          It->second = lane::join(It->second, V);
        else
          S.Vars[D] = V;
        return;
      }
      if (isa<MemberExpr>(Base->IgnoreParenImpCasts()) ||
          isa<ArraySubscriptExpr>(Base->IgnoreParenImpCasts()))
        assign(Base, V, true);
      else
        expr(Base);
    }
  }

  LaneValue unsignedFix(LaneValue V, QualType T) {
    if (V.K == LaneValue::Uniform && !V.Const && T->isUnsignedIntegerType())
      V.NonNeg = true;
    return V;
  }

  LaneValue builtinVar(const MSPropertyRefExpr *P) {
    const Expr *BaseE = P->getBaseExpr()->IgnoreImpCasts();
    if (const auto *OV = dyn_cast<OpaqueValueExpr>(BaseE))
      BaseE = OV->getSourceExpr() ? OV->getSourceExpr()->IgnoreImpCasts() : BaseE;
    const auto *Base = dyn_cast<DeclRefExpr>(BaseE);
    if (!Base)
      return LaneValue();
    StringRef Var = Base->getDecl()->getName();
    StringRef Axis = P->getPropertyDecl()->getName();
    int A = Axis == "x" ? 0 : Axis == "y" ? 1 : Axis == "z" ? 2 : -1;
    if (A < 0)
      return LaneValue();
    if (Var == "threadIdx")
      return Model.Tid[A];
    if (Var == "blockDim")
      return Model.BDim[A];
    if (Var == "gridDim")
      return LaneValue::aligned(1);
    if (Var == "blockIdx") {
      LaneValue V = LaneValue::aligned(1);
      V.PerBlock = true;
      return V;
    }
    return LaneValue();
  }

  LaneValue expr(const Expr *E) {
    if (!E)
      return LaneValue();
    if (!budget())
      return LaneValue::varying();
    if (E->isValueDependent() || E->isTypeDependent())
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

  LaneValue castValue(const CastExpr *CE) {
    LaneValue V = expr(CE->getSubExpr());
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
      return V;
    case CK_IntegralCast:
      if (To->isBooleanType() && V.K != LaneValue::Uniform)
        return V.Cond ? V : lane::fromCond(lane::truthOf(V, CE->getSubExpr()));
      return unsignedFix(V, To);
    default:
      return V;
    }
  }

  LaneValue declRef(const DeclRefExpr *DRE) {
    const ValueDecl *D = resolve(DRE->getDecl());
    auto It = S.Vars.find(D);
    if (It != S.Vars.end()) {
      LaneValue V = It->second;
      if (const auto *VD = dyn_cast<VarDecl>(D))
        annotateGrowth(V, VD);
      return V;
    }
    if (std::optional<int64_t> C = constantOf(DRE))
      return LaneValue::constant(*C);
    LaneValue V;
    V.NonNeg = DRE->getType()->isUnsignedIntegerType();
    return V;
  }

  void annotateGrowth(LaneValue &V, const VarDecl *VD) {
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

  LaneValue member(const MemberExpr *ME) {
    const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    // cooperative groups: block.thread_index().x, block.group_index().y
    if (const auto *MC = dyn_cast<CallExpr>(Base); MC && objectOf(MC)) {
      int64_t N;
      GroupKind K = groupKindOf(objectOf(MC)->getType(), N);
      const auto *Method = MC->getDirectCallee();
      if (K == GroupKind::Block && Method && Method->getIdentifier()) {
        StringRef Field = ME->getMemberDecl()->getName();
        int A = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : -1;
        StringRef M = Method->getName();
        if (A >= 0 && M == "thread_index")
          return Model.Tid[A];
        if (A >= 0 && (M == "group_dim" || M == "dim_threads"))
          return Model.BDim[A];
        if (A >= 0 && M == "group_index")
          return LaneValue::aligned(1);
      }
    }
    if (!ME->isArrow())
      if (const ValueDecl *D = trackedVar(Base)) {
        auto It = S.Vars.find(D);
        return It != S.Vars.end() ? It->second : LaneValue();
      }
    LaneValue B = expr(ME->getBase());
    if (isa<FieldDecl>(ME->getMemberDecl()) || isa<VarDecl>(ME->getMemberDecl())) {
      if (ME->isArrow() && B.isThreadDependent())
        return LaneValue::data(ME);
      if (B.K == LaneValue::Lane || B.K == LaneValue::Varying)
        return B.isWarpUniform() ? LaneValue::warpUniform() : LaneValue::varying();
      return B.K == LaneValue::Uniform ? LaneValue() : B;
    }
    return B;
  }

  LaneValue subscript(const ArraySubscriptExpr *AS) {
    LaneValue I = expr(AS->getIdx());
    if (const ValueDecl *D = trackedVar(AS->getBase())) {
      if (D->getType()->isArrayType()) {
        if (I.isThreadDependent())
          return LaneValue::data(AS);
        auto It = S.Vars.find(D);
        return It != S.Vars.end() ? It->second : LaneValue();
      }
    }
    LaneValue B = expr(AS->getBase());
    if (B.isThreadDependent() || I.isThreadDependent()) {
      LaneValue D = LaneValue::data(AS);
      D.SameInWarps = !B.isThreadDependent() && I.K == LaneValue::Lane && !I.warpVaries() &&
                      !I.HasFactor;
      return D;
    }
    return LaneValue();
  }

  LaneValue unary(const UnaryOperator *U) {
    const Expr *Sub = U->getSubExpr();
    switch (U->getOpcode()) {
    case UO_Deref: {
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParenImpCasts()))
        for (auto F = Frames.rbegin(); F != Frames.rend(); ++F) {
          auto A = F->PtrAlias.find(DRE->getDecl());
          if (A != F->PtrAlias.end()) {
            auto It = S.Vars.find(A->second);
            return It != S.Vars.end() ? It->second : LaneValue();
          }
        }
      LaneValue P = expr(Sub);
      return P.isThreadDependent() ? LaneValue::data(U) : LaneValue();
    }
    case UO_AddrOf: {
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub->IgnoreParens())) {
        LaneValue B = expr(AS->getBase()), I = expr(AS->getIdx());
        return lane::binary(BO_Add, B, I);
      }
      if (trackedVar(Sub))
        return LaneValue();
      LaneValue V = expr(Sub);
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
      return lane::fromCond(lane::truthOf(V, Sub).negated());
    }
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec: {
      LaneValue V = expr(Sub);
      LaneValue One = LaneValue::constant(1);
      LaneValue New = Sub->getType()->isIntegralOrEnumerationType()
                          ? lane::binary(U->isIncrementOp() ? BO_Add : BO_Sub, V, One)
                          : lane::opaque({V});
      assign(Sub, New);
      return U->isPostfix() ? V : New;
    }
    default:
      return expr(Sub);
    }
  }

  LaneValue arith(BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B, QualType T) {
    if (!T->isIntegralOrEnumerationType() && !T->isPointerType())
      return lane::opaque({A, B});
    return unsignedFix(lane::binary(Op, A, B), T);
  }

  LaneValue binary(const BinaryOperator *B) {
    BinaryOperatorKind Op = B->getOpcode();
    if (Op == BO_Assign) {
      LaneValue V = expr(B->getRHS());
      assign(B->getLHS(), V);
      return V;
    }
    if (B->isCompoundAssignmentOp()) {
      LaneValue R = expr(B->getRHS());
      LaneValue L = expr(B->getLHS());
      LaneValue V = arith(BinaryOperator::getOpForCompoundAssignment(Op), L, R,
                          B->getLHS()->getType());
      assign(B->getLHS(), V);
      return V;
    }
    if (Op == BO_Comma) {
      expr(B->getLHS());
      return expr(B->getRHS());
    }
    if (Op == BO_LAnd || Op == BO_LOr)
      return logical(B);
    LaneValue L = expr(B->getLHS()), R = expr(B->getRHS());
    if (B->isComparisonOp()) {
      if (L.K == LaneValue::Uniform && R.K == LaneValue::Uniform)
        return lane::binary(Op, L, R);
      CondClass C = lane::compare(Op, L, R, B->getLHS(), B->getRHS());
      protectShrinking(C);
      return lane::fromCond(std::move(C));
    }
    if (B->getLHS()->getType()->isPointerType() || B->getRHS()->getType()->isPointerType())
      return lane::binary(Op == BO_Sub ? BO_Sub : BO_Add, L, R); // element size ignored
    return arith(Op, L, R, B->getType());
  }

  LaneValue logical(const BinaryOperator *B) {
    bool And = B->getOpcode() == BO_LAnd;
    LaneValue A = expr(B->getLHS());
    CondClass CA = lane::truthOf(A, B->getLHS());
    if (A.K == LaneValue::Uniform && A.Const) {
      if ((*A.Const != 0) != And)
        return LaneValue::constant(!And ? 1 : 0);
      LaneValue R = expr(B->getRHS());
      if (R.K == LaneValue::Uniform)
        return R.Const ? LaneValue::constant(*R.Const != 0) : LaneValue();
      return lane::fromCond(lane::truthOf(R, B->getRHS()));
    }
    bool Dependent = isThreadDependent(CA.Cat);
    if (Dependent && CondDepth == 0 && hasEffects(B->getRHS(), Ctx))
      recordBranch(BranchEvent::Form::Logical, B, B->getLHS(), CA);
    State Entry = S;
    if (Dependent)
      pushControl(B->getLHS(), CA, B, false, /*WhenFalse=*/!And);
    LaneValue R = expr(B->getRHS());
    if (Dependent)
      Controls.pop_back();
    S = mergeBranches(std::move(S), std::move(Entry), And ? CA : CA.negated(), B->getLHS());
    if (A.K == LaneValue::Uniform && R.K == LaneValue::Uniform)
      return LaneValue();
    CondClass C = lane::combine(CA, lane::truthOf(R, B->getRHS()), And);
    return lane::fromCond(std::move(C));
  }

  LaneValue conditional(const AbstractConditionalOperator *CO) {
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
      pushControl(CO->getCond(), C, CO, false);
    LaneValue T = expr(CO->getTrueExpr());
    State Then = std::move(S);
    S = std::move(Entry);
    if (Dependent) {
      Controls.pop_back();
      pushControl(CO->getCond(), C, CO, false, /*WhenFalse=*/true);
    }
    LaneValue F = expr(CO->getFalseExpr());
    if (Dependent)
      Controls.pop_back();
    S = mergeBranches(std::move(Then), std::move(S), C, CO->getCond());
    if (!Dependent)
      return lane::join(T, F);
    if (T.Const && F.Const && (*T.Const != 0) != (*F.Const != 0) &&
        C.Cat != BranchCategory::WarpUniform && C.Cat != BranchCategory::DataDependent)
      return lane::fromCond(*T.Const != 0 ? C : C.negated());
    if (T == F)
      return lane::controlDependent(T, C.Cat == BranchCategory::WarpUniform
                                           ? std::make_shared<const CondClass>(C)
                                           : nullptr);
    return lane::controlDependent(lane::join(T, F), std::make_shared<const CondClass>(C));
  }

  // --- calls ---------------------------------------------------------------------------------------
  LaneValue call(const CallExpr *CE) {
    const FunctionDecl *FD = CE->getDirectCallee();
    StringRef Name = FD && FD->getIdentifier() ? FD->getName() : StringRef();

    if (const Expr *Obj = objectOf(CE)) {
      int64_t TileSize = 0;
      GroupKind K = groupKindOf(Obj->getType(), TileSize);
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
          GroupKind K = groupKindOf(CE->getArg(0)->getType(), N);
          if (K == GroupKind::Block || K == GroupKind::Grid || K == GroupKind::Cluster)
            barrier(CE, "cooperative_groups::sync(" + sourceText(CE->getArg(0), Ctx) + ")");
          return LaneValue();
        }
        if (Name == "thread_rank" && CE->getNumArgs() == 1) {
          int64_t N;
          GroupKind K = groupKindOf(CE->getArg(0)->getType(), N);
          return rankOf(K, N);
        }
        if (Name == "reduce" && CE->getNumArgs() >= 2) {
          int64_t N;
          GroupKind K = groupKindOf(CE->getArg(0)->getType(), N);
          if (K == GroupKind::Tile && N == 32)
            return Args[1].isThreadDependent() ? LaneValue::warpUniform() : LaneValue();
          return lane::opaque(Args);
        }
        return lane::opaque(Args);
      }
    }
    if (isBlockBarrierName(Name)) {
      for (const Expr *A : CE->arguments())
        expr(A);
      barrier(CE, Name.str() + "()");
      return LaneValue();
    }
    llvm::SmallVector<LaneValue, 4> Args;
    for (const Expr *A : CE->arguments())
      Args.push_back(expr(A));
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
      return LaneValue::data(CE);
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
    if (const FunctionDecl *Def = inlinable(FD, CE))
      return inlineCall(CE, Def, Args);
    if (CE->getNumArgs() == 0 && isLaneIdName(Name))
      return LaneValue::lanes(lanesOf([](int64_t L, int64_t) { return L; }, 0), 0, false);
    if (CE->getNumArgs() == 0 && isWarpIdName(Name))
      return LaneValue::warpUniform();
    return opaqueCall(CE, Name, Args);
  }

  LaneValue opaqueCall(const CallExpr *CE, StringRef Name, llvm::ArrayRef<LaneValue> Args) {
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
      if (D)
        S.Vars[D] = Dep ? (Result.K == LaneValue::Data ? Result : LaneValue::data(CE)) : LaneValue();
    }
    if (CE->getType()->isVoidType())
      return LaneValue();
    return Result;
  }

  LaneValue rankOf(GroupKind K, int64_t TileSize) {
    switch (K) {
    case GroupKind::Block:
      return Model.Linear;
    case GroupKind::Grid: {
      LaneValue V = Model.Linear;
      V.PerBlock = true;
      V.UBound.reset();
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
  static const Expr *objectOf(const CallExpr *CE) {
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
      return MC->getImplicitObjectArgument();
    if (isa<CXXOperatorCallExpr>(CE))
      return nullptr;
    if (const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
      return ME->getBase();
    return nullptr;
  }

  LaneValue groupMember(const CallExpr *MC, const Expr *Obj, GroupKind K, int64_t TileSize,
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

  const FunctionDecl *inlinable(const FunctionDecl *FD, const CallExpr *CE) {
    if (!FD || Frames.size() > MaxInlineDepth || Exhausted)
      return nullptr;
    const FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def || Def->isDependentContext() || isSystemCode(Def, SM))
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

  LaneValue inlineCall(const CallExpr *CE, const FunctionDecl *Def, llvm::ArrayRef<LaneValue> Args) {
    Reached.insert(Def);
    Frame F;
    F.FD = Def;
    F.Call = CE;
    unsigned Offset = 0;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
      if (isa<CXXMethodDecl>(Def) && !cast<CXXMethodDecl>(Def)->isStatic() && OC->getNumArgs() > 0)
        Offset = 1;
    for (unsigned I = 0; I < Def->getNumParams() && I + Offset < CE->getNumArgs(); ++I) {
      const ParmVarDecl *P = Def->getParamDecl(I);
      const Expr *A = CE->getArg(I + Offset)->IgnoreParenImpCasts();
      LaneValue V = I + Offset < Args.size() ? Args[I + Offset] : LaneValue();
      if (P->getType()->isReferenceType()) {
        if (const ValueDecl *D = trackedVar(A)) {
          F.Alias[P] = D;
          continue;
        }
      } else if (P->getType()->isPointerType()) {
        if (const auto *UO = dyn_cast<UnaryOperator>(A); UO && UO->getOpcode() == UO_AddrOf)
          if (const ValueDecl *D = trackedVar(UO->getSubExpr()))
            F.PtrAlias[P] = D;
      }
      S.Vars[P] = V;
    }
    Frames.push_back(std::move(F));
    stmt(Def->getBody());
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
    S = std::move(Out);
    if (Def->getReturnType()->isVoidType() || !Done.Ret)
      return LaneValue();
    return *Done.Ret;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const BlockShape &Shape;
  ShapeModel Model;
  const FunctionDecl *Root;
  std::vector<BranchEvent> &Branches;
  std::vector<BarrierEvent> &Barriers;
  llvm::DenseSet<const FunctionDecl *> &Reached;
  llvm::DenseMap<const Stmt *, std::unique_ptr<LoopInfo>> &LoopInfos; // stable addresses

  State S;
  std::vector<Control> Controls;
  std::vector<Frame> Frames;
  std::vector<Target *> Targets;
  std::vector<const LoopInfo *> LoopStack;
  bool Recording = true;
  unsigned CondDepth = 0;
  uint64_t Steps = 0;
  bool Exhausted = false;
};

} // namespace

// --- ThreadDependence ----------------------------------------------------------------------

void ThreadDependence::registerMatchers(MatchFinder &Finder, MatchFinder::MatchCallback *CB) {
  Finder.addMatcher(
      functionDecl(isDefinition(), anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
          .bind("td-function"),
      CB);
  Finder.addMatcher(launchCallMatcher(), CB);
}

void ThreadDependence::collect(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("td-function")) {
    if (FD->isDependentContext() || !FD->hasBody() || isSystemCode(FD, *Result.SourceManager))
      return;
    if (Seen.insert(FD).second)
      Functions.push_back(FD);
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch")) {
    std::optional<LaunchSite> Site = analyzeLaunch(Call, *Result.Context);
    if (Site && Site->Kernel)
      Launches[Site->Kernel->getCanonicalDecl()].push_back({Site->Block, Site->Loc});
  }
}

void ThreadDependence::run() {
  if (!Ctx || Analysed)
    return;
  Analysed = true;
  llvm::DenseSet<const FunctionDecl *> Reached;
  llvm::DenseMap<const Stmt *, std::unique_ptr<LoopInfo>> Loops;
  auto Walk = [&](const FunctionDecl *FD, const BlockShape &Shape) {
    Walker W(*Ctx, Shape, FD, Branches, Barriers, Reached, Loops);
    W.run();
  };
  // Kernels first, under each block shape they are launched with.
  for (const FunctionDecl *FD : Functions) {
    if (!FD->hasAttr<CUDAGlobalAttr>())
      continue;
    std::vector<const BlockShape *> Mine;
    bool Unknown = false;
    auto It = Launches.find(FD->getCanonicalDecl());
    if (It != Launches.end()) {
      for (const LaunchShape &L : It->second) {
        if (!L.Block) {
          Unknown = true;
          continue;
        }
        bool Seen = llvm::any_of(Mine, [&](const BlockShape *S) { return *S->Block == *L.Block; });
        if (!Seen && Mine.size() < 4) {
          Shapes.push_back({L.Block, L.Loc, false});
          Mine.push_back(&Shapes.back());
        }
      }
    }
    if (Mine.empty() || Unknown) {
      Shapes.push_back({std::nullopt, SourceLocation(), Mine.empty()});
      Mine.push_back(&Shapes.back());
    }
    for (const BlockShape *S : Mine)
      Walk(FD, *S);
  }
  // Device functions no kernel here reaches: on their own, parameters uniform.
  Shapes.push_back({std::nullopt, SourceLocation(), true});
  const BlockShape &Assumed = Shapes.back();
  for (const FunctionDecl *FD : Functions)
    if (!FD->hasAttr<CUDAGlobalAttr>() && !Reached.count(FD))
      Walk(FD, Assumed);
}

ThreadDependenceRule::ThreadDependenceRule(const RuleInfo &Info, RuleContext &Ctx)
    : Rule(Info, Ctx) {
  if (!Ctx.Divergence) {
    Ctx.Divergence = std::make_shared<ThreadDependence>();
    Collects = true;
  }
  TD = Ctx.Divergence;
}

void ThreadDependenceRule::registerMatchers(MatchFinder &Finder) {
  ThreadDependence::registerMatchers(Finder, this);
}

void ThreadDependenceRule::check(const MatchFinder::MatchResult &Result) {
  if (Collects)
    TD->collect(Result);
}

void ThreadDependenceRule::onEndOfTranslationUnit() {
  TD->run();
  reportFrom(*TD);
}

} // namespace cudalint
