//===- LspFuzzTarget.cpp - libFuzzer entry point for `cuda-lint lsp` input -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bytes are what an editor sends the server on stdin. They go through the
// server's own input (CheckedMessageInput: framing, depth and JSON-RPC checks)
// into LLVM's transport and dispatch, to handlers of the methods the server
// serves with the same parameter types, so LLVM's fromJSON mappers (and ours,
// for didSave) see every accepted message; a code action's range becomes a
// finding of the open text, which goes through the server's position,
// diagnostic and code-action code (LspDocument.cpp). Any crash, hang,
// sanitizer report or broken invariant is a failure:
//   - every refusal is a JSON-RPC error with a one-line message;
//   - the frames read do not depend on how the input is cut into reads
//     (reads of 1, 7 and all bytes give the same messages and refusals);
//   - the reader ends: at most one frame per input byte, plus the end.
//
//===----------------------------------------------------------------------===//

#include "analyzer/lsp/LspDocument.h"
#include "analyzer/lsp/LspFraming.h"

#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace cudalint;
using namespace llvm;
using namespace llvm::lsp;

namespace {

FrameReader::Source chunked(StringRef Input, size_t Chunk) {
  return [Input, Chunk, At = size_t(0)](MutableArrayRef<char> Buf) mutable -> Expected<size_t> {
    size_t N = std::min({Chunk, Buf.size(), Input.size() - At});
    std::copy_n(Input.data() + At, N, Buf.data());
    At += N;
    return N;
  };
}

/// What CheckedMessageInput makes of \p Input read \p Chunk bytes at a time:
/// "M:" + a message or "E<code>:" + a refusal, in order.
std::vector<std::string> messages(StringRef Input, size_t Chunk) {
  std::vector<std::string> Out;
  CheckedMessageInput In(chunked(Input, Chunk), [&](const RpcError &E) {
    if (E.Code != -32700 && E.Code != -32600)
      abort();
    if (E.Message.empty() || E.Message.find('\n') != std::string::npos)
      abort();
    Out.push_back("E" + std::to_string(E.Code) + ":" + E.Message);
  });
  std::string Json;
  while (!In.isEndOfInput()) {
    if (succeeded(In.readStandardMessage(Json)))
      Out.push_back("M:" + Json);
    if (Out.size() > Input.size() + 1)
      abort(); // no progress
  }
  return Out;
}

/// The server's methods and notifications, with its parameter types.
struct Handlers {
  explicit Handlers(MessageHandler &H) {
    H.method("initialize", this, &Handlers::initialize);
    H.method("shutdown", this, &Handlers::shutdown);
    H.method("textDocument/codeAction", this, &Handlers::codeAction);
    H.notification("initialized", this, &Handlers::ignore);
    H.notification("textDocument/didOpen", this, &Handlers::didOpen);
    H.notification("textDocument/didChange", this, &Handlers::didChange);
    H.notification("textDocument/didClose", this, &Handlers::didClose);
    H.notification("textDocument/didSave", this, &Handlers::didSave);
  }
  void initialize(const InitializeParams &, Callback<json::Value> Reply) { Reply(nullptr); }
  void shutdown(const NoParams &, Callback<std::nullptr_t> Reply) { Reply(nullptr); }
  void codeAction(const CodeActionParams &P, Callback<json::Value> Reply) {
    Finding F;
    F.RuleId = "missing-launch-bounds";
    F.Message = "m";
    F.File = pathOfUri(P.textDocument.uri.uri());
    F.Line = unsigned(P.range.start.line) + 1;
    F.Column = unsigned(P.range.start.character) + 1;
    F.EndLine = unsigned(P.range.end.line) + 1;
    F.EndColumn = unsigned(P.range.end.character) + 1;
    F.Fixes.push_back({F.File, unsigned(Text.size() / 2), 1, "x", F.Line, F.Column, false});
    auto TextOf = [&](StringRef) { return Text; };
    json::Array Actions;
    if (overlaps(Text, F, P.range))
      for (json::Value &A : codeActionsFor(F, P.textDocument.uri.uri(), Text, TextOf))
        Actions.push_back(std::move(A));
    Actions.push_back(toDiagnostic(F, Text, TextOf));
    Reply(json::Value(std::move(Actions)));
  }
  void ignore(const NoParams &) {}
  void didOpen(const DidOpenTextDocumentParams &P) { Text = P.textDocument.text; }
  void didChange(const DidChangeTextDocumentParams &P) {
    for (const TextDocumentContentChangeEvent &C : P.contentChanges)
      if (failed(C.applyTo(Text)))
        return;
  }
  void didClose(const DidCloseTextDocumentParams &) { Text.clear(); }
  void didSave(const DidSaveParams &) {}
  std::string Text;
};

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  Logger::setLogLevel(Logger::Level::Error); // as the server runs
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string> Whole = messages(Input, Input.size() + 1);
  for (size_t Chunk : {1, 7})
    if (messages(Input, Chunk) != Whole)
      abort();

  // The server's path: the same input into LLVM's transport and dispatch.
  std::string Replies;
  raw_string_ostream Out(Replies);
  JSONTransport Transport(
      std::make_unique<CheckedMessageInput>(chunked(Input, 4096), [](const RpcError &) {}), Out);
  MessageHandler Dispatch(Transport);
  Handlers H(Dispatch);
  consumeError(Transport.run(Dispatch));
  return 0;
}
