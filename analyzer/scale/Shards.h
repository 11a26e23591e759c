//===- Shards.h - One run split over several processes, and merged back ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `cuda-lint --shard=K/N --export-facts FILE` analyses the K-th of N parts of
// the translation units and writes their results before the whole-program
// step; `cuda-lint merge FILE...` runs that step over every part and reports
// exactly what one run over all of them reports. The build-system launcher
// (Launcher.cpp) writes the same files, one per compiled TU.
//
// A TU's shard is decided by a hash of its path, in order of which the TUs
// are cut into N runs of about equal size (bytes of the source file plus a
// fixed cost for the headers every TU parses): the parts are balanced, and
// adding a file moves only the TUs next to the cuts.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SCALE_SHARDS_H
#define CUDALINT_ANALYZER_SCALE_SHARDS_H

#include "analyzer/cache/ResultCodec.h"
#include "analyzer/inputs/Inputs.h"
#include "analyzer/run/Runner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

struct ShardSpec {
  unsigned Index = 1, Count = 1; // K and N of --shard=K/N
};

/// Parses "K/N" with 1 <= K <= N.
llvm::Expected<ShardSpec> parseShardSpec(llvm::StringRef Text);

/// The TUs of \p Plan that shard \p Shard analyses.
PlanSelection selectShard(const InputPlan &Plan, ShardSpec Shard);

/// A digest of the plan's files (paths relative to the current directory),
/// which every shard of one run computes alike.
std::string planDigest(const InputPlan &Plan);

/// Writes \p F to \p Path atomically, with a SHA-256 of its contents.
llvm::Error writeFactsFile(llvm::StringRef Path, const FactsFile &F);

/// The facts file \p Path: an error naming it when it cannot be read, is not
/// a facts file of this version, or its checksum does not match.
llvm::Expected<FactsFile> readFactsFile(llvm::StringRef Path);

/// What changes a run's findings besides RunOptions, recorded in its facts
/// files for merge to compare.
struct FactsSettings {
  std::vector<std::string> ExtraArgs; // --extra-arg
  std::vector<std::string> Databases; // -p
  std::string CudaPath;               // the CUDA installation used
};

/// A digest of every TU's command of \p Plan (the current directory written
/// as such, so that shards run in checkouts at other paths agree).
std::string commandsDigest(const InputPlan &Plan);

/// What `cuda-lint merge` reports on: the files' TUs in the order one run
/// would have analysed them, and the options they were analysed with.
struct MergedFacts {
  FactsFile Options; // the shared options (its TU lists are empty)
  std::vector<TUResult> Sources, Headers;
  std::vector<TranslatedCommand> SourceCommands; // of Sources
  std::vector<AnalysisError> PlanErrors, ResourceErrors;
  std::vector<std::string> Analysed, Roots;
};

/// --export-facts: analyses the part \p Shard of \p Plan and writes it to
/// \p File with what a merge needs; the line to print when it is done.
/// \p RunId tells apart runs of the same files (the launcher's compiles of
/// one source into several objects), which a merge then unites.
llvm::Expected<std::string>
exportShard(const InputPlan &Plan, ShardSpec Shard, const RunOptions &Run,
            llvm::ArrayRef<AnalysisError> ResourceErrors, llvm::ArrayRef<std::string> Analysed,
            llvm::ArrayRef<std::string> Roots, llvm::ArrayRef<std::string> RuleIds,
            const FactsSettings &Settings, llvm::StringRef File, llvm::StringRef RunId = "");

/// Reads and checks \p Files: whole (their checksums), written by this
/// version, with the same analysis options (the shards of one run also with
/// the same compile commands), and each run's shards all present exactly once. Files of
/// different runs (the launcher's, one per TU) are merged as a union.
llvm::Expected<MergedFacts> mergeFactsFiles(llvm::ArrayRef<std::string> Files);

/// `cuda-lint merge`: the result of one run over every TU of \p Files, and
/// what the reporting needs of the runs that wrote them.
struct MergedRun {
  RunResult Result;
  std::vector<std::string> RuleIds, Analysed, Roots;
};
llvm::Expected<MergedRun> mergeRun(llvm::ArrayRef<std::string> Files);

} // namespace cudalint

#endif
