//===- Runner.cpp - Analyse every translation unit and merge the results --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/run/Runner.h"
#include "analyzer/cache/ResultCache.h"
#include "analyzer/support/DisplayPath.h"
#include "analyzer/tu/Preamble.h"
#include "analyzer/tu/TranslationUnit.h"
#include "ptxas_parse/ReadFile.h"
#include "rules/LaunchBoundsCheck.h"
#include "rules/RuleRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {
namespace {

/// "[i/N] file" on one line of a terminal's stderr, rewritten as each
/// translation unit starts (as run-clang-tidy shows its commands), and
/// cleared at the end so the report starts on a clean line.
class ProgressLine {
public:
  ProgressLine(bool On, size_t Total) : On(On), Total(Total) {}
  ~ProgressLine() {
    if (On && Started)
      errs() << "\r\x1b[K";
  }
  /// Clears the line, so that what is printed next starts on a clean one.
  void clear() {
    std::lock_guard<std::mutex> Lock(M);
    if (On && Started)
      errs() << "\r\x1b[K";
  }
  void start(StringRef File) {
    if (!On)
      return;
    std::lock_guard<std::mutex> Lock(M);
    std::string Line = "[" + std::to_string(++Started) + "/" + std::to_string(Total) + "] ";
    std::string Path = displayPath(File);
    // A line wider than the terminal would wrap, and \r would not return to it.
    size_t Width = sys::Process::StandardErrColumns(); // 0: not known
    if (Width > Line.size() + 8 && Line.size() + Path.size() >= Width)
      Path = "..." + Path.substr(Path.size() - (Width - Line.size() - 4));
    errs() << "\r\x1b[K" << Line << Path;
    errs().flush();
  }

private:
  bool On;
  size_t Total, Started = 0;
  std::mutex M;
};

/// Runs \p Work(I) for every I in \p Items, \p Jobs at a time, taken up in order.
template <class Fn> void forEachParallel(const std::vector<size_t> &Items, unsigned Jobs, Fn Work) {
  if (Items.empty())
    return;
  ThreadPoolStrategy S = Jobs ? hardware_concurrency(Jobs) : hardware_concurrency();
  S.ThreadsRequested = std::min<unsigned>(S.compute_thread_count(), Items.size());
  DefaultThreadPool Pool(S);
  for (size_t I : Items)
    Pool.async([&Work, I] { Work(I); });
  Pool.wait();
}

void printIgnoredFlags(const TranslatedCommand &Cmd) {
  if (!Cmd.IgnoredFlags.empty()) {
    errs() << "    ignored flags:";
    for (const std::string &F : Cmd.IgnoredFlags)
      errs() << " " << F;
    errs() << "\n";
  }
}

void printCommand(const TranslatedCommand &Cmd) {
  errs() << "cuda-lint: analysing " << Cmd.File << "\n   ";
  for (const std::string &A : Cmd.ClangArgs)
    errs() << " " << A;
  errs() << "\n";
  printIgnoredFlags(Cmd);
}

/// Hands each result to a callback in the order of the commands, as soon as it and every
/// earlier one are done: the same order whatever the number of jobs.
class InOrder {
public:
  InOrder(size_t N, std::function<void(const TUResult &)> Emit, ProgressLine &Progress)
      : Done(N), Emit(std::move(Emit)), Progress(Progress) {}
  void done(size_t I, const std::vector<TUResult> &Results) {
    if (!Emit)
      return;
    std::lock_guard<std::mutex> Lock(M);
    Done[I] = true;
    for (; Next < Done.size() && Done[Next]; ++Next) {
      Progress.clear();
      Emit(Results[Next]);
    }
  }

private:
  std::vector<char> Done;
  size_t Next = 0;
  std::function<void(const TUResult &)> Emit;
  ProgressLine &Progress;
  std::mutex M;
};

/// The results of \p Cmds: from the cache where a TU is unchanged, else
/// analysed (with a shared preamble where several TUs have one). \p Emit, when
/// set, gets each result as in InOrder.
/// \p Elsewhere, when given, holds for each command the blocks of its kernels' launches in
/// other TUs (TUOptions::LaunchedElsewhere).
std::vector<TUResult> runAll(const std::vector<TranslatedCommand> &Cmds, const RunOptions &Opts,
                             std::function<void(const TUResult &)> Emit = nullptr,
                             const std::vector<ExternalLaunches> *Elsewhere = nullptr) {
  std::vector<TUResult> Results(Cmds.size());
  TUOptions Common;
  Common.EnabledRules = Opts.EnabledRules;
  Common.Pedantic = Opts.Pedantic;
  Common.Files = Opts.Files;
  auto OptionsOf = [&](size_t I) {
    TUOptions TU = Common;
    if (Elsewhere)
      TU.LaunchedElsewhere = (*Elsewhere)[I];
    return TU;
  };
  std::vector<size_t> All(Cmds.size()), Missed;
  for (size_t I = 0; I < Cmds.size(); ++I)
    All[I] = I;
  if (Opts.Cache) {
    std::vector<char> Hit(Cmds.size());
    forEachParallel(All, Opts.Jobs, [&](size_t I) {
      if (std::optional<TUResult> Cached = Opts.Cache->lookup(Cmds[I], OptionsOf(I))) {
        Results[I] = std::move(*Cached);
        Results[I].FromCache = Hit[I] = true;
      }
    });
    for (size_t I : All)
      if (!Hit[I])
        Missed.push_back(I);
      else if (Opts.Verbose) {
        errs() << "cuda-lint: " << Cmds[I].File << ": unchanged, result from the cache\n";
        printIgnoredFlags(Cmds[I]);
      }
  } else {
    Missed = All;
  }

  std::unique_ptr<PreambleSet> Preambles;
  if (Opts.Preamble) {
    std::vector<const TranslatedCommand *> ToParse;
    for (size_t I : Missed)
      ToParse.push_back(&Cmds[I]);
    Preambles = PreambleSet::plan(ToParse);
  }
  ProgressLine Progress(Opts.Progress && !Opts.Verbose, Missed.size());
  InOrder Order(Cmds.size(), std::move(Emit), Progress);
  for (size_t I = 0, J = 0; I < Cmds.size(); ++I) // the cache's results come first
    if (J < Missed.size() && Missed[J] == I)
      ++J;
    else
      Order.done(I, Results);
  std::mutex ErrMutex;
  auto Analyse = [&](size_t I) {
    if (Opts.Verbose) {
      std::lock_guard<std::mutex> Lock(ErrMutex);
      printCommand(Cmds[I]);
    }
    Progress.start(Cmds[I].File);
    TUOptions Mine = OptionsOf(I);
    Mine.Pre = Preambles ? Preambles->find(Cmds[I]) : nullptr;
    if (Preambles)
      Mine.DevicePre = [&, I](ArrayRef<std::string> DeviceArgs) {
        return Preambles->device(Cmds[I], DeviceArgs);
      };
    Results[I] = analyzeTranslationUnit(Cmds[I], Mine);
    if (Opts.Verbose && !Results[I].DeviceArch.empty()) {
      std::lock_guard<std::mutex> Lock(ErrMutex);
      const Preamble *P = Results[I].DevicePre;
      errs() << "cuda-lint: parsed " << Cmds[I].File << " again for the device ("
             << Results[I].DeviceArch
             << (P ? ", with a preamble of the CUDA prologue" +
                         (P->Header.empty() ? "" : " and " + P->Header)
                   : "")
             << (Results[I].DeviceSideOnly
                     ? "), alone: every error of the host side's parse arose in device code, "
                       "which nvcc's host pass does not compile\n"
                     : "): kernel code or a barrier under #if __CUDA_ARCH__\n");
    }
    if (Opts.Cache)
      Opts.Cache->store(Cmds[I], Mine, Results[I]);
    Order.done(I, Results);
  };
  auto Build = [&](size_t N) {
    const Preamble *P = Preambles->build(N);
    if (P && Opts.Verbose) {
      std::lock_guard<std::mutex> Lock(ErrMutex);
      errs() << "cuda-lint: one preamble for " << P->Users << " files: the CUDA prologue"
             << (P->Header.empty() ? "" : " and " + P->Header) << "\n";
    }
  };
  // One pool, the preambles first: a worker that finds a TU's preamble still
  // being built analyses the TU without it (the same findings) instead of
  // waiting, so no core idles while a PCH is written.
  size_t Builds = Preambles && !Missed.empty() ? Preambles->size() : 0;
  std::vector<size_t> Tasks(Builds + Missed.size());
  for (size_t K = 0; K < Tasks.size(); ++K)
    Tasks[K] = K;
  forEachParallel(Tasks, Opts.Jobs, [&](size_t K) {
    if (K < Builds)
      Build(K);
    else
      Analyse(Missed[K - Builds]);
  });
  return Results;
}

/// "file:line:col: message": the first error of a TU that failed or had compile errors.
std::string firstError(const TUResult &R) {
  if (!R.CompileErrors.empty())
    return StringRef(locatedMessage(R.CompileErrors.front())).split('\n').first.str();
  StringRef Why = R.Errors.front().Message;
  if (size_t NL = Why.find('\n'); NL != StringRef::npos)
    Why = Why.substr(NL + 1).split('\n').first.trim();
  return Why.str();
}

bool parsesAlone(const TUResult &R) { return R.Errors.empty() && R.CompileErrorCount == 0; }

bool ruleEnabled(const RunOptions &Opts, StringRef Id) {
  return Opts.EnabledRules.empty() || is_contained(Opts.EnabledRules, Id);
}

} // namespace

