//===- DeviceFunctions.h - What the source says about local memory and grid sizing -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Two questions the ptxas- and GPU-based rules ask of the source: which per-thread arrays a
// device function declares (and whether it indexes them with run-time values, which keeps them
// in local memory), and whether a launch's grid is sized from the GPU it runs on (the SM count or
// the occupancy API).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_DEVICEFUNCTIONS_H
#define CUDALINT_RULES_ANALYSIS_DEVICEFUNCTIONS_H

#include "rules/analysis/Facts.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace cudalint {

/// The fact of \p FD for register-spill, or none when ptxas does not report it as a function of
/// its own (an inline device function of a header) or it has no device-side name.
std::optional<DeviceFunctionFact> deviceFunctionFact(const clang::FunctionDecl *FD);

/// The per-thread (automatic, not __shared__) arrays of \p FD's body, in source order.
std::vector<LocalArrayFact> localArraysOf(const clang::FunctionDecl *FD);

/// Whether a launch's grid mentions the SM count (cudaDevAttrMultiProcessorCount,
/// CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, cudaDeviceProp::multiProcessorCount) or the occupancy
/// API (cudaOccupancy*, cuOccupancy*), directly or through the locals it reads (their
/// initialisers, assignments, and calls that take their address), three locals deep. One per
/// translation unit: it indexes each function's writes once and remembers each local's answer
/// (cuda-convnet2's filter_acts.cu launches 164 kernels from one function).
class GridSizing {
public:
  bool fromDevice(const clang::Expr *Grid);

private:
  class Finder;
  bool mentions(const clang::Stmt *S, unsigned Depth);
  bool varIsSized(const clang::VarDecl *V, unsigned Depth);
  llvm::DenseMap<std::pair<const clang::VarDecl *, unsigned>, bool> Memo;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Expr *, 2>>>
      Writes;
};

} // namespace cudalint

#endif
