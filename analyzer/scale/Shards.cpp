//===- Shards.cpp - One run split over several processes, and merged back -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/scale/Shards.h"
#include "analyzer/report/Report.h"
#include "analyzer/support/AtomicFile.h"
#include "analyzer/support/DisplayPath.h"
#include "analyzer/support/Version.h"
#include "ptxas_parse/ReadFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace cudalint {
namespace {

/// What a TU costs besides its own bytes: the CUDA and project headers every
/// TU parses (a few hundred KiB of them, most from a shared preamble).
constexpr uint64_t FixedCostBytes = 64 << 10;

/// A facts file larger than this is not one cuda-lint wrote.
constexpr uint64_t MaxFactsBytes = 1ull << 30;

uint64_t pathHash(StringRef Path) {
  std::string H = contentHash(displayPath(Path));
  return support::endian::read64le(H.data());
}

std::string hexDigest(StringRef Bytes) { return toHex(contentHash(Bytes), /*LowerCase=*/true); }

/// A facts file: this line, the SHA-256 of the rest, then the encoding.
constexpr StringLiteral FactsMagic = "cuda-lint facts 2\n";
constexpr size_t ChecksumBytes = 32;

std::string sha256Of(StringRef Bytes) {
  std::array<uint8_t, 32> Sum = SHA256::hash(arrayRefFromStringRef(Bytes));
  return std::string(Sum.begin(), Sum.end());
}

/// "'-DX' '-O2'", or "none".
std::string shownList(ArrayRef<std::string> Items) {
  std::string Out;
  for (const std::string &I : Items)
    Out += (Out.empty() ? "'" : " '") + I + "'";
  return Out.empty() ? "none" : Out;
}

/// How the facts file \p F differs from \p First in what changes findings
/// and is not among the options checked before (an option and both values);
/// nothing when it does not. \p SameRun: shards of one run, which must also
/// agree on the plan's compile commands.
std::optional<std::string> settingsDiffer(const FactsFile &F, const FactsFile &First,
                                          bool SameRun) {
  if (F.ExtraArgs != First.ExtraArgs)
    return "--extra-arg " + shownList(F.ExtraArgs) + " against " + shownList(First.ExtraArgs);
  if (F.CudaPath != First.CudaPath)
    return "the CUDA installation (--cuda-path) '" + F.CudaPath + "' against '" + First.CudaPath +
           "'";
  if (!SameRun)
    return std::nullopt;
  if (F.Databases != First.Databases)
    return "the compilation databases (-p) " + shownList(F.Databases) + " against " +
           shownList(First.Databases);
  if (F.CommandsDigest != First.CommandsDigest)
    return std::string("the compile commands of the files (a compilation database's flags, or a "
                       ".cuda-lint.yaml's extra-args or archs, differ between them)");
  return std::nullopt;
}

} // namespace

Expected<ShardSpec> parseShardSpec(StringRef Text) {
  auto [K, N] = Text.split('/');
  ShardSpec S;
  if (K.getAsInteger(10, S.Index) || N.getAsInteger(10, S.Count) || S.Count == 0 || S.Index == 0 ||
      S.Index > S.Count)
    return createStringError("--shard='" + Text +
                             "': expected K/N with 1 <= K <= N (e.g. --shard=2/4)");
  return S;
}

PlanSelection selectShard(const InputPlan &Plan, ShardSpec Shard) {
  struct Item {
    uint64_t Hash, Weight;
    bool Header;
    size_t Index;
  };
  std::vector<Item> Items;
  uint64_t Total = 0;
  auto Add = [&](const std::vector<TranslatedCommand> &Cmds, bool Header) {
    for (size_t I = 0; I < Cmds.size(); ++I) {
      uint64_t Size = 0;
      if (sys::fs::file_size(Cmds[I].File, Size))
        Size = 0;
      Items.push_back({pathHash(Cmds[I].File), Size + FixedCostBytes, Header, I});
      Total += Items.back().Weight;
    }
  };
  Add(Plan.Sources, false);
  Add(Plan.Headers, true);
  llvm::sort(Items, [](const Item &A, const Item &B) {
    return std::tie(A.Hash, A.Header, A.Index) < std::tie(B.Hash, B.Header, B.Index);
  });
  PlanSelection Out;
  uint64_t Before = 0;
  for (const Item &It : Items) {
    // The shard whose share of the total holds the middle of this item.
    unsigned __int128 Mid = (Before + It.Weight / 2);
    unsigned Part = static_cast<unsigned>(Mid * Shard.Count / Total);
    Before += It.Weight;
    if (std::min(Part, Shard.Count - 1) + 1 != Shard.Index)
      continue;
    (It.Header ? Out.Headers : Out.Sources).push_back(It.Index);
  }
  llvm::sort(Out.Sources);
  llvm::sort(Out.Headers);
  return Out;
}