/// The headers of \p Headers that none of \p Sources read.
static std::vector<TranslatedCommand> uncoveredHeaders(const std::vector<TranslatedCommand> &Headers,
                                                       const std::vector<TUResult> &Sources) {
  StringSet<> Covered;
  for (const TUResult &R : Sources)
    for (const std::string &F : R.IncludedFiles)
      Covered.insert(F);
  std::vector<TranslatedCommand> Alone;
  for (const TranslatedCommand &H : Headers)
    if (!Covered.contains(H.File))
      Alone.push_back(H);
  return Alone;
}

/// The file names that an #include of \p Cmds' files names with the extension .cu: such a
/// file is analysed within its includer (assembleResults), so its own TU's findings may not be
/// final. "*" when an #include names its file through a macro.
static StringSet<> includedSources(const InputPlan &Plan, const RunOptions &Opts) {
  StringSet<> Names;
  for (const auto *Cmds : {&Plan.Sources, &Plan.Headers})
    for (const TranslatedCommand &C : *Cmds) {
      std::optional<std::string> Text;
      if (Opts.Files) {
        if (auto Buf = Opts.Files->getBufferForFile(C.File))
          Text = (*Buf)->getBuffer().str();
      } else if (Expected<std::string> T = readFileBounded(C.File, 32 << 20)) {
        Text = std::move(*T);
      } else {
        consumeError(T.takeError());
      }
      if (!Text)
        continue;
      SmallVector<StringRef, 0> Lines;
      StringRef(*Text).split(Lines, '\n');
      for (StringRef L : Lines) {
        L = L.ltrim();
        if (!L.consume_front("#"))
          continue;
        L = L.ltrim();
        if (!L.consume_front("include"))
          continue;
        L = L.ltrim();
        if (L.empty())
          continue;
        if (L.front() != '"' && L.front() != '<') {
          Names.insert("*");
          continue;
        }
        StringRef Target = L.drop_front().take_until([](char Ch) { return Ch == '"' || Ch == '>'; });
        if (sys::path::extension(Target) == ".cu")
          Names.insert(sys::path::filename(Target));
      }
    }
  return Names;
}

