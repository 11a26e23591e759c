//===- ResourceUsage.h - ptxas reports for the occupancy rules ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The kernels' registers and shared memory come from ptxas: from report files
// given with --ptxas-log, or (--resource-usage) from running nvcc on every
// translation unit with its translated flags.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_RESOURCEUSAGE_H
#define CUDALINT_ANALYZER_TU_RESOURCEUSAGE_H

#include "analyzer/inputs/Inputs.h"
#include "ptxas_parse/PtxasReport.h"
#include "rules/Finding.h"

#include <map>
#include <string>
#include <vector>

namespace cudalint {

struct ResourceUsage {
  std::vector<KernelResources> Kernels;
  /// runResourceUsage: the report of each source file (absolute path) that nvcc compiled.
  std::map<std::string, std::vector<KernelResources>> BySource;
  std::vector<AnalysisError> Errors;
};

/// Parses every file of \p Logs (errors name the file and line).
ResourceUsage loadPtxasLogs(const std::vector<std::string> &Logs);

/// Compiles every source of \p Plan with nvcc --resource-usage for its archs
/// (\p DefaultArchs when its command names none).
ResourceUsage runResourceUsage(const InputPlan &Plan, const ToolchainPaths &Toolchain,
                               const std::vector<std::string> &DefaultArchs);

/// The nvcc flags equivalent to the parse-relevant part of \p Cmd.
std::vector<std::string> nvccFlagsFor(const TranslatedCommand &Cmd);

} // namespace cudalint

#endif
