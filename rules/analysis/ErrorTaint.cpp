//===- ErrorTaint.cpp - What compile errors make untrustworthy ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/ErrorTaint.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cudalint {

namespace {

/// What the errors in one function body touch.
struct FunctionTaint {
  bool HasErrors = false;
  bool SyntaxError = false; // a statement may be missing
  llvm::DenseSet<const VarDecl *> Mentioned; // by an erroneous expression
  // The names written in the statements that syntax errors may have dropped;
  // AnyName when that text is not known or uses a macro (it may name anything).
  llvm::StringSet<> Dropped;
  bool AnyName = false;
};

struct ScopeState {
  std::vector<SourceLocation> SyntaxErrors;
  llvm::DenseMap<const FunctionDecl *, FunctionTaint> Cache;
};

thread_local ScopeState *Current = nullptr;

/// Every variable that \p Root mentions.
void collectMentions(const Stmt *Root, llvm::DenseSet<const VarDecl *> &Out) {
  llvm::SmallVector<const Stmt *, 32> Work{Root};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.insert(V);
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
}

/// Adds to \p T the names written in the statements of \p Def's body that
/// hold the syntax errors at \p Errors, each: the tokens between the separators (`;`,
/// `{`, `}` outside parentheses) around it, and a block it opens. The parser
/// drops at most that statement (it skips to its `;`, or over the block), so
/// a local none of those names mentions keeps its value (`StopWatchInterface
/// *timer;` of a missing header leaves `filter_size = 9` known).
void noteDropped(const FunctionDecl *Def, llvm::ArrayRef<SourceLocation> Errors, FunctionTaint &T) {
  // Past a few errors a function is not worth reading statement by statement.
  constexpr size_t MaxErrors = 16;
  const ASTContext &Ctx = Def->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = Def->getBody();
  SourceLocation Begin = Body ? SM.getExpansionLoc(Body->getBeginLoc()) : SourceLocation();
  SourceLocation End = Body ? SM.getExpansionLoc(Body->getEndLoc()) : SourceLocation();
  if (Errors.size() > MaxErrors || Begin.isInvalid() || End.isInvalid() ||
      SM.getFileID(Begin) != SM.getFileID(End) || llvm::any_of(Errors, [&](SourceLocation E) {
        return SM.getFileID(E) != SM.getFileID(Begin);
      })) {
    T.AnyName = true;
    return;
  }
  struct Tok {
    unsigned Offset;
    tok::TokenKind Kind;
    StringRef Name; // raw identifiers
    unsigned Depth; // inside ( and [
  };
  std::vector<Tok> Toks;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Begin), &Invalid);
  if (Invalid) {
    T.AnyName = true;
    return;
  }
  unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
  Lexer Lex(SM.getLocForStartOfFile(SM.getFileID(Begin)), Ctx.getLangOpts(), Buffer.begin(),
            Buffer.begin() + From, Buffer.end());
  unsigned Depth = 0;
  Token Tk;
  while (!Lex.LexFromRawLexer(Tk) || Tk.isNot(tok::eof)) {
    unsigned Off = SM.getFileOffset(Tk.getLocation());
    if (Off > To || Tk.is(tok::eof))
      break;
    if (Tk.isOneOf(tok::r_paren, tok::r_square) && Depth)
      --Depth;
    Toks.push_back(
        {Off, Tk.getKind(), Tk.is(tok::raw_identifier) ? Tk.getRawIdentifier() : "", Depth});
    if (Tk.isOneOf(tok::l_paren, tok::l_square))
      ++Depth;
  }
  auto Separator = [&](size_t I) {
    return Toks[I].Depth == 0 && (Toks[I].Kind == tok::semi || Toks[I].Kind == tok::l_brace ||
                                  Toks[I].Kind == tok::r_brace);
  };
  IdentifierTable &Idents = const_cast<ASTContext &>(Ctx).Idents;
  for (SourceLocation Err : Errors) {
    unsigned ErrOff = SM.getFileOffset(Err);
    // The last token that starts at or before the error.
    size_t At =
        llvm::upper_bound(Toks, ErrOff, [](unsigned O, const Tok &K) { return O < K.Offset; }) -
        Toks.begin();
    At = At ? At - 1 : 0;
    size_t First = At;
    while (First > 0 && !Separator(First - 1))
      --First;
    size_t Last = At;
    while (Last + 1 < Toks.size() && !Separator(Last))
      ++Last;
    if (Last < Toks.size() && Toks[Last].Kind == tok::l_brace) {
      // The block the statement opens, to its closing brace.
      for (unsigned Braces = 0; Last < Toks.size(); ++Last) {
        Braces += Toks[Last].Kind == tok::l_brace;
        if (Toks[Last].Kind == tok::r_brace && --Braces == 0)
          break;
      }
    }
    for (size_t I = First; I <= Last && I < Toks.size(); ++I) {
      if (Toks[I].Name.empty())
        continue;
      if (Idents.get(Toks[I].Name).hasMacroDefinition())
        T.AnyName = true;
      T.Dropped.insert(Toks[I].Name);
    }
  }
}

