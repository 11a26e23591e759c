//===- LspServer.h - cuda-lint lsp: a Language Server over stdio ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_ANALYZER_LSP_LSPSERVER_H
#define CUDALINT_ANALYZER_LSP_LSPSERVER_H

namespace cudalint {

/// `cuda-lint lsp`: a Language Server over stdio. argv[0] is "lsp".
int runLspCommand(int argc, const char **argv);

} // namespace cudalint

#endif
