//===- TranslationUnit.cpp - Analyse one translation unit -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/TranslationUnit.h"
#include "analyzer/tu/AbsentProbes.h"
#include "analyzer/tu/ErrorHints.h"
#include "analyzer/tu/DeviceRootedErrors.h"
#include "analyzer/tu/NvccDiagnostics.h"
#include "analyzer/tu/NvccSpellings.h"
#include "analyzer/tu/OutOfLineTemplates.h"
#include "analyzer/tu/RegularFilesOnly.h"
#include "analyzer/tu/RemovedHeaders.h"
#include "analyzer/tu/SharedConstructors.h"
#include "analyzer/tu/ArchRegions.h"
#include "analyzer/tu/PragmaMacros.h"
#include "analyzer/tu/SpaceMacros.h"
#include "ptxas_parse/ArchLimits.h"
#include "rules/RuleRegistry.h"
#include "rules/analysis/ErrorTaint.h"
#include "rules/analysis/FileStatics.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <atomic>
#include <mutex>

using namespace clang;
using namespace llvm;

namespace cudalint {
namespace {

constexpr uint64_t MaxSourceBytes = 32 << 20;
constexpr unsigned MaxReportedErrors = 10;
constexpr unsigned AnalysisStackBytes = 512u << 20;

/// An error inside a header says how the translation unit reached it, as a compiler's
/// "In file included from" lines do: one note per #include, innermost first, ending in the TU's
/// own file (a header error shared by many files then names one that triggers it). A chain that
/// starts before the file's first line (Clang's CUDA headers, -include) ends with the file itself.
void addIncludeChain(const SourceManager &SM, SourceLocation Loc, Finding &F) {
  FileID Main = SM.getMainFileID();
  if (SM.getFileID(Loc) == Main)
    return;
  SourceLocation Include = SM.getIncludeLoc(SM.getFileID(Loc));
  bool ReachedMain = false;
  for (int Depth = 0; Include.isValid() && Depth < 32 && !ReachedMain; ++Depth) {
    FindingNote N;
    N.Message = "in file included from here";
    if (!describeLocation(SM, Include, N.File, N.Line, N.Column))
      break;
    F.Notes.push_back(std::move(N));
    ReachedMain = SM.getFileID(SM.getFileLoc(Include)) == Main;
    Include = SM.getIncludeLoc(SM.getFileID(SM.getFileLoc(Include)));
  }
  FindingNote TU;
  TU.Message = "in the translation unit of this file, through the headers included before its "
               "first line (Clang's CUDA headers, -include)";
  if (!ReachedMain &&
      describeLocation(SM, SM.getLocForStartOfFile(Main), TU.File, TU.Line, TU.Column))
    F.Notes.push_back(std::move(TU));
}

/// Keeps the first compile errors of a TU as findings of CompileErrorRuleId,
/// where every syntax error is, and whether a device-side launch needs -fgpu-rdc.
class ErrorCollector : public DiagnosticConsumer {
public:
  std::vector<Finding> Errors;
  unsigned Count = 0;
  std::vector<SourceLocation> SyntaxErrors;
  std::vector<SourceLocation> UnmatchedDefinitions; // OutOfLineTemplates.h
  std::vector<SourceLocation> SharedInitializers;   // SharedConstructors.h
  std::vector<ErrorChain> Chains; // each error's location and its notes' (DeviceRootedErrors.h)
  bool NeedsRdc = false;
  bool PchFailed = false; // the preamble did not load (then parse without it)
  const RegularFilesOnly *Files = nullptr; // why an #include was not found

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level == DiagnosticsEngine::Note && !Chains.empty()) {
      Chains.back().Locations.push_back(Info.getLocation());
      // "in instantiation of ... requested here", "while substituting ...": the context.
      StringRef Text = Info.getDiags()->getDiagnosticIDs()->getDescription(Info.getID());
      Chains.back().HasContext |= Text.contains("instantiation") || Text.contains("substitut");
    }
    if (Level < DiagnosticsEngine::Error)
      return;
    ++Count;
    Chains.push_back({{Info.getLocation()}, false});
    unsigned ID = Info.getID();
    if (ID == diag::err_cuda_device_kernel_launch_require_rdc)
      NeedsRdc = true;
    if ((ID >= diag::DIAG_START_SERIALIZATION && ID < diag::DIAG_START_LEX) ||
        (ID >= diag::DIAG_START_FRONTEND && ID < diag::DIAG_START_SERIALIZATION))
      PchFailed = true;
    if (ID >= diag::DIAG_START_PARSE && ID < diag::DIAG_START_AST)
      SyntaxErrors.push_back(Info.getLocation());
    if (ID == diag::err_member_decl_does_not_match)
      UnmatchedDefinitions.push_back(Info.getLocation());
    if (ID == diag::err_shared_var_init)
      SharedInitializers.push_back(Info.getLocation());
    if (Errors.size() >= MaxReportedErrors)
      return;
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    Finding F;
    F.RuleId = CompileErrorRuleId;
    F.Level = Severity::Error;
    F.Message = std::string(Msg);
    if (ID == diag::err_pp_file_not_found && Info.getNumArgs() > 0 &&
        Info.getArgKind(0) == DiagnosticsEngine::ak_std_string) {
      std::string Refused = Files ? Files->refusedInclude(Info.getArgStdStr(0)) : "";
      F.Notes.push_back({Refused.empty() ? missingHeaderHint(Info.getArgStdStr(0))
                                         : "'" + Refused +
                                               "' is not a regular file (a device, pipe or "
                                               "socket): it is not read, as it may never end",
                         "", 0, 0});
    }
    if (ID == diag::err_no_member || ID == diag::err_no_member_suggest ||
        ID == diag::err_typename_nested_not_found)
      if (std::string Hint = removedMemberHint(F.Message); !Hint.empty())
        F.Notes.push_back({std::move(Hint), "", 0, 0});
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      if (describeLocation(SM, Loc, F.File, F.Line, F.Column, &F.SourceLine)) {
        F.EndLine = F.Line;
        F.EndColumn = F.Column;
        addIncludeChain(SM, Loc, F);
      }
    }
    Errors.push_back(std::move(F));
  }
};

