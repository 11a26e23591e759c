//===- LspServer.cpp - cuda-lint lsp: findings in the editor while typing -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A Language Server over stdio, on LLVM's LSP transport (JSON-RPC framing,
// dispatch, error replies). Each open document is analysed as its buffer
// reads, through an in-memory overlay of the file system, with the compile
// command the CLI would use. Edits are debounced; an analysis whose buffer
// was edited again meanwhile is dropped and the newest text analysed. The
// CUDA prologue (and the project header the file enters first) is
// precompiled once per command shape and reused across edits. The
// whole-program rules see the other translation units of the compilation
// database through the result cache of the last run; a saved file is
// analysed from disk and stored there too.
//
//===----------------------------------------------------------------------===//
#include "analyzer/lsp/LspServer.h"
#include "analyzer/cache/ResultCache.h"
#include "analyzer/inputs/ApplyConfig.h"
#include "analyzer/inputs/Config.h"
#include "analyzer/inputs/Inputs.h"
#include "analyzer/inputs/Toolchain.h"
#include "analyzer/lsp/LspFraming.h"
#include "analyzer/lsp/LspDocument.h"
#include "analyzer/report/Suppressions.h"
#include "analyzer/run/Runner.h"
#include "analyzer/support/Docs.h"
#include "analyzer/support/Resources.h"
#include "analyzer/support/Version.h"
#include "analyzer/tu/Preamble.h"
#include "ptxas_parse/ReadFile.h"
#include "rules/RuleRegistry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace llvm::lsp;

namespace cudalint {
namespace {

constexpr auto Debounce = std::chrono::milliseconds(150);

/// stdout for JSON-RPC messages written from two threads (replies from the
/// transport's loop, diagnostics from the analysis thread): each thread's
/// bytes are held until they form a whole message (header and body), which
/// is then written at once, so messages never interleave.
class MessageStream : public raw_ostream {
public:
  MessageStream() : raw_ostream(/*unbuffered=*/true) {}

private:
  void write_impl(const char *Ptr, size_t Size) override {
    thread_local std::string Pending;
    Pending.append(Ptr, Size);
    Pos += Size;
    while (true) {
      size_t HeaderEnd = Pending.find("\r\n\r\n");
      if (HeaderEnd == std::string::npos)
        return;
      StringRef Header = StringRef(Pending).take_front(HeaderEnd);
      size_t Length = 0;
      for (StringRef Line : split(Header, "\r\n"))
        if (Line.consume_front_insensitive("Content-Length:"))
          Line.trim().getAsInteger(10, Length);
      size_t Total = HeaderEnd + 4 + Length;
      if (Pending.size() < Total)
        return;
      {
        std::lock_guard<std::mutex> Lock(M);
        for (size_t Done = 0; Done < Total;) {
          ssize_t N = ::write(1, Pending.data() + Done, Total - Done);
          if (N <= 0 && errno != EINTR)
            break; // the client is gone; the input loop ends too
          Done += N > 0 ? N : 0;
        }
      }
      Pending.erase(0, Total);
    }
  }
  uint64_t current_pos() const override { return Pos; }

  std::mutex M;
  std::atomic<uint64_t> Pos{0};
};

/// The messages of stdin (CheckedMessageInput: a bad frame or body is answered
/// and skipped, never the end of the session). Each error is answered with id
/// null, since the transport would only log it, and is also logged on stderr
/// (`E[time] message`), which editors keep in the server's log.
std::unique_ptr<CheckedMessageInput> stdinMessages(raw_ostream &Output) {
  return std::make_unique<CheckedMessageInput>(
      [](MutableArrayRef<char> Buf) {
        return sys::fs::readNativeFile(sys::fs::getStdinHandle(), Buf);
      },
      [&Output](const RpcError &E) {
        Logger::error("{0}", E.Message); // under the lock the analysis thread's logs take
        std::string Body;
        raw_string_ostream(Body) << json::Value(json::Object{
            {"jsonrpc", "2.0"},
            {"id", nullptr},
            {"error", json::Object{{"code", E.Code}, {"message", E.Message}}}});
        Output << "Content-Length: " << Body.size() << "\r\n\r\n" + Body;
      });
}

/// A file's text as every input is read (bounded), or nothing.
std::optional<std::string> readSource(StringRef Path) {
  Expected<std::string> Text = readFileBounded(Path, 32 << 20);
  if (Text)
    return std::move(*Text);
  consumeError(Text.takeError());
  return std::nullopt;
}

struct OpenDocument {
  std::string Path;
  std::string Text;
  int64_t Version = 0;
  int64_t Analysed = -1;          // the version the findings are of
  std::vector<Finding> Findings;  // of the last analysis, in this file
  std::chrono::steady_clock::time_point Edited;
  bool FromDisk = false;          // saved: analyse the disk and store in the cache
};

class Server {
public:
  Server(JSONTransport &Transport, raw_ostream &Output, const char *Argv0, std::string BuildDir)
      : Handler(Transport), Output(Output), Argv0(Argv0), BuildDir(std::move(BuildDir)) {
    Handler.method("initialize", this, &Server::initialize);
    Handler.notification("initialized", this, &Server::ignore);
    Handler.method("shutdown", this, &Server::shutdown);
    Handler.notification("textDocument/didOpen", this, &Server::didOpen);
    Handler.notification("textDocument/didChange", this, &Server::didChange);
    Handler.notification("textDocument/didClose", this, &Server::didClose);
    Handler.notification("textDocument/didSave", this, &Server::didSave);
    Handler.method("textDocument/codeAction", this, &Server::codeAction);
    Worker = std::thread([this] { analyseLoop(); });
  }
  ~Server() {
    {
      std::lock_guard<std::mutex> Lock(M);
      Stop = true;
    }
    CV.notify_all();
    Worker.join();
    if (!PreambleDir.empty())
      sys::fs::remove_directories(PreambleDir);
  }
  MessageHandler &handler() { return Handler; }
  bool shutdownRequested() const { return ShutdownRequested; }

private:
  void ignore(const NoParams &) {}

