//===- LaunchSite.h - The launch-site model shared by the rules -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every kernel launch is a launch site: k<<<grid, block, smem, stream>>>(...),
// cudaLaunchKernel, cudaLaunchKernelEx (its cudaLaunchConfig_t),
// cudaLaunchCooperativeKernel and cuLaunchKernel. For each, the kernel (when
// named directly) and the grid, block, dynamic shared memory and stream that the
// source determines (see ValueEval.h); unknown values are std::nullopt.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LAUNCHSITE_H
#define CUDALINT_RULES_ANALYSIS_LAUNCHSITE_H

#include "rules/analysis/ValueEval.h"

#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <optional>
#include <vector>

namespace cudalint {

enum class LaunchForm {
  TripleChevron,
  CudaLaunchKernel,
  CudaLaunchKernelEx,
  CudaLaunchCooperativeKernel,
  CuLaunchKernel
};

const char *launchFormName(LaunchForm F);

enum class StreamKind {
  Absent,        // no stream argument: the default stream
  Zero,          // 0, NULL, nullptr, (cudaStream_t)0
  Legacy,        // cudaStreamLegacy / CU_STREAM_LEGACY
  PerThread,     // cudaStreamPerThread / CU_STREAM_PER_THREAD
  Explicit,      // a created stream, or a value the source does not pin down
};

struct LaunchSite {
  const clang::CallExpr *Call = nullptr;
  LaunchForm Form = LaunchForm::TripleChevron;
  const clang::FunctionDecl *Kernel = nullptr; // null for a function pointer / CUfunction
  const clang::Expr *StreamExpr = nullptr;     // null when absent
  std::optional<Dim3> Grid, Block;
  /// The block's x-extent when Block is not known as a whole (`dim3 threads(32, ty)`).
  std::optional<std::int64_t> BlockX;
  /// The grid argument (its x for cuLaunchKernel); null when the form has none in the call.
  const clang::Expr *GridExpr = nullptr;
  /// The block argument, where the call has one (<<<>>>, cudaLaunchKernel).
  const clang::Expr *BlockExpr = nullptr;
  std::optional<std::int64_t> DynamicSmem;
  StreamKind Stream = StreamKind::Explicit;
  /// A <<<>>> launch from device code (dynamic parallelism): its stream is the
  /// launching block's, not the host's legacy default stream.
  bool FromDevice = false;
  /// Where to report: the kernel name of a <<<>>> launch, else the callee.
  clang::SourceLocation Loc;

  std::optional<std::int64_t> threadsPerBlock() const {
    if (!Block)
      return std::nullopt;
    return (*Block)[0] * (*Block)[1] * (*Block)[2];
  }
};

/// The __global__ function an argument names: kernel, &kernel, (void*)kernel.
const clang::FunctionDecl *kernelOf(const clang::Expr *E);

/// The kernels a `<<<>>>` launch through a local function pointer can start: every value the
/// function gives the pointer (`kernel = &transposeNaive;` in a switch, HeCBench's and the CUDA
/// samples' transpose drivers), when each is a kernel. Empty for other launches, or when one
/// of the values is not a kernel.
std::vector<const clang::FunctionDecl *> pointerLaunchTargets(const clang::CallExpr *Launch);

/// Matches every call that may be a launch site; bind name "launch".
clang::ast_matchers::StatementMatcher launchCallMatcher();

/// The launch site of \p Call, or std::nullopt when it is not a launch (or is
/// still dependent, in a template's pattern).
std::optional<LaunchSite> analyzeLaunch(const clang::CallExpr *Call, clang::ASTContext &Ctx);

} // namespace cudalint

#endif