/// The kernels \p R's own file defines (not a header's, not templates) that \p R does not
/// launch, by device-side name.
static std::vector<std::string> unlaunchedKernels(const TUResult &R) {
  std::vector<std::string> Out;
  for (const KernelFact &K : R.Facts.Kernels)
    if (!K.MangledName.empty() && K.File == R.File &&
        llvm::none_of(R.Facts.Launches,
                      [&](const LaunchFact &L) { return L.KernelMangled == K.MangledName; }))
      Out.push_back(K.MangledName);
  return Out;
}

void analyseLaunchedElsewhere(std::vector<TUResult> &Sources,
                              const std::vector<TranslatedCommand> &Cmds, const RunOptions &Opts) {
  // A launch through a declaration alone binds to the one definition of its name
  // (combineResults); separate programs that each define a kernel of that name bind none.
  StringMap<std::set<std::string>> Definitions;
  for (const TUResult &R : Sources)
    for (const KernelFact &K : R.Facts.Kernels)
      if (!K.MangledName.empty())
        Definitions[K.MangledName].insert(K.Key);
  std::vector<ExternalLaunches> Elsewhere(Sources.size());
  std::vector<size_t> Again;
  for (size_t I = 0; I < Sources.size(); ++I) {
    std::vector<std::string> Mine = unlaunchedKernels(Sources[I]);
    if (Mine.empty() || !Sources[I].Errors.empty())
      continue;
    for (size_t J = 0; J < Sources.size(); ++J)
      for (const LaunchFact &L : Sources[J].Facts.Launches) {
        if (J == I || !L.Block || StringRef(L.KernelKey).contains('@') ||
            !is_contained(Mine, L.KernelMangled) || Definitions[L.KernelMangled].size() != 1)
          continue;
        const std::array<std::int64_t, 3> &B = *L.Block;
        if (B[0] <= 0 || B[1] <= 0 || B[2] <= 0 || B[0] * B[1] * B[2] > 1024)
          continue; // no device runs it (invalid-launch-config)
        std::vector<ExternalLaunch> &Known = Elsewhere[I][L.KernelMangled];
        bool Seen = any_of(Known, [&](const ExternalLaunch &E) { return E.Block == B; });
        if (Known.size() < 4 && !Seen)
          Known.push_back({B, sys::path::filename(L.File).str() + ":" + std::to_string(L.Line)});
      }
    if (!Elsewhere[I].empty())
      Again.push_back(I);
  }
  if (Again.empty())
    return;
  std::vector<TranslatedCommand> AgainCmds;
  std::vector<ExternalLaunches> AgainLaunches;
  for (size_t I : Again) {
    if (Opts.Verbose) {
      std::set<std::string> Where;
      for (const auto &[Kernel, Launches] : Elsewhere[I])
        for (const ExternalLaunch &L : Launches)
          Where.insert(L.Where);
      errs() << "cuda-lint: " << Cmds[I].File
             << ": analysed again under the blocks of its kernels' launches in other files ("
             << join(Where, ", ") << ")\n";
    }
    AgainCmds.push_back(Cmds[I]);
    AgainLaunches.push_back(std::move(Elsewhere[I]));
  }
  RunOptions Quiet = Opts;
  Quiet.Progress = false;
  std::vector<TUResult> Results = runAll(AgainCmds, Quiet, nullptr, &AgainLaunches);
  for (size_t K = 0; K < Again.size(); ++K)
    Sources[Again[K]] = std::move(Results[K]);
}

