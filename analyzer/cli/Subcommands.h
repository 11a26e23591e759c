//===- Subcommands.h - cuda-lint's subcommands besides linting ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_CLI_SUBCOMMANDS_H
#define CUDALINT_ANALYZER_CLI_SUBCOMMANDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cudalint {

/// `cuda-lint confirm --findings FILE [--ncu] [--format text|json] -- CMD ARGS`: runs the
/// program under the CUPTI injection library and gives each finding a measured verdict
/// (kernels/harness/cuda_lint_confirm.py, installed under \p Prefix). argv[0] is "confirm".
int runConfirmCommand(int argc, const char **argv, llvm::StringRef Prefix);

/// --version: the version, git commit, LLVM version and how it is linked
/// (\p LLVMLinkage), and the build type.
void printVersion(llvm::raw_ostream &OS, llvm::StringRef LLVMLinkage);

/// --explain RULE: the registry's line, then the rule's page from the docs
/// installed under \p Prefix. Exit code 2, with a message, for an unknown
/// rule or a missing page.
int explainRule(llvm::StringRef Id, llvm::StringRef Prefix);

/// --list-rules: a table, or JSON with the suppression rules and Clang's
/// compile errors too.
int listRules(bool Json);

/// --list-gpus: the products --gpu knows, as a table or JSON.
int listGpus(bool Json);

/// The docs directory SARIF's rule help comes from, or an error naming what is
/// missing when it lacks the page of a rule.
llvm::Expected<std::string> sarifDocsDir(llvm::StringRef Prefix);

} // namespace cudalint

#endif
