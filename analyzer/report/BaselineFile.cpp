//===- BaselineFile.cpp - A --baseline document read back -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/BaselineFile.h"
#include "analyzer/support/JsonDepth.h"

#include "llvm/Support/JSON.h"

using namespace llvm;

namespace cudalint {

Expected<BaselineEntries> parseBaseline(StringRef Text) {
  if (Error E = checkJsonDepth(Text))
    return createStringError("not a baseline: " + toString(std::move(E)));
  Expected<json::Value> Doc = json::parse(Text);
  if (!Doc)
    return createStringError("not JSON: " + toString(Doc.takeError()));
  const json::Object *O = Doc->getAsObject();
  std::optional<int64_t> Version = O ? O->getInteger("cuda-lint-baseline") : std::nullopt;
  const json::Array *Entries = O ? O->getArray("findings") : nullptr;
  if (!Version || !Entries)
    return createStringError("not a cuda-lint baseline (written by --write-baseline)");
  if (*Version != BaselineVersion)
    return createStringError("baseline version " + Twine(*Version) +
                             " is not supported (this cuda-lint writes version " +
                             Twine(BaselineVersion) + ")");
  BaselineEntries Known;
  for (const json::Value &E : *Entries) {
    const json::Object *EO = E.getAsObject();
    std::optional<StringRef> Rule = EO ? EO->getString("rule") : std::nullopt;
    std::optional<StringRef> File = EO ? EO->getString("file") : std::nullopt;
    std::optional<StringRef> Print = EO ? EO->getString("fingerprint") : std::nullopt;
    if (!Rule || !File || !Print)
      return createStringError("an entry lacks its rule, file or fingerprint");
    ++Known[{Rule->str(), File->str(), Print->str()}];
  }
  return Known;
}

} // namespace cudalint
