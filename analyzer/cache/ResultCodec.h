//===- ResultCodec.h - A translation unit's result as bytes, and back -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The result cache stores TUResults and reads them back in a later run; what
// comes back must be exactly what the analysis produced (source lines with
// bytes that are not UTF-8 included), so the encoding is a compact binary one
// rather than JSON. Decoding checks every length against what is left and
// gives nothing for bytes that are not a whole, well-formed encoding.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CACHE_RESULTCODEC_H
#define CUDALINT_ANALYZER_CACHE_RESULTCODEC_H

#include "analyzer/tu/TranslationUnit.h"
#include "ptxas_parse/PtxasReport.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// Appends the encoding of \p R to \p Out.
void encodeTUResult(const TUResult &R, std::string &Out);

/// The result encoded in \p Bytes (all of them), or nothing when they are not
/// exactly one encoding.
std::optional<TUResult> decodeTUResult(llvm::StringRef Bytes);

/// What `--export-facts` writes: one shard's per-TU results, before the
/// whole-program step, with what `cuda-lint merge` needs to finish the run
/// exactly as one process over every TU would (analyzer/scale/Shards.h).
struct FactsFile {
  std::string Tool; // toolVersion(): a merge reads only files of its own version
  unsigned Shard = 1, Shards = 1;
  std::string PlanDigest; // the same for every shard of one run
  // The options the results depend on; every file merged must agree.
  std::vector<std::string> Rules;
  bool Pedantic = false, CompileErrorsAsNotes = false, WholeProgram = false;
  double OccupancyThreshold = 0.5;
  std::string Gpu; // --gpu's product name; empty without one
  // What else changes the findings. Every file merged must agree on the first
  // two; the shards of one run on all four.
  std::vector<std::string> ExtraArgs; // --extra-arg, in order
  std::string CudaPath;               // the CUDA installation the TUs were parsed with
  std::vector<std::string> Databases; // -p: the compilation databases of the plan
  std::string CommandsDigest;         // every TU's command of the plan (args, archs)
  std::vector<KernelResources> Resources;
  std::vector<AnalysisError> PlanErrors, ResourceErrors;
  std::vector<std::string> Analysed; // every file of the plan
  std::vector<std::string> Roots;    // the paths the run was given
  std::vector<TUResult> Sources, Headers;
  std::vector<uint64_t> SourceIndex, HeaderIndex; // their positions in the plan
  /// The commands of Sources, for the merge's second look at kernels launched from other
  /// TUs (analyseLaunchedElsewhere in Runner.h).
  std::vector<TranslatedCommand> SourceCommands;
};

void encodeFactsFile(const FactsFile &F, std::string &Out);
std::optional<FactsFile> decodeFactsFile(llvm::StringRef Bytes);

} // namespace cudalint

#endif
