//===- Launcher.cpp - cuda-lint as the build's compiler launcher ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   set(CMAKE_CUDA_COMPILER_LAUNCHER cuda-lint --launcher=${CMAKE_BINARY_DIR}/cuda-lint)
//
// The build runs `cuda-lint --launcher=DIR nvcc ARGS...` for every CUDA
// compile: the compiler runs first, unchanged (its output and exit status are
// the step's), then the TU is analysed with the command nvcc received and its
// results written to DIR as a facts file, one per object file. Ninja runs
// only the compiles whose inputs changed, so a build lints exactly what
// changed; `cuda-lint merge DIR/*.facts` reports on the whole build.
//
// The analysis never fails the build: a TU that cannot be analysed is a
// warning on stderr and a facts file that carries the error, which merge
// reports. But a facts file that cannot be written (a directory that cannot
// be created, a full disk) fails the step with an error naming the TU: the
// merge would otherwise lack that TU without a word, and Ninja runs a failed
// step again in the next build. The file's name is bounded whatever the
// object's name.
//
//===----------------------------------------------------------------------===//
#include "analyzer/scale/Launcher.h"
#include "analyzer/cache/ResultCache.h"
#include "analyzer/inputs/ApplyConfig.h"
#include "analyzer/inputs/Config.h"
#include "analyzer/inputs/Inputs.h"
#include "analyzer/inputs/NvccTranslate.h"
#include "analyzer/inputs/Toolchain.h"
#include "analyzer/scale/Shards.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {
namespace {

bool isSourceFile(StringRef Arg) {
  StringRef Ext = sys::path::extension(Arg);
  return Ext == ".cu" || Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".c" ||
         Ext == ".C";
}

/// Options of nvcc and Clang whose value is the next argument and is not the
/// source (an output, a dependency file, a host compiler flag, ...).
bool takesSeparateValue(StringRef Opt) {
  return is_contained({"-o", "--output-file", "-MF", "-MT", "-MQ", "--dependency-output",
                       "-include", "--pre-include", "-Xcompiler", "-ccbin", "--compiler-bindir",
                       "--options-file", "-optf", "-odir", "--output-directory"},
                      Opt);
}

/// The source file and the output of a compile command, when it has one source.
std::optional<std::pair<std::string, std::string>> sourceAndOutput(ArrayRef<std::string> Argv) {
  std::vector<std::string> Sources;
  std::string Output;
  for (size_t I = 1; I < Argv.size(); ++I) {
    StringRef A = Argv[I];
    if (takesSeparateValue(A) && I + 1 < Argv.size()) {
      if (A == "-o" || A == "--output-file")
        Output = Argv[I + 1];
      ++I;
      continue;
    }
    if (!A.starts_with("-") && isSourceFile(A) && sys::fs::is_regular_file(A))
      Sources.push_back(A.str());
  }
  if (Sources.size() != 1)
    return std::nullopt;
  return std::make_pair(Sources.front(), Output.empty() ? Sources.front() : Output);
}

int launcherUsage(const Twine &Why) {
  errs() << "cuda-lint: error: " << Why
         << " (usage: cuda-lint --launcher=DIR COMPILER ARGS..., e.g. as "
            "CMAKE_CUDA_COMPILER_LAUNCHER; docs/scale.md)\n";
  return 2;
}

/// The facts file of the compile whose output is \p Output: a hash of the
/// output's path (unique) and the end of its name (for people), short enough
/// for any file system however long the object's name is.
std::string factsFileName(StringRef Output) {
  constexpr size_t MaxShown = 100; // NAME_MAX is 255 on Linux and macOS
  StringRef Shown = sys::path::filename(Output);
  if (Shown.size() > MaxShown)
    Shown = Shown.take_back(MaxShown);
  return toHex(contentHash(Output), /*LowerCase=*/true).substr(0, 16) + "-" + Shown.str() +
         ".facts";
}

/// What became of one compile's analysis.
struct LintOutcome {
  std::string Warning; // something the user should know; the step still succeeds
  std::string Error;   // no facts file was written for a TU: the step fails
};

/// Analyses the compile \p Argv and writes its facts file into \p Dir. A TU
/// that cannot be analysed gets a facts file that carries why (so that merge
/// reports it); only a facts file that cannot be written is an error.
LintOutcome lintCompile(ArrayRef<std::string> Argv, StringRef Dir, const char *Argv0,
                        StringRef Prefix) {
  // Launchers after this one (CMake joins them: cuda-lint;--launcher=DIR;ccache) run the
  // compiler; the analysis wants the compiler's own command.
  while (Argv.size() > 1 &&
         is_contained({"ccache", "sccache", "distcc", "icecc"}, sys::path::filename(Argv[0])))
    Argv = Argv.drop_front();
  std::optional<std::pair<std::string, std::string>> Files = sourceAndOutput(Argv);
  if (!Files)
    return {"not analysed: the command does not compile exactly one source file", ""};
  SmallString<256> Cwd, Source(Files->first), Output(Files->second);
  sys::fs::current_path(Cwd);
  sys::fs::make_absolute(Source);
  sys::fs::make_absolute(Output);
  sys::path::remove_dots(Source, true);
  sys::path::remove_dots(Output, true);
  SmallString<256> FactsPath(Dir);
  sys::path::append(FactsPath, factsFileName(Output));

  LintOutcome Out;
  InputPlan Plan;
  FactsSettings Settings;
  // Why the TU could not be analysed: recorded in its facts file as an error.
  auto NotAnalysed = [&](std::string Why) {
    Out.Warning = Why;
    Plan.Sources.clear();
    Plan.Errors.push_back({Source.str().str(), std::move(Why)});
  };
  if (Expected<ToolchainPaths> Toolchain = findToolchain("", Prefix); !Toolchain) {
    NotAnalysed(toString(Toolchain.takeError()));
  } else {
    Settings.CudaPath = Toolchain->CudaPath;
    Expected<TranslatedCommand> Cmd =
        translateCompileCommand(Argv, Cwd, Source, *Toolchain, /*ExtraArgs=*/{});
    if (!Cmd) {
      NotAnalysed(Source.str().str() + ": " + toString(Cmd.takeError()));
    } else {
      Cmd->FromCompileDatabase = true;
      Plan.Sources.push_back(std::move(*Cmd));
      ConfigLoader Configs;
      if (Error E = configurePlan(Plan, Configs, {}))
        NotAnalysed(toString(std::move(E)));
    }
  }

  RunOptions Run;
  Run.Jobs = 1;
  Run.Preamble = false; // one TU: nothing to share
  // Every TU of the build goes through here, so the merge of a whole build's
  // facts sees every launch.
  Run.WholeProgram = true;
  std::unique_ptr<ResultCache> Cache;
  if (Expected<std::unique_ptr<ResultCache>> Opened = ResultCache::openForRun("", false, Argv0))
    Cache = std::move(*Opened);
  else
    Out.Warning = toString(Opened.takeError()) + "; analysing without the cache";
  Run.Cache = Cache.get();

  Expected<std::string> Done = [&]() -> Expected<std::string> {
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return createStringError(EC, "cannot create the directory: " + EC.message());
    return exportShard(Plan, ShardSpec{}, Run, {}, {Source.str().str()}, {Source.str().str()}, {},
                       Settings, FactsPath, Output);
  }();
  if (Cache)
    Cache->trim();
  if (!Done)
    Out.Error = "--launcher: cannot write the facts of " + Source.str().str() + " to '" +
                FactsPath.str().str() + "': " + toString(Done.takeError()) +
                "; cuda-lint merge would lack this file";
  return Out;
}

} // namespace