  void initialize(const InitializeParams &, Callback<json::Value> Reply) {
    json::Object Sync{{"openClose", true}, {"change", 1 /*full*/}, {"save", true}};
    Reply(json::Object{
        {"serverInfo", json::Object{{"name", "cuda-lint"}, {"version", toolVersion().str()}}},
        {"capabilities", json::Object{{"textDocumentSync", std::move(Sync)},
                                      {"codeActionProvider",
                                       json::Object{{"codeActionKinds",
                                                     json::Array{"quickfix"}}}}}}});
  }
  void shutdown(const NoParams &, Callback<std::nullptr_t> Reply) {
    ShutdownRequested = true;
    Reply(nullptr);
  }

  void didOpen(const DidOpenTextDocumentParams &P) {
    update(P.textDocument.uri, P.textDocument.text, P.textDocument.version, false);
  }
  void didChange(const DidChangeTextDocumentParams &P) {
    std::string Text;
    {
      std::lock_guard<std::mutex> Lock(M);
      auto It = Docs.find(P.textDocument.uri.uri().str());
      if (It != Docs.end())
        Text = It->second.Text;
    }
    for (const TextDocumentContentChangeEvent &C : P.contentChanges)
      if (failed(C.applyTo(Text)))
        return Logger::error("cannot apply an edit to {0}", P.textDocument.uri.file());
    update(P.textDocument.uri, std::move(Text), P.textDocument.version, false);
  }
  void didSave(const DidSaveParams &P) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(P.Uri);
    if (It == Docs.end())
      return;
    It->second.FromDisk = true;
    It->second.Edited = std::chrono::steady_clock::now() - Debounce;
    It->second.Analysed = -1;
    CV.notify_all();
  }
  void didClose(const DidCloseTextDocumentParams &P) {
    std::string Uri = P.textDocument.uri.uri().str();
    {
      std::lock_guard<std::mutex> Lock(M);
      Docs.erase(Uri);
    }
    publish(Uri, {}, std::nullopt, "");
  }

  void update(const URIForFile &Uri, std::string Text, int64_t Version, bool FromDisk) {
    std::lock_guard<std::mutex> Lock(M);
    OpenDocument &D = Docs[Uri.uri().str()];
    D.Path = Uri.file().str();
    D.Text = std::move(Text);
    D.Version = Version;
    D.FromDisk = FromDisk;
    D.Edited = std::chrono::steady_clock::now();
    CV.notify_all();
  }

  void codeAction(const CodeActionParams &P, Callback<json::Value> Reply) {
    std::string Uri = P.textDocument.uri.uri().str();
    json::Array Actions;
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(Uri);
    if (It != Docs.end())
      for (const Finding &F : It->second.Findings)
        if (overlaps(It->second.Text, F, P.range))
          for (json::Value &A : codeActionsFor(F, Uri, It->second.Text, [&](StringRef Path) {
                 return textOf(Path);
               }))
            Actions.push_back(std::move(A));
    Reply(json::Value(std::move(Actions)));
  }

  /// An open buffer's text, else the file's (empty when unreadable).
  std::string textOf(StringRef Path) {
    for (const auto &Entry : Docs)
      if (Entry.second.Path == Path)
        return Entry.second.Text;
    return readSource(Path).value_or("");
  }

