//===- StdinSource.h - `cuda-lint -`: the source read from stdin ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Editor plugins and formatters on save send the buffer on stdin. With --stdin-filename PATH it
// is analysed as if it were PATH (its directory, compile command and configuration); the run
// reads it through an in-memory overlay of the file system and writes nothing beside PATH.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CLI_STDINSOURCE_H
#define CUDALINT_ANALYZER_CLI_STDINSOURCE_H

#include <optional>
#include <string>

namespace cudalint::cli {

/// The source read from stdin and the file it stands for.
struct StdinSource {
  std::string Path; // absolute
  std::string Text;
};

/// Set by readStdinSource when the path is `-`.
extern std::optional<StdinSource> Stdin;

/// When the only path is `-`: reads stdin into Stdin and makes Paths the file it stands for
/// (--stdin-filename, else stdin.cu in the current directory). The message of a usage error
/// (other paths beside it, options that read or change the file on disk), else nullopt.
std::optional<std::string> readStdinSource();

} // namespace cudalint::cli

#endif
