//===- BoundsCompile.h - Compile the proposed __launch_bounds__ with nvcc -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --resource-usage: missing-launch-bounds has ptxas check the bounds it proposes. Each file with
// a proposed bound is copied, with its bounds inserted, into a private temporary directory and
// compiled there exactly as --resource-usage compiled the file (same nvcc, flags and archs, and
// the same checks on every argument), with the file's own directory searched first for its
// includes. Nothing is written into the analysed tree, and nothing runs without --resource-usage.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_BOUNDSCOMPILE_H
#define CUDALINT_ANALYZER_TU_BOUNDSCOMPILE_H

#include "analyzer/inputs/Inputs.h"
#include "analyzer/tu/ResourceUsage.h"
#include "rules/Finding.h"
#include "rules/LaunchBoundsCheck.h"
#include "rules/analysis/Facts.h"

#include <string>
#include <vector>

namespace cudalint {

/// One BoundedCompile per file named by \p Proposals: Before from \p Usage (the
/// --resource-usage report of the source that compiles it), After from compiling that source
/// again with the file's bounds applied. A file a source includes (a header, an included .cu) is
/// copied with its bounds beside an unchanged copy of the source, which must include it from
/// its own directory: a probe kernel appended to the copy shows that the source compiled it. A
/// file no source compiles or reports kernels of, one included from elsewhere, or a copy nvcc
/// cannot compile gets Error instead.
std::vector<BoundedCompile> compileWithBounds(const InputPlan &Plan,
                                              const ToolchainPaths &Toolchain,
                                              const std::vector<std::string> &DefaultArchs,
                                              const ResourceUsage &Usage,
                                              const std::vector<BoundsProposal> &Proposals);

/// \p Text with \p Fixes (all of one file) applied; an error when one lies outside it.
llvm::Expected<std::string> applyInsertions(llvm::StringRef Text, std::vector<FixIt> Fixes);

} // namespace cudalint

#endif
