//===- LaunchSite.cpp - The launch-site model shared by the rules ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/LaunchSite.h"
#include "rules/analysis/KernelNames.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

#include <functional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

enum class Api { None, LaunchKernel, Cooperative, LaunchEx, CuLaunch };

Api apiOf(const FunctionDecl *FD) {
  if (!FD || !FD->getIdentifier())
    return Api::None;
  StringRef N = FD->getName();
  N.consume_back("_ptsz");
  if (N == "cudaLaunchKernel")
    return Api::LaunchKernel;
  if (N == "cudaLaunchCooperativeKernel")
    return Api::Cooperative;
  if (N == "cudaLaunchKernelEx" || N == "cudaLaunchKernelExC")
    return Api::LaunchEx;
  if (N == "cuLaunchKernel" || N == "cuLaunchCooperativeKernel")
    return Api::CuLaunch;
  return Api::None;
}

} // namespace

const FunctionDecl *kernelOf(const Expr *E) {
  if (!E)
    return nullptr;
  E = stripWrappers(E)->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
      if (FD->hasAttr<CUDAGlobalAttr>())
        return FD;
  return nullptr;
}

std::vector<const FunctionDecl *> pointerLaunchTargets(const CallExpr *Launch) {
  const auto *KC = dyn_cast_or_null<CUDAKernelCallExpr>(Launch);
  const auto *Ref = KC ? dyn_cast<DeclRefExpr>(KC->getCallee()->IgnoreParenImpCasts()) : nullptr;
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const auto *Fn = V ? dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod()) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !Fn || !Fn->getBody())
    return {};
  std::vector<const FunctionDecl *> Targets;
  bool Unknown = false;
  auto Add = [&](const Expr *E) {
    if (const FunctionDecl *K = kernelOf(E)) {
      if (!llvm::is_contained(Targets, K))
        Targets.push_back(K);
    } else {
      Unknown = true;
    }
  };
  if (V->getInit())
    Add(V->getInit());
  auto IsV = [&](const Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  };
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || Unknown)
      return;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && IsV(B->getLHS())) {
      if (B->getOpcode() != BO_Assign)
        Unknown = true;
      else
        Add(B->getRHS());
    }
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf && IsV(U->getSubExpr()))
      Unknown = true;
    for (const Stmt *C : S->children())
      Scan(C);
  };
  Scan(Fn->getBody());
  if (Unknown)
    return {};
  return Targets;
}

namespace {

StreamKind streamKindOf(ValueEvaluator &Eval, const Expr *E) {
  if (!E)
    return StreamKind::Absent;
  if (isa<CXXDefaultArgExpr>(E))
    return StreamKind::Absent;
  std::optional<std::int64_t> V = Eval.evalHandle(E);
  if (!V)
    return StreamKind::Explicit;
  switch (*V) {
  case 0:
    return StreamKind::Zero;
  case 1:
    return StreamKind::Legacy;
  case 2:
    return StreamKind::PerThread;
  default:
    return StreamKind::Explicit;
  }
}

/// The local `cudaLaunchConfig_t cfg` that `&cfg` names.
const VarDecl *configVar(const Expr *E) {
  E = stripWrappers(E)->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()))
      return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

} // namespace

const char *launchFormName(LaunchForm F) {
  switch (F) {
  case LaunchForm::TripleChevron:
    return "<<<>>>";
  case LaunchForm::CudaLaunchKernel:
    return "cudaLaunchKernel";
  case LaunchForm::CudaLaunchKernelEx:
    return "cudaLaunchKernelEx";
  case LaunchForm::CudaLaunchCooperativeKernel:
    return "cudaLaunchCooperativeKernel";
  case LaunchForm::CuLaunchKernel:
    return "cuLaunchKernel";
  }
  return "";
}

StatementMatcher launchCallMatcher() {
  return callExpr(anyOf(cudaKernelCallExpr(),
                        callee(functionDecl(hasAnyName(
                            "cudaLaunchKernel", "cudaLaunchKernel_ptsz",
                            "cudaLaunchCooperativeKernel", "cudaLaunchCooperativeKernel_ptsz",
                            "cudaLaunchKernelEx", "cudaLaunchKernelExC", "cudaLaunchKernelExC_ptsz",
                            "cuLaunchKernel", "cuLaunchKernel_ptsz", "cuLaunchCooperativeKernel",
                            "cuLaunchCooperativeKernel_ptsz")))))
      .bind("launch");
}

