//===- LspFramingTest.cpp - JSON depth bound and the LSP frame reader -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Issue 33 items 9 and 10: JSON nested too deep is refused before llvm::json
// parses it; the LSP frame reader survives frames with a missing, short,
// negative, non-numeric or huge Content-Length and reads the next frame.
//
//===----------------------------------------------------------------------===//
#include "analyzer/lsp/LspFraming.h"
#include "analyzer/report/BaselineFile.h"
#include "analyzer/support/JsonDepth.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cudalint;
using namespace llvm;

namespace {

std::string depthError(StringRef Text, unsigned Limit = MaxJsonDepth) {
  Error E = checkJsonDepth(Text, Limit);
  return E ? toString(std::move(E)) : "";
}

TEST(JsonDepth, LimitIsExact) {
  EXPECT_EQ(depthError(std::string(512, '[')), "");
  EXPECT_EQ(depthError(std::string(513, '[')),
            "nests more than 512 levels of arrays and objects (line 1, column 513)");
  EXPECT_EQ(depthError("[[[]]]", 3), "");
  EXPECT_EQ(depthError("[{\"a\": [1]}]", 2),
            "nests more than 2 levels of arrays and objects (line 1, column 8)");
}

TEST(JsonDepth, StringsAndEscapesDoNotCount) {
  EXPECT_EQ(depthError(R"(["[[[[", "\"[[[[", "\\", "{{{{"])", 1), "");
  // After an escaped backslash the quote closes the string: the bracket counts.
  EXPECT_EQ(depthError(R"(["\\", [])", 1),
            "nests more than 1 levels of arrays and objects (line 1, column 8)");
}

TEST(JsonDepth, ClosersBalanceOpenersOnly) {
  // Closers never take the count below zero, so they cannot hide the nesting after them.
  EXPECT_EQ(depthError("]]]]]]]]]]" + std::string(3, '['), 2),
            "nests more than 2 levels of arrays and objects (line 1, column 13)");
  EXPECT_EQ(depthError("[][][][][][][]", 1), "");
}

TEST(JsonDepth, LinesAndColumns) {
  EXPECT_EQ(depthError("{\n  \"a\": [\n    {\"b\": 1}\n  ]\n}", 2),
            "nests more than 2 levels of arrays and objects (line 3, column 5)");
}

TEST(Baseline, DeepDocumentIsAnErrorNotACrash) {
  Expected<BaselineEntries> Deep = parseBaseline(std::string(50000, '['));
  ASSERT_FALSE(Deep);
  EXPECT_EQ(
      toString(Deep.takeError()),
      "not a baseline: nests more than 512 levels of arrays and objects (line 1, column 513)");
  Expected<BaselineEntries> Ok = parseBaseline(
      R"({"cuda-lint-baseline": 1, "findings": [{"rule": "r", "file": "f", "fingerprint": "p"},
          {"rule": "r", "file": "f", "fingerprint": "p"}]})");
  ASSERT_TRUE(bool(Ok)) << toString(Ok.takeError());
  EXPECT_EQ(Ok->size(), 1u);
  EXPECT_EQ((Ok->at({"r", "f", "p"})), 2u);
}

/// A source over \p Input that hands out at most \p Chunk bytes per read.
FrameReader::Source chunked(std::string Input, size_t Chunk) {
  return [Input = std::move(Input), Chunk,
          At = size_t(0)](MutableArrayRef<char> Buf) mutable -> Expected<size_t> {
    size_t N = std::min({Chunk, Buf.size(), Input.size() - At});
    std::copy_n(Input.data() + At, N, Buf.data());
    At += N;
    return N;
  };
}

std::string frame(StringRef Body) {
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body.str();
}

/// What a reader over \p Input gives, one line per frame: "M:body", "E:why" or "END".
std::vector<std::string> readAll(const std::string &Input, size_t Chunk = 1 << 20,
                                 uint64_t MaxBody = MaxFrameBody) {
  FrameReader R(chunked(Input, Chunk), MaxBody);
  std::vector<std::string> Out;
  for (int I = 0; I < 100; ++I) {
    FrameReader::Frame F = R.next();
    if (F.Kind == FrameReader::Frame::End) {
      Out.push_back("END");
      EXPECT_TRUE(R.atEnd());
      EXPECT_EQ(R.next().Kind, FrameReader::Frame::End);
      return Out;
    }
    Out.push_back((F.Kind == FrameReader::Frame::Message ? "M:" : "E:") + F.Text);
  }
  ADD_FAILURE() << "no end";
  return Out;
}

using Frames = std::vector<std::string>;

TEST(FrameReader, ReadsFramesWhateverTheChunks) {
  std::string Input = frame("{}") + "content-length:3\r\nContent-Type: x\r\n\r\n[1]" + "\r\n" +
                      frame("\"\xff\"") + "Content-Length: 5\r\n\r\n{";
  Frames Want{"M:{}", "M:[1]", "M:\"\xff\"", "END"}; // the last frame is cut short
  for (size_t Chunk : {1, 2, 3, 7, 1 << 20})
    EXPECT_EQ(readAll(Input, Chunk), Want) << "chunk " << Chunk;
}

TEST(FrameReader, MissingLengthSkipsToTheNextHeader) {
  EXPECT_EQ(readAll("Content-Type: x\r\n\r\n{\"a\": 1}" + frame("{}")),
            (Frames{"E:a message without a Content-Length header", "M:{}", "END"}));
}

TEST(FrameReader, ShortLengthLeavesBytesThatAreNoHeader) {
  for (size_t Chunk : {1, 5, 1 << 20})
    EXPECT_EQ(readAll("Content-Length: 3\r\n\r\n{\"a\": 1}" + frame("{}"), Chunk),
              (Frames{"M:{\"a", "E:expected a message header, found '\\\": 1}Content-Length: 2'",
                      "M:{}", "END"}))
        << "chunk " << Chunk;
}

TEST(FrameReader, BadLengthValues) {
  EXPECT_EQ(readAll("Content-Length: -5\r\n\r\n{}" + frame("[]")),
            (Frames{"E:Content-Length '-5' is not a number of bytes", "M:[]", "END"}));
  EXPECT_EQ(readAll("Content-Length: 0x10\r\n\r\n{}" + frame("[]")),
            (Frames{"E:Content-Length '0x10' is not a number of bytes", "M:[]", "END"}));
  EXPECT_EQ(readAll("Content-Length:\r\n\r\n{}" + frame("[]")),
            (Frames{"E:Content-Length '' is not a number of bytes", "M:[]", "END"}));
  EXPECT_EQ(readAll("Content-Length: 99999999999999999999\r\n\r\n{}" + frame("[]")),
            (Frames{"E:Content-Length 99999999999999999999 is more than the 64 MiB a message "
                    "may have",
                    "M:[]", "END"}));
  // The bound is the reader's: a body of exactly MaxBody bytes is read.
  EXPECT_EQ(
      readAll(frame("[1]") + frame("[12]"), 1 << 20, 3),
      (Frames{"M:[1]", "E:Content-Length 4 is more than the 3 bytes a message may have", "END"}));
}

TEST(FrameReader, LengthAtTheBoundWaitsForItsBytes) {
  // 64 MiB announced, a few bytes sent: the reader waits for the rest (here the input ends).
  FrameReader R(chunked("Content-Length: 67108864\r\n\r\n{}", 1 << 20));
  EXPECT_EQ(R.next().Kind, FrameReader::Frame::End);
}

TEST(FrameReader, GarbageAndLongLines) {
  EXPECT_EQ(readAll("hello\r\n\r\n" + frame("{}")),
            (Frames{"E:expected a message header, found 'hello'", "M:{}", "END"}));
  // A line of 10,000 bytes without a line break is no header, even one that starts like one.
  std::string Long = "Content-Length: " + std::string(10000, '1');
  Frames Got = readAll(Long + "\r\n\r\n{}" + frame("[]"), 512);
  ASSERT_EQ(Got.size(), 3u);
  EXPECT_TRUE(
      StringRef(Got[0]).starts_with("E:expected a message header, found 'Content-Length: 111"));
  EXPECT_EQ(Got[1], "M:[]");
  // Header lines that never end are cut off at 64 KiB.
  std::string Many;
  for (int I = 0; I < 5000; ++I)
    Many += "X-Pad: 0123456789\r\n";
  EXPECT_EQ(readAll(Many + "\r\n{}" + frame("[]")),
            (Frames{"E:message headers longer than 64 KiB", "M:[]", "END"}));
}

TEST(FrameReader, RescanFindsFramesALongBodySwallowed) {
  std::string Good = frame("{\"id\": 1}");
  std::string Input =
      "Content-Length: " + std::to_string(4 + Good.size()) + "\r\n\r\n{\"a\"" + Good + frame("[2]");
  FrameReader R(chunked(Input, 3));
  FrameReader::Frame F = R.next();
  ASSERT_EQ(F.Kind, FrameReader::Frame::Message);
  EXPECT_EQ(F.Text, "{\"a\"" + Good);
  R.rescan(F.Text);
  F = R.next();
  EXPECT_EQ(F.Text, "{\"id\": 1}");
  EXPECT_EQ(R.next().Text, "[2]");
  EXPECT_EQ(R.next().Kind, FrameReader::Frame::End);
  // A body with no header inside is not read again.
  FrameReader R2(chunked(frame("{oops") + frame("[]"), 4));
  F = R2.next();
  R2.rescan(F.Text);
  EXPECT_EQ(R2.next().Text, "[]");
}

TEST(FrameReader, ReadErrorEndsTheInput) {
  FrameReader R(
      [](MutableArrayRef<char>) -> Expected<size_t> { return createStringError("device gone"); });
  EXPECT_EQ(R.next().Kind, FrameReader::Frame::End);
  EXPECT_TRUE(R.failed());
  EXPECT_TRUE(R.atEnd());
}

TEST(CheckMessage, Errors) {
  EXPECT_FALSE(checkMessage(R"({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})"));
  EXPECT_FALSE(checkMessage(R"({"jsonrpc": "2.0", "method": "exit"})"));
  EXPECT_FALSE(checkMessage(R"({"jsonrpc": "2.0", "id": 1, "result": null})"));
  auto Code = [](StringRef Json) {
    std::optional<RpcError> E = checkMessage(Json);
    return E ? E->Code : 0;
  };
  EXPECT_EQ(Code("{"), -32700);
  EXPECT_EQ(Code(""), -32700);
  EXPECT_EQ(Code(std::string(50000, '[')), -32700);
  EXPECT_EQ(Code("[1, 2]"), -32600);
  EXPECT_EQ(Code(R"({"id": 1, "method": "shutdown"})"), -32600);
  EXPECT_EQ(Code(R"({"jsonrpc": "1.0", "id": 1, "method": "shutdown"})"), -32600);
  EXPECT_EQ(Code(R"({"jsonrpc": "2.0", "id": 1, "method": 5})"), -32600);
  EXPECT_EQ(Code(R"({"jsonrpc": "2.0", "params": {}})"), -32600);
}

} // namespace
