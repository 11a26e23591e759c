//===- OccupancyReport.h - Occupancy tables of parsed kernels ---*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Joins a parsed resource report with the occupancy model: per kernel and arch, one row per
// (block size, dynamic shared memory) and the block size that maximises occupancy; rendered as a
// text table or as the JSON documented in docs/occupancy.md.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_OCCUPANCYREPORT_H
#define CUDALINT_PTXAS_PARSE_OCCUPANCYREPORT_H

#include "ptxas_parse/GpuProducts.h"
#include "ptxas_parse/Occupancy.h"
#include "ptxas_parse/PtxasReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <vector>

namespace cudalint {

struct OccupancyRequest {
  /// Archs (10*major+minor) to report; empty: each kernel's own arch.
  std::vector<unsigned> Archs;
  /// Block sizes; empty: every multiple of the warp size up to the arch's maximum.
  std::vector<unsigned> BlockSizes;
  std::vector<uint64_t> DynamicSmem = {0};
  OccupancyOptions Options;
  /// -maxrregcount applied to the reported registers (what-if for a report compiled without it).
  unsigned MaxRegCount = 0;
  /// The kernels opt in to the largest per-block dynamic shared memory.
  bool OptInSmem = false;
  /// Only kernels whose mangled or demangled name contains this.
  std::string KernelFilter;
  /// --gpu: its arch is the one reported, and each row gives the blocks of one full wave.
  const GpuProduct *Gpu = nullptr;
};

struct OccupancyRow {
  unsigned BlockSize = 0;
  uint64_t DynamicSmem = 0;
  OccupancyResult Result;
  LaunchCheck Launch;
};

struct KernelOccupancy {
  KernelResources Resources;
  const ArchLimits *Arch = nullptr;
  /// The registers the model used (lower than reported under MaxRegCount).
  unsigned Registers = 0;
  std::vector<OccupancyRow> Rows;
  /// One per requested dynamic shared-memory size.
  std::vector<std::pair<uint64_t, BlockSizeChoice>> Best;
};

/// Fails on an arch the model does not know, a kernel whose arch the report does not give when
/// no arch is requested, or when no kernel is left after filtering.
llvm::Expected<std::vector<KernelOccupancy>> computeOccupancyReport(const PtxasReport &Report,
                                                                    const OccupancyRequest &Req);

void renderOccupancyText(llvm::raw_ostream &OS, llvm::ArrayRef<KernelOccupancy> Kernels,
                         const GpuProduct *Gpu = nullptr);
llvm::json::Value renderOccupancyJson(llvm::ArrayRef<KernelOccupancy> Kernels,
                                      const OccupancyRequest &Req);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_OCCUPANCYREPORT_H
