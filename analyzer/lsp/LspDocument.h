//===- LspDocument.h - Findings as LSP diagnostics and code actions -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Pure conversions for `cuda-lint lsp`: positions between cuda-lint's 1-based
// byte columns and LSP's 0-based UTF-16 ones, a finding as a diagnostic (rule
// id as code, its page as codeDescription, notes as relatedInformation), and
// the code actions for a finding: each fix-it (the safe ones preferred) and
// a NOLINT comment that suppresses it on its line.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_LSP_LSPDOCUMENT_H
#define CUDALINT_ANALYZER_LSP_LSPDOCUMENT_H

#include "rules/Finding.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"

#include <string>
#include <vector>

namespace cudalint {

/// Reads a file's text (an open buffer's, or the disk's).
using TextOfFile = llvm::function_ref<std::string(llvm::StringRef Path)>;

/// The LSP position of 1-based \p Line and byte \p Column in \p Text.
llvm::lsp::Position lspPosition(llvm::StringRef Text, unsigned Line, unsigned Column);

/// The LSP position of byte \p Offset in \p Text.
llvm::lsp::Position lspPositionOfOffset(llvm::StringRef Text, unsigned Offset);

/// The finding's range in \p Text (the file it is in).
llvm::lsp::Range lspRange(llvm::StringRef Text, const Finding &F);

/// Whether the finding's range meets \p R.
bool overlaps(llvm::StringRef Text, const Finding &F, const llvm::lsp::Range &R);

/// The publishDiagnostics entry of \p F.
llvm::json::Value toDiagnostic(const Finding &F, llvm::StringRef Text, TextOfFile TextOf);

/// The code actions of \p F, a finding of the document \p Uri whose text is \p Text.
std::vector<llvm::json::Value> codeActionsFor(const Finding &F, llvm::StringRef Uri,
                                              llvm::StringRef Text, TextOfFile TextOf);

/// The file path of a file:// URI, or empty.
std::string pathOfUri(llvm::StringRef Uri);

/// textDocument/didSave's parameters (Protocol.h has none).
struct DidSaveParams {
  std::string Uri;
};
bool fromJSON(const llvm::json::Value &V, DidSaveParams &P, llvm::json::Path Path);

} // namespace cudalint

#endif
