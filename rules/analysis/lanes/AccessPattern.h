//===- AccessPattern.h - Sectors and bank conflicts of one warp's access --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What one warp-wide load or store (AccessEvent, ThreadDependence.h) costs the
// memory system, from the byte offset of each lane's element:
//   - global memory: the 32-byte sectors the request touches, against the
//     sectors the same number of distinct elements needs when consecutive;
//   - shared memory: 32 banks of 4 bytes; lanes reading the same word share it
//     (a broadcast); 8-byte accesses are served per half-warp and 16-byte ones
//     per quarter-warp, each such phase alone; the n-way conflict is the most
//     distinct words any bank holds in one phase.
// The offset's warp-uniform part shifts every lane alike: it is taken to keep
// the first lane's element at the start of a sector (global) and only rotates
// the banks (shared).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LANES_ACCESSPATTERN_H
#define CUDALINT_RULES_ANALYSIS_LANES_ACCESSPATTERN_H

#include "rules/analysis/lanes/LaneValue.h"

#include <cstdint>

namespace cudalint {

struct SectorCount {
  unsigned Sectors = 0; // 32-byte sectors one request touches
  unsigned Ideal = 0;   // what its distinct elements need when consecutive
  unsigned Lanes = 0;   // active lanes
  unsigned Elements = 0; // distinct elements (lanes of a broadcast share one)
  int64_t Stride = 0;   // bytes between consecutive active lanes when the same for all, else 0
  int64_t Span = 0;     // bytes from the lowest to the highest element
  // An offset that grows faster than the lane (LaneValue::MinGaps): Sectors is the fewest
  // any warp can touch, and MinGap the smallest gap between two lanes, in bytes.
  bool AtLeast = false;
  int64_t MinGap = 0;
};

/// The sectors of a request by the lanes of \p Offset (bytes, Lane form without
/// an unknown factor, or Varying with MinGaps) reading \p Size bytes each.
SectorCount sectorsOf(const LaneValue &Offset, unsigned Size);

struct BankConflict {
  unsigned Degree = 1;     // the most distinct words of one bank in one phase
  unsigned Wavefronts = 0; // the phases' degrees summed
  unsigned Phases = 1;     // 1, 2 (8-byte accesses) or 4 (16-byte accesses)
  unsigned LanesInBank = 0; // the lanes of the worst bank (those reading distinct words)
};

/// The bank conflict of a shared-memory access of \p Size bytes per lane.
BankConflict bankConflictOf(const LaneValue &Offset, unsigned Size);

} // namespace cudalint

#endif
