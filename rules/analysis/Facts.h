//===- Facts.h - What one translation unit knows about kernels ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rules that need the whole program (a kernel defined in one file and launched
// from another) work on these facts after every translation unit is analysed.
// Like findings, facts are plain data.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_FACTS_H
#define CUDALINT_RULES_ANALYSIS_FACTS_H

#include "ptxas_parse/GpuProducts.h"
#include "ptxas_parse/PtxasReport.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// A __global__ function definition (a template's pattern, not its instantiations).
struct KernelFact {
  std::string Key; // identity across TUs: "file:offset" of the definition's name
  std::string Name;          // qualified name as written
  std::string MangledName;   // device-side name; empty for a template
  /// A template's instantiations (device-side names) in the analysed code.
  std::vector<std::string> Instances;
  std::string File;
  unsigned Line = 0, Column = 0, EndColumn = 0;
  std::string SourceLine;
  bool HasLaunchBounds = false;
  /// Byte offset where `__launch_bounds__(N) ` can be inserted (before the
  /// name), or no value when the name comes from a macro.
  std::optional<unsigned> InsertOffset;
};

/// One launch of a kernel whose definition is known by key.
struct LaunchFact {
  std::string KernelKey;
  std::string KernelMangled; // device-side name of the launched specialization
  std::string KernelName;    // as shown in messages
  std::string File;
  unsigned Line = 0, Column = 0, EndColumn = 0;
  std::string SourceLine;
  std::optional<std::int64_t> ThreadsPerBlock;
  /// The block's x, y and z when the source determines them.
  std::optional<std::array<std::int64_t, 3>> Block;
  std::optional<std::int64_t> DynamicSmem;
  /// The kernel's __launch_bounds__ maximum threads, when known.
  std::optional<std::int64_t> BoundsMaxThreads;
  /// Template parameters of the kernel whose argument at this launch equals the
  /// block size (`template <int block_size>` launched with block_size threads).
  std::vector<std::string> BlockSizeParams;
  /// Blocks in the grid (x*y*z) when the source determines them.
  std::optional<std::int64_t> GridBlocks;
  /// The grid is computed from the SM count (cudaDevAttrMultiProcessorCount,
  /// cudaDeviceProp::multiProcessorCount) or the occupancy API: sized for the GPU it runs on.
  bool GridFromDevice = false;
  /// The archs the launching TU's command names (10*major+minor); empty when it names none.
  std::vector<unsigned> Archs;
};

/// A launch in another translation unit of a kernel that its own defines and does not launch
/// (kernels in one .cu, launched from another through a header's declarations): the block
/// shape the thread-dependence walk then analyses the kernel under.
struct ExternalLaunch {
  std::array<std::int64_t, 3> Block{};
  std::string Where; // "main.cu:40": the launch's file name and line
};
/// By the kernel's device-side (mangled) name.
using ExternalLaunches = std::map<std::string, std::vector<ExternalLaunch>>;

/// A per-thread array of a device function: it lives in local memory when indexed with a value
/// that is not a compile-time constant.
struct LocalArrayFact {
  std::string Name;
  std::uint64_t Bytes = 0;
  /// Some subscript of it is neither a constant nor built from the induction variables of loops
  /// with constant bounds (which the compiler unrolls into constants).
  bool DynamicIndex = false;
  unsigned Line = 0, Column = 0;
};

/// A __global__ or __device__ function definition (per template instantiation) for the rules
/// that read ptxas's per-function report (register-spill): kernels, `__noinline__` functions and
/// device functions of the main file (those ptxas may keep as functions of their own).
struct DeviceFunctionFact {
  std::string MangledName;
  std::string Name; // as shown in messages
  bool IsKernel = false;
  std::string File;
  unsigned Line = 0, Column = 0, EndColumn = 0;
  std::string SourceLine;
  /// __launch_bounds__(MaxThreads, MinBlocks), when the source determines them.
  std::optional<std::int64_t> BoundsMaxThreads, BoundsMinBlocks;
  std::vector<LocalArrayFact> LocalArrays;
  /// -maxrregcount of the TU's command.
  std::optional<unsigned> MaxRegCount;
};

struct TUFacts {
  std::vector<KernelFact> Kernels;
  std::vector<LaunchFact> Launches;
  /// Kernels (mangled) given more dynamic shared memory with
  /// cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n).
  std::vector<std::string> SmemOptInKernels;
  std::vector<DeviceFunctionFact> Functions;
};

/// ptxas's report of one source file compiled with the __launch_bounds__ that
/// missing-launch-bounds proposes for its kernels (--resource-usage).
struct BoundedCompile {
  std::string File; // absolute path of the file the bounds go into
  /// The file's report without and with the bounds (same flags, same archs).
  std::vector<KernelResources> Before, After;
  /// Why the file was not compiled with the bounds; empty when it was.
  std::string Error;
};

/// Facts of every analysed translation unit, for the whole-program rules.
struct ProgramFacts {
  std::vector<KernelFact> Kernels; // deduplicated by key
  std::vector<LaunchFact> Launches;
  std::vector<std::string> SmemOptInKernels;
  std::vector<DeviceFunctionFact> Functions; // deduplicated by mangled name
  /// --gpu (or the configuration's gpu:); null: the rules pick per launch (TargetGpu.h).
  const GpuProduct *Gpu = nullptr;
  /// Kernel resources from ptxas (--ptxas-log / --resource-usage); empty
  /// without a report, and the rules that need it stay silent.
  std::vector<KernelResources> Resources;
  /// The proposed bounds were compiled (--resource-usage); BoundedCompiles holds
  /// the reports, one per file with a proposed bound.
  bool BoundsCompiled = false;
  std::vector<BoundedCompile> BoundedCompiles;
  double OccupancyThreshold = 0.5;
  /// Some TU had compile errors, so a launch may have been lost with the code
  /// around it: fixes inferred from "every launch" are unsafe.
  bool LaunchesMayBeMissing = false;
  /// The run covers a whole compilation database, not files picked on the
  /// command line, so every launch of a kernel was seen.
  bool WholeProgram = false;
};

} // namespace cudalint

#endif