std::string planDigest(const InputPlan &Plan) {
  std::string All;
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers}) {
    All += std::to_string(Cmds->size()) + '\n';
    for (const TranslatedCommand &C : *Cmds)
      All += displayPath(C.File) + '\n';
  }
  return hexDigest(All);
}

std::string commandsDigest(const InputPlan &Plan) {
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    Cwd.clear();
  std::string All;
  auto Add = [&](StringRef S) {
    // The working directory, where it appears, is named alike on every runner.
    for (size_t At; !Cwd.empty() && (At = S.find(Cwd)) != StringRef::npos;) {
      All += S.take_front(At);
      All += "<cwd>";
      S = S.drop_front(At + Cwd.size());
    }
    All += S;
    All += '\0';
  };
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers}) {
    Add(std::to_string(Cmds->size()));
    for (const TranslatedCommand &C : *Cmds) {
      Add(C.File);
      Add(C.Directory);
      Add(std::to_string(C.ClangArgs.size()));
      for (const std::string &A : C.ClangArgs)
        Add(A);
      Add(std::to_string(C.Archs.size()));
      for (const std::string &A : C.Archs)
        Add(A);
      Add(C.PerThreadDefaultStream ? "per-thread" : "legacy");
    }
  }
  return hexDigest(All);
}

Error writeFactsFile(StringRef Path, const FactsFile &F) {
  std::string Payload;
  encodeFactsFile(F, Payload);
  return writeFileAtomically(Path, FactsMagic.str() + sha256Of(Payload) + Payload);
}

Expected<FactsFile> readFactsFile(StringRef Path) {
  Expected<std::string> Bytes = readFileBounded(Path, MaxFactsBytes);
  if (!Bytes)
    return createStringError("merge: cannot read '" + Path + "': " + toString(Bytes.takeError()));
  StringRef Body(*Bytes);
  if (!Body.consume_front(FactsMagic))
    return createStringError("merge: '" + Path +
                             "' is not a facts file of this cuda-lint version (written by "
                             "--export-facts or --launcher; truncated or corrupted?)");
  if (Body.size() < ChecksumBytes ||
      sha256Of(Body.drop_front(ChecksumBytes)) != Body.take_front(ChecksumBytes))
    return createStringError("merge: '" + Path +
                             "' is corrupted: its SHA-256 checksum does not match its contents "
                             "(truncated, or changed since it was written); write it again");
  std::optional<FactsFile> F = decodeFactsFile(Body.drop_front(ChecksumBytes));
  if (!F)
    return createStringError("merge: '" + Path +
                             "' is not a facts file of this cuda-lint version (written by "
                             "--export-facts or --launcher; truncated or corrupted?)");
  return std::move(*F);
}

