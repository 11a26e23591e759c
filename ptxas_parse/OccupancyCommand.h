//===- OccupancyCommand.h - The `cuda-lint occupancy` subcommand -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `cuda-lint occupancy [--ptxas-log FILE | SOURCE.cu...] [--arch sm_XX] [--block-size N,...|all]
// [--dynamic-smem BYTES,...] [--carveout PERCENT] [--maxrregcount N] [--format text|json]`.
// The main driver calls runOccupancyCommand when its first argument is "occupancy".
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_OCCUPANCYCOMMAND_H
#define CUDALINT_PTXAS_PARSE_OCCUPANCYCOMMAND_H

namespace cudalint {

/// argv[0] names the command (e.g. "cuda-lint occupancy"); argv[1..] are its options. Prints the
/// report on stdout. Returns 0, or 2 after one line on stderr for bad input (missing or malformed
/// report, unknown arch, nvcc failure, bad option).
int runOccupancyCommand(int argc, const char **argv);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_OCCUPANCYCOMMAND_H