RunResult runAnalysis(const InputPlan &Plan, const RunOptions &Opts) {
  std::function<void(const TUResult &)> SourceDone, HeaderDone;
  StringSet<> Included;
  if (Opts.OnResult) {
    Included = includedSources(Plan, Opts);
    // A source that another may include waits for the end (assembleResults may drop it).
    // So does one whose kernels other TUs may launch (analyseLaunchedElsewhere).
    SourceDone = [&](const TUResult &R) {
      if (R.Errors.empty() && !Included.contains("*") &&
          !Included.contains(sys::path::filename(R.File)) && unlaunchedKernels(R).empty())
        Opts.OnResult(R);
    };
    HeaderDone = [&](const TUResult &R) {
      if (R.Errors.empty())
        Opts.OnResult(R);
    };
  }
  std::vector<TUResult> Sources = runAll(Plan.Sources, Opts, SourceDone);
  analyseLaunchedElsewhere(Sources, Plan.Sources, Opts);
  std::vector<TUResult> Headers = runAll(uncoveredHeaders(Plan.Headers, Sources), Opts, HeaderDone);
  return assembleResults(std::move(Sources), std::move(Headers), Plan.Errors, Opts);
}

PlanResults analyseSelection(const InputPlan &Plan, const PlanSelection &Selected,
                             const RunOptions &Opts) {
  PlanResults Out;
  std::vector<TranslatedCommand> Sources, Headers;
  for (size_t I : Selected.Sources)
    Sources.push_back(Plan.Sources[I]);
  Out.Sources = runAll(Sources, Opts);
  // A header that one of these sources reads is dropped whatever the other
  // shards find; one that none of them reads is analysed alone, and the
  // merge drops it if a source of another shard reads it.
  StringSet<> Own;
  for (const TranslatedCommand &H : uncoveredHeaders(Plan.Headers, Out.Sources))
    Own.insert(H.File);
  std::vector<size_t> HeaderIndex;
  for (size_t I : Selected.Headers)
    if (Own.contains(Plan.Headers[I].File)) {
      Headers.push_back(Plan.Headers[I]);
      HeaderIndex.push_back(I);
    }
  Out.Headers = runAll(Headers, Opts);
  Out.HeaderIndex = std::move(HeaderIndex);
  Out.SourceIndex = Selected.Sources;
  return Out;
}

