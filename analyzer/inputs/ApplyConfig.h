//===- ApplyConfig.h - Apply .cuda-lint.yaml to the inputs and findings ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Before the analysis: inputs that their configuration does not select are
// dropped, and each command line gets its configuration's extra args (then
// the --extra-arg ones, which win) and archs. After it: findings of rules
// their file's configuration disables, or in excluded files, are dropped and
// severities are overridden.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_APPLYCONFIG_H
#define CUDALINT_ANALYZER_INPUTS_APPLYCONFIG_H

#include "analyzer/inputs/Config.h"
#include "analyzer/inputs/Inputs.h"
#include "rules/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

/// \p Plan must have been made without extra args; \p CliExtraArgs are added
/// here after the configuration's.
llvm::Error configurePlan(InputPlan &Plan, ConfigLoader &Configs,
                          llvm::ArrayRef<std::string> CliExtraArgs);

/// \p RulesFromCli: --rules chose the rules, so the configurations' rule
/// selection is not applied (their severities still are).
llvm::Error configureFindings(std::vector<Finding> &Findings, ConfigLoader &Configs,
                              bool RulesFromCli);

} // namespace cudalint

#endif