std::optional<LaunchSite> analyzeLaunch(const CallExpr *Call, ASTContext &Ctx) {
  if (!Call || Call->isInstantiationDependent())
    return std::nullopt;
  // An argument built from code with compile errors (an undeclared name, a
  // variable initialised from one) has no known value: ValueEvaluator says so.
  ValueEvaluator Eval(Ctx, Call);
  LaunchSite S;
  S.Call = Call;

  if (const auto *KC = dyn_cast<CUDAKernelCallExpr>(Call)) {
    const CallExpr *Config = KC->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return std::nullopt;
    S.Form = LaunchForm::TripleChevron;
    S.Kernel = KC->getDirectCallee();
    S.Loc = KC->getCallee()->getBeginLoc();
    // From device code the configuration is cudaLaunchDevice(func, params,
    // grid, block, smem, stream); from the host __cudaPushCallConfiguration(
    // grid, block, smem, stream).
    const FunctionDecl *ConfigFn = Config->getDirectCallee();
    unsigned First = 0;
    if (ConfigFn && ConfigFn->getIdentifier() && ConfigFn->getName() == "cudaLaunchDevice") {
      S.FromDevice = true;
      First = 2;
    }
    auto ConfigArg = [&](unsigned I) -> const Expr * {
      return First + I < Config->getNumArgs() ? Config->getArg(First + I) : nullptr;
    };
    if (!ConfigArg(1))
      return std::nullopt;
    S.GridExpr = ConfigArg(0);
    S.Grid = Eval.evalDim3(ConfigArg(0));
    S.BlockExpr = ConfigArg(1);
    S.Block = Eval.evalDim3(ConfigArg(1));
    if (!S.Block)
      S.BlockX = Eval.evalDim3X(ConfigArg(1));
    if (const Expr *Smem = ConfigArg(2))
      S.DynamicSmem = Eval.evalInt(Smem);
    else
      S.DynamicSmem = 0;
    const Expr *Stream = ConfigArg(3);
    S.StreamExpr = Stream && !isa<CXXDefaultArgExpr>(Stream) ? Stream : nullptr;
    S.Stream = streamKindOf(Eval, Stream);
    return S;
  }

  const FunctionDecl *Callee = Call->getDirectCallee();
  Api A = apiOf(Callee);
  if (A == Api::None)
    return std::nullopt;
  S.Loc = Call->getBeginLoc();
  auto Arg = [&](unsigned I) -> const Expr * {
    return I < Call->getNumArgs() ? Call->getArg(I) : nullptr;
  };
  auto Stream = [&](const Expr *E) {
    S.StreamExpr = E && !isa<CXXDefaultArgExpr>(E) ? E : nullptr;
    S.Stream = streamKindOf(Eval, E);
  };

  switch (A) {
  case Api::LaunchKernel:
  case Api::Cooperative:
    // (func, gridDim, blockDim, args, sharedMem = 0, stream = 0)
    S.Form = A == Api::LaunchKernel ? LaunchForm::CudaLaunchKernel
                                    : LaunchForm::CudaLaunchCooperativeKernel;
    S.Kernel = kernelOf(Arg(0));
    S.GridExpr = Arg(1);
    S.Grid = Eval.evalDim3(Arg(1));
    S.BlockExpr = Arg(2);
    S.Block = Eval.evalDim3(Arg(2));
    if (!S.Block)
      S.BlockX = Eval.evalDim3X(Arg(2));
    S.DynamicSmem = Arg(4) ? Eval.evalInt(Arg(4)) : std::optional<std::int64_t>(0);
    Stream(Arg(5));
    return S;
  case Api::CuLaunch: {
    // (f, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedMem, stream, params, extra)
    S.Form = LaunchForm::CuLaunchKernel;
    auto Dims = [&](unsigned First) -> std::optional<Dim3> {
      Dim3 D;
      for (unsigned I = 0; I < 3; ++I) {
        auto V = Eval.evalInt(Arg(First + I));
        if (!V)
          return std::nullopt;
        D[I] = *V;
      }
      return D;
    };
    S.GridExpr = Arg(1);
    S.Grid = Dims(1);
    S.Block = Dims(4);
    S.DynamicSmem = Eval.evalInt(Arg(7));
    Stream(Arg(8));
    if (!Arg(8))
      S.Stream = StreamKind::Explicit; // malformed call: say nothing
    return S;
  }
  case Api::LaunchEx: {
    // (const cudaLaunchConfig_t *config, kernel, args...)
    S.Form = LaunchForm::CudaLaunchKernelEx;
    S.Kernel = kernelOf(Arg(1));
    const VarDecl *Cfg = Arg(0) ? configVar(Arg(0)) : nullptr;
    S.Stream = StreamKind::Explicit;
    if (!Cfg)
      return S;
    bool Zero = false;
    if (const Expr *G = Eval.fieldValueOf(Cfg, "gridDim", Zero)) {
      S.GridExpr = G;
      S.Grid = Eval.evalDim3(G);
    }
    if (const Expr *B = Eval.fieldValueOf(Cfg, "blockDim", Zero))
      S.Block = Eval.evalDim3(B);
    if (const Expr *M = Eval.fieldValueOf(Cfg, "dynamicSmemBytes", Zero))
      S.DynamicSmem = Eval.evalInt(M);
    else if (Zero)
      S.DynamicSmem = 0;
    if (const Expr *St = Eval.fieldValueOf(Cfg, "stream", Zero)) {
      S.StreamExpr = St;
      S.Stream = streamKindOf(Eval, St);
    } else if (Zero) {
      S.Stream = StreamKind::Zero;
    }
    return S;
  }
  case Api::None:
    break;
  }
  return std::nullopt;
}

} // namespace cudalint
