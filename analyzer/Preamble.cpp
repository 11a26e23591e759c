//===- Preamble.cpp - One precompiled CUDA prologue for many TUs ----------===//
#include "analyzer/Preamble.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace clang;
using namespace llvm;

namespace cudalint {
namespace {

constexpr unsigned BuildStackBytes = 64u << 20;

/// Commands that differ only in their file (the last argument) share a preamble.
std::string groupKey(const TranslatedCommand &Cmd) {
  std::string Key = Cmd.Directory;
  for (size_t I = 0; I + 1 < Cmd.ClangArgs.size(); ++I)
    Key += '\0' + Cmd.ClangArgs[I];
  return Key;
}

/// Writes the PCH to a chosen path, and records every file it read.
class BuildPch : public GeneratePCHAction {
public:
  BuildPch(std::string Output, Preamble &Out) : Output(std::move(Output)), Out(Out) {}

  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    return GeneratePCHAction::BeginInvocation(CI);
  }
  void EndSourceFileAction() override {
    collectReadFiles(getCompilerInstance().getSourceManager(), Out.ReadFiles, Out.IncludedFiles);
    // The empty stand-in for a TU's own file is no file a TU reads.
    erase_if(Out.ReadFiles, [&](const ReadFile &F) { return F.Path == SourcePath; });
    Out.IncludedFiles.erase(SourcePath);
    GeneratePCHAction::EndSourceFileAction();
  }
  std::string SourcePath;

private:
  std::string Output;
  Preamble &Out;
};

/// The PCH of \p Cmd's prologue: its arguments with an empty file in place of
/// its own. Nothing when Clang reports an error.
std::optional<Preamble> buildOne(const TranslatedCommand &Cmd, StringRef EmptySource,
                                 StringRef PchPath) {
  Preamble P;
  P.PchPath = PchPath.str();
  std::vector<std::string> Args(Cmd.ClangArgs.begin(), Cmd.ClangArgs.end() - 1);
  Args.push_back(EmptySource.str());
  IntrusiveRefCntPtr<vfs::FileSystem> FS = vfs::createPhysicalFileSystem();
  if (!Cmd.Directory.empty())
    (void)FS->setCurrentWorkingDirectory(Cmd.Directory);
  IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions(), FS));
  auto Action = std::make_unique<BuildPch>(P.PchPath, P);
  SmallString<256> Real;
  if (sys::fs::real_path(EmptySource, Real))
    return std::nullopt;
  Action->SourcePath = Real.str().str();
  // Prints nothing: a preamble that does not build is simply not used, and
  // each TU then reports its own errors.
  DiagnosticConsumer Diags;
  tooling::ToolInvocation Invocation(Args, std::move(Action), Files.get());
  Invocation.setDiagnosticConsumer(&Diags);
  bool Ok = Invocation.run() && Diags.getNumErrors() == 0 && sys::fs::exists(P.PchPath);
  if (!Ok || P.ReadFiles.empty())
    return std::nullopt;
  return P;
}

} // namespace

std::unique_ptr<PreambleSet> PreambleSet::build(const std::vector<const TranslatedCommand *> &Cmds,
                                                unsigned Jobs) {
  auto Set = std::make_unique<PreambleSet>();
  std::map<std::string, std::vector<const TranslatedCommand *>> Groups;
  for (const TranslatedCommand *C : Cmds)
    if (C->ClangArgs.size() > 1)
      Groups[groupKey(*C)].push_back(C);
  for (auto It = Groups.begin(); It != Groups.end();)
    It = It->second.size() < 2 ? Groups.erase(It) : std::next(It);
  if (Groups.empty())
    return Set;

  SmallString<128> Dir;
  if (sys::fs::createUniqueDirectory("cuda-lint-preamble", Dir))
    return Set; // no temporary directory: analyse without preambles
  Set->Dir = Dir.str().str();
  SmallString<128> Empty(Dir);
  sys::path::append(Empty, "prologue.cu");
  {
    std::error_code EC;
    raw_fd_ostream OS(Empty, EC);
    if (EC)
      return Set;
  }

  ThreadPoolStrategy S = Jobs ? hardware_concurrency(Jobs) : hardware_concurrency();
  S.ThreadsRequested = std::min<unsigned>(S.compute_thread_count(), Groups.size());
  DefaultThreadPool Pool(S);
  std::mutex M;
  unsigned N = 0;
  for (const auto &[Key, Members] : Groups) {
    SmallString<128> Pch(Dir);
    sys::path::append(Pch, std::to_string(N++) + ".pch");
    Pool.async([&, Key = Key, Cmd = Members.front(), Pch = Pch.str().str()] {
      std::optional<Preamble> P;
      CrashRecoveryContext CRC;
      if (!CRC.RunSafelyOnThread([&] { P = buildOne(*Cmd, Empty, Pch); }, BuildStackBytes))
        P.reset();
      if (P) {
        std::lock_guard<std::mutex> Lock(M);
        Set->Built.emplace(Key, std::move(*P));
      }
    });
  }
  Pool.wait();
  return Set;
}

PreambleSet::~PreambleSet() {
  if (!Dir.empty())
    sys::fs::remove_directories(Dir);
}

const Preamble *PreambleSet::find(const TranslatedCommand &Cmd) const {
  auto It = Built.find(groupKey(Cmd));
  return It == Built.end() ? nullptr : &It->second;
}

} // namespace cudalint
