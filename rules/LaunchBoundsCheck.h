//===- LaunchBoundsCheck.h - The fix-it of missing-launch-bounds, checked by ptxas -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With --resource-usage, cuda-lint compiles each file with the __launch_bounds__ that
// missing-launch-bounds proposes inserted (analyzer/tu/BoundsCompile.h) and compares ptxas's
// report with the one without it: registers, spill bytes, and the theoretical occupancy of the
// kernel's largest launch on each arch. A bound that adds spills or lowers occupancy is not
// offered; one that changes nothing says so; one that raises occupancy says by how much.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_LAUNCHBOUNDSCHECK_H
#define CUDALINT_RULES_LAUNCHBOUNDSCHECK_H

#include "rules/Finding.h"
#include "rules/analysis/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cudalint {

/// A bound missing-launch-bounds proposes, and the device names of the kernels it applies to.
struct BoundsProposal {
  FixIt Fix;
  std::vector<std::string> Kernels;
};

/// The fix-its missing-launch-bounds proposes on \p Facts (before any check): what
/// --resource-usage compiles.
std::vector<BoundsProposal> proposedLaunchBounds(const ProgramFacts &Facts);

/// One kernel the bound applies to (a template: each instantiation) and its largest launch.
struct BoundsSubject {
  std::string Kernel; // device-side mangled name
  std::string Shown;  // as messages show it
  unsigned Threads = 0;
  std::uint64_t DynamicSmem = 0;
};

/// Compares, for every subject and every arch of Facts.Resources, the report without the bound
/// with the report of \p File compiled with it. Not checked (Reason set) without a report, when
/// the bounds were not compiled, when the compile failed, or when no report names a subject.
BoundsCheckResult checkLaunchBounds(const ProgramFacts &Facts, llvm::StringRef File,
                                    llvm::StringRef Bound,
                                    const std::vector<BoundsSubject> &Subjects);

/// What the finding says of \p R: whether the fix-it is offered, and its note lines (the last
/// of the finding's notes before the launch sites).
struct BoundsAdvice {
  bool Offer = true;
  std::vector<std::string> Lines;
};
BoundsAdvice adviseLaunchBounds(const BoundsCheckResult &R,
                                const std::vector<BoundsSubject> &Subjects);

} // namespace cudalint

#endif
