//===- Preamble.cpp - One precompiled CUDA prologue for many TUs ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/Preamble.h"
#include "analyzer/support/RegularFile.h"
#include "analyzer/support/TempDir.h"
#include "analyzer/tu/AbsentProbes.h"
#include "analyzer/tu/NvccDiagnostics.h"
#include "analyzer/tu/NvccSpellings.h"
#include "analyzer/tu/PragmaMacros.h"
#include "analyzer/tu/RegularFilesOnly.h"
#include "analyzer/tu/SpaceMacros.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
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

/// Lets Clang skip what a TU's parse skips (isSystemHostFunction); beside the
/// PCH writer, which would skip every body, it decides.
class SkipSystemHostBodies : public ASTConsumer {
public:
  explicit SkipSystemHostBodies(const SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(Decl *D) override { return isSystemHostFunction(SM, D); }

private:
  const SourceManager &SM;
};

/// Writes the PCH to a chosen path, and records every file it read.
class BuildPch : public GeneratePCHAction {
public:
  BuildPch(std::string Output, Preamble &Out, AbsentProbes &Probes)
      : Output(std::move(Output)), Out(Out), Probes(Probes) {}

  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Output;
    return GeneratePCHAction::BeginInvocation(CI);
  }
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Probes.start();
    CI.getPreprocessor().addPPCallbacks(unifySpaceMacros(CI.getPreprocessor()));
    CI.getPreprocessor().addPPCallbacks(pragmaMacrosAsOperators(CI.getPreprocessor()));
    CI.getPreprocessor().addPPCallbacks(collectArchRegions(CI.getSourceManager(), Out.Arch));
    CI.getFrontendOpts().SkipFunctionBodies = true; // only what SkipSystemHostBodies allows
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef InFile) override {
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(GeneratePCHAction::CreateASTConsumer(CI, InFile));
    if (!Consumers.back())
      return nullptr;
    Consumers.push_back(std::make_unique<SkipSystemHostBodies>(CI.getSourceManager()));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
  void EndSourceFileAction() override {
    collectReadFiles(getCompilerInstance().getSourceManager(), Out.ReadFiles, Out.IncludedFiles,
                     &Out.ProjectFiles);
    // The stand-in for a TU's own file is no file a TU reads.
    erase_if(Out.ReadFiles, [&](const ReadFile &F) { return F.Path == SourcePath; });
    erase_if(Out.ProjectFiles, [&](const std::string &F) { return F == SourcePath; });
    Out.IncludedFiles.erase(SourcePath);
    Probes.stop();
    Out.AbsentPaths.assign(Probes.paths().begin(), Probes.paths().end());
    GeneratePCHAction::EndSourceFileAction();
  }
  std::string SourcePath;

private:
  std::string Output;
  Preamble &Out;
  AbsentProbes &Probes;
};

/// The PCH of \p Cmd's prologue: its arguments with an empty file in place of
/// its own. Nothing when Clang reports an error.
std::optional<Preamble> buildOne(const TranslatedCommand &Cmd, StringRef Source,
                                 StringRef PchPath) {
  Preamble P;
  P.PchPath = PchPath.str();
  std::vector<std::string> Args(Cmd.ClangArgs.begin(), Cmd.ClangArgs.end() - 1);
  Args.push_back(Source.str());
  auto Probes = makeIntrusiveRefCnt<AbsentProbes>(
      makeIntrusiveRefCnt<NvccSpellings>(
          makeIntrusiveRefCnt<RegularFilesOnly>(vfs::createPhysicalFileSystem())),
      AbsentProbes::resourceDirOf(Cmd.ClangArgs));
  if (!Cmd.Directory.empty())
    (void)Probes->setCurrentWorkingDirectory(Cmd.Directory);
  IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions(), Probes));
  auto Action = std::make_unique<BuildPch>(P.PchPath, P, *Probes);
  SmallString<256> Real;
  if (sys::fs::real_path(Source, Real))
    return std::nullopt;
  Action->SourcePath = Real.str().str();
  // Prints nothing: a preamble that does not build is simply not used, and
  // each TU then reports its own errors.
  DiagnosticConsumer Diags;
  NvccDiagnostics Filter(Diags, Cmd.deviceOnly());
  tooling::ToolInvocation Invocation(Args, std::move(Action), Files.get());
  Invocation.setDiagnosticConsumer(&Filter);
  bool Ok = Invocation.run() && Diags.getNumErrors() == 0 && sys::fs::exists(P.PchPath);
  if (!Ok || P.ReadFiles.empty())
    return std::nullopt;
  return P;
}

