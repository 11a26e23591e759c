//===- Baseline.cpp - --write-baseline / --baseline -----------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/Baseline.h"
#include "analyzer/report/Report.h"
#include "ptxas_parse/JsonText.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace cudalint {

/// A baseline of a large code base is a few MiB; anything far larger is not one.
constexpr uint64_t MaxBaselineBytes = 256 << 20;

std::string renderBaseline(const std::vector<Finding> &Findings, StringRef Root) {
  std::vector<std::string> Prints = findingFingerprints(Findings, Root);
  json::Array Entries;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    Entries.push_back(
        json::Object{{"rule", jsonText(F.RuleId)},
                     {"file", jsonText(relativeToRoot(Root, F.File).value_or(F.File))},
                     {"fingerprint", Prints[I]},
                     {"line", F.Line},
                     {"message", jsonText(F.Message)}});
  }
  std::string Text;
  raw_string_ostream OS(Text);
  writeJsonValue(OS, json::Value(json::Object{{"cuda-lint-baseline", BaselineVersion},
                                              {"findings", std::move(Entries)}}));
  OS << "\n";
  return Text;
}

Expected<unsigned> applyBaseline(StringRef Path, std::vector<Finding> &Findings, StringRef Root) {
  auto Fail = [&](const Twine &Why) {
    return createStringError("--baseline '" + Path + "': " + Why);
  };
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Path, St))
    return Fail(EC.message());
  if (St.type() != sys::fs::file_type::regular_file)
    return Fail("not a regular file");
  if (St.getSize() > MaxBaselineBytes)
    return Fail("larger than 256 MiB; not a baseline");
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return Fail(Buf.getError().message());
  Expected<BaselineEntries> Parsed = parseBaseline((*Buf)->getBuffer());
  if (!Parsed)
    return Fail(toString(Parsed.takeError()));
  BaselineEntries &Known = *Parsed;
  std::vector<std::string> Prints = findingFingerprints(Findings, Root);
  std::vector<Finding> Kept;
  unsigned Removed = 0;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    auto It = Known.find({F.RuleId, relativeToRoot(Root, F.File).value_or(F.File), Prints[I]});
    if (It != Known.end() && It->second) {
      --It->second;
      ++Removed;
      continue;
    }
    Kept.push_back(F);
  }
  Findings = std::move(Kept);
  return Removed;
}

} // namespace cudalint
