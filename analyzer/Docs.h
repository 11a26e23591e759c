//===- Docs.h - Find and read the rules' documentation pages --------------===//
//
// The pages live in docs/rules/<id>.md. The docs directory is, in order:
// $CUDA_LINT_DOCS_DIR, <prefix>/share/doc/cuda-lint next to an installed
// binary, then the source tree the binary was built from (CUDA_LINT_DOCS_DIR,
// set at configure time).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_DOCS_H
#define CUDALINT_ANALYZER_DOCS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// Public address of a rule's page (SARIF helpUri).
std::string ruleHelpUri(llvm::StringRef Id);

/// The docs directory, given argv[0] (may be empty).
std::optional<std::string> findDocsDir(const char *Argv0);

/// The text of docs/rules/<Id>.md under \p DocsDir, if present.
std::optional<std::string> readRulePage(llvm::StringRef DocsDir, llvm::StringRef Id);

/// The first paragraph of a Markdown page that is prose (not a heading, list,
/// table, quote, code block or a "**Key:** value" line), joined into one line.
std::string firstParagraph(llvm::StringRef Markdown);

} // namespace cudalint

#endif
