//===- Inputs.h - From command-line paths to translation units ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Expands the paths given on the command line (files, and directories searched
// for .cu/.cuh outside hidden and build directories), finds the compilation
// database (-p, else the paths' ancestors and their build/ subdirectories) and
// gives every file its translated compile command. Problems with one input are
// collected as errors; the other inputs are still planned.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_INPUTS_H
#define CUDALINT_ANALYZER_INPUTS_INPUTS_H

#include "analyzer/inputs/NvccTranslate.h"
#include "rules/Finding.h"

#include <string>
#include <vector>

namespace cudalint {

struct InputOptions {
  std::vector<std::string> Paths;
  std::string BuildDir; // -p
  std::vector<std::string> ExtraArgs;
  ToolchainPaths Toolchain;
  /// The path of the source read from stdin (`cuda-lint - --stdin-filename PATH`), planned
  /// as a file whether or not it exists on disk.
  std::string StdinPath;
};

struct InputPlan {
  std::vector<TranslatedCommand> Sources; // .cu files and database entries
  std::vector<TranslatedCommand> Headers; // .cuh: analysed alone if no source includes them
  std::vector<AnalysisError> Errors;
  std::vector<std::string> Databases; // the compile_commands.json files used
};

InputPlan planInputs(const InputOptions &Opts);

/// True for the directory names the search skips (hidden, build trees).
bool isSkippedDirectory(llvm::StringRef Path);

} // namespace cudalint

#endif
