//===- RuleSelection.h - Rule ids and globs, in files and on the command line ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The configuration's `rules:` and `severity:` keys and the command line's --rules and
// --disable name rules the same way: an id, or a glob over the ids (LLVM's GlobPattern).
// An id that is not a glob must exist; a glob may match nothing.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_RULESELECTION_H
#define CUDALINT_ANALYZER_INPUTS_RULESELECTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

/// Whether \p S is a glob rather than an id.
bool isRuleGlob(llvm::StringRef S);

/// Empty when \p S is a known rule id or a valid glob; else the message, with a "did you
/// mean" for a mistyped id.
std::string checkRuleGlob(llvm::StringRef S);

/// The ids of the rules that the id or glob \p S names, in the registry's order.
std::vector<std::string> rulesMatching(llvm::StringRef S);

/// The rules that `--rules=ENTRY,...` and `--disable=ID,...` select, in the registry's
/// order. Each entry is an id or glob, or `-` and one to take those rules away again; the
/// entries apply in order, starting from no rule, or from every rule when the first entry
/// takes rules away (`--rules=-legacy-*`), as clang-tidy's `-checks=-*,x-*` reads. --disable
/// takes its rules away last. An error when an entry is invalid or nothing is left.
llvm::Expected<std::vector<std::string>> selectRules(llvm::ArrayRef<std::string> Entries,
                                                     llvm::ArrayRef<std::string> Disabled);

} // namespace cudalint

#endif