RunResult assembleResults(std::vector<TUResult> Results, std::vector<TUResult> Headers,
                          const std::vector<AnalysisError> &PlanErrors, const RunOptions &Opts) {
  RunResult Out;
  Out.Errors = PlanErrors;
  // Headers that some source includes were analysed as part of it.
  StringSet<> Covered, CoveredByParsed;
  for (const TUResult &R : Results)
    for (const std::string &F : R.IncludedFiles) {
      Covered.insert(F);
      if (R.Errors.empty() && F != R.File)
        CoveredByParsed.insert(F);
    }
  // A .cu file that another .cu #includes (Rodinia's kernel files) is analysed
  // within its includer, which is how it is built and where its launches are;
  // alone it often does not parse, or lacks the launch shapes.
  for (TUResult &R : Results)
    if (CoveredByParsed.contains(R.File)) {
      if (!parsesAlone(R))
        Out.SkippedHeaders.push_back(
            {R.File, "not analysed on its own: it does not parse alone (" + firstError(R) +
                         "); its code was analysed as part of the .cu file that includes it"});
      R = TUResult();
    }
  llvm::erase_if(Results, [](const TUResult &R) { return R.File.empty(); });
  for (TUResult &R : Headers) {
    if (Covered.contains(R.File))
      continue; // read by a source of another shard
    if (!R.Errors.empty()) {
      Out.SkippedHeaders.push_back(
          {R.File, "not analysed: no analysed .cu file includes this header and it does not "
                   "parse on its own (" +
                       firstError(R) + "); analyse the files that include it"});
      continue;
    }
    // Errors in a header parsed alone are mostly what its includers would have
    // declared first: a note, and the findings of the code that did parse.
    if (R.CompileErrorCount)
      Out.SkippedHeaders.push_back(
          {R.File, "analysed alone with " + std::to_string(R.CompileErrorCount) +
                       " compile error" + (R.CompileErrorCount == 1 ? "" : "s") + " (first: " +
                       firstError(R) +
                       "): findings come only from the code that parsed; analyse the files "
                       "that include it for the rest"});
    R.CompileErrors.clear();
    R.CompileErrorCount = 0;
    Results.push_back(std::move(R));
  }
  combineResults(Results, Opts, Out);
  return Out;
}

