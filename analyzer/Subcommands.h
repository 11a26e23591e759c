//===- Subcommands.h - cuda-lint's subcommands besides linting ------------===//
#ifndef CUDALINT_ANALYZER_SUBCOMMANDS_H
#define CUDALINT_ANALYZER_SUBCOMMANDS_H

namespace cudalint {

/// `cuda-lint confirm --findings FILE [--ncu] [--format text|json] -- CMD ARGS`: runs the
/// program under the CUPTI injection library and gives each finding a measured verdict
/// (kernels/harness/cuda_lint_confirm.py). argv[0] is "confirm".
int runConfirmCommand(int argc, const char **argv);

/// `cuda-lint lsp`: a Language Server over stdio (LspServer.cpp).
int runLspCommand(int argc, const char **argv);

} // namespace cudalint

#endif