Expected<std::string> exportShard(const InputPlan &Plan, ShardSpec Shard, const RunOptions &Run,
                                  ArrayRef<AnalysisError> ResourceErrors,
                                  ArrayRef<std::string> Analysed, ArrayRef<std::string> Roots,
                                  ArrayRef<std::string> RuleIds, const FactsSettings &Settings,
                                  StringRef File, StringRef RunId) {
  PlanResults R = analyseSelection(Plan, selectShard(Plan, Shard), Run);
  FactsFile F;
  F.Tool = toolVersion().str();
  F.Shard = Shard.Index;
  F.Shards = Shard.Count;
  F.PlanDigest = planDigest(Plan);
  if (!RunId.empty())
    F.PlanDigest = hexDigest(F.PlanDigest + "\n" + RunId.str());
  F.Rules = RuleIds;
  F.Pedantic = Run.Pedantic;
  F.CompileErrorsAsNotes = Run.CompileErrorsAsNotes;
  F.WholeProgram = Run.WholeProgram;
  F.OccupancyThreshold = Run.OccupancyThreshold;
  F.Gpu = Run.Gpu ? Run.Gpu->Name : "";
  F.ExtraArgs = Settings.ExtraArgs;
  F.CudaPath = Settings.CudaPath;
  F.Databases = Settings.Databases;
  F.CommandsDigest = commandsDigest(Plan);
  F.Resources = Run.Resources;
  F.PlanErrors = Plan.Errors;
  F.ResourceErrors = ResourceErrors;
  F.Analysed = Analysed;
  F.Roots = Roots;
  unsigned Files = R.Sources.size() + R.Headers.size(), Cached = 0;
  for (auto *Results : {&R.Sources, &R.Headers})
    for (TUResult &T : *Results) {
      Cached += T.FromCache;
      T.ReadFiles.clear(); // the cache's business; a merge needs only IncludedFiles
    }
  F.Sources = std::move(R.Sources);
  F.Headers = std::move(R.Headers);
  for (size_t I : R.SourceIndex)
    F.SourceCommands.push_back(Plan.Sources[I]);
  F.SourceIndex.assign(R.SourceIndex.begin(), R.SourceIndex.end());
  F.HeaderIndex.assign(R.HeaderIndex.begin(), R.HeaderIndex.end());
  if (Error E = writeFactsFile(File, F))
    return std::move(E);
  return "shard " + std::to_string(Shard.Index) + "/" + std::to_string(Shard.Count) + ": " +
         std::to_string(Files) + " file" + (Files == 1 ? "" : "s") + " analysed (" +
         std::to_string(Cached) + " from cache); results in " + File.str() + " for cuda-lint merge";
}

Expected<MergedFacts> mergeFactsFiles(ArrayRef<std::string> Files) {
  if (Files.empty())
    return createStringError("merge: no facts files given (usage: cuda-lint merge [options] "
                             "FILE..., the files of --export-facts)");
  // Each run (plan) -> its shards, by shard number.
  std::map<std::string, std::map<unsigned, FactsFile>> Runs;
  std::map<std::string, std::string> FirstFileOf; // plan -> a file, for messages
  std::optional<FactsFile> Options;
  for (const std::string &Path : Files) {
    Expected<FactsFile> F = readFactsFile(Path);
    if (!F)
      return F.takeError();
    if (F->Tool != toolVersion())
      return createStringError("merge: '" + Path + "' was written by cuda-lint " + F->Tool +
                               ", not " + toolVersion() + "; analyse again with this version");
    if (!Options) {
      Options = *F;
    } else if (F->Rules != Options->Rules || F->Pedantic != Options->Pedantic ||
               F->CompileErrorsAsNotes != Options->CompileErrorsAsNotes ||
               F->WholeProgram != Options->WholeProgram ||
               F->OccupancyThreshold != Options->OccupancyThreshold || F->Gpu != Options->Gpu ||
               F->Resources.size() != Options->Resources.size()) {
      return createStringError("merge: '" + Path + "' was analysed with other options than '" +
                               Files.front() +
                               "' (--rules, --pedantic, --compile-errors-as-notes, "
                               "--occupancy-threshold, --gpu, --ptxas-log or the file list); every "
                               "shard needs the same ones");
    }
    if (std::optional<std::string> Diff = settingsDiffer(*F, *Options, /*SameRun=*/false))
      return createStringError("merge: '" + Path + "' and '" + Files.front() +
                               "' were analysed with different settings: " + *Diff +
                               "; every shard needs the same ones");
    auto &Shards = Runs[F->PlanDigest];
    if (!Shards.empty())
      if (std::optional<std::string> Diff =
              settingsDiffer(*F, Shards.begin()->second, /*SameRun=*/true))
        return createStringError("merge: '" + Path + "' and '" + FirstFileOf[F->PlanDigest] +
                                 "' are shards of one run analysed with different settings: " +
                                 *Diff + "; every shard needs the same ones");
    FirstFileOf.try_emplace(F->PlanDigest, Path);
    if (!Shards.empty() && Shards.begin()->second.Shards != F->Shards)
      return createStringError("merge: '" + Path + "' is shard " + std::to_string(F->Shard) + "/" +
                               std::to_string(F->Shards) + " but '" + FirstFileOf[F->PlanDigest] +
                               "' is one of " + std::to_string(Shards.begin()->second.Shards));
    unsigned K = F->Shard;
    std::string Digest = F->PlanDigest;
    if (!Shards.try_emplace(K, std::move(*F)).second)
      return createStringError("merge: shard " + std::to_string(K) + " of '" + FirstFileOf[Digest] +
                               "''s run is given twice ('" + Path + "')");
  }

  // Runs in the order of their first file, so that the result does not
  // depend on the order the files are named in.
  std::vector<std::pair<std::string, std::map<unsigned, FactsFile> *>> Order;
  for (auto &[Digest, Shards] : Runs) {
    unsigned N = Shards.begin()->second.Shards;
    if (Shards.size() != N) {
      std::string Missing;
      for (unsigned K = 1; K <= N; ++K)
        if (!Shards.count(K))
          Missing += (Missing.empty() ? "" : ", ") + std::to_string(K);
      return createStringError("merge: the run of '" + FirstFileOf[Digest] + "' has " +
                               std::to_string(N) + " shards, and shard" +
                               (N - Shards.size() == 1 ? " " : "s ") + Missing +
                               " is not among the files; a merge needs all of them");
    }
    std::string First =
        Shards.begin()->second.Analysed.empty() ? "" : Shards.begin()->second.Analysed.front();
    Order.push_back({First + '\n' + Digest, &Shards});
  }
  llvm::sort(Order, [](const auto &A, const auto &B) { return A.first < B.first; });

  MergedFacts Out;
  Out.Options = std::move(*Options);
  Out.Options.Sources.clear();
  Out.Options.Headers.clear();
  Out.Options.SourceCommands.clear();
  StringSet<> SeenAnalysed, SeenRoots;
  for (auto &[Key, Shards] : Order) {
    FactsFile &First = Shards->begin()->second;
    append_range(Out.PlanErrors, First.PlanErrors);
    append_range(Out.ResourceErrors, First.ResourceErrors);
    for (const std::string &A : First.Analysed)
      if (SeenAnalysed.insert(A).second)
        Out.Analysed.push_back(A);
    for (const std::string &R : First.Roots)
      if (SeenRoots.insert(R).second)
        Out.Roots.push_back(R);
    std::vector<std::pair<uint64_t, TUResult *>> Sources, Headers;
    std::map<uint64_t, TranslatedCommand *> Commands;
    for (auto &[K, F] : *Shards) {
      if (F.SourceIndex.size() != F.Sources.size() || F.HeaderIndex.size() != F.Headers.size() ||
          F.SourceCommands.size() != F.Sources.size())
        return createStringError("merge: a facts file of the run of '" + First.Analysed.front() +
                                 "' is inconsistent");
      for (size_t I = 0; I < F.Sources.size(); ++I) {
        Sources.push_back({F.SourceIndex[I], &F.Sources[I]});
        Commands[F.SourceIndex[I]] = &F.SourceCommands[I];
      }
      for (size_t I = 0; I < F.Headers.size(); ++I)
        Headers.push_back({F.HeaderIndex[I], &F.Headers[I]});
    }
    llvm::sort(Sources, [](const auto &A, const auto &B) { return A.first < B.first; });
    llvm::sort(Headers, [](const auto &A, const auto &B) { return A.first < B.first; });
    for (auto &[I, R] : Sources) {
      Out.Sources.push_back(std::move(*R));
      Out.SourceCommands.push_back(std::move(*Commands[I]));
    }
    for (auto &[I, R] : Headers)
      Out.Headers.push_back(std::move(*R));
  }
  return Out;
}