  void analyseLoop() {
    std::unique_lock<std::mutex> Lock(M);
    while (!Stop) {
      // The document edited longest ago that is quiet for the debounce time.
      auto Now = std::chrono::steady_clock::now();
      std::string Next;
      auto Wake = Now + std::chrono::hours(1);
      for (auto &[Uri, D] : Docs) {
        if (D.Analysed == D.Version)
          continue;
        if (D.Edited + Debounce <= Now) {
          Next = Uri;
          break;
        }
        Wake = std::min(Wake, D.Edited + Debounce);
      }
      if (Next.empty()) {
        CV.wait_until(Lock, Wake);
        continue;
      }
      OpenDocument Job = Docs[Next];
      Lock.unlock();
      std::vector<Finding> Findings = analyse(Job);
      Lock.lock();
      auto It = Docs.find(Next);
      // Edited again (or closed) meanwhile: drop this result, analyse the new text.
      if (It == Docs.end() || It->second.Version != Job.Version ||
          It->second.Text != Job.Text)
        continue;
      It->second.Analysed = Job.Version;
      It->second.Findings = Findings;
      std::string Text = It->second.Text;
      Lock.unlock();
      publish(Next, Findings, Job.Version, Text);
      Lock.lock();
    }
  }

  std::vector<Finding> analyse(const OpenDocument &Doc);
  /// The compile commands of \p Database's TUs.
  const std::vector<TranslatedCommand> &programOf(const std::string &Database,
                                                  const ToolchainPaths &Toolchain);

  void publish(const std::string &Uri, const std::vector<Finding> &Findings,
               std::optional<int64_t> Version, StringRef Text) {
    json::Array Diags;
    std::string Path = pathOfUri(Uri);
    for (const Finding &F : Findings)
      Diags.push_back(toDiagnostic(F, Text, [&](StringRef P) {
        std::lock_guard<std::mutex> Lock(M);
        return P == Path ? Text.str() : textOf(P);
      }));
    json::Object Params{{"uri", Uri}, {"diagnostics", std::move(Diags)}};
    if (Version)
      Params["version"] = *Version;
    // Not through the transport, whose buffer its own thread uses: one whole
    // message to the stream that keeps messages apart.
    std::string Body;
    raw_string_ostream(Body) << json::Value(json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/publishDiagnostics"},
        {"params", std::move(Params)}});
    Output << "Content-Length: " << Body.size() << "\r\n\r\n" + Body;
  }

  MessageHandler Handler;
  raw_ostream &Output;
  const char *Argv0;
  std::string BuildDir; // -p
  bool ShutdownRequested = false;

  std::mutex M;
  std::condition_variable CV;
  bool Stop = false;
  std::map<std::string, OpenDocument> Docs;
  std::thread Worker;

  // Used by the worker thread only.
  std::unique_ptr<ResultCache> Cache;
  bool CacheOpened = false;
  std::optional<ToolchainPaths> Toolchain;
  std::map<std::string, std::unique_ptr<Preamble>> Preambles; // by command shape
  std::string PreambleDir;
  ConfigLoader Configs;
  std::map<std::string, std::pair<int64_t, std::vector<TranslatedCommand>>> Programs;
};

const std::vector<TranslatedCommand> &Server::programOf(const std::string &Database,
                                                        const ToolchainPaths &Toolchain) {
  // Planned again only when the database changes.
  sys::fs::file_status St;
  int64_t Stamp = sys::fs::status(Database, St)
                      ? 0
                      : St.getLastModificationTime().time_since_epoch().count();
  auto &[Seen, Commands] = Programs[Database];
  if (Seen != Stamp || Commands.empty()) {
    InputOptions All;
    All.BuildDir = sys::path::parent_path(Database).str();
    All.Toolchain = Toolchain;
    InputPlan Program = planInputs(All);
    if (Error E = configurePlan(Program, Configs, {}))
      consumeError(std::move(E));
    Commands = std::move(Program.Sources);
    Seen = Stamp;
  }
  return Commands;
}

