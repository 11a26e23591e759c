//===- LaneValueHelpers.h - Helpers shared by the LaneValue files ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to LaneValue.cpp, LaneArithmetic.cpp and LaneConditions.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LANES_LANEVALUEHELPERS_H
#define CUDALINT_RULES_ANALYSIS_LANES_LANEVALUEHELPERS_H

#include "rules/analysis/lanes/LaneValue.h"

namespace cudalint {
namespace lane_detail {

int64_t gcd64(int64_t A, int64_t B);

/// The divisor known for a uniform value (0 for the constant 0).
int64_t alignOf(const LaneValue &V);

template <typename F> void forActive(uint32_t Active, F Fn) {
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (Active & (1u << I))
      Fn(I);
}

bool allActiveNonNegative(const LaneValue &V);

bool allActiveBelow(const LaneValue &V, int64_t Bound);

/// Copies the provenance of \p A and \p B into \p R.
LaneValue &withProvenance(LaneValue &R, const LaneValue &A, const LaneValue &B);

/// A uniform value in the Lane form (so that Lane operations apply).
LaneValue asLane(const LaneValue &U);

/// Folds Lane values that every thread of the block agrees on into Uniform.
LaneValue normalize(LaneValue V);

LaneValue varyingOf(const LaneValue &A, const LaneValue &B);

bool isUnknownKind(const LaneValue &V);

bool isComparison(clang::BinaryOperatorKind Op);
/// `X Op K` for comparison \p Op (any other is taken as `!=`).
bool holds(clang::BinaryOperatorKind Op, int64_t X, int64_t K);

} // namespace lane_detail
} // namespace cudalint

#endif