int runLauncher(int argc, const char **argv, const char *Argv0, StringRef Prefix) {
  StringRef Opt = argv[0];
  if (!Opt.consume_front("--launcher=") || Opt.empty())
    return launcherUsage("--launcher needs the directory for the facts files: --launcher=DIR");
  std::string Dir = Opt.str();
  int First = 1;
  if (First < argc && StringRef(argv[First]) == "--")
    ++First;
  if (First >= argc)
    return launcherUsage("--launcher: no compiler command given");
  std::vector<std::string> Argv(argv + First, argv + argc);

  std::string Program = Argv.front();
  if (!StringRef(Program).contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found)
      return launcherUsage("--launcher: compiler '" + Program + "' not found on PATH");
    Program = *Found;
  }
  std::vector<StringRef> Args(Argv.begin(), Argv.end());
  std::string RunError;
  int Status = sys::ExecuteAndWait(Program, Args, /*Env=*/std::nullopt, /*Redirects=*/{},
                                   /*SecondsToWait=*/0, /*MemoryLimit=*/0, &RunError);
  if (Status < 0) {
    errs() << "cuda-lint: error: --launcher: cannot run '" << Program << "': " << RunError << "\n";
    return 2;
  }
  LintOutcome Lint = lintCompile(Argv, Dir, Argv0, Prefix);
  if (!Lint.Warning.empty())
    errs() << "cuda-lint: warning: " << Lint.Warning << "\n";
  if (Lint.Error.empty())
    return Status;
  // The build step fails: a merge without this TU would report on less than
  // the build without saying so, and a failed step is run again by the next
  // build, which writes the facts once the problem is fixed.
  errs() << "cuda-lint: error: " << Lint.Error << "\n";
  return Status ? Status : 2;
}

} // namespace cudalint