/// The top-level declarations of \p Files that a preamble PCH holds, in the
/// order in which the TU would have parsed them.
std::vector<Decl *> preambleDeclarations(ASTContext &AST, ArrayRef<std::string> Files) {
  std::vector<Decl *> Decls;
  SourceManager &SM = AST.getSourceManager();
  ExternalASTSource *Source = AST.getExternalSource();
  for (const std::string &Path : Files) {
    OptionalFileEntryRef F = SM.getFileManager().getOptionalFileRef(Path);
    FileID ID = F ? SM.translateFile(*F) : FileID();
    if (ID.isInvalid())
      continue;
    SmallVector<Decl *, 64> InFile;
    Source->FindFileRegionDecls(ID, 0, SM.getFileIDSize(ID), InFile);
    for (Decl *D : InFile)
      if (isa<TranslationUnitDecl>(D->getLexicalDeclContext()))
        Decls.push_back(D);
  }
  llvm::sort(Decls, [&](const Decl *A, const Decl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  Decls.erase(std::unique(Decls.begin(), Decls.end()), Decls.end());
  return Decls;
}

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(CompilerInstance &CI, const TUOptions &Opts, const ErrorCollector &Errors,
               TUResult &Out, ArchRegions *Arch, std::vector<DeclarationRewrite> *Rewrites,
               bool ReadsRewrites)
      : CI(CI), Errors(Errors), Out(Out), Pre(Opts.Pre), Arch(Arch), Rewrites(Rewrites),
        ReadsRewrites(ReadsRewrites) {
    Ctx.Pedantic = Opts.Pedantic;
    Ctx.LaunchedElsewhere = &Opts.LaunchedElsewhere;
    for (const RuleInfo &R : allRules())
      if (R.Create && (Opts.EnabledRules.empty() || is_contained(Opts.EnabledRules, R.Id)))
        Rules.push_back(R.Create(R, Ctx));
    Rules.push_back(createFactCollector(Ctx));
    for (auto &R : Rules)
      R->registerMatchers(Finder);
  }

  /// The bodies of host-only functions in system headers (the C++ library,
  /// the host side of the CUDA headers) are neither walked nor reported on:
  /// Clang skips them. Device functions keep theirs (the divergence walk
  /// follows calls into them), as do constexpr functions and those with a
  /// deduced return type, which Clang never skips.
  bool shouldSkipFunctionBody(Decl *D) override {
    return isSystemHostFunction(CI.getSourceManager(), D);
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    // With compile errors the AST has holes; the rules skip what they touch
    // (rules/analysis/ErrorTaint.h) and report from the code that parsed.
    Out.Parsed = true;
    // A definition nvcc takes for a new template, a __shared__ variable nvcc constructs as it
    // does: parsed again, analysed then.
    if (Rewrites) {
      Rewrites->clear(); // what an earlier parse of the TU found, this one finds again
      if (!Errors.UnmatchedDefinitions.empty())
        *Rewrites = rewritesForUnmatchedTemplates(AST, Errors.UnmatchedDefinitions);
      if (!Errors.SharedInitializers.empty())
        append_range(*Rewrites, rewritesForSharedConstructors(AST, Errors.SharedInitializers));
      if (!Rewrites->empty())
        return;
    }
    if (ReadsRewrites)
      restoreSharedVariables(AST);
    Preprocessor &PP = CI.getPreprocessor();
    Ctx.PerThreadDefaultStream = PP.isMacroDefined("CUDA_API_PER_THREAD_DEFAULT_STREAM");
    Ctx.DriverPerThreadDefaultStream = PP.isMacroDefined("CU_API_PER_THREAD_DEFAULT_STREAM");
    // The matchers walk the project's declarations only: no rule reports in
    // a system header, and walking the C++ and CUDA headers (the preamble's
    // ones would first have to be loaded from the PCH) costs more than the
    // rest of the analysis.
    std::vector<Decl *> Scope;
    const SourceManager &SM = AST.getSourceManager();
    if (Pre && AST.getExternalSource())
      Scope = preambleDeclarations(AST, Pre->ProjectFiles);
    for (Decl *D : AST.getTranslationUnitDecl()->noload_decls())
      if (!D->isFromASTFile() && !SM.isInSystemHeader(SM.getFileLoc(D->getLocation())))
        Scope.push_back(D);
    AST.setTraversalScope(Scope);
    {
      ErrorTaintScope Taint(Errors.SyntaxErrors);
      FileStaticsScope Statics;
      Finder.matchAST(AST);
    }
    Out.Findings = std::move(Ctx.Findings);
    Out.Facts = std::move(Ctx.Facts);
    if (Arch)
      collectKernelBodies(AST, Scope, *Arch);
    if (Arch && Errors.Count > 0) // the host parse
      Out.DeviceSideOnly = errorsOnlyFromDeviceCode(AST, Errors.Chains);
    collectReadFiles(AST.getSourceManager(), Out.ReadFiles, Out.IncludedFiles);
  }

private:
  CompilerInstance &CI;
  const ErrorCollector &Errors;
  TUResult &Out;
  const Preamble *Pre;
  ArchRegions *Arch;
  std::vector<DeclarationRewrite> *Rewrites;
  bool ReadsRewrites; // the parse reads files rewritten (SharedConstructors.h)
  RuleContext Ctx;
  ast_matchers::MatchFinder Finder;
  std::vector<std::unique_ptr<Rule>> Rules;
};

class LintAction : public ASTFrontendAction {
public:
  /// \p Arch, if given, collects the code the parse skips under a condition
  /// on __CUDA_ARCH__; \p Rewrites, if given, receives the rewrites that
  /// OutOfLineTemplates.h and SharedConstructors.h make, and then the rules do
  /// not run.
  LintAction(const TUOptions &Opts, const ErrorCollector &Errors, TUResult &Out, ArchRegions *Arch,
             AbsentProbes *Probes, std::vector<DeclarationRewrite> *Rewrites = nullptr)
      : Opts(Opts), Errors(Errors), Out(Out), Arch(Arch), Probes(Probes), Rewrites(Rewrites) {}
  /// The toolkit root of the command (--cuda-path=), for reportRemovedHeaders.
  std::string CudaPath;
  /// Whether the parse reads files rewritten (OutOfLineTemplates.h, SharedConstructors.h).
  bool ReadsRewrites = false;
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    if (Probes)
      Probes->start();
    // A missing #include is fatal to Clang, which then stops; like clangd, go
    // on without the header so that the code after it is still analysed.
    CI.getDiagnostics().setFatalsAsError(true);
    // Only what LintConsumer::shouldSkipFunctionBody allows.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    CI.getPreprocessor().addPPCallbacks(unifySpaceMacros(CI.getPreprocessor()));
    CI.getPreprocessor().addPPCallbacks(pragmaMacrosAsOperators(CI.getPreprocessor()));
    if (Arch)
      CI.getPreprocessor().addPPCallbacks(collectArchRegions(CI.getSourceManager(), *Arch));
    if (Arch) // the host parse; the device one would say it again
      CI.getPreprocessor().addPPCallbacks(reportRemovedHeaders(CI.getPreprocessor(), CudaPath));
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<LintConsumer>(CI, Opts, Errors, Out, Arch, Rewrites, ReadsRewrites);
  }
  void EndSourceFileAction() override {
    if (Probes)
      Probes->stop();
  }

private:
  const TUOptions &Opts;
  const ErrorCollector &Errors;
  TUResult &Out;
  ArchRegions *Arch;
  AbsentProbes *Probes;
  std::vector<DeclarationRewrite> *Rewrites;
};

} // namespace

