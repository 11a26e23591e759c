//===- LspFraming.h - JSON-RPC frames read from a stream, bad ones survived ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The base protocol of the Language Server Protocol: each message is headers
// (`Content-Length: N`, maybe `Content-Type: ...`), an empty line, then N
// bytes of JSON. LLVM's transport reads one header line at a time and trusts
// the length: after a frame without one, or with a negative, short or huge
// one, the next frame's header is read as part of a body or of a header line,
// and every later message is lost (issue 33). FrameReader reads the same
// framing; a bad frame is reported (what was wrong with it) and the reader
// resynchronises on the next `Content-Length:` header, so one bad frame costs
// one message, never the session.
//
// checkMessage is what a body must be before it reaches llvm::json (which
// recurses: the depth is bounded first) and LLVM's dispatch (which ends the
// session on an object that is not JSON-RPC 2.0).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_LSP_LSPFRAMING_H
#define CUDALINT_ANALYZER_LSP_LSPFRAMING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/LSP/Transport.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// The largest body a frame may have. Open documents are sent whole; 64 MiB
/// is twice the largest source file cuda-lint analyses.
constexpr uint64_t MaxFrameBody = 64 << 20;

class FrameReader {
public:
  /// Reads at most Buffer.size() bytes into Buffer: how many (0 at the end of
  /// the input), or an error.
  using Source = llvm::unique_function<llvm::Expected<size_t>(llvm::MutableArrayRef<char>)>;

  struct Frame {
    enum KindType { Message, Malformed, End } Kind;
    /// A Message's body; for a Malformed frame, what was wrong, one line.
    std::string Text;
  };

  explicit FrameReader(Source Read, uint64_t MaxBody = MaxFrameBody)
      : Read(std::move(Read)), MaxBody(MaxBody) {}

  /// The next frame. After a Malformed one the reader skips to the next
  /// `Content-Length:` header (in any case, wherever it starts). End comes at
  /// the end of the input (a frame cut short by it is dropped) and after a read
  /// error (then failed() is true); every later call gives End again.
  Frame next();

  /// A body that was not JSON may hold the frames that a Content-Length longer
  /// than the real body swallowed: from its first `Content-Length:` header (not
  /// at its start) on, \p Body is read again before the rest of the input.
  void rescan(llvm::StringRef Body);

  bool atEnd() const { return Ended; }
  bool failed() const { return ReadFailed; }

private:
  /// Appends what one read gives to Buffer; false at the end of the input or
  /// on an error.
  bool fill();
  /// Skips to the next `Content-Length:`; false when the input ends first.
  bool skipToHeader();
  /// The length of the line at Pos (without its `\n`); nothing at the end of
  /// the input, or with \p TooLong set when no `\n` comes within a header
  /// line's bound. Consumes nothing.
  std::optional<size_t> lineLength(bool &TooLong);
  Frame malformed(const llvm::Twine &Why);
  Frame end();

  Source Read;
  uint64_t MaxBody;
  std::string Buffer;
  std::vector<char> ReadBuffer; // what a read fills, then appended to Buffer
  size_t Pos = 0;               // what is before it has been consumed
  bool Resync = false;          // skip to the next header first
  bool InputDone = false;       // the source gave its last byte
  bool Ended = false;           // End was returned
  bool ReadFailed = false;
};

/// The JSON-RPC error (code and message) that the body \p Json gets instead
/// of being dispatched, or nothing when it is a request, notification or
/// response: -32700 when it is not JSON or nests too deep, -32600 when it is
/// not a JSON-RPC 2.0 message.
struct RpcError {
  int Code;
  std::string Message;
};
std::optional<RpcError> checkMessage(llvm::StringRef Json);

/// LLVM's transport input over a FrameReader: a body reaches the transport
/// (its parse and dispatch) only when checkMessage accepts it. Each bad frame
/// and each refused body goes to \p Refused instead, with the error the client
/// is to be answered (id null), and the next message is read; a body that is
/// not JSON is first rescanned for the frames it may have swallowed.
class CheckedMessageInput : public llvm::lsp::JSONTransportInput {
public:
  CheckedMessageInput(FrameReader::Source Read,
                      llvm::unique_function<void(const RpcError &)> Refused)
      : Frames(std::move(Read)), Refused(std::move(Refused)) {}
  bool hasError() const override { return Frames.failed(); }
  bool isEndOfInput() const override { return Frames.atEnd(); }
  /// The `// -----` delimited style of LLVM's own lit tests is not served.
  llvm::LogicalResult readDelimitedMessage(std::string &) override { return llvm::failure(); }
  llvm::LogicalResult readStandardMessage(std::string &Json) override;

private:
  FrameReader Frames;
  llvm::unique_function<void(const RpcError &)> Refused;
};

} // namespace cudalint

#endif