void combineResults(std::vector<TUResult> &Results, const RunOptions &Opts, RunResult &Out) {
  ProgramFacts Facts;
  StringMap<size_t> KernelIndex; // key -> position in Facts.Kernels
  std::set<std::tuple<std::string, std::string, unsigned, unsigned, std::int64_t>> LaunchKeys;
  StringSet<> FunctionNames; // a function of a header is one function
  for (TUResult &R : Results) {
    ++Out.TranslationUnits;
    Out.FromCache += R.FromCache;
    if (!R.Errors.empty())
      ++Out.FailedTranslationUnits;
    append_range(Out.Errors, R.Errors);
    append_range(Out.Findings, R.Findings);
    if (R.CompileErrorCount) {
      ++Out.TranslationUnitsWithCompileErrors;
      Facts.LaunchesMayBeMissing = true;
      unsigned Hidden = R.CompileErrorCount - R.CompileErrors.size();
      if (Hidden && !R.CompileErrors.empty())
        R.CompileErrors.back().Message += " (and " + std::to_string(Hidden) + " more error" +
                                          (Hidden == 1 ? "" : "s") + " in this translation unit)";
      for (Finding &E : R.CompileErrors) {
        if (Opts.CompileErrorsAsNotes)
          E.Level = Severity::Note;
        Out.Findings.push_back(std::move(E));
      }
    }
    for (KernelFact &K : R.Facts.Kernels) {
      auto [It, New] = KernelIndex.try_emplace(K.Key, Facts.Kernels.size());
      if (New) {
        Facts.Kernels.push_back(std::move(K));
        continue;
      }
      // A template in a header: each TU instantiates its own set.
      if (K.Instances.empty())
        continue;
      std::vector<std::string> &Seen = Facts.Kernels[It->second].Instances;
      append_range(Seen, K.Instances);
      llvm::sort(Seen);
      Seen.erase(std::unique(Seen.begin(), Seen.end()), Seen.end());
    }
    append_range(Facts.SmemOptInKernels, R.Facts.SmemOptInKernels);
    for (DeviceFunctionFact &F : R.Facts.Functions)
      if (FunctionNames.insert(F.MangledName).second)
        Facts.Functions.push_back(std::move(F));
    for (LaunchFact &L : R.Facts.Launches)
      if (LaunchKeys.insert({L.KernelKey, L.File, L.Line, L.Column, L.ThreadsPerBlock.value_or(-1)})
              .second)
        Facts.Launches.push_back(std::move(L));
  }
  // A launch through a declaration alone (-rdc, extern) binds to the one
  // definition of that name; with several (separate programs) it binds to none.
  StringMap<std::string> DefinitionOf;
  StringSet<> Ambiguous;
  for (const KernelFact &K : Facts.Kernels)
    if (!K.MangledName.empty()) {
      auto [It, New] = DefinitionOf.try_emplace(K.MangledName, K.Key);
      if (!New && It->second != K.Key)
        Ambiguous.insert(K.MangledName);
    }
  for (LaunchFact &L : Facts.Launches)
    if (StringRef(L.KernelKey).find('@') == StringRef::npos && !Ambiguous.contains(L.KernelKey))
      if (auto It = DefinitionOf.find(L.KernelKey); It != DefinitionOf.end())
        L.KernelKey = It->second;
  Facts.Resources = Opts.Resources;
  Facts.OccupancyThreshold = Opts.OccupancyThreshold;
  Facts.Gpu = Opts.Gpu;
  Facts.WholeProgram = Opts.WholeProgram;
  if (Opts.CompileWithBounds && ruleEnabled(Opts, "missing-launch-bounds")) {
    std::vector<BoundsProposal> Proposed = proposedLaunchBounds(Facts);
    if (!Proposed.empty()) {
      Facts.BoundedCompiles = Opts.CompileWithBounds(Proposed);
      Facts.BoundsCompiled = true;
    }
  }
  for (const RuleInfo &Rule : allRules())
    if (Rule.Finalize && ruleEnabled(Opts, Rule.Id))
      Rule.Finalize(Rule, Facts, Out.Findings);

  // A header included by several TUs yields the same finding several times.
  auto Key = [](const Finding &F) {
    return std::tie(F.File, F.Line, F.Column, F.RuleId, F.Message);
  };
  std::stable_sort(Out.Findings.begin(), Out.Findings.end(),
                   [&](const Finding &A, const Finding &B) { return Key(A) < Key(B); });
  Out.Findings.erase(std::unique(Out.Findings.begin(), Out.Findings.end(),
                                 [&](const Finding &A, const Finding &B) {
                                   return Key(A) == Key(B);
                                 }),
                     Out.Findings.end());
}

} // namespace cudalint