bool isSystemHostFunction(const SourceManager &SM, const Decl *D) {
  if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
    return false;
  const FunctionDecl *FD = D->getAsFunction();
  return FD && !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
}

std::string contentHash(StringRef Bytes) {
  auto H = BLAKE3::hash<32>(arrayRefFromStringRef(Bytes));
  return std::string(H.begin(), H.end());
}

std::string contentHashAsParsed(StringRef OnDisk) {
  std::optional<std::string> Spelled = nvccSpelled(OnDisk);
  return contentHash(Spelled ? StringRef(*Spelled) : OnDisk);
}

void collectReadFiles(const SourceManager &SM, std::vector<ReadFile> &Read,
                      std::set<std::string> &Included, std::vector<std::string> *Project) {
  // Local entries: the files this parse entered, not those of a loaded PCH
  // (the preamble's own list covers them).
  std::set<const SrcMgr::ContentCache *> Seen;
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    const SrcMgr::ContentCache &C = E.getFile().getContentCache();
    if (!C.OrigEntry || !Seen.insert(&C).second)
      continue;
    StringRef Real = C.OrigEntry->getFileEntry().tryGetRealPathName();
    if (Real.empty())
      continue;
    if (!Real.starts_with("/usr/"))
      Included.insert(Real.str());
    if (Project && !SrcMgr::isSystem(E.getFile().getFileCharacteristic()))
      Project->push_back(Real.str());
    // The bytes Clang read, not the file now: it may have changed since.
    if (std::optional<MemoryBufferRef> Buf = C.getBufferIfLoaded())
      Read.push_back({Real.str(), contentHash(Buf->getBuffer())});
  }
  llvm::sort(Read, [](const ReadFile &A, const ReadFile &B) { return A.Path < B.Path; });
}

