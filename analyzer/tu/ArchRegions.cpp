//===- ArchRegions.cpp - Device code the host parse does not see ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/ArchRegions.h"
#include "rules/Rule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace clang;
using namespace llvm;

namespace cudalint {

namespace {

bool within(const ArchRegion &R, const KernelBody &K) {
  return K.File == R.File && K.FirstLine <= R.FirstLine && R.LastLine <= K.LastLine;
}

} // namespace

bool ArchRegions::needDevicePass() const {
  return any_of(Regions, [&](const ArchRegion &R) {
    return R.HasDeviceCode || any_of(Kernels, [&](const KernelBody &K) { return within(R, K); });
  });
}

bool ArchRegions::fromSkippedCode(const Finding &F, ArrayRef<Finding> Host) const {
  if (any_of(Regions, [&](const ArchRegion &R) {
        return R.File == F.File && F.Line >= R.FirstLine && F.Line <= R.LastLine;
      }))
    return true;
  StringRef Kernel = StringRef(F.KernelDemangled).take_until([](char C) { return C == '<'; });
  bool InKernel = any_of(Kernels, [&](const KernelBody &K) {
    return ((K.File == F.File && K.FirstLine <= F.Line && F.Line <= K.LastLine) ||
            (!Kernel.empty() && K.Name == Kernel)) &&
           any_of(Regions, [&](const ArchRegion &R) { return within(R, K); });
  });
  return InKernel && none_of(Host, [&](const Finding &H) {
           return H.RuleId == F.RuleId && H.File == F.File && H.Line == F.Line &&
                  H.Column == F.Column;
         });
}

void ArchRegions::append(const ArchRegions &Other) {
  append_range(Regions, Other.Regions);
  append_range(Kernels, Other.Kernels);
  Macros.insert(Other.Macros.begin(), Other.Macros.end());
}

namespace {

bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

/// The identifiers of \p Text.
SmallVector<StringRef, 8> identifiers(StringRef Text) {
  SmallVector<StringRef, 8> Out;
  while (!Text.empty()) {
    Text = Text.drop_until([](char C) { return isAlpha(C) || C == '_'; });
    StringRef Id = Text.take_while(isIdentChar);
    if (!Id.empty())
      Out.push_back(Id);
    Text = Text.drop_front(Id.size());
  }
  return Out;
}

/// Whether \p Text holds \p Word as a whole identifier.
bool mentions(StringRef Text, StringRef Word) {
  for (size_t Pos = Text.find(Word); Pos != StringRef::npos; Pos = Text.find(Word, Pos + 1)) {
    bool Before = Pos > 0 && isIdentChar(Text[Pos - 1]);
    bool After = Pos + Word.size() < Text.size() && isIdentChar(Text[Pos + Word.size()]);
    if (!Before && !After)
      return true;
  }
  return false;
}

class Collector : public PPCallbacks {
public:
  Collector(const SourceManager &SM, ArchRegions &Out) : SM(SM), Out(Out) {}

  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override {
    open(Loc, onArch(directiveText(Loc)));
  }
  void Ifdef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    open(Loc, onArch(Name.getIdentifierInfo() ? Name.getIdentifierInfo()->getName() : ""));
  }
  void Ifndef(SourceLocation Loc, const Token &Name, const MacroDefinition &) override {
    open(Loc, onArch(Name.getIdentifierInfo() ? Name.getIdentifierInfo()->getName() : ""));
  }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation IfLoc) override {
    bool &Arch = ChainArch[IfLoc];
    Arch = Arch || onArch(directiveText(Loc));
    DirectiveChain[lineOf(Loc)] = IfLoc;
  }
  void Else(SourceLocation Loc, SourceLocation IfLoc) override {
    DirectiveChain[lineOf(Loc)] = IfLoc;
  }

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
    SourceLocation End = SM.getExpansionLoc(Range.getEnd());
    if (SM.isInSystemHeader(Begin) || SM.getFileID(Begin) != SM.getFileID(End))
      return;
    auto Chain = DirectiveChain.find(lineOf(Begin));
    if (Chain == DirectiveChain.end() || !ChainArch.lookup(Chain->second))
      return;
    ArchRegion R;
    unsigned Column = 0;
    if (!describeLocation(SM, Begin, R.File, R.FirstLine, Column))
      return;
    R.LastLine = SM.getSpellingLineNumber(End);
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(Begin), &Invalid);
    if (Invalid)
      return;
    unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
    StringRef Text = Buf.slice(From, std::max(From, To));
    // A second parse costs as much as the first: it is paid for kernels and
    // barriers (and for regions in a kernel's body: collectKernelBodies), not
    // for every device helper with an arch-specific body (ggml's common.cuh
    // has one that every TU includes).
    R.HasDeviceCode = any_of(ArrayRef<StringRef>{"__global__", "__syncthreads", "__syncwarp"},
                             [&](StringRef W) { return mentions(Text, W); });
    // `#define NEW_MMA_AVAILABLE` in the region: `#ifdef NEW_MMA_AVAILABLE`
    // is a condition on the architecture too.
    for (const TextDefine &D : definesIn(Text))
      Out.Macros.insert(D.Name);
    Out.Regions.push_back(std::move(R));
  }

