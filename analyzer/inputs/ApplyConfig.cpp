//===- ApplyConfig.cpp - Apply .cuda-lint.yaml to the inputs and findings -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/ApplyConfig.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace cudalint {

Error configurePlan(InputPlan &Plan, ConfigLoader &Configs, ArrayRef<std::string> CliExtraArgs) {
  auto Configure = [&](std::vector<TranslatedCommand> &Cmds) -> Error {
    std::vector<TranslatedCommand> Kept;
    for (TranslatedCommand &Cmd : Cmds) {
      Expected<const Config &> C = Configs.configFor(Cmd.File);
      if (!C)
        return C.takeError();
      if (!C->selects(Cmd.File))
        continue;
      // The source file is the last argument; extra args go right before it.
      std::vector<std::string> &A = Cmd.ClangArgs;
      auto At = A.empty() ? A.end() : std::prev(A.end());
      At = A.insert(At, C->ExtraArgs.begin(), C->ExtraArgs.end());
      A.insert(At + C->ExtraArgs.size(), CliExtraArgs.begin(), CliExtraArgs.end());
      if (!C->Archs.empty())
        Cmd.Archs = C->Archs;
      settleDeviceOnly(Cmd);
      Kept.push_back(std::move(Cmd));
    }
    Cmds = std::move(Kept);
    return Error::success();
  };
  if (Error E = Configure(Plan.Sources))
    return E;
  return Configure(Plan.Headers);
}

Error configureFindings(std::vector<Finding> &Findings, ConfigLoader &Configs, bool RulesFromCli) {
  std::vector<Finding> Kept;
  for (Finding &F : Findings) {
    Expected<const Config &> C = Configs.configFor(F.File);
    if (!C)
      return C.takeError();
    // Compile errors are not a rule one can disable (as in clang-tidy).
    bool Rule = F.RuleId != CompileErrorRuleId;
    if (C->excludes(F.File) || (Rule && !RulesFromCli && !C->ruleEnabled(F.RuleId)))
      continue;
    if (auto It = C->Severities.find(F.RuleId); It != C->Severities.end())
      F.Level = It->second;
    Kept.push_back(std::move(F));
  }
  Findings = std::move(Kept);
  return Error::success();
}

} // namespace cudalint
