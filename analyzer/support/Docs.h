//===- Docs.h - Find and read the rules' documentation pages --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pages live in docs/rules/<id>.md; the docs directory an installed
// cuda-lint reads is share/cuda-lint/docs (analyzer/support/Resources.h).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_DOCS_H
#define CUDALINT_ANALYZER_SUPPORT_DOCS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace cudalint {

/// Public address of a rule's page as of this build (SARIF helpUri).
std::string ruleHelpUri(llvm::StringRef Id);

/// The text of docs/rules/<Id>.md under \p DocsDir, if present.
std::optional<std::string> readRulePage(llvm::StringRef DocsDir, llvm::StringRef Id);

/// The text of docs/rules/<Id>.md under \p DocsDir, or an error naming the
/// missing file.
llvm::Expected<std::string> requireRulePage(llvm::StringRef DocsDir, llvm::StringRef Id);

/// The first paragraph of a Markdown page that is prose (not a heading, list,
/// table, quote, code block or a "**Key:** value" line), joined into one line.
std::string firstParagraph(llvm::StringRef Markdown);

} // namespace cudalint

#endif