private:
  using LineKey = std::pair<unsigned, unsigned>; // FileID hash, line

  LineKey lineOf(SourceLocation Loc) const {
    Loc = SM.getExpansionLoc(Loc);
    return {SM.getFileID(Loc).getHashValue(), SM.getSpellingLineNumber(Loc)};
  }

  void open(SourceLocation Loc, bool Arch) {
    ChainArch[Loc] = Arch;
    DirectiveChain[lineOf(Loc)] = Loc;
  }

  /// The rest of the directive's line after \p Loc, continuations included.
  StringRef directiveText(SourceLocation Loc) const {
    Loc = SM.getExpansionLoc(Loc);
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(Loc), &Invalid);
    if (Invalid)
      return "";
    size_t From = SM.getFileOffset(Loc), To = From;
    while (To < Buf.size() && Buf[To] != '\n')
      To = (Buf[To] == '\\' && To + 1 < Buf.size() && Buf[To + 1] == '\n') ? To + 2 : To + 1;
    return Buf.slice(From, To);
  }

  bool onArch(StringRef Condition) const {
    return any_of(identifiers(Condition), [&](StringRef Id) {
      return Id.starts_with("__CUDA_ARCH") || Out.Macros.count(Id.str());
    });
  }

  const SourceManager &SM;
  ArchRegions &Out;
  DenseMap<SourceLocation, bool> ChainArch;        // #if's location -> on __CUDA_ARCH__
  std::map<LineKey, SourceLocation> DirectiveChain; // directive line -> its #if
};

} // namespace

std::vector<TextDefine> definesIn(StringRef Text) {
  std::vector<TextDefine> Out;
  SmallVector<StringRef, 32> Lines;
  Text.split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    std::string Line = Lines[I].str();
    while (StringRef(Line).rtrim(" \t\r").ends_with("\\") && I + 1 < Lines.size())
      Line = StringRef(Line).rtrim(" \t\r").drop_back().str() + " " + Lines[++I].str();
    StringRef L = StringRef(Line).ltrim(" \t");
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim(" \t");
    if (!L.consume_front("define") || L.empty() || (L[0] != ' ' && L[0] != '\t'))
      continue;
    L = L.ltrim(" \t");
    StringRef Name = L.take_while(isIdentChar);
    if (Name.empty())
      continue;
    L = L.drop_front(Name.size());
    if (L.starts_with("(")) {
      Out.push_back({Name.str(), "", true});
      continue;
    }
    if (size_t At = L.find("//"); At != StringRef::npos)
      L = L.take_front(At);
    if (size_t At = L.find("/*"); At != StringRef::npos)
      L = L.take_front(At);
    Out.push_back({Name.str(), L.trim().str()});
  }
  return Out;
}

namespace {

/// The kernels among some declarations; function bodies are not entered.
class KernelFinder : public RecursiveASTVisitor<KernelFinder> {
public:
  KernelFinder(const SourceManager &SM, ArchRegions &Out) : SM(SM), Out(Out) {}
  bool TraverseStmt(Stmt *) { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return true;
    SourceRange R = FD->getBody()->getSourceRange();
    KernelBody K;
    unsigned Column = 0;
    SourceLocation End = SM.getExpansionLoc(R.getEnd());
    if (describeLocation(SM, SM.getExpansionLoc(R.getBegin()), K.File, K.FirstLine, Column) &&
        SM.getFileID(End) == SM.getFileID(SM.getExpansionLoc(R.getBegin()))) {
      K.LastLine = SM.getSpellingLineNumber(End);
      K.Name = FD->getNameAsString();
      Out.Kernels.push_back(std::move(K));
    }
    return true;
  }

private:
  const SourceManager &SM;
  ArchRegions &Out;
};

} // namespace

void collectKernelBodies(ASTContext &AST, ArrayRef<Decl *> Scope, ArchRegions &Out) {
  KernelFinder Finder(AST.getSourceManager(), Out);
  for (Decl *D : Scope)
    Finder.TraverseDecl(D);
}

std::unique_ptr<PPCallbacks> collectArchRegions(const SourceManager &SM, ArchRegions &Out) {
  return std::make_unique<Collector>(SM, Out);
}

std::vector<std::string> devicePassArgs(const TranslatedCommand &Cmd, StringRef Arch) {
  std::vector<std::string> Args;
  for (const std::string &A : Cmd.ClangArgs) {
    if (A == "--cuda-host-only") {
      Args.push_back("--cuda-device-only");
      Args.push_back(("--cuda-gpu-arch=" + Arch).str());
    } else if (!StringRef(A).starts_with("--cuda-gpu-arch=") &&
               !StringRef(A).starts_with("--offload-arch=")) {
      Args.push_back(A);
    }
  }
  return Args;
}

} // namespace cudalint