/// The text after leading blank space and comments of \p S.
StringRef skipBlank(StringRef S) {
  while (true) {
    S = S.ltrim();
    if (S.consume_front("//"))
      S = S.drop_until([](char C) { return C == '\n'; });
    else if (S.starts_with("/*"))
      S = S.drop_front(2).split("*/").second;
    else
      return S;
  }
}

/// The next preprocessor directive of \p S as (name, rest of its line), with
/// \p S moved past it; nothing when \p S does not start with a directive.
std::optional<std::pair<StringRef, StringRef>> nextDirective(StringRef &S) {
  S = skipBlank(S);
  if (!S.consume_front("#"))
    return std::nullopt;
  auto [Line, Rest] = S.split('\n');
  if (Line.ends_with("\\"))
    return std::nullopt; // a continued line: not worth following
  S = Rest;
  Line = Line.ltrim(" \t");
  StringRef Name = Line.take_while([](char C) { return isAlnum(C) || C == '_'; });
  StringRef Arg = Line.drop_front(Name.size()).split("//").first.split("/*").first.trim();
  return std::make_pair(Name, Arg);
}

/// Where `#include "Name"` in \p From leads: beside it, then the -iquote and
/// -I directories of \p Cmd.
std::string findQuoted(StringRef Name, StringRef From, const TranslatedCommand &Cmd) {
  std::vector<std::string> Dirs{sys::path::parent_path(From).str()};
  const std::vector<std::string> &A = Cmd.ClangArgs;
  for (size_t I = 0; I + 1 < A.size(); ++I)
    for (StringRef Flag : {"-iquote", "-I"}) {
      StringRef Arg = A[I];
      if (Arg == Flag)
        Dirs.push_back(A[I + 1]);
      else if (Arg.starts_with(Flag) && Arg.size() > Flag.size() && !Arg.starts_with("-isystem"))
        Dirs.push_back(Arg.drop_front(Flag.size()).str());
    }
  for (const std::string &D : Dirs) {
    SmallString<256> P;
    if (sys::path::is_relative(D) && !Cmd.Directory.empty())
      P = Cmd.Directory;
    sys::path::append(P, D, Name);
    SmallString<256> Real;
    if (sys::fs::is_regular_file(P) && !sys::fs::real_path(P, Real))
      return Real.str().str();
  }
  return "";
}

using Directive = std::pair<StringRef, StringRef>;

/// Whether a file's include guard (or #pragma once) makes a second inclusion
/// empty, and its first directive inside the guard; \p S is left after it.
std::pair<bool, std::optional<Directive>> fileStart(StringRef &S) {
  StringRef Whole = S;
  std::optional<Directive> D = nextDirective(S);
  if (D && D->first == "pragma" && D->second == "once")
    return {true, nextDirective(S)};
  if (D && D->first == "ifndef") {
    StringRef Macro = D->second;
    StringRef Rest = S;
    std::optional<Directive> Define = nextDirective(Rest);
    if (Define && Define->first == "define" && Define->second.split(' ').first == Macro) {
      // The guard must close at the very end, as Clang's include-once check wants.
      size_t End = Whole.rfind("#endif");
      if (End != StringRef::npos && skipBlank(Whole.substr(End).split('\n').second).empty()) {
        S = Rest;
        return {true, nextDirective(S)};
      }
    }
  }
  return {false, D};
}

/// The text of a source or header the preamble planning reads: a regular file of at most 8 MiB
/// (a FIFO or a device the tree names would block the run or never end); none otherwise.
std::unique_ptr<MemoryBuffer> readPlanned(const Twine &Path) {
  Expected<std::unique_ptr<MemoryBuffer>> Buf = readRegularFile(Path, 8u << 20);
  if (!Buf) {
    consumeError(Buf.takeError());
    return nullptr;
  }
  return std::move(*Buf);
}

bool guardedFile(StringRef Path) {
  std::unique_ptr<MemoryBuffer> Buf = readPlanned(Path);
  StringRef S = Buf ? Buf->getBuffer() : "";
  return Buf && fileStart(S).first;
}

