//===- InfoCommands.cpp - --version, --explain and --list-rules -----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cli/Subcommands.h"
#include "analyzer/report/Suppressions.h"
#include "analyzer/support/Docs.h"
#include "analyzer/support/Resources.h"
#include "analyzer/support/Suggest.h"
#include "analyzer/support/Version.h"
#include "ptxas_parse/GpuProducts.h"
#include "rules/RuleRegistry.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

void printVersion(raw_ostream &OS, StringRef LLVMLinkage) {
  OS << "cuda-lint " << toolVersion() << "\n";
  OS << "  git commit: " << (gitCommit().empty() ? StringRef("unknown") : gitCommit()) << "\n";
  OS << "  LLVM/Clang: " << LLVM_VERSION_STRING << " (" << LLVMLinkage << ")\n";
  OS << "  build type: " << buildType() << "\n";
}

int explainRule(StringRef Id, StringRef Prefix) {
  std::string Line;
  if (const RuleInfo *R = findRule(Id))
    Line = (Twine(R->Id) + " [" + severityName(R->DefaultSeverity) + "]: " + R->Summary).str();
  else if (Id == CompileErrorRuleId)
    Line =
        (Twine(Id) + " [error]: Clang's compile errors; the code they touch is not analysed").str();
  for (const SuppressionRule &R : suppressionRules())
    if (Id == R.Id)
      Line = (Twine(R.Id) + " [" + severityName(R.DefaultSeverity) + "]: " + R.Summary).str();
  if (Line.empty()) {
    std::vector<std::string> Ids;
    for (const RuleInfo &R : allRules())
      Ids.push_back(R.Id);
    Ids.push_back(CompileErrorRuleId);
    for (const SuppressionRule &R : suppressionRules())
      Ids.push_back(R.Id);
    errs() << "cuda-lint: error: unknown rule '" << Id << "'" << didYouMean(Id, Ids)
           << " (see cuda-lint --list-rules)\n";
    return 2;
  }
  Expected<std::string> Page = [&]() -> Expected<std::string> {
    Expected<std::string> Docs = findDocsDir(Prefix);
    if (!Docs)
      return Docs.takeError();
    return requireRulePage(*Docs, Id);
  }();
  if (!Page) {
    errs() << "cuda-lint: error: " << toString(Page.takeError()) << "\n";
    return 2;
  }
  outs() << Line << "\n\n" << *Page;
  if (!StringRef(*Page).ends_with("\n"))
    outs() << "\n";
  return 0;
}

int listRules(bool Json) {
  if (!Json) {
    for (const RuleInfo &R : allRules())
      outs() << format("%-32s %-8s %s\n", R.Id, severityName(R.DefaultSeverity), R.Summary);
    return 0;
  }
  json::Array A;
  auto Add = [&](StringRef Id, Severity Level, StringRef Summary, StringRef Kind) {
    A.push_back(json::Object{{"id", Id},
                             {"severity", severityName(Level)},
                             {"summary", Summary},
                             {"kind", Kind},
                             {"help_uri", ruleHelpUri(Id)}});
  };
  for (const RuleInfo &R : allRules())
    Add(R.Id, R.DefaultSeverity, R.Summary, "rule");
  Add(CompileErrorRuleId, Severity::Error,
      "Clang's compile error; the code it touches is not analysed", "compiler");
  for (const SuppressionRule &R : suppressionRules())
    Add(R.Id, R.DefaultSeverity, R.Summary, "suppression");
  outs() << formatv("{0:2}", json::Value(std::move(A))) << "\n";
  return 0;
}

int listGpus(bool Json) {
  if (!Json) {
    outs() << format("%-22s %-7s %5s  %s\n", "GPU", "arch", "SMs", "source");
    for (const GpuProduct &P : allGpuProducts())
      outs() << format("%-22s sm_%-4u %5u  %s\n", P.Name, P.SmVersion, P.SMs, P.Source);
    return 0;
  }
  json::Array A;
  for (const GpuProduct &P : allGpuProducts()) {
    json::Array Aliases;
    SmallVector<StringRef, 4> Parts;
    StringRef(P.Aliases).split(Parts, '|', -1, /*KeepEmpty=*/false);
    for (StringRef Alias : Parts)
      Aliases.push_back(Alias);
    A.push_back(json::Object{{"name", P.Name},
                             {"aliases", std::move(Aliases)},
                             {"arch", "sm_" + std::to_string(P.SmVersion)},
                             {"sms", P.SMs},
                             {"source", P.Source}});
  }
  outs() << formatv("{0:2}", json::Value(std::move(A))) << "\n";
  return 0;
}

Expected<std::string> sarifDocsDir(StringRef Prefix) {
  Expected<std::string> Docs = findDocsDir(Prefix);
  if (!Docs)
    return Docs.takeError();
  std::vector<StringRef> Ids;
  for (const RuleInfo &R : allRules())
    Ids.push_back(R.Id);
  Ids.push_back(CompileErrorRuleId);
  for (const SuppressionRule &R : suppressionRules())
    Ids.push_back(R.Id);
  for (StringRef Id : Ids)
    if (Expected<std::string> Page = requireRulePage(*Docs, Id); !Page)
      return Page.takeError();
  return Docs;
}

} // namespace cudalint
