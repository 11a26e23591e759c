//===- CudaNames.cpp - Cooperative groups, CUDA intrinsics and idioms -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudalint {
namespace walker {

// --- cooperative groups ---------------------------------------------------------


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
        TileSize = Args[0].getAsIntegral().tryExtValue().value_or(0);
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

} // namespace walker

std::optional<bool> cacheHintStore(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() || CE->getNumArgs() == 0 ||
      !CE->getArg(0)->getType()->isPointerType())
    return std::nullopt;
  StringRef N = FD->getName();
  if (CE->getNumArgs() == 1 &&
      llvm::is_contained({"__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv"}, N))
    return false;
  if (CE->getNumArgs() == 2 && llvm::is_contained({"__stwb", "__stcg", "__stcs", "__stwt"}, N))
    return true;
  return std::nullopt;
}

QualType accessedType(const Expr *Access) {
  if (const auto *CE = dyn_cast<CallExpr>(Access); CE && cacheHintStore(CE).value_or(false))
    return CE->getArg(0)->getType()->getPointeeType();
  return Access->getType();
}

const DeclRefExpr *propertyBase(const MSPropertyRefExpr *P) {
  const Expr *Base = P->getBaseExpr()->IgnoreImpCasts();
  if (const auto *OV = dyn_cast<OpaqueValueExpr>(Base); OV && OV->getSourceExpr())
    Base = OV->getSourceExpr()->IgnoreImpCasts();
  return dyn_cast<DeclRefExpr>(Base);
}

bool selfShift(const BinaryOperator *B, const ASTContext &Ctx) {
  const auto *Sum = B && B->getOpcode() == BO_Shr
                        ? dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts())
                        : nullptr;
  if (!Sum || Sum->getOpcode() != BO_Add)
    return false;
  auto Same = [&](const Expr *E) {
    llvm::FoldingSetNodeID N, O;
    B->getLHS()->IgnoreParenImpCasts()->Profile(N, Ctx, /*Canonical=*/true);
    E->IgnoreParenImpCasts()->Profile(O, Ctx, /*Canonical=*/true);
    return N == O;
  };
  auto NonNegConstant = [&](const Expr *E) {
    Expr::EvalResult R;
    return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) && !R.Val.getInt().isNegative();
  };
  return (Same(Sum->getRHS()) && NonNegConstant(Sum->getLHS())) ||
         (Same(Sum->getLHS()) && NonNegConstant(Sum->getRHS()));
}

} // namespace cudalint