/// The project headers that \p Cmd's file enters before any code of its own:
/// its first directive's `#include "x"`, then x's first, and so on (outermost
/// first). Each is kept only if an include guard or #pragma once makes a
/// second inclusion empty: in a TU that loads a PCH of it, the TU's own
/// #include of it then adds nothing, and every token comes in the same order.
std::vector<std::string> leadingHeaders(const TranslatedCommand &Cmd,
                                        std::optional<StringRef> MainText = std::nullopt) {
  std::vector<std::string> Chain;
  std::string File = Cmd.File;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    std::unique_ptr<MemoryBuffer> Buf =
        Depth == 0 && MainText ? MemoryBuffer::getMemBuffer(*MainText) : readPlanned(File);
    if (!Buf || Buf->getBufferSize() > (8u << 20))
      break;
    StringRef S = Buf->getBuffer();
    auto [Guarded, D] = fileStart(S);
    if (Depth > 0 && !Guarded)
      Chain.pop_back(); // entered, but a PCH of it would not be a no-op later
    if (!D || D->first != "include" || !D->second.starts_with("\""))
      break;
    File = findQuoted(D->second.drop_front().split('"').first, File, Cmd);
    if (File.empty())
      break;
    Chain.push_back(File);
  }
  return Chain;
}

/// The #include lines that \p MainText starts with, as a PCH source (quoted
/// names made absolute), when every quoted one is guarded: the TU's own
/// #includes of them then add nothing after the PCH. System headers are
/// guarded or, like <assert.h>, meant to be included again. Empty when the
/// first line is no such #include.
std::string leadingIncludeBlock(const TranslatedCommand &Cmd, StringRef MainText) {
  std::string Block;
  StringRef S = MainText;
  auto [Guarded, D] = fileStart(S);
  for (; D && D->first == "include"; D = nextDirective(S)) {
    if (D->second.starts_with("<")) {
      Block += "#include " + D->second.str() + "\n";
      continue;
    }
    if (!D->second.starts_with("\""))
      break;
    std::string Path = findQuoted(D->second.drop_front().split('"').first, Cmd.File, Cmd);
    if (Path.empty() || !guardedFile(Path))
      break;
    Block += "#include \"" + Path + "\"\n";
  }
  return Block;
}

/// Writes \p Text to \p Dir/\p Name.cu and builds \p Dir/\p Name.pch of it
/// with \p Cmd's arguments, on a thread whose crash costs only this preamble.
std::optional<Preamble> buildFromText(const TranslatedCommand &Cmd, StringRef Dir,
                                      StringRef Name, StringRef Text) {
  SmallString<128> Source(Dir), Pch(Dir);
  sys::path::append(Source, Name + ".cu");
  sys::path::append(Pch, Name + ".pch");
  {
    std::error_code EC;
    raw_fd_ostream OS(Source, EC);
    if (EC)
      return std::nullopt;
    OS << Text;
  }
  std::optional<Preamble> P;
  CrashRecoveryContext CRC;
  if (!CRC.RunSafelyOnThread([&] { P = buildOne(Cmd, Source, Pch); }, BuildStackBytes))
    return std::nullopt;
  return P;
}

} // namespace

std::unique_ptr<PreambleSet> PreambleSet::plan(const std::vector<const TranslatedCommand *> &Cmds) {
  auto Set = std::make_unique<PreambleSet>();
  std::map<std::string, std::vector<const TranslatedCommand *>> Groups;
  for (const TranslatedCommand *C : Cmds)
    if (C->ClangArgs.size() > 1)
      Groups[groupKey(*C)].push_back(C);

  // Per group: the project header that the most of its TUs enter first (the
  // outermost on a tie), when two or more do; the rest share the prologue.
  for (auto &[Key, Members] : Groups) {
    if (Members.size() < 2)
      continue;
    std::map<std::string, std::pair<unsigned, unsigned>> Count; // header -> (TUs, sum of depths)
    std::vector<std::vector<std::string>> Chains;
    for (const TranslatedCommand *C : Members) {
      Chains.push_back(leadingHeaders(*C));
      for (size_t I = 0; I < Chains.back().size(); ++I) {
        auto &[N, Depths] = Count[Chains.back()[I]];
        ++N;
        Depths += I;
      }
    }
    std::string Best;
    for (const auto &[H, C] : Count)
      if (C.first >= 2 && (Best.empty() || C.first > Count[Best].first ||
                           (C.first == Count[Best].first &&
                            C.second * Count[Best].first < Count[Best].second * C.first)))
        Best = H;
    Job Deep{nullptr, Best, {}}, Prologue{nullptr, "", {}};
    for (size_t I = 0; I < Members.size(); ++I)
      (!Best.empty() && is_contained(Chains[I], Best) ? Deep : Prologue)
          .Users.push_back(Members[I]);
    for (Job *J : {&Deep, &Prologue})
      if (J->Users.size() >= 2) {
        J->Model = J->Users.front();
        for (const TranslatedCommand *C : J->Users)
          Set->JobOf[groupKey(*C) + '\0' + C->File] = Set->Jobs.size();
        Set->Jobs.push_back(std::move(*J));
      }
  }
  if (Set->Jobs.empty())
    return Set;
  SmallString<128> Dir;
  if (createTempDir("preamble", Dir))
    Set->Jobs.clear(); // no temporary directory: analyse without preambles
  else
    Set->Dir = Dir.str().str();
  return Set;
}