std::string locatedMessage(const Finding &E) {
  std::string S = E.Message;
  if (!E.File.empty())
    S = E.File + ":" + std::to_string(E.Line) + ":" + std::to_string(E.Column) + ": " + S;
  for (const FindingNote &N : E.Notes)
    S += "\n      note: " + N.Message;
  return S;
}

std::string checkSourceFile(StringRef Path) {
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Path, St))
    return "cannot read '" + Path.str() + "': " + EC.message();
  if (sys::fs::is_directory(St))
    return "'" + Path.str() + "' is a directory, not a source file";
  // A device (/dev/zero), a FIFO or a socket never ends, or blocks Clang.
  if (St.type() != sys::fs::file_type::regular_file)
    return "'" + Path.str() + "' is not a regular file (a device, pipe or socket); skipped";
  if (St.getSize() > MaxSourceBytes)
    return "'" + Path.str() + "' is " + std::to_string(St.getSize() >> 20) +
           " MiB, larger than the 32 MiB a source file may have; skipped";
  // Only the head is read, whatever the size says.
  Expected<sys::fs::file_t> FD = sys::fs::openNativeFileForRead(Path);
  if (!FD)
    return "cannot read '" + Path.str() + "': " + toString(FD.takeError());
  char Head[65536];
  Expected<size_t> Read = sys::fs::readNativeFile(*FD, MutableArrayRef<char>(Head, sizeof(Head)));
  sys::fs::closeFile(*FD);
  if (!Read)
    return "cannot read '" + Path.str() + "': " + toString(Read.takeError());
  if (StringRef(Head, *Read).contains('\0'))
    return "'" + Path.str() + "' is a binary file, not CUDA source; skipped";
  return "";
}

