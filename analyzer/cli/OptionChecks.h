//===- OptionChecks.h - Options of the command line that cannot go together -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_CLI_OPTIONCHECKS_H
#define CUDALINT_ANALYZER_CLI_OPTIONCHECKS_H

#include <optional>
#include <string>

namespace cudalint::cli {

/// --explain, --list-rules, --list-gpus and --dump-config print something and exit: an option
/// that only matters to an analysis cannot go with them, nor can two of them go together.
std::optional<std::string> conflictingOptions();

/// Options of an analysis that cannot go together.
std::optional<std::string> conflictingAnalysisOptions();

/// Options that --export-facts, --shard or merge (\p Merge) cannot go with, if any.
std::optional<std::string> conflictingShardOptions(bool Merge);

} // namespace cudalint::cli

#endif
