// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- OutOfLineTemplates.cpp - Definitions nvcc takes for new templates ----===//

#include "analyzer/tu/OutOfLineTemplates.h"
#include "analyzer/tu/NvccSpellings.h"
#include "analyzer/tu/TranslationUnit.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace llvm;

namespace cudalint {
namespace {

/// The invalid qualified function template definitions at \p Errors, among the declarations
/// written in \p DC and the namespaces in it.
void findUnmatched(DeclContext *DC, ArrayRef<SourceLocation> Errors,
                   std::vector<FunctionTemplateDecl *> &Out) {
  for (Decl *D : DC->decls()) {
    if (isa<NamespaceDecl, LinkageSpecDecl>(D)) {
      findUnmatched(cast<DeclContext>(D), Errors, Out);
      continue;
    }
    auto *T = dyn_cast<FunctionTemplateDecl>(D);
    if (T && T->isInvalidDecl() && T->getTemplatedDecl()->getQualifier() &&
        T->getTemplatedDecl()->isThisDeclarationADefinition() &&
        is_contained(Errors, T->getLocation()))
      Out.push_back(T);
  }
}

/// The one template of \p Def's name that its namespace declares and never defines, with
/// template parameters of the same names (the rewritten parameters name them).
FunctionTemplateDecl *declarationToRewrite(FunctionTemplateDecl *Def) {
  DeclContext *DC = Def->getDeclContext();
  if (!DC->isFileContext())
    return nullptr;
  FunctionTemplateDecl *Found = nullptr;
  for (NamedDecl *N : DC->getPrimaryContext()->lookup(Def->getDeclName())) {
    if (N == Def || N->isInvalidDecl())
      continue;
    auto *T = dyn_cast<FunctionTemplateDecl>(N);
    if (!T || Found)
      return nullptr;
    Found = T;
  }
  if (!Found || Found->getTemplatedDecl()->isDefined())
    return nullptr;
  const TemplateParameterList *A = Found->getTemplateParameters();
  const TemplateParameterList *B = Def->getTemplateParameters();
  if (A->size() != B->size())
    return nullptr;
  for (unsigned I = 0; I < A->size(); ++I)
    if (A->getParam(I)->getDeclName() != B->getParam(I)->getDeclName())
      return nullptr;
  return Found;
}

/// \p P as written without its name, blanks collapsed; nothing when it is not all in one file
/// or holds what a rewrite cannot move (a comment, a directive, a literal).
std::optional<std::string> unnamedParameter(const ParmVarDecl *P, const SourceManager &SM,
                                            const LangOptions &LO) {
  SourceRange R = P->getSourceRange();
  if (!R.getBegin().isFileID() || !R.getEnd().isFileID())
    return std::nullopt;
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LO, &Invalid);
  if (Invalid || Text.empty() || Text.contains("//") || Text.contains("/*") ||
      Text.find_first_of("#\\\"'") != StringRef::npos)
    return std::nullopt;
  std::string Unnamed = Text.str();
  if (const IdentifierInfo *Name = P->getIdentifier()) {
    if (!P->getLocation().isFileID())
      return std::nullopt;
    size_t At = SM.getFileOffset(P->getLocation()) - SM.getFileOffset(R.getBegin());
    if (StringRef(Unnamed).substr(At, Name->getLength()) != Name->getName())
      return std::nullopt;
    Unnamed.replace(At, Name->getLength(), " ");
  }
  std::string Collapsed;
  for (char C : Unnamed) {
    if (isSpace(C)) {
      if (!Collapsed.empty() && Collapsed.back() != ' ')
        Collapsed += ' ';
    } else {
      Collapsed += C;
    }
  }
  return StringRef(Collapsed).rtrim().str();
}

/// \p Words laid into the bytes of \p Old: each line break stays where it is, a word never
/// spans one, words are parted by a blank or a line break, the rest is blanks. Nothing when
/// they do not fit.
std::optional<std::string> layOut(ArrayRef<std::string> Words, StringRef Old) {
  std::string New(Old.size(), ' ');
  for (size_t I = 0; I < Old.size(); ++I)
    if (Old[I] == '\n' || Old[I] == '\r')
      New[I] = Old[I];
  size_t Pos = 0;
  bool Parted = true; // the next word may start at Pos
  for (const std::string &W : Words) {
    while (true) {
      size_t Start = Parted ? Pos : Pos + 1;
      size_t LineEnd = Old.find_first_of("\r\n", std::min(Start, Old.size()));
      if (LineEnd == StringRef::npos)
        LineEnd = Old.size();
      if (Start <= LineEnd && Start + W.size() <= LineEnd) {
        New.replace(Start, W.size(), W);
        Pos = Start + W.size();
        Parted = false;
        break;
      }
      if (LineEnd >= Old.size())
        return std::nullopt;
      Pos = LineEnd + 1;
      Parted = true;
    }
  }
  return New;
}

/// The rewrite of \p Decl's parameter list to \p Def's.
std::optional<DeclarationRewrite> rewriteParameters(const FunctionDecl *Decl,
                                                    const FunctionDecl *Def, ASTContext &AST) {
  const SourceManager &SM = AST.getSourceManager();
  FunctionTypeLoc TL = Decl->getFunctionTypeLoc();
  if (!TL || Def->isVariadic() || Decl->isVariadic())
    return std::nullopt;
  SourceLocation L = TL.getLParenLoc(), R = TL.getRParenLoc();
  if (!L.isFileID() || !R.isFileID() || SM.getFileID(L) != SM.getFileID(R))
    return std::nullopt;
  FileID File = SM.getFileID(L);
  StringRef Buffer = SM.getBufferData(File);
  size_t Begin = SM.getFileOffset(L) + 1, End = SM.getFileOffset(R);
  if (Begin > End || End > Buffer.size())
    return std::nullopt;
  StringRef Old = Buffer.slice(Begin, End);
  if (Old.find_first_of("#\\") != StringRef::npos)
    return std::nullopt;
  std::vector<std::string> Words;
  for (unsigned I = 0, N = Def->getNumParams(); I < N; ++I) {
    std::optional<std::string> P = unnamedParameter(Def->getParamDecl(I), SM, AST.getLangOpts());
    if (!P)
      return std::nullopt;
    SmallVector<StringRef, 8> Parts;
    StringRef(*P).split(Parts, ' ', -1, false);
    for (StringRef Part : Parts)
      Words.push_back(Part.str());
    if (I + 1 < N)
      Words.back() += ',';
  }
  std::optional<std::string> Text = layOut(Words, Old);
  if (!Text)
    return std::nullopt;
  return rewriteAt(SM, File, Begin, std::move(*Text));
}

} // namespace

