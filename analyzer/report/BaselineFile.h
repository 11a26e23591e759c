//===- BaselineFile.h - A --baseline document read back -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What `--write-baseline` wrote (analyzer/report/Baseline.h), read with
// bounds: the text comes from the user, so JSON nested too deep for
// llvm::json (which recurses once per level) is refused before it is parsed.
// Apart from Baseline.cpp so that the reader can be fuzzed on its own.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_REPORT_BASELINEFILE_H
#define CUDALINT_ANALYZER_REPORT_BASELINEFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <tuple>

namespace cudalint {

/// The version of the baseline document this cuda-lint writes and reads.
constexpr int BaselineVersion = 1;

/// What a baseline records: how many findings of each (rule, file,
/// fingerprint) it holds.
using BaselineEntries = std::map<std::tuple<std::string, std::string, std::string>, unsigned>;

/// The entries of the baseline document \p Text, or an error saying in one
/// line why it is not one (JSON nested too deep included: the text is checked
/// before llvm::json, which recurses, parses it).
llvm::Expected<BaselineEntries> parseBaseline(llvm::StringRef Text);

} // namespace cudalint

#endif