namespace {

/// Adds the files another parse read to \p Out's (sorted, once each).
void addReadFiles(TUResult &Out, ArrayRef<ReadFile> Read, const std::set<std::string> &Included) {
  append_range(Out.ReadFiles, Read);
  llvm::sort(Out.ReadFiles, [](const ReadFile &A, const ReadFile &B) { return A.Path < B.Path; });
  Out.ReadFiles.erase(std::unique(Out.ReadFiles.begin(), Out.ReadFiles.end(),
                                  [](const ReadFile &A, const ReadFile &B) {
                                    return A.Path == B.Path;
                                  }),
                      Out.ReadFiles.end());
  Out.IncludedFiles.insert(Included.begin(), Included.end());
}

/// Parses \p Cmd again for the device (ArchRegions.h) and adds to \p Out the
/// findings that come from code the host parse skipped (fromSkippedCode), and
/// the files the device parse read. Its compile errors and facts are not
/// reported: the host parse has those of the TU. Code the host parse skipped may
/// need a rewrite of its own (SharedConstructors.h): then the pass is made again
/// with it, and kept when it has fewer errors.
void addDevicePass(const TranslatedCommand &Cmd, const TUOptions &Opts,
                   IntrusiveRefCntPtr<AbsentProbes> Probes, const ArchRegions &Arch,
                   RewrittenDeclarations &Rewritten, TUResult &Out) {
  std::string DeviceArch = devicePassArch(Cmd);
  std::vector<std::string> Args = devicePassArgs(Cmd, DeviceArch);
  TUOptions DeviceOpts = Opts; // the host parse's PCH is not the device's
  DeviceOpts.Pre = Opts.DevicePre ? Opts.DevicePre(Args) : nullptr;
  TUResult Device;
  std::vector<DeclarationRewrite> Found; // by the first parse, for what the host parse skipped
  unsigned Count = 0;                    // its errors
  auto Parse = [&](bool Seek) {
    // A FileManager of its own: the host parse's names some headers by other paths.
    IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions(), Probes));
    std::vector<std::string> WithPch = Args;
    if (DeviceOpts.Pre)
      WithPch.insert(WithPch.end() - 1, {"-include-pch", DeviceOpts.Pre->PchPath});
    Device = TUResult();
    ErrorCollector Errors;
    NvccDiagnostics Filter(Errors, /*DeviceSide=*/true);
    auto Action = std::make_unique<LintAction>(DeviceOpts, Errors, Device, nullptr, Probes.get(),
                                               Seek ? &Found : nullptr);
    Action->ReadsRewrites = !Rewritten.rewrites().empty();
    tooling::ToolInvocation Invocation(WithPch, std::move(Action), Files.get());
    Invocation.setDiagnosticConsumer(&Filter);
    Invocation.run();
    Count = Errors.Count;
    return !Errors.PchFailed;
  };
  bool Loaded = Parse(true);
  if (DeviceOpts.Pre && (!Loaded || !Device.Parsed)) {
    DeviceOpts.Pre = nullptr; // analysed without it: the same findings
    Parse(true);
  }
  if (!Found.empty()) {
    std::vector<DeclarationRewrite> Before(Rewritten.rewrites());
    std::vector<DeclarationRewrite> With = Before;
    for (DeclarationRewrite &R : Found) {
      // Found in bytes the host's rewrites had changed: the file on disk is the one they read.
      for (const DeclarationRewrite &B : Before)
        if (B.File == R.File)
          R.OriginalHash = B.OriginalHash;
      With.push_back(std::move(R));
    }
    unsigned Had = Count;
    Rewritten.set(std::move(With));
    Parse(false);
    if (!Device.Parsed || Count >= Had) {
      Rewritten.set(std::move(Before));
      Parse(false);
    }
  }
  if (!Device.Parsed)
    return;
  Out.DeviceArch = std::move(DeviceArch);
  Out.DevicePre = DeviceOpts.Pre;
  std::vector<Finding> Added;
  for (Finding &F : Device.Findings)
    if (Arch.fromSkippedCode(F, Out.Findings))
      Added.push_back(std::move(F));
  append_range(Out.Findings, std::move(Added));
  addReadFiles(Out, Device.ReadFiles, Device.IncludedFiles);
  if (DeviceOpts.Pre) { // what the preamble read (or looked for), this parse did
    addReadFiles(Out, DeviceOpts.Pre->ReadFiles, DeviceOpts.Pre->IncludedFiles);
    append_range(Out.AbsentPaths, DeviceOpts.Pre->AbsentPaths);
  }
}