FunctionTaint scan(const FunctionDecl *Def) {
  FunctionTaint T;
  if (Def->isInvalidDecl())
    T.HasErrors = true;
  // An explicit stack: generated code nests deeper than the call stack allows.
  llvm::SmallVector<const Stmt *, 64> Work;
  if (const Stmt *Body = Def->getBody())
    Work.push_back(Body);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (E->containsErrors()) {
        T.HasErrors = true;
        collectMentions(E, T.Mentioned);
        continue;
      }
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (D->isInvalidDecl())
          T.HasErrors = true;
    }
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
  if (Current && !Current->SyntaxErrors.empty()) {
    const SourceManager &SM = Def->getASTContext().getSourceManager();
    SourceRange R(SM.getExpansionLoc(Def->getBeginLoc()), SM.getExpansionLoc(Def->getEndLoc()));
    llvm::SmallVector<SourceLocation, 4> Inside;
    for (SourceLocation L : Current->SyntaxErrors)
      if (SM.isPointWithin(SM.getExpansionLoc(L), R.getBegin(), R.getEnd()))
        Inside.push_back(SM.getExpansionLoc(L));
    if (!Inside.empty()) {
      T.HasErrors = T.SyntaxError = true;
      noteDropped(Def, Inside, T);
    }
  }
  return T;
}

/// The taint of \p FD's definition, or null when it has none.
const FunctionTaint *taintOf(const FunctionDecl *FD, FunctionTaint &Scratch) {
  static const FunctionTaint Invalid = [] {
    FunctionTaint T;
    T.HasErrors = T.SyntaxError = T.AnyName = true;
    return T;
  }();
  if (FD->isInvalidDecl())
    return &Invalid;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def)
    return nullptr;
  if (Current) {
    auto [It, New] = Current->Cache.try_emplace(Def);
    if (New)
      It->second = scan(Def);
    return &It->second;
  }
  Scratch = scan(Def);
  return &Scratch;
}

bool tuHasErrors(const Decl *D) {
  return D && D->getASTContext().getDiagnostics().hasErrorOccurred();
}

} // namespace

ErrorTaintScope::ErrorTaintScope(std::vector<SourceLocation> SyntaxErrors) {
  Current = new ScopeState{std::move(SyntaxErrors), {}};
}

ErrorTaintScope::~ErrorTaintScope() {
  delete Current;
  Current = nullptr;
}

bool functionHasCompileErrors(const FunctionDecl *FD) {
  if (!tuHasErrors(FD))
    return false;
  FunctionTaint Scratch;
  const FunctionTaint *T = taintOf(FD, Scratch);
  return T && T->HasErrors;
}

bool localValueTainted(const VarDecl *V, const FunctionDecl *F) {
  if (!tuHasErrors(V))
    return false;
  if (V->isInvalidDecl())
    return true;
  if (!F)
    return false;
  FunctionTaint Scratch;
  const FunctionTaint *T = taintOf(F, Scratch);
  return T && ((T->SyntaxError && (T->AnyName || T->Dropped.contains(V->getName()))) ||
                T->Mentioned.contains(V));
}

} // namespace cudalint
