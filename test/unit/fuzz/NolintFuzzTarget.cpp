//===- NolintFuzzTarget.cpp - libFuzzer entry point for NOLINT comments ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input as a source file's NOLINT directives and runs the suppression pass over
// findings on every line of it (the file is served from memory). Any crash, sanitizer report or
// broken invariant is a failure.
//
//===----------------------------------------------------------------------===//

#include "analyzer/report/Suppressions.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <tuple>

using namespace cudalint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<NolintDirective> Directives = parseNolintDirectives(Text);
  unsigned Lines = unsigned(Text.count('\n')) + 1;
  unsigned PrevLine = 0, PrevColumn = 0;
  for (const NolintDirective &D : Directives) {
    if (D.Line < 1 || D.Line > Lines || D.Column < 1 || D.EndColumn <= D.Column)
      abort();
    if (std::tie(D.Line, D.Column) <= std::tie(PrevLine, PrevColumn))
      abort(); // in order, no two at one place
    if (!llvm::StringRef(D.Text).starts_with("NOLINT") || (D.AllRules && !D.Names.empty()) ||
        (D.Unclosed && D.AllRules))
      abort();
    for (const std::string &N : D.Names)
      if (N.empty() || llvm::StringRef(N).trim() != N)
        abort();
    PrevLine = D.Line;
    PrevColumn = D.Column;
  }

  // Findings of two rules on every line (at most 512 lines), then the pass.
  const std::string File = "/fuzz/k.cu";
  std::vector<Finding> Findings;
  for (unsigned L = 1; L <= std::min(Lines, 512u); ++L)
    for (const char *Rule : {"default-stream-launch", "missing-launch-bounds"}) {
      Finding F;
      F.RuleId = Rule;
      F.File = File;
      F.Line = F.EndLine = L;
      F.Column = F.EndColumn = 1 + L % 7;
      Findings.push_back(F);
    }
  size_t Before = Findings.size();
  SuppressionOptions Opts;
  Opts.ReportUnused = Size % 2 == 0;
  Opts.KnownRules = {"default-stream-launch", "missing-launch-bounds", "low-occupancy"};
  Opts.ReadFile = [&](llvm::StringRef Path) -> std::optional<std::string> {
    if (Path == File)
      return Text.str();
    return std::nullopt;
  };
  applySuppressions(Findings, {File}, Opts);
  size_t Kept = 0;
  for (const Finding &F : Findings) {
    if (F.File != File || F.Line < 1 || F.Line > Lines)
      abort();
    if (F.RuleId == "default-stream-launch" || F.RuleId == "missing-launch-bounds")
      ++Kept;
    else if (F.RuleId != UnmatchedNolintId && F.RuleId != UnusedNolintId &&
             F.RuleId != InvalidNolintId)
      abort();
  }
  if (Kept > Before)
    abort();
  if (!std::is_sorted(Findings.begin(), Findings.end(), [](const Finding &A, const Finding &B) {
        return std::tie(A.File, A.Line, A.Column) < std::tie(B.File, B.Line, B.Column);
      }))
    abort();
  return 0;
}