/// What the command adds to the facts: the archs it names (none when it names none: nvcc's
/// default arch also embeds PTX that runs on any later GPU), for the GPU a launch may run on, and
/// its -maxrregcount, for register-spill.
void addCommandFacts(const TranslatedCommand &Cmd, TUFacts &Facts) {
  std::vector<unsigned> Archs;
  for (const std::string &A : Cmd.Archs)
    if (Expected<unsigned> V = parseArchName(A)) {
      if (!is_contained(Archs, *V))
        Archs.push_back(*V);
    } else {
      consumeError(V.takeError());
    }
  for (LaunchFact &L : Facts.Launches)
    L.Archs = Archs;
  for (DeviceFunctionFact &F : Facts.Functions)
    F.MaxRegCount = Cmd.MaxRegCount;
}

TUResult analyzeOnThisThread(const TranslatedCommand &Cmd, const TUOptions &Opts);

/// The TU parsed on the device side alone (DeviceRootedErrors.h), when that parse has no error.
std::optional<TUResult> deviceSideOnly(const TranslatedCommand &Cmd, const TUOptions &Opts) {
  TranslatedCommand Device = Cmd;
  Device.ClangArgs.insert(Device.ClangArgs.end() - 1, "--cuda-device-only");
  settleDeviceOnly(Device);
  TUOptions DeviceOpts = Opts; // the host parse's PCH is not the device's
  DeviceOpts.Pre = Opts.DevicePre ? Opts.DevicePre(Device.ClangArgs) : nullptr;
  TUResult R = analyzeOnThisThread(Device, DeviceOpts);
  if (!R.Parsed || R.CompileErrorCount > 0 || !R.Errors.empty())
    return std::nullopt;
  R.DeviceSideOnly = true;
  R.DeviceArch = devicePassArch(Cmd);
  R.DevicePre = DeviceOpts.Pre;
  return R;
}

