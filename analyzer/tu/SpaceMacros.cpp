//===- SpaceMacros.cpp - Function qualifiers that a project defines per pass -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/SpaceMacros.h"
#include "analyzer/tu/ArchRegions.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <string>
#include <vector>

using namespace clang;
using namespace llvm;

namespace cudalint {

namespace {

bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

bool isSpaceWord(StringRef W) { return W == "__host__" || W == "__device__"; }

/// \p Text cut into identifiers, numbers and single punctuation characters.
std::vector<std::string> words(StringRef Text) {
  std::vector<std::string> Out;
  while (!(Text = Text.ltrim(" \t\r\n\\")).empty()) {
    size_t N = isIdentChar(Text[0]) ? Text.take_while(isIdentChar).size() : 1;
    Out.push_back(Text.take_front(N).str());
    Text = Text.drop_front(N);
  }
  return Out;
}

/// \p Words without `__host__` and `__device__`.
std::vector<std::string> rest(const std::vector<std::string> &Words) {
  std::vector<std::string> Out;
  for (const std::string &W : Words)
    if (!isSpaceWord(W))
      Out.push_back(W);
  return Out;
}

class Unifier : public PPCallbacks {
public:
  explicit Unifier(Preprocessor &PP) : PP(PP), SM(PP.getSourceManager()) {}

  void If(SourceLocation Loc, SourceRange Cond, ConditionValueKind) override {
    StringRef Text =
        Lexer::getSourceText(CharSourceRange::getCharRange(Cond), SM, PP.getLangOpts());
    open(Loc, onArch(Text));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    open(Loc, onArch(nameOf(Name)));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    open(Loc, onArch(nameOf(Name)));
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    if (Open.empty())
      return;
    // A skipped last branch is reported after its #endif: it is matched then (Closed).
    Closed = std::move(Open.back());
    Closed.EndLoc = Loc;
    Open.pop_back();
  }

  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    const auto *Def = dyn_cast_or_null<DefMacroDirective>(MD);
    if (Open.empty() || !Open.back().OnArch || !Def || !Def->getInfo() ||
        Def->getInfo()->isFunctionLike())
      return;
    // The callback sees the definition as const; it is the preprocessor's own, which match()
    // changes once the other branch's definition is known, before any expansion of it.
    Open.back().Taken.emplace_back(nameOf(Name).str(), const_cast<MacroInfo *>(Def->getInfo()));
    match(Open.back());
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
    SourceLocation End = SM.getExpansionLoc(Range.getEnd());
    if (SM.getFileID(Begin) != SM.getFileID(End))
      return;
    unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
    SourceLocation EndIf = SM.getExpansionLoc(Closed.EndLoc);
    bool Last = EndIf.isValid() && SM.getFileID(EndIf) == SM.getFileID(Begin) &&
                From <= SM.getFileOffset(EndIf) && SM.getFileOffset(EndIf) <= To;
    Chain *C = Last ? &Closed : Open.empty() ? nullptr : &Open.back();
    if (!C || !C->OnArch)
      return;
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(Begin), &Invalid);
    if (Invalid || To < From)
      return;
    // `#define NAME body` lines at any depth of the skipped text (a nested condition
    // in a skipped branch is not told apart: both of its definitions are candidates).
    for (const TextDefine &D : definesIn(Buf.slice(From, To)))
      if (!D.FunctionLike)
        C->Skipped.push_back({D.Name, words(D.Body)});
    match(*C);
  }

private:
  struct Chain {
    bool OnArch = false;
    SourceLocation EndLoc; // its #endif, once closed
    std::vector<std::pair<std::string, MacroInfo *>> Taken;
    std::vector<std::pair<std::string, std::vector<std::string>>> Skipped;
  };

  void open(SourceLocation Loc, bool OnArch) {
    Open.emplace_back();
    Open.back().OnArch = OnArch && isProject(Loc);
  }
  static StringRef nameOf(const Token &Name) {
    return Name.getIdentifierInfo() ? Name.getIdentifierInfo()->getName() : "";
  }
  bool isProject(SourceLocation Loc) const {
    return Loc.isValid() && !SM.isInSystemHeader(SM.getExpansionLoc(Loc));
  }
  static bool onArch(StringRef Condition) {
    for (const std::string &W : words(Condition))
      if (StringRef(W).starts_with("__CUDA_ARCH"))
        return true;
    return false;
  }

  /// Unifies each definition of \p C with the other branch's of the same name, once.
  void match(Chain &C) {
    for (auto &[Name, MI] : C.Taken)
      for (const auto &[SkippedName, Body] : C.Skipped)
        if (MI && SkippedName == Name) {
          unify(*MI, Body);
          MI = nullptr;
        }
  }

  /// Makes \p MI `__host__ __device__` and its other tokens, when its body and \p Other (the
  /// skipped definition's words) differ only in those two words.
  void unify(MacroInfo &MI, const std::vector<std::string> &Other) {
    std::string Spelled;
    for (const Token &T : MI.tokens())
      Spelled += PP.getSpelling(T) + " ";
    std::vector<std::string> Mine = words(Spelled);
    if (Mine == Other || rest(Mine) != rest(Other))
      return;
    SmallVector<Token, 8> Tokens;
    for (StringRef W : {"__host__", "__device__"}) {
      Token T;
      T.startToken();
      T.setKind(tok::raw_identifier);
      PP.CreateString(W, T, MI.getDefinitionLoc(), MI.getDefinitionLoc());
      PP.LookUpIdentifierInfo(T);
      T.setFlag(Token::LeadingSpace);
      Tokens.push_back(T);
    }
    for (const Token &T : MI.tokens())
      if (!T.getIdentifierInfo() || !isSpaceWord(T.getIdentifierInfo()->getName()))
        Tokens.push_back(T);
    MI.setTokens(Tokens, PP.getPreprocessorAllocator());
  }

  Preprocessor &PP;
  const SourceManager &SM;
  std::vector<Chain> Open;
  Chain Closed; // the condition whose #endif came last
};

} // namespace

std::unique_ptr<PPCallbacks> unifySpaceMacros(Preprocessor &PP) {
  return std::make_unique<Unifier>(PP);
}

} // namespace cudalint