Expected<MergedRun> mergeRun(ArrayRef<std::string> Files) {
  Expected<MergedFacts> M = mergeFactsFiles(Files);
  if (!M)
    return M.takeError();
  RunOptions Run;
  Run.EnabledRules = M->Options.Rules;
  Run.Pedantic = M->Options.Pedantic;
  Run.CompileErrorsAsNotes = M->Options.CompileErrorsAsNotes;
  Run.WholeProgram = M->Options.WholeProgram;
  Run.OccupancyThreshold = M->Options.OccupancyThreshold;
  Run.Resources = M->Options.Resources;
  if (!M->Options.Gpu.empty()) {
    Expected<const GpuProduct &> Gpu = lookupGpuProduct(M->Options.Gpu);
    if (!Gpu)
      return Gpu.takeError();
    Run.Gpu = &*Gpu;
  }
  MergedRun Out;
  analyseLaunchedElsewhere(M->Sources, M->SourceCommands, Run);
  Out.Result = assembleResults(std::move(M->Sources), std::move(M->Headers), M->PlanErrors, Run);
  append_range(Out.Result.Errors, M->ResourceErrors);
  Out.RuleIds = std::move(M->Options.Rules);
  Out.Analysed = std::move(M->Analysed);
  Out.Roots = std::move(M->Roots);
  return Out;
}

} // namespace cudalint