std::optional<DeclarationRewrite> rewriteAt(const SourceManager &SM, FileID File, size_t Offset,
                                            std::string Text) {
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  StringRef Buffer = SM.getBufferData(File);
  if (!Entry || Offset + Text.size() > Buffer.size())
    return std::nullopt;
  StringRef Real = Entry->getFileEntry().tryGetRealPathName();
  if (Real.empty())
    return std::nullopt;
  return DeclarationRewrite{Entry->getUniqueID(), Real.str(), contentHash(Buffer), Offset,
                            std::move(Text)};
}

std::vector<DeclarationRewrite> rewritesForUnmatchedTemplates(ASTContext &AST,
                                                              ArrayRef<SourceLocation> Errors) {
  std::vector<FunctionTemplateDecl *> Unmatched;
  findUnmatched(AST.getTranslationUnitDecl(), Errors, Unmatched);
  std::vector<DeclarationRewrite> Out;
  for (FunctionTemplateDecl *Def : Unmatched)
    if (FunctionTemplateDecl *Decl = declarationToRewrite(Def))
      if (auto R = rewriteParameters(Decl->getTemplatedDecl(), Def->getTemplatedDecl(), AST))
        if (none_of(Out, [&](const DeclarationRewrite &O) {
              return O.File == R->File && O.Offset == R->Offset;
            }))
          Out.push_back(std::move(*R));
  return Out;
}

ErrorOr<std::unique_ptr<vfs::File>> RewrittenDeclarations::openFileForRead(const Twine &Path) {
  auto F = ProxyFileSystem::openFileForRead(Path);
  if (!F || Rewrites.empty())
    return F;
  ErrorOr<vfs::Status> St = (*F)->status();
  if (!St)
    return F;
  std::vector<DeclarationRewrite> Mine;
  for (const DeclarationRewrite &R : Rewrites)
    if (R.File == St->getUniqueID())
      Mine.push_back(R);
  if (Mine.empty())
    return F;
  return rewritingFile(std::move(*F), [Mine](StringRef Bytes) -> std::optional<std::string> {
    // A file changed since the first parse is read as it is now.
    if (contentHash(Bytes) != Mine.front().OriginalHash)
      return std::nullopt;
    std::string Text = Bytes.str();
    for (const DeclarationRewrite &R : Mine)
      Text.replace(R.Offset, R.Text.size(), R.Text);
    return Text;
  });
}

} // namespace cudalint
