//===- BoundsCompile.h - Compile the proposed __launch_bounds__ with nvcc -===//
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
#include "rules/analysis/Facts.h"

#include <string>
#include <vector>

namespace cudalint {

/// One BoundedCompile per file named by \p Fixes: Before from \p Usage (that file's
/// --resource-usage report), After from compiling the copy with the fixes applied. A file that
/// no source command of \p Plan compiles (a header), that has no report, or whose copy nvcc
/// cannot compile gets Error instead.
std::vector<BoundedCompile> compileWithBounds(const InputPlan &Plan,
                                              const ToolchainPaths &Toolchain,
                                              const std::vector<std::string> &DefaultArchs,
                                              const ResourceUsage &Usage,
                                              const std::vector<FixIt> &Fixes);

/// \p Text with \p Fixes (all of one file) applied; an error when one lies outside it.
llvm::Expected<std::string> applyInsertions(llvm::StringRef Text, std::vector<FixIt> Fixes);

} // namespace cudalint

#endif
