//===- StreamReport.cpp - Findings printed as their files are analysed ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/StreamReport.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

FindingStream::FindingStream(raw_ostream &OS, Kind K, TextOptions Text, CiReportOptions Ci,
                             std::function<void(std::vector<Finding> &)> Filter)
    : OS(OS), K(K), Text(std::move(Text)), Ci(std::move(Ci)), Filter(std::move(Filter)) {
  this->Text.Quiet = true; // the summary comes at the end
  this->Text.AlreadyPrinted = nullptr;
  this->Ci.AlreadyPrinted = nullptr;
}

FindingStream::Key FindingStream::keyOf(const Finding &F) {
  // What combineResults deduplicates on: a header's finding seen by several TUs is one.
  return {F.File, F.Line, F.Column, F.RuleId, F.Message};
}

void FindingStream::add(const TUResult &R) {
  RunResult Part;
  Part.Findings = R.Findings;
  if (Filter)
    Filter(Part.Findings);
  llvm::erase_if(Part.Findings, [&](const Finding &F) { return !Printed.insert(keyOf(F)).second; });
  if (Part.Findings.empty())
    return;
  std::stable_sort(Part.Findings.begin(), Part.Findings.end(),
                   [](const Finding &A, const Finding &B) { return keyOf(A) < keyOf(B); });
  if (K == Kind::Github)
    writeGithub(OS, Part, Ci);
  else
    writeText(OS, Part, Text);
  OS.flush();
}

bool FindingStream::printed(const Finding &F) const { return Printed.count(keyOf(F)) != 0; }

} // namespace cudalint