TUResult analyzeOnThisThread(const TranslatedCommand &Cmd, const TUOptions &Opts) {
  TUResult Out;
  Out.File = Cmd.File;
  if (std::string Problem = Opts.Files ? "" : checkSourceFile(Cmd.File); !Problem.empty()) {
    Out.Errors.push_back({Cmd.File, Problem});
    return Out;
  }

  auto Regular = makeIntrusiveRefCnt<RegularFilesOnly>(
      Opts.Files ? Opts.Files : vfs::createPhysicalFileSystem());
  auto Rewritten =
      makeIntrusiveRefCnt<RewrittenDeclarations>(makeIntrusiveRefCnt<NvccSpellings>(Regular));
  auto Probes =
      makeIntrusiveRefCnt<AbsentProbes>(Rewritten, AbsentProbes::resourceDirOf(Cmd.ClangArgs));
  if (!Cmd.Directory.empty())
    (void)Probes->setCurrentWorkingDirectory(Cmd.Directory);
  IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions(), Probes));

  ArchRegions Arch;
  std::vector<DeclarationRewrite> Rewrites; // found by the parses until one is made with them
  bool SeekRewrites = true;
  auto Parse = [&](ArrayRef<std::string> Args, ErrorCollector &Errors) {
    auto Action = std::make_unique<LintAction>(Opts, Errors, Out, &Arch, Probes.get(),
                                               SeekRewrites ? &Rewrites : nullptr);
    Action->ReadsRewrites = !Rewritten->rewrites().empty();
    for (StringRef A : Cmd.ClangArgs)
      if (A.consume_front("--cuda-path="))
        Action->CudaPath = A.str();
    tooling::ToolInvocation Invocation(Args, std::move(Action), Files.get());
    NvccDiagnostics Filter(Errors, Cmd.deviceOnly());
    Invocation.setDiagnosticConsumer(&Filter);
    Invocation.run();
  };
  auto Errors = std::make_unique<ErrorCollector>();
  Errors->Files = Regular.get();
  auto Restart = [&] {
    Out = TUResult();
    Out.File = Cmd.File;
    Errors = std::make_unique<ErrorCollector>();
    Errors->Files = Regular.get();
    Arch = ArchRegions();
  };
  if (Opts.Pre) {
    Arch.Macros = Opts.Pre->Arch.Macros;
    std::vector<std::string> Args = Cmd.ClangArgs;
    Args.insert(Args.end() - 1, {"-include-pch", Opts.Pre->PchPath});
    Parse(Args, *Errors);
    if (Errors->PchFailed || !Out.Parsed) {
      Restart();
      Parse(Cmd.ClangArgs, *Errors);
    } else {
      // What the preamble read (or looked for), this TU did.
      addReadFiles(Out, Opts.Pre->ReadFiles, Opts.Pre->IncludedFiles);
      append_range(Out.AbsentPaths, Opts.Pre->AbsentPaths);
      Arch.append(Opts.Pre->Arch);
    }
  } else {
    Parse(Cmd.ClangArgs, *Errors);
  }
  // Device-side launches (dynamic parallelism) parse only with relocatable
  // device code, which nvcc users enable with -rdc=true: parse again with it.
  std::vector<std::string> Args = Cmd.ClangArgs;
  if (Errors->NeedsRdc && !is_contained(Cmd.ClangArgs, "-fgpu-rdc")) {
    Args.insert(Args.end() - 1, "-fgpu-rdc");
    Restart();
    Parse(Args, *Errors);
  }
  // Declarations rewritten for definitions nvcc takes for new templates (OutOfLineTemplates.h):
  // kept when the parse has fewer errors with them and none it did not have (a call of the old
  // declaration), else the file is parsed as it is.
  if (!Rewrites.empty()) {
    std::unique_ptr<ErrorCollector> Before = std::move(Errors);
    SeekRewrites = false;
    Rewritten->set(std::move(Rewrites));
    Restart();
    Parse(Args, *Errors);
    auto Had = [&](const Finding &E) {
      return any_of(Before->Errors, [&](const Finding &B) {
        return B.File == E.File && B.Line == E.Line && B.Column == E.Column &&
               B.Message == E.Message;
      });
    };
    if (!Out.Parsed || Errors->Count >= Before->Count || !all_of(Errors->Errors, Had)) {
      Rewritten->set({});
      Restart();
      Parse(Args, *Errors);
    }
  }
  if (!Out.Parsed) {
    std::string Msg = "failed to parse";
    if (Errors->Errors.empty())
      Msg += " (the compile command was rejected)";
    for (const Finding &E : Errors->Errors)
      Msg += "\n    " + locatedMessage(E);
    Out.Errors.push_back({Cmd.File, Msg});
    Out.Findings.clear();
    Out.Facts = TUFacts();
    return Out;
  }
  Out.CompileErrors = std::move(Errors->Errors);
  Out.CompileErrorCount = Errors->Count;
  bool FromDeviceCode = Out.DeviceSideOnly; // every error (DeviceRootedErrors.h)
  Out.DeviceSideOnly = false;
  if (FromDeviceCode && !Cmd.deviceOnly())
    if (std::optional<TUResult> Device = deviceSideOnly(Cmd, Opts))
      return std::move(*Device);
  if (Arch.needDevicePass() && !Cmd.deviceOnly()) // a device-only parse saw that code
    addDevicePass(Cmd, Opts, Probes, Arch, *Rewritten, Out);
  // The cache checks the files on disk: a rewritten one is recorded as it was read first.
  for (const DeclarationRewrite &R : Rewritten->rewrites())
    for (ReadFile &F : Out.ReadFiles)
      if (F.Path == R.RealPath)
        F.ContentHash = R.OriginalHash;
  append_range(Out.AbsentPaths, Probes->paths());
  llvm::sort(Out.AbsentPaths);
  Out.AbsentPaths.erase(std::unique(Out.AbsentPaths.begin(), Out.AbsentPaths.end()),
                        Out.AbsentPaths.end());
  addCommandFacts(Cmd, Out.Facts);
  return Out;
}

std::atomic<bool> CrashedOnce{false};

} // namespace

bool anyTranslationUnitCrashed() { return CrashedOnce; }

TUResult analyzeTranslationUnit(const TranslatedCommand &Cmd, const TUOptions &Opts) {
  // Generated code nests deeply (thousands of nested ifs, sums of thousands of
  // terms) and Clang's parser and the AST walks recurse: give each TU a stack
  // that such code cannot exhaust (reserved, not committed, until used). A
  // crash in Clang or in a rule costs this TU, not the run.
  static std::once_flag EnableRecovery;
  std::call_once(EnableRecovery, [] { CrashRecoveryContext::Enable(); });
  TUResult Out;
  CrashRecoveryContext CRC;
  if (CRC.RunSafelyOnThread([&] { Out = analyzeOnThisThread(Cmd, Opts); }, AnalysisStackBytes))
    return Out;
  CrashedOnce = true;
  TUResult Crashed;
  Crashed.File = Cmd.File;
  Crashed.Errors.push_back(
      {Cmd.File, "internal error: cuda-lint crashed while analysing this file (in Clang or in a "
                 "rule); the other files are unaffected; please report it with this file"});
  return Crashed;
}

} // namespace cudalint