/// The source of job \p J's PCH: the header, or nothing (the prologue comes
/// from the command).
std::string PreambleSet::text(const Job &J) {
  return J.Header.empty() ? "" : "#include \"" + J.Header + "\"\n";
}

const Preamble *PreambleSet::build(size_t N) {
  const Job &J = Jobs[N];
  std::optional<Preamble> P = buildFromText(*J.Model, Dir, std::to_string(N), text(J));
  if (!P)
    return nullptr;
  P->Header = J.Header;
  P->Users = J.Users.size();
  std::lock_guard<std::mutex> Lock(M);
  const Preamble &Stored = Built.emplace_back(std::move(*P));
  for (const TranslatedCommand *C : J.Users)
    ForCommand[groupKey(*C) + '\0' + C->File] = &Stored;
  return &Stored;
}

const Preamble *PreambleSet::device(const TranslatedCommand &Cmd, ArrayRef<std::string> DeviceArgs) {
  std::string Key, Name;
  size_t N;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = JobOf.find(groupKey(Cmd) + '\0' + Cmd.File);
    if (It == JobOf.end())
      return nullptr;
    N = It->second;
    Key = std::to_string(N);
    for (size_t I = 0; I + 1 < DeviceArgs.size(); ++I)
      Key += '\0' + DeviceArgs[I];
    auto [Slot, New] = Device.try_emplace(Key);
    if (!New)
      return Slot->second.value_or(nullptr);
    Name = "device-" + std::to_string(Device.size());
  }
  // The model's command, with the device side's arguments (its own file last).
  TranslatedCommand Model = *Jobs[N].Model;
  Model.ClangArgs.assign(DeviceArgs.begin(), DeviceArgs.end());
  std::optional<Preamble> P = buildFromText(Model, Dir, Name, text(Jobs[N]));
  std::lock_guard<std::mutex> Lock(M);
  const Preamble *Stored = nullptr;
  if (P) {
    P->Header = Jobs[N].Header;
    Stored = &Built.emplace_back(std::move(*P));
  }
  Device[Key] = Stored;
  return Stored;
}

const Preamble *preambleFor(const TranslatedCommand &Cmd, StringRef MainText,
                            std::map<std::string, std::unique_ptr<Preamble>> &Built,
                            std::string &Dir) {
  if (Cmd.ClangArgs.size() < 2)
    return nullptr;
  // The file's leading #include lines, else the guarded header it enters first.
  std::string Source = leadingIncludeBlock(Cmd, MainText), Header;
  if (Source.empty()) {
    std::vector<std::string> Chain = leadingHeaders(Cmd, MainText);
    Header = Chain.empty() ? "" : Chain.front();
    if (!Header.empty())
      Source = "#include \"" + Header + "\"\n";
  }
  std::unique_ptr<Preamble> &Slot = Built[groupKey(Cmd) + '\0' + Source];
  if (Slot && llvm::all_of(Slot->ReadFiles, [](const ReadFile &F) {
        std::unique_ptr<MemoryBuffer> B = readPlanned(F.Path);
        return B && contentHashAsParsed(B->getBuffer()) == F.ContentHash;
      }))
    return Slot.get();
  Slot.reset();
  SmallString<128> D(Dir);
  if (Dir.empty() && createTempDir("preamble", D))
    return nullptr;
  Dir = D.str().str();
  static unsigned N = 0;
  std::optional<Preamble> P = buildFromText(Cmd, Dir, "lsp" + std::to_string(N++), Source);
  if (!P)
    return nullptr;
  P->Header = Header;
  P->Users = 1;
  Slot = std::make_unique<Preamble>(std::move(*P));
  return Slot.get();
}

PreambleSet::~PreambleSet() {
  if (!Dir.empty())
    removeTempDir(Dir);
}

const Preamble *PreambleSet::find(const TranslatedCommand &Cmd) const {
  std::lock_guard<std::mutex> Lock(M);
  auto It = ForCommand.find(groupKey(Cmd) + '\0' + Cmd.File);
  return It == ForCommand.end() ? nullptr : It->second;
}

} // namespace cudalint
