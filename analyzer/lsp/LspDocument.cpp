//===- LspDocument.cpp - Findings as LSP diagnostics and code actions -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/lsp/LspDocument.h"
#include "analyzer/support/Docs.h"

#include <algorithm>
#include <map>

using namespace llvm;
using namespace llvm::lsp;

namespace cudalint {
namespace {

/// UTF-16 code units in the UTF-8 bytes \p S.
int utf16Length(StringRef S) {
  int N = 0;
  for (unsigned char C : S)
    if ((C & 0xC0) != 0x80) // not a continuation byte
      N += C >= 0xF0 ? 2 : 1;
  return N;
}

/// The byte offset where 1-based \p Line starts (the end of the text past the last).
size_t lineStart(StringRef Text, unsigned Line) {
  size_t Pos = 0;
  for (unsigned L = 1; L < Line && Pos != StringRef::npos; ++L) {
    Pos = Text.find('\n', Pos);
    if (Pos != StringRef::npos)
      ++Pos;
  }
  return Pos == StringRef::npos ? Text.size() : Pos;
}

json::Value textEdit(const Range &R, StringRef NewText) {
  return json::Object{{"range", toJSON(R)}, {"newText", NewText.str()}};
}

bool before(const Position &A, const Position &B) {
  return A.line < B.line || (A.line == B.line && A.character < B.character);
}

} // namespace

Position lspPosition(StringRef Text, unsigned Line, unsigned Column) {
  size_t Start = lineStart(Text, std::max(Line, 1u));
  StringRef Rest = Text.substr(Start);
  StringRef LineText = Rest.take_until([](char C) { return C == '\n'; });
  size_t Bytes = std::min<size_t>(Column ? Column - 1 : 0, LineText.size());
  return Position(Line ? Line - 1 : 0, utf16Length(LineText.take_front(Bytes)));
}

Position lspPositionOfOffset(StringRef Text, unsigned Offset) {
  Offset = std::min<size_t>(Offset, Text.size());
  StringRef Before = Text.take_front(Offset);
  size_t LineBegin = Before.rfind('\n');
  LineBegin = LineBegin == StringRef::npos ? 0 : LineBegin + 1;
  return Position(Before.count('\n'), utf16Length(Before.drop_front(LineBegin)));
}

Range lspRange(StringRef Text, const Finding &F) {
  Position Start = lspPosition(Text, F.Line, F.Column);
  Position End = Start;
  if (F.EndLine > F.Line || (F.EndLine == F.Line && F.EndColumn > F.Column))
    End = lspPosition(Text, F.EndLine, F.EndColumn);
  if (End.line == Start.line && End.character == Start.character)
    ++End.character; // an empty range is invisible in most editors
  return Range(Start, End);
}

bool overlaps(StringRef Text, const Finding &F, const Range &R) {
  Range Mine = lspRange(Text, F);
  return !before(Mine.end, R.start) && !before(R.end, Mine.start);
}

std::string pathOfUri(StringRef Uri) {
  Expected<URIForFile> U = URIForFile::fromURI(Uri);
  if (!U) {
    consumeError(U.takeError());
    return "";
  }
  return U->file().str();
}

json::Value toDiagnostic(const Finding &F, StringRef Text, TextOfFile TextOf) {
  Range R = lspRange(Text, F);
  int Severity = F.Level == Severity::Error ? 1 : F.Level == Severity::Warning ? 2 : 3;
  json::Array Related;
  for (const FindingNote &N : F.Notes) {
    std::string File = N.File.empty() ? F.File : N.File;
    std::string Other = File == F.File ? Text.str() : TextOf(File);
    Range Where = N.File.empty() ? R : Range(lspPosition(Other, N.Line, N.Column));
    if (!N.File.empty())
      ++Where.end.character;
    Expected<URIForFile> U = URIForFile::fromFile(File);
    if (!U) {
      consumeError(U.takeError());
      continue;
    }
    Related.push_back(json::Object{
        {"location", json::Object{{"uri", U->uri().str()}, {"range", toJSON(Where)}}},
        {"message", N.Message}});
  }
  json::Object D{{"range", toJSON(R)},
                 {"severity", Severity},
                 {"source", "cuda-lint"},
                 {"code", F.RuleId},
                 {"codeDescription", json::Object{{"href", ruleHelpUri(F.RuleId)}}},
                 {"message", F.Message}};
  if (!Related.empty())
    D["relatedInformation"] = std::move(Related);
  return D;
}

std::vector<json::Value> codeActionsFor(const Finding &F, StringRef Uri, StringRef Text,
                                        TextOfFile TextOf) {
  std::vector<json::Value> Actions;
  json::Value Diag = toDiagnostic(F, Text, TextOf);
  // Fix-its: one action per finding, its edits grouped by file.
  if (!F.Fixes.empty()) {
    std::map<std::string, json::Array> Changes;
    bool Unsafe = false;
    for (const FixIt &Fix : F.Fixes) {
      std::string Other = Fix.File == F.File ? Text.str() : TextOf(Fix.File);
      Expected<URIForFile> U = URIForFile::fromFile(Fix.File);
      if (!U) {
        consumeError(U.takeError());
        continue;
      }
      Changes[U->uri().str()].push_back(
          textEdit(Range(lspPositionOfOffset(Other, Fix.Offset),
                         lspPositionOfOffset(Other, Fix.Offset + Fix.Length)),
                   Fix.Replacement));
      Unsafe |= Fix.Unsafe;
    }
    json::Object ByFile;
    for (auto &[File, Edits] : Changes)
      ByFile[File] = std::move(Edits);
    std::string Title = "Fix: " + F.Message;
    if (Unsafe)
      Title += " (unsafe: not every launch may have been seen)";
    Actions.push_back(json::Object{{"title", Title},
                                   {"kind", "quickfix"},
                                   {"isPreferred", !Unsafe},
                                   {"diagnostics", json::Array{Diag}},
                                   {"edit", json::Object{{"changes", std::move(ByFile)}}}});
  }
  // NOLINT(rule) at the end of the finding's line.
  Position Start = lspPosition(Text, F.Line, F.Column);
  size_t Begin = lineStart(Text, F.Line);
  StringRef Line = Text.substr(Begin).take_until([](char C) { return C == '\n'; });
  Position End(Start.line, utf16Length(Line.rtrim("\r")));
  std::string Comment = " // NOLINT(" + F.RuleId + ")";
  if (Line.contains("NOLINT"))
    return Actions; // one directive per line; a second would not parse as one
  json::Object Changes;
  Changes[Uri.str()] = json::Array{textEdit(Range(End, End), Comment)};
  Actions.push_back(json::Object{{"title", "Suppress " + F.RuleId + " on this line (NOLINT)"},
                                 {"kind", "quickfix"},
                                 {"diagnostics", json::Array{std::move(Diag)}},
                                 {"edit", json::Object{{"changes", std::move(Changes)}}}});
  return Actions;
}

bool fromJSON(const json::Value &V, DidSaveParams &P, json::Path Path) {
  json::ObjectMapper O(V, Path);
  const json::Object *Doc = V.getAsObject() ? V.getAsObject()->getObject("textDocument") : nullptr;
  if (!O || !Doc || !Doc->getString("uri")) {
    Path.report("expected textDocument.uri");
    return false;
  }
  P.Uri = Doc->getString("uri")->str();
  return true;
}

} // namespace cudalint