std::vector<Finding> Server::analyse(const OpenDocument &Doc) {
  if (!CacheOpened) {
    CacheOpened = true;
    std::string Dir = ResultCache::defaultDirectory();
    std::optional<std::string> Off = sys::Process::GetEnv("CUDA_LINT_NO_CACHE");
    if (!Dir.empty() && !(Off && !Off->empty() && *Off != "0")) {
      if (auto C = ResultCache::open(Dir, ResultCache::toolIdentity(Argv0)))
        Cache = std::move(*C);
      else
        Logger::info("no result cache: {0}", toString(C.takeError()));
    }
  }
  // Found once for the server's life (the toolkit, Clang's resources, the host GCC the driver
  // selects); a failure is tried again at the next analysis.
  if (!Toolchain) {
    Expected<ToolchainPaths> Found = findToolchain("", installPrefix(Argv0));
    if (!Found) {
      Logger::error("{0}", toString(Found.takeError()));
      return {};
    }
    Toolchain = std::move(*Found);
  }
  InputOptions In;
  In.Paths = {Doc.Path};
  In.BuildDir = BuildDir;
  In.Toolchain = *Toolchain;
  InputPlan Plan = planInputs(In);
  if (Error E = configurePlan(Plan, Configs, {})) {
    Logger::error("{0}", toString(std::move(E)));
    return {};
  }
  std::vector<TranslatedCommand> Mine = Plan.Sources;
  append_range(Mine, Plan.Headers);
  if (Mine.empty())
    return {};
  const TranslatedCommand &Cmd = Mine.front();

  TUOptions Opts;
  if (!Doc.FromDisk) {
    auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
    Memory->addFile(Doc.Path, 0, MemoryBuffer::getMemBufferCopy(Doc.Text, Doc.Path));
    auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::createPhysicalFileSystem());
    Overlay->pushOverlay(Memory);
    Opts.Files = Overlay;
  }
  Opts.Pre = preambleFor(Cmd, Doc.Text, Preambles, PreambleDir);
  TUResult Result = analyzeTranslationUnit(Cmd, Opts);
  if (Doc.FromDisk && Cache)
    Cache->store(Cmd, TUOptions(), Result);

  // The other TUs of the compilation database, as the last run left them.
  std::vector<TUResult> Results;
  Results.push_back(std::move(Result));
  RunOptions Run;
  if (Cache && !Plan.Databases.empty()) {
    for (const TranslatedCommand &Other : programOf(Plan.Databases.front(), *Toolchain))
      if (Other.File != Cmd.File)
        if (std::optional<TUResult> R = Cache->lookup(Other, TUOptions()))
          Results.push_back(std::move(*R));
    Run.WholeProgram = true;
  }
  RunResult Combined;
  combineResults(Results, Run, Combined);
  if (Error E = configureFindings(Combined.Findings, Configs, false))
    consumeError(std::move(E));
  SuppressionOptions Suppress;
  for (const RuleInfo &R : allRules())
    Suppress.KnownRules.push_back(R.Id);
  Suppress.KnownRules.push_back(CompileErrorRuleId);
  Suppress.ReadFile = [&](StringRef Path) -> std::optional<std::string> {
    return Path == Doc.Path ? Doc.Text : readSource(Path);
  };
  applySuppressions(Combined.Findings, {Doc.Path}, Suppress);
  std::vector<Finding> InThisFile;
  for (Finding &F : Combined.Findings)
    if (F.File == Doc.Path)
      InThisFile.push_back(std::move(F));
  return InThisFile;
}

} // namespace

int runLspCommand(int argc, const char **argv) {
  std::string BuildDir;
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--help" || A == "-h") {
      outs() << "usage: cuda-lint lsp [-p BUILD_DIR]\n\n"
                "A Language Server on stdin/stdout: findings of the open .cu/.cuh buffers as\n"
                "diagnostics, fix-its and NOLINT as code actions. See docs/editors.md.\n\n"
                "  -p BUILD_DIR   the directory of compile_commands.json (default: found from\n"
                "                 each file, in its ancestors and their build/ directories)\n";
      return 0;
    }
    if (A == "-p" && I + 1 < argc) {
      BuildDir = argv[++I];
      continue;
    }
    if (A.consume_front("-p=") || A.consume_front("--compile-commands-dir=")) {
      BuildDir = A.str();
      continue;
    }
    if (A != "--stdio") {
      errs() << "cuda-lint: error: unknown argument '" << A << "' (see cuda-lint lsp --help)\n";
      return 2;
    }
  }
  if (!BuildDir.empty() && !sys::fs::is_directory(BuildDir)) {
    errs() << "cuda-lint: error: -p '" << BuildDir << "': no such directory\n";
    return 2;
  }
  Logger::setLogLevel(Logger::Level::Error);
  MessageStream Output;
  JSONTransport Transport(stdinMessages(Output), Output);
  Server S(Transport, Output, argv[0], BuildDir);
  Error E = Transport.run(S.handler());
  // "exit" ends the input loop; any other end of input is the client going away.
  bool Clean = !E || S.shutdownRequested();
  consumeError(std::move(E));
  return Clean ? 0 : 1;
}

} // namespace cudalint
