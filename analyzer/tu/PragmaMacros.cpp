//===- PragmaMacros.cpp - `#pragma` written in an object-like macro --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/PragmaMacros.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

using namespace clang;

namespace cudalint {

namespace {

class PragmaOperators : public PPCallbacks {
public:
  explicit PragmaOperators(Preprocessor &PP) : PP(PP) {}

  void MacroDefined(const Token &, const MacroDirective *MD) override {
    const auto *Def = dyn_cast_or_null<DefMacroDirective>(MD);
    if (!Def || !Def->getInfo() || Def->getInfo()->isFunctionLike())
      return;
    // The callback sees the definition as const; it is the preprocessor's own, changed before
    // any expansion of it (as SpaceMacros.cpp does).
    auto &MI = *const_cast<MacroInfo *>(Def->getInfo());
    ArrayRef<Token> Body = MI.tokens();
    if (Body.size() < 3 || !Body[0].is(tok::hash) || !Body[1].getIdentifierInfo() ||
        Body[1].getIdentifierInfo()->getName() != "pragma")
      return;
    std::string Pragma;
    for (const Token &T : Body.drop_front(2)) {
      if (!Pragma.empty() && T.hasLeadingSpace())
        Pragma += ' ';
      Pragma += PP.getSpelling(T);
    }
    std::string Literal = "\"" + Lexer::Stringify(Pragma) + "\"";
    SourceLocation Loc = Body[0].getLocation();
    SmallVector<Token, 4> Tokens;
    auto Add = [&](StringRef Spelling, tok::TokenKind Kind) {
      Token T;
      T.startToken();
      T.setKind(Kind);
      PP.CreateString(Spelling, T, Loc, Loc);
      if (Kind == tok::raw_identifier)
        PP.LookUpIdentifierInfo(T);
      Tokens.push_back(T);
    };
    Add("_Pragma", tok::raw_identifier);
    Tokens.back().setFlag(Token::LeadingSpace);
    Add("(", tok::l_paren);
    Add(Literal, tok::string_literal);
    Add(")", tok::r_paren);
    MI.setTokens(Tokens, PP.getPreprocessorAllocator());
  }

private:
  Preprocessor &PP;
};

} // namespace

std::unique_ptr<PPCallbacks> pragmaMacrosAsOperators(Preprocessor &PP) {
  return std::make_unique<PragmaOperators>(PP);
}

} // namespace cudalint
