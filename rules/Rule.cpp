//===- Rule.cpp - Source locations to findings ----------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/Rule.h"
#include "rules/RuleRegistry.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalint {

llvm::StringRef Rule::getID() const { return Info.Id; }

bool describeLocation(const SourceManager &SM, SourceLocation Loc, std::string &File,
                      unsigned &Line, unsigned &Column, std::string *SourceLine) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc); // a finding inside a macro is reported where it is used
  FileID FID = SM.getFileID(Loc);
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return false;
  llvm::StringRef Real = FE->getFileEntry().tryGetRealPathName();
  if (!Real.empty()) {
    File = Real.str();
  } else {
    llvm::SmallString<256> Abs(FE->getName());
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, true);
    File = std::string(Abs);
  }
  bool Invalid = false;
  Line = SM.getSpellingLineNumber(Loc, &Invalid);
  Column = SM.getSpellingColumnNumber(Loc, &Invalid);
  if (Invalid)
    return false;
  if (SourceLine) {
    llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
    if (!Invalid) {
      unsigned Off = SM.getFileOffset(Loc);
      size_t Begin = Buf.rfind('\n', Off); // searches before Off
      Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
      size_t End = Buf.find('\n', Off);
      *SourceLine = Buf.slice(Begin, End).rtrim("\r").str();
    }
  }
  return true;
}

Finding *RuleContext::report(const RuleInfo &Rule, const SourceManager &SM, SourceRange Range,
                             std::string Message) {
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  if (Begin.isInvalid() || SM.isInSystemHeader(Begin))
    return nullptr;
  Finding F;
  F.RuleId = Rule.Id;
  F.Level = Rule.DefaultSeverity;
  setMessage(F, Message);
  if (!describeLocation(SM, Begin, F.File, F.Line, F.Column, &F.SourceLine))
    return nullptr;
  F.EndLine = F.Line;
  F.EndColumn = F.Column;
  SourceLocation End = SM.getExpansionRange(Range.getEnd()).getEnd();
  if (End.isValid() && SM.getFileID(End) == SM.getFileID(Begin)) {
    SourceLocation EndTok = Lexer::getLocForEndOfToken(End, 0, SM, LangOptions());
    if (EndTok.isValid()) {
      F.EndLine = SM.getSpellingLineNumber(EndTok);
      F.EndColumn = SM.getSpellingColumnNumber(EndTok);
    }
  }
  Findings.push_back(std::move(F));
  return &Findings.back();
}

bool RuleContext::addFix(Finding &F, const SourceManager &SM, const FixItHint &Hint) {
  CharSourceRange R = Hint.RemoveRange;
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    return false;
  FixIt Fix;
  unsigned Line, Col;
  if (!describeLocation(SM, R.getBegin(), Fix.File, Line, Col))
    return false;
  Fix.Line = Line;
  Fix.Column = Col;
  Fix.Offset = SM.getFileOffset(R.getBegin());
  unsigned EndOff = Fix.Offset;
  if (R.getEnd().isValid() && R.getEnd() != R.getBegin()) {
    SourceLocation E = R.isTokenRange()
                           ? Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LangOptions())
                           : R.getEnd();
    EndOff = SM.getFileOffset(E);
  }
  Fix.Length = EndOff - Fix.Offset;
  Fix.Replacement = Hint.CodeToInsert;
  F.Fixes.push_back(std::move(Fix));
  return true;
}

Finding findingAt(const RuleInfo &Rule, const LaunchFact &L, std::string Message) {
  Finding F;
  F.RuleId = Rule.Id;
  F.Level = Rule.DefaultSeverity;
  setMessage(F, Message);
  F.File = L.File;
  F.Line = F.EndLine = L.Line;
  F.Column = L.Column;
  F.EndColumn = L.EndColumn;
  F.SourceLine = L.SourceLine;
  F.KernelName = L.KernelMangled;
  F.KernelDemangled = L.KernelName;
  return F;
}

} // namespace cudalint
