// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LspFraming.cpp - JSON-RPC frames read from a stream, bad ones survived //
#include "analyzer/lsp/LspFraming.h"
#include "analyzer/support/JsonDepth.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {
namespace {

constexpr StringLiteral LengthHeader = "content-length:";
/// A header line longer than this is not a header.
constexpr size_t MaxHeaderLine = 4096;
/// Nor are more header bytes than this before the empty line.
constexpr size_t MaxHeaderBytes = 64 << 10;
/// What one read asks for.
constexpr size_t ReadChunk = 64 << 10;

/// At most 40 bytes of \p Bytes, escaped, for an error message.
std::string excerpt(StringRef Bytes) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS.write_escaped(Bytes.take_front(40));
  if (Bytes.size() > 40)
    OS << "...";
  return Out;
}

/// An HTTP header name (RFC 9110's token, less its rarer punctuation).
bool isHeaderName(StringRef Name) {
  return !Name.empty() &&
         all_of(Name, [](char C) { return isAlnum(C) || C == '-' || C == '_' || C == '.'; });
}

} // namespace

bool FrameReader::fill() {
  if (InputDone)
    return false;
  // Drop what was consumed once it is most of the buffer (amortised: each byte
  // is moved at most once per doubling).
  if (Pos > 0 && Pos >= Buffer.size() / 2) {
    Buffer.erase(0, Pos);
    Pos = 0;
  }
  if (ReadBuffer.empty())
    ReadBuffer.resize(ReadChunk);
  Expected<size_t> Got = Read(ReadBuffer);
  if (!Got) {
    consumeError(Got.takeError());
    ReadFailed = true;
  }
  size_t N = Got ? std::min(*Got, ReadBuffer.size()) : 0;
  Buffer.append(ReadBuffer.data(), N);
  if (N == 0)
    InputDone = true;
  return N != 0;
}

bool FrameReader::skipToHeader() {
  while (true) {
    StringRef Avail = StringRef(Buffer).drop_front(Pos);
    size_t At = Avail.find_insensitive(LengthHeader);
    if (At != StringRef::npos) {
      Pos += At;
      return true;
    }
    // Keep what could be the start of a header cut by the read.
    if (Avail.size() >= LengthHeader.size())
      Pos += Avail.size() - (LengthHeader.size() - 1);
    if (!fill())
      return false;
  }
}

std::optional<size_t> FrameReader::lineLength(bool &TooLong) {
  TooLong = false;
  size_t Searched = 0; // from Pos, which fill() may move
  while (true) {
    size_t NewLine = Buffer.find('\n', Pos + Searched);
    if (NewLine != std::string::npos) {
      TooLong = NewLine - Pos > MaxHeaderLine;
      return TooLong ? std::nullopt : std::optional<size_t>(NewLine - Pos);
    }
    Searched = Buffer.size() - Pos;
    if (Searched > MaxHeaderLine) {
      TooLong = true;
      return std::nullopt;
    }
    if (!fill())
      return std::nullopt;
  }
}

FrameReader::Frame FrameReader::malformed(const Twine &Why) {
  Resync = true;
  return {Frame::Malformed, Why.str()};
}

FrameReader::Frame FrameReader::end() {
  Ended = true;
  return {Frame::End, ""};
}

FrameReader::Frame FrameReader::next() {
  if (Ended)
    return {Frame::End, ""};
  if (Resync) {
    if (!skipToHeader())
      return end();
    Resync = false;
  }
  std::optional<uint64_t> Length;
  bool SawHeader = false;
  size_t HeaderBytes = 0;
  while (true) {
    bool TooLong = false;
    std::optional<size_t> Size = lineLength(TooLong);
    if (TooLong) {
      Frame Bad = malformed("expected a message header, found '" +
                            excerpt(StringRef(Buffer).drop_front(Pos)) + "'");
      ++Pos; // not a header, even if it starts like one: search past it
      return Bad;
    }
    if (!Size)
      return end();
    StringRef Line = StringRef(Buffer).substr(Pos, *Size);
    Line.consume_back("\r");
    HeaderBytes += *Size + 1;
    if (HeaderBytes > MaxHeaderBytes)
      return malformed("message headers longer than " + Twine(MaxHeaderBytes >> 10) + " KiB");
    if (Line.empty()) {
      Pos += *Size + 1;
      if (!SawHeader)
        continue; // a blank line between messages
      break;
    }
    auto [Name, Value] = Line.split(':');
    if (Name.size() == Line.size() || !isHeaderName(Name)) {
      // Not consumed: the next `Content-Length:` may be on this line, after
      // the rest of a body whose Content-Length was too short.
      return malformed("expected a message header, found '" + excerpt(Line) + "'");
    }
    SawHeader = true;
    Pos += *Size + 1;
    if (!Name.equals_insensitive(LengthHeader.drop_back()))
      continue; // Content-Type, or a header of a later protocol version
    Value = Value.trim(" \t");
    uint64_t N = 0;
    if (Value.empty() || !all_of(Value, isDigit))
      return malformed("Content-Length '" + excerpt(Value) + "' is not a number of bytes");
    if (Value.getAsInteger(10, N) || N > MaxBody)
      return malformed(
          "Content-Length " + excerpt(Value) + " is more than the " +
          (MaxBody % (1 << 20) ? Twine(MaxBody) + " bytes" : Twine(MaxBody >> 20) + " MiB") +
          " a message may have");
    Length = N;
  }
  if (!Length)
    return malformed("a message without a Content-Length header");
  while (Buffer.size() - Pos < *Length)
    if (!fill())
      return end();
  Frame Body{Frame::Message, Buffer.substr(Pos, *Length)};
  Pos += *Length;
  return Body;
}

void FrameReader::rescan(StringRef Body) {
  size_t At = Body.find_insensitive(LengthHeader, 1);
  if (At == StringRef::npos)
    return;
  Buffer.insert(Pos, Body.data() + At, Body.size() - At);
  Resync = false;
}

std::optional<RpcError> checkMessage(StringRef Json) {
  if (Error E = checkJsonDepth(Json))
    return RpcError{-32700, "Parse error: " + toString(std::move(E))};
  Expected<json::Value> Doc = json::parse(Json);
  if (!Doc)
    return RpcError{-32700, "Parse error: " + toString(Doc.takeError())};
  const json::Object *O = Doc->getAsObject();
  if (!O || O->getString("jsonrpc") != std::optional<StringRef>("2.0"))
    return RpcError{-32600, "Invalid Request: not a JSON-RPC 2.0 message (\"jsonrpc\": \"2.0\")"};
  const json::Value *Method = O->get("method");
  if (Method ? !Method->getAsString() : !O->get("id"))
    return RpcError{-32600, "Invalid Request: not a JSON-RPC request, notification or response"};
  return std::nullopt;
}

LogicalResult CheckedMessageInput::readStandardMessage(std::string &Json) {
  while (true) {
    FrameReader::Frame F = Frames.next();
    if (F.Kind == FrameReader::Frame::End)
      return failure();
    if (F.Kind == FrameReader::Frame::Malformed) {
      Refused({-32700, "Parse error: " + F.Text + "; skipped to the next Content-Length header"});
      continue;
    }
    if (std::optional<RpcError> Bad = checkMessage(F.Text)) {
      if (Bad->Code == -32700)
        Frames.rescan(F.Text);
      Refused(*Bad);
      continue;
    }
    Json = std::move(F.Text);
    return success();
  }
}

} // namespace cudalint
