//===- Preamble.h - One precompiled CUDA prologue for many TUs ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every CUDA translation unit starts with the same few thousand lines: Clang's
// CUDA runtime wrapper, which pulls in cuda_runtime.h and the C++ library
// headers, and cuda-lint's compat header. Parsing them is most of a TU's
// analysis time. TUs whose Clang commands differ only in the file share one
// precompiled header (PCH) of that prologue, built once per run; each TU
// then loads it instead of parsing the headers again (one taken up while the
// PCH is still being built goes without it rather than leave a core idle).
// Where several of them start with the same guarded project header (ggml's
// TUs all enter common.cuh before any code of their own), the PCH holds that
// header too. A TU parsed again for the device (code under #if __CUDA_ARCH__,
// ArchRegions.h) loads the same prologue precompiled for the device, built
// the first time a TU of the group needs it.
// The findings are the same with and without it (test/lit/cache/preamble.test):
// the PCH holds only what the TU would have parsed first anyway, the project
// declarations in it are walked as if parsed, and a TU whose PCH does not
// load is analysed without it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_PREAMBLE_H
#define CUDALINT_ANALYZER_TU_PREAMBLE_H

#include "analyzer/tu/TranslationUnit.h"

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class PreambleSet {
public:
  /// Plans one preamble for each group of at least two of \p Cmds that share
  /// everything but the file; none is built yet.
  static std::unique_ptr<PreambleSet> plan(const std::vector<const TranslatedCommand *> &Cmds);
  ~PreambleSet(); // removes the directory

  /// How many preambles are planned.
  size_t size() const { return Jobs.size(); }
  /// Builds planned preamble \p N (each once; safe beside find() and other
  /// builds). Returns it, or null when it does not build.
  const Preamble *build(size_t N);
  /// The preamble for \p Cmd, or null when it has none or it is not built
  /// yet: the TU is then analysed without it, with the same findings.
  const Preamble *find(const TranslatedCommand &Cmd) const;
  /// The preamble of \p Cmd's device-side parse (ArchRegions.h), whose
  /// arguments are \p DeviceArgs: the same header as its host preamble, for
  /// the device, built on first use (once per architecture). Null when
  /// \p Cmd's group has no preamble, when it does not build, or while another
  /// worker builds it (the TU's device parse then goes without it).
  const Preamble *device(const TranslatedCommand &Cmd, llvm::ArrayRef<std::string> DeviceArgs);

private:
  struct Job {
    const TranslatedCommand *Model = nullptr;
    std::string Header; // empty: the prologue alone
    std::vector<const TranslatedCommand *> Users;
  };
  static std::string text(const Job &J);
  std::vector<Job> Jobs;
  std::string Dir;
  mutable std::mutex M;
  std::deque<Preamble> Built;
  std::map<std::string, const Preamble *> ForCommand; // by command shape and file
  std::map<std::string, size_t> JobOf;                // by command shape and file
  // By job and device arguments; present but empty while being built.
  std::map<std::string, std::optional<const Preamble *>> Device;
};

/// For one TU analysed again and again (cuda-lint lsp): the preamble of its
/// command shape and the header its text \p MainText enters first, from
/// \p Built while the files it read are unchanged, else built anew in \p Dir
/// (a temporary directory, created when empty). Null when none builds.
const Preamble *preambleFor(const TranslatedCommand &Cmd, llvm::StringRef MainText,
                            std::map<std::string, std::unique_ptr<Preamble>> &Built,
                            std::string &Dir);

} // namespace cudalint

#endif
