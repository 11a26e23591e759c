//===- RuleRegistry.h - The list of rules ---------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_RULES_RULEREGISTRY_H
#define CUDALINT_RULES_RULEREGISTRY_H

#include "rules/Finding.h"
#include "rules/Rule.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <vector>

namespace cudalint {

struct RuleInfo {
  const char *Id;
  Severity DefaultSeverity;
  const char *Summary; // one line: what it flags
  /// Creates the AST part of the rule, or null for whole-program-only rules.
  std::unique_ptr<Rule> (*Create)(const RuleInfo &, RuleContext &);
  /// The whole-program part, run once after every TU; may be null.
  void (*Finalize)(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);
};

/// Every rule, in a stable order (the order of --list-rules and SARIF).
llvm::ArrayRef<RuleInfo> allRules();
const RuleInfo *findRule(llvm::StringRef Id);

// Factories, one per rule file.
std::unique_ptr<Rule> createDefaultStreamLaunch(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createBlockSizeNotMultipleOf32(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createInvalidLaunchConfig(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createLaunchExceedsBounds(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createWarpDivergentBranch(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createUncoalescedGlobalAccess(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createSharedMemoryBankConflict(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createBarrierInDivergentBranch(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createThreadConditionPrecedence(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createLegacyCudaApi(const RuleInfo &, RuleContext &);
std::unique_ptr<Rule> createPageableAsyncCopy(const RuleInfo &, RuleContext &);
void finalizeMissingLaunchBounds(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);
void finalizeLaunchOutOfResources(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);
void finalizeLowOccupancy(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);
void finalizeRegisterSpill(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);
void finalizeSmallGrid(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);
void finalizeTailEffect(const RuleInfo &, const ProgramFacts &, std::vector<Finding> &);

/// Collects KernelFact and LaunchFact for the whole-program rules.
std::unique_ptr<Rule> createFactCollector(RuleContext &);

} // namespace cudalint

#endif
