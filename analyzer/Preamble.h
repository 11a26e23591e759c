//===- Preamble.h - One precompiled CUDA prologue for many TUs ------------===//
//
// Every CUDA translation unit starts with the same few thousand lines: Clang's
// CUDA runtime wrapper, which pulls in cuda_runtime.h and the C++ library
// headers, and cuda-lint's compat header. Parsing them is most of a TU's
// analysis time. TUs whose Clang commands differ only in the file share one
// precompiled header (PCH) of that prologue, built once per run; each TU
// then loads it instead of parsing the headers again. Where several of them
// start with the same guarded project header (ggml's TUs all enter
// common.cuh before any code of their own), the PCH holds that header too.
// The findings are the same with and without it (test/lit/cache/preamble.test):
// the PCH holds only what the TU would have parsed first anyway, the project
// declarations in it are walked as if parsed, and a TU whose PCH does not
// load is analysed without it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_PREAMBLE_H
#define CUDALINT_ANALYZER_PREAMBLE_H

#include "analyzer/TranslationUnit.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cudalint {

class PreambleSet {
public:
  /// Builds, in a temporary directory, one preamble for each group of at
  /// least two of \p Cmds that share everything but the file; \p Jobs at a time.
  static std::unique_ptr<PreambleSet> build(const std::vector<const TranslatedCommand *> &Cmds,
                                            unsigned Jobs);
  ~PreambleSet(); // removes the directory

  /// The preamble for \p Cmd, or null when it has none.
  const Preamble *find(const TranslatedCommand &Cmd) const;
  const std::deque<Preamble> &all() const { return Built; }

private:
  std::string Dir;
  std::deque<Preamble> Built;
  std::map<std::string, const Preamble *> ForCommand; // by command shape and file
};

} // namespace cudalint

#endif
