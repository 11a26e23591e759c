//===- TranslationUnit.cpp - Analyse one translation unit -----------------===//
#include "analyzer/TranslationUnit.h"
#include "rules/RuleRegistry.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace cudalint {
namespace {

constexpr uint64_t MaxSourceBytes = 32 << 20;
constexpr unsigned MaxReportedErrors = 10;

/// Keeps the first compile errors of a TU as findings of CompileErrorRuleId.
class ErrorCollector : public DiagnosticConsumer {
public:
  std::vector<Finding> Errors;
  unsigned Count = 0;

  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    ++Count;
    if (Errors.size() >= MaxReportedErrors)
      return;
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    Finding F;
    F.RuleId = CompileErrorRuleId;
    F.Level = Severity::Error;
    F.Message = std::string(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      SourceLocation Loc = SM.getFileLoc(Info.getLocation());
      if (describeLocation(SM, Loc, F.File, F.Line, F.Column, &F.SourceLine)) {
        F.EndLine = F.Line;
        F.EndColumn = F.Column;
      }
    }
    Errors.push_back(std::move(F));
  }
};

class LintConsumer : public ASTConsumer {
public:
  LintConsumer(CompilerInstance &CI, const TUOptions &Opts, TUResult &Out) : CI(CI), Out(Out) {
    Ctx.Pedantic = Opts.Pedantic;
    for (const RuleInfo &R : allRules())
      if (R.Create && (Opts.EnabledRules.empty() || is_contained(Opts.EnabledRules, R.Id)))
        Rules.push_back(R.Create(R, Ctx));
    Rules.push_back(createFactCollector(Ctx));
    for (auto &R : Rules)
      R->registerMatchers(Finder);
  }

  void HandleTranslationUnit(ASTContext &AST) override {
    // With compile errors the AST has holes; the rules skip what they touch
    // (rules/analysis/ErrorTaint.h) and report from the code that parsed.
    Out.Parsed = true;
    Preprocessor &PP = CI.getPreprocessor();
    Ctx.PerThreadDefaultStream = PP.isMacroDefined("CUDA_API_PER_THREAD_DEFAULT_STREAM");
    Ctx.DriverPerThreadDefaultStream = PP.isMacroDefined("CU_API_PER_THREAD_DEFAULT_STREAM");
    Finder.matchAST(AST);
    Out.Findings = std::move(Ctx.Findings);
    Out.Facts = std::move(Ctx.Facts);
    const SourceManager &SM = AST.getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      StringRef Real = It->first.getFileEntry().tryGetRealPathName();
      if (!Real.empty() && !Real.starts_with("/usr/"))
        Out.IncludedFiles.insert(Real.str());
    }
  }

private:
  CompilerInstance &CI;
  TUResult &Out;
  RuleContext Ctx;
  ast_matchers::MatchFinder Finder;
  std::vector<std::unique_ptr<Rule>> Rules;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(const TUOptions &Opts, TUResult &Out) : Opts(Opts), Out(Out) {}
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // A missing #include is fatal to Clang, which then stops; like clangd, go
    // on without the header so that the code after it is still analysed.
    CI.getDiagnostics().setFatalsAsError(true);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<LintConsumer>(CI, Opts, Out);
  }

private:
  const TUOptions &Opts;
  TUResult &Out;
};

} // namespace

std::string locatedMessage(const Finding &E) {
  if (E.File.empty())
    return E.Message;
  return E.File + ":" + std::to_string(E.Line) + ":" + std::to_string(E.Column) + ": " + E.Message;
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

TUResult analyzeTranslationUnit(const TranslatedCommand &Cmd, const TUOptions &Opts) {
  TUResult Out;
  Out.File = Cmd.File;
  if (std::string Problem = checkSourceFile(Cmd.File); !Problem.empty()) {
    Out.Errors.push_back({Cmd.File, Problem});
    return Out;
  }

  IntrusiveRefCntPtr<vfs::FileSystem> FS = vfs::createPhysicalFileSystem();
  if (!Cmd.Directory.empty())
    (void)FS->setCurrentWorkingDirectory(Cmd.Directory);
  IntrusiveRefCntPtr<FileManager> Files(new FileManager(FileSystemOptions(), FS));

  ErrorCollector Errors;
  tooling::ToolInvocation Invocation(Cmd.ClangArgs,
                                     std::make_unique<LintAction>(Opts, Out),
                                     Files.get());
  Invocation.setDiagnosticConsumer(&Errors);
  Invocation.run();
  if (!Out.Parsed) {
    std::string Msg = "failed to parse";
    if (Errors.Errors.empty())
      Msg += " (the compile command was rejected)";
    for (const Finding &E : Errors.Errors)
      Msg += "\n    " + locatedMessage(E);
    Out.Errors.push_back({Cmd.File, Msg});
    Out.Findings.clear();
    Out.Facts = TUFacts();
    return Out;
  }
  Out.CompileErrors = std::move(Errors.Errors);
  Out.CompileErrorCount = Errors.Count;
  return Out;
}

} // namespace cudalint
