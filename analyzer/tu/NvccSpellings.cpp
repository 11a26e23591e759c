// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/NvccSpellings.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <mutex>
#include <string_view>

using namespace llvm;

namespace cudalint {
namespace {

constexpr size_t MaxConfigLength = 4096;

/// The first \p Needle in \p T at or after \p From (npos: none). std::string_view's search
/// skips from one occurrence of the needle's first byte to the next with memchr, where
/// StringRef::find steps byte by byte: on the 9 MB of headers an llm.c file includes, the scans
/// of nvccSpelled take 27 ms instead of 48 ms.
size_t findIn(StringRef T, std::string_view Needle, size_t From = 0) {
  return std::string_view(T.data(), T.size()).find(Needle, From);
}

bool blank(char C) { return C == ' ' || C == '\t'; }

bool identifierChar(char C) { return isAlnum(C) || C == '_'; }

/// The end of the blanks from \p I.
size_t skipBlanks(StringRef T, size_t I) {
  while (I < T.size() && blank(T[I]))
    ++I;
  return I;
}

/// `XX` + at least one blank + `X` at \p I with X = \p C, not followed by another X or `=`;
/// returns the index of the third X.
size_t spacedTriple(StringRef T, size_t I, char C) {
  if (I + 1 >= T.size() || T[I] != C || T[I + 1] != C)
    return StringRef::npos;
  size_t K = skipBlanks(T, I + 2);
  if (K == I + 2 || K >= T.size() || T[K] != C)
    return StringRef::npos;
  if (K + 1 < T.size() && (T[K + 1] == C || T[K + 1] == '='))
    return StringRef::npos;
  return K;
}

/// The closing chevrons of the configuration that starts at \p From: the index of the first `>`
/// of `>> >` or `>>>` at nesting depth 0, followed by `(`; npos when the statement ends first.
size_t closing(StringRef T, size_t From, bool &Spaced) {
  int Depth = 0;
  for (size_t I = From, E = std::min(T.size(), From + MaxConfigLength); I < E; ++I) {
    char C = T[I];
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}') {
      if (--Depth < 0)
        return StringRef::npos;
    } else if (C == ';')
      return StringRef::npos;
    else if (C == '>' && Depth == 0) {
      size_t After;
      if (size_t K = spacedTriple(T, I, '>'); K != StringRef::npos) {
        Spaced = true;
        After = K + 1;
      } else if (T.substr(I).starts_with(">>>")) {
        Spaced = false;
        After = I + 3;
      } else {
        continue;
      }
      while (After < T.size() && isSpace(T[After]))
        ++After;
      return After < T.size() && T[After] == '(' ? I : StringRef::npos;
    }
  }
  return StringRef::npos;
}

/// `XX<blanks>X` at \p I becomes `XXX<blanks>`.
void join(std::string &Text, size_t I, char C) {
  size_t K = skipBlanks(Text, I + 2);
  for (size_t J = I + 2; J < K; ++J)
    Text[J] = ' ';
  Text[I + 2] = C;
  Text[K] = ' ';
}

} // namespace

bool joinSpacedChevrons(std::string &Text) {
  bool Changed = false;
  for (size_t I = Text.find("<<"); I != std::string::npos; I = Text.find("<<", I + 1)) {
    StringRef T(Text);
    if (I > 0 && T[I - 1] == '<')
      continue;
    size_t K = spacedTriple(T, I, '<');
    if (K == StringRef::npos)
      continue;
    // After the kernel's name: an identifier, the `>` of template arguments or a `)`.
    size_t P = I;
    while (P > 0 && isSpace(T[P - 1]))
      --P;
    if (P == 0 || !(isAlnum(T[P - 1]) || T[P - 1] == '_' || T[P - 1] == '>' || T[P - 1] == ')'))
      continue;
    if (T.take_front(P).ends_with("operator") &&
        (P == 8 || !(isAlnum(T[P - 9]) || T[P - 9] == '_')))
      continue;
    bool Spaced = false;
    size_t Close = closing(T, K + 1, Spaced);
    if (Close == StringRef::npos)
      continue;
    join(Text, I, '<');
    if (Spaced)
      join(Text, Close, '>');
    Changed = true;
    I = Close;
  }
  return Changed;
}

bool unbraceLaunchConfigs(std::string &Text) {
  bool Changed = false;
  for (size_t I = Text.find("<<<"); I != std::string::npos; I = Text.find("<<<", I + 3)) {
    StringRef T(Text);
    if (I > 0 && T[I - 1] == '<')
      continue;
    bool Spaced = false;
    size_t Close = closing(T, I + 3, Spaced);
    if (Close == StringRef::npos)
      continue;
    // The grid and block arguments: what follows `<<<` and the first top-level comma.
    auto ArgEnd = [&](size_t From) { // the argument's top-level comma, or the closing
      for (int Depth = 0; From < Close; ++From) {
        char C = T[From];
        if (C == '(' || C == '[' || C == '{')
          ++Depth;
        else if (C == ')' || C == ']' || C == '}')
          --Depth;
        else if (C == ',' && Depth == 0)
          break;
      }
      return From;
    };
    size_t Arg = I + 3;
    for (unsigned N = 0; N < 2 && Arg < Close; ++N) {
      size_t B = Arg;
      while (B < Close && isSpace(T[B]))
        ++B;
      size_t End = ArgEnd(B), R = End;
      while (R > B && isSpace(T[R - 1]))
        --R;
      if (B < R && T[B] == '{' && T[R - 1] == '}' &&
          T.slice(B + 1, R - 1).find_first_of("{}") == StringRef::npos) {
        // `{...}` becomes `$(...)`. The blank before it makes room for the extra character,
        // else the first blank after the brace in the configuration, what precedes it moving
        // right by one.
        size_t At = B - 1, Brace = R - 1;
        if (!(B > 0 && blank(T[B - 1]))) {
          size_t Blank = T.slice(B, Close).find_first_of(" \t");
          if (Blank == StringRef::npos) {
            Arg = End + 1;
            continue;
          }
          for (size_t J = B + Blank; J > B + 1; --J)
            Text[J] = Text[J - 1];
          At = B;
          if (B + Blank > Brace)
            ++Brace;
        }
        Text[At] = '$';
        Text[At + 1] = '(';
        Text[Brace] = ')';
        Changed = true;
        End = ArgEnd(At);
      }
      Arg = End + 1;
    }
    I = Close;
  }
  return Changed;
}

namespace {

/// The identifier at \p I (empty when there is none).
StringRef identifierAt(StringRef T, size_t I) {
  size_t E = I;
  while (E < T.size() && identifierChar(T[E]))
    ++E;
  return T.slice(I, E);
}

/// The end of the white space (new lines included) from \p I.
size_t skipSpace(StringRef T, size_t I) {
  while (I < T.size() && isSpace(T[I]))
    ++I;
  return I;
}

/// The index of the `;` ending nvcc's declaration of built-in variables at \p I, npos when
/// there is none there.
size_t builtinRedeclarationEnd(StringRef T, size_t I) {
  auto Word = [&](StringRef W) {
    if (identifierAt(T, I) != W)
      return false;
    I = skipSpace(T, I + W.size());
    return true;
  };
  if (!Word("extern") || !Word("const"))
    return StringRef::npos;
  StringRef Type = identifierAt(T, I);
  if (Type != "uint3" && Type != "dim3")
    return StringRef::npos;
  I = skipSpace(T, I + Type.size());
  while (true) {
    StringRef Name = identifierAt(T, I);
    bool Builtin = Type == "uint3" ? (Name == "threadIdx" || Name == "blockIdx")
                                   : (Name == "blockDim" || Name == "gridDim");
    if (!Builtin)
      return StringRef::npos;
    I = skipSpace(T, I + Name.size());
    if (I < T.size() && T[I] == ';')
      return I;
    if (I >= T.size() || T[I] != ',')
      return StringRef::npos;
    I = skipSpace(T, I + 1);
  }
}

} // namespace

bool blankBuiltinRedeclarations(std::string &Text) {
  bool Changed = false;
  for (size_t I = Text.find("extern"); I != std::string::npos; I = Text.find("extern", I + 1)) {
    StringRef T(Text);
    size_t L = I;
    while (L > 0 && blank(T[L - 1]))
      --L;
    if (L > 0 && T[L - 1] != '\n')
      continue;
    size_t End = builtinRedeclarationEnd(T, I);
    if (End == StringRef::npos)
      continue;
    for (size_t J = I; J <= End; ++J)
      if (Text[J] != '\n')
        Text[J] = ' ';
    Changed = true;
    I = End;
  }
  return Changed;
}

namespace {

/// The index of the `"` that closes the string literal opening at \p I (npos: none).
size_t stringEnd(StringRef T, size_t I) {
  for (size_t K = I + 1; K < T.size(); ++K) {
    if (T[K] == '\\')
      ++K;
    else if (T[K] == '"')
      return K;
    else if (T[K] == '\n')
      return StringRef::npos;
  }
  return StringRef::npos;
}

/// Where the string literal or comment that opens at \p I ends (its closing `"`, the new line
/// after `//`, the `*` of `*/`; npos when it does not end), or \p I when none opens there.
size_t skippedEnd(StringRef T, size_t I) {
  if (T[I] == '"')
    return stringEnd(T, I);
  if (T.substr(I, 2) == "//")
    return T.find('\n', I);
  if (T.substr(I, 2) == "/*")
    return T.find("*/", I + 2);
  return I;
}

/// The index of the `(` of the asm statement whose keyword (`asm`, `__asm`, `__asm__`) ends at
/// \p I, past its qualifiers; npos when there is none.
size_t asmParen(StringRef T, size_t I) {
  size_t J = skipSpace(T, I);
  for (StringRef W = identifierAt(T, J);
       W == "volatile" || W == "__volatile__" || W == "__volatile" || W == "goto" ||
       W == "inline";
       W = identifierAt(T, J))
    J = skipSpace(T, J + W.size());
  return J < T.size() && T[J] == '(' ? J : StringRef::npos;
}

/// The parameters' names of the template parameter list whose `<` is at \p I, and the index of its
/// `>` in \p Close; none for an empty list, a pack, a template template parameter or anything
/// else not a plain `typename T`, `class T` or `int N` (a default value is allowed).
std::optional<SmallVector<StringRef, 4>> templateParameters(StringRef T, size_t I, size_t &Close) {
  size_t E = T.find('>', I);
  if (E == StringRef::npos || E - I > 512)
    return std::nullopt;
  StringRef List = T.slice(I + 1, E);
  if (List.contains('<') || List.contains('(') || List.contains("...") || List.trim().empty())
    return std::nullopt;
  SmallVector<StringRef, 4> Names;
  SmallVector<StringRef, 4> Params;
  List.split(Params, ',');
  for (StringRef P : Params) {
    P = P.split('=').first.trim();
    size_t N = P.size();
    while (N > 0 && identifierChar(P[N - 1]))
      --N;
    if (N == P.size() || N == 0 || !isSpace(P[N - 1]))
      return std::nullopt;
    Names.push_back(P.substr(N));
  }
  Close = E;
  return Names;
}

/// The in-place edits of a rewrite: offset and new byte.
using Edits = SmallVector<std::pair<size_t, char>, 4>;

void asmOperandCommas(StringRef T, Edits &Out) {
  for (size_t I = findIn(T, "asm"); I != StringRef::npos; I = findIn(T, "asm", I + 1)) {
    size_t Start = I >= 2 && T.substr(I - 2, 2) == "__" ? I - 2 : I;
    size_t End = T.substr(I + 3, 2) == "__" ? I + 5 : I + 3;
    if ((Start > 0 && identifierChar(T[Start - 1])) || (End < T.size() && identifierChar(T[End])))
      continue;
    size_t Open = asmParen(T, End);
    if (Open == StringRef::npos)
      continue;
    int Depth = 0;
    bool Operands = false;
    for (size_t K = Open; K < T.size(); ++K) {
      char C = T[K];
      // A comment between the template's pieces (CUTLASS's `// : max(a0, b1)`) is no operand.
      if (size_t End = skippedEnd(T, K); End != K) {
        if (End == StringRef::npos)
          break;
        K = End;
      } else if (C == '(') {
        ++Depth;
      } else if (C == ')') {
        if (--Depth <= 0)
          break;
        // An operand's `)` followed by the next operand's constraint or `[name]`: the comma
        // between them is missing. The first blank between becomes it.
        size_t Next = skipSpace(T, K + 1);
        if (Depth == 1 && Operands && Next < T.size() && (T[Next] == '"' || T[Next] == '['))
          for (size_t B = K + 1; B < Next; ++B)
            if (blank(T[B])) {
              Out.push_back({B, ','});
              break;
            }
      } else if (C == ':' && Depth == 1) {
        Operands = true;
      } else if (C == ';' || C == '{' || C == '}') {
        break;
      }
    }
    I = Open;
  }
}

void primaryTemplateArgs(StringRef T, Edits &Out) {
  for (size_t I = findIn(T, "template"); I != StringRef::npos;
       I = findIn(T, "template", I + 1)) {
    if ((I > 0 && identifierChar(T[I - 1])) ||
        (I + 8 < T.size() && identifierChar(T[I + 8])))
      continue;
    size_t Open = skipSpace(T, I + 8), Close = 0;
    if (Open >= T.size() || T[Open] != '<')
      continue;
    std::optional<SmallVector<StringRef, 4>> Names = templateParameters(T, Open, Close);
    if (!Names)
      continue;
    // The declarator: the first `(` of the declaration, with nothing but a return type and the
    // name before it.
    size_t Paren = T.find_first_of("({};=", Close + 1);
    if (Paren == StringRef::npos || T[Paren] != '(' || Paren - Close > 512)
      continue;
    StringRef Head = T.slice(Close + 1, Paren);
    if (Head.contains("operator") || Head.contains("struct") || Head.contains("class") ||
        Head.contains("union") || Head.contains("template") || Head.contains("::"))
      continue;
    size_t ArgsEnd = Head.rtrim().size();
    if (ArgsEnd == 0 || Head[ArgsEnd - 1] != '>')
      continue;
    size_t ArgsOpen = Head.rfind('<', ArgsEnd - 1);
    if (ArgsOpen == StringRef::npos || ArgsOpen == 0)
      continue;
    // Before the name only a return type's words, `*` and `&` (not `enable_if_t<f<T>()>`).
    StringRef Before = Head.take_front(ArgsOpen).rtrim();
    if (Before.empty() || !identifierChar(Before.back()) ||
        !llvm::all_of(Before, [](char C) {
          return identifierChar(C) || isSpace(C) || C == '*' || C == '&';
        }))
      continue;
    // After the parameter list, a body, the end of a declaration or a qualifier.
    size_t ParenClose = Paren;
    for (int Depth = 0; ParenClose < T.size(); ++ParenClose) {
      if (T[ParenClose] == '(')
        ++Depth;
      else if (T[ParenClose] == ')' && --Depth == 0)
        break;
    }
    size_t After = skipSpace(T, ParenClose + 1);
    if (After >= T.size() || !(T[After] == '{' || T[After] == ';' || identifierChar(T[After])))
      continue;
    // `f<T, N>` with exactly the template's parameters, in order: the template itself.
    SmallVector<StringRef, 4> Args;
    Head.slice(ArgsOpen + 1, ArgsEnd - 1).split(Args, ',');
    if (Args.size() != Names->size() ||
        !llvm::all_of(llvm::zip(Args, *Names), [](auto P) {
          return std::get<0>(P).trim() == std::get<1>(P);
        }))
      continue;
    for (size_t J = Close + 1 + ArgsOpen; J < Close + ArgsEnd + 1; ++J)
      if (T[J] != '\n')
        Out.push_back({J, ' '});
    I = Paren;
  }
}

void alignasAfterMemorySpace(StringRef T, Edits &Out) {
  for (size_t I = findIn(T, "alignas("); I != StringRef::npos; I = findIn(T, "alignas(", I + 1)) {
    size_t Word = I;
    while (Word > 0 && blank(T[Word - 1]))
      --Word;
    if (Word == I)
      continue;
    StringRef Space;
    for (StringRef W : {"__device__", "__constant__", "__managed__"})
      if (T.take_front(Word).ends_with(W))
        Space = W;
    if (Space.empty())
      continue;
    size_t Start = Word - Space.size(); // only blanks before it on its line
    size_t Newline = T.find_last_of('\n', Start); // before Start
    if (skipBlanks(T, Newline == StringRef::npos ? 0 : Newline + 1) != Start)
      continue;
    size_t Close = I + 7; // the `)` closing `alignas(`, on the same line
    for (int Depth = 0; Close < T.size() && T[Close] != '\n'; ++Close)
      if (T[Close] == '(')
        ++Depth;
      else if (T[Close] == ')' && --Depth == 0)
        break;
    if (Close >= T.size() || T[Close] != ')')
      continue;
    std::string Swapped =
        (T.slice(I, Close + 1) + T.slice(Word, I) + T.slice(Start, Word)).str();
    for (size_t K = 0; K < Swapped.size(); ++K)
      if (T[Start + K] != Swapped[K])
        Out.push_back({Start + K, Swapped[K]});
    I = Close;
  }
}

void thisInConstexprIf(StringRef T, Edits &Out) {
  for (size_t I = findIn(T, "constexpr"); I != StringRef::npos;
       I = findIn(T, "constexpr", I + 1)) {
    size_t If = I;
    while (If > 0 && isSpace(T[If - 1]))
      --If;
    if (If == I || If < 2 || T.substr(If - 2, 2) != "if" ||
        (If > 2 && identifierChar(T[If - 3])))
      continue;
    size_t Open = skipSpace(T, I + 9);
    if (Open >= T.size() || T[Open] != '(')
      continue;
    Edits Found; // kept when the condition's `)` is reached
    int Depth = 0;
    for (size_t K = Open; K < T.size(); ++K) {
      char C = T[K];
      if (size_t End = skippedEnd(T, K); End != K) {
        if (End == StringRef::npos)
          break;
        K = End;
      } else if (C == '(') {
        ++Depth;
      } else if (C == ')') {
        if (--Depth == 0) {
          Out.append(Found.begin(), Found.end());
          break;
        }
      } else if (C == ';' || C == '{' || C == '}') {
        break; // an init-statement or a lambda: left as it is
      } else if (identifierAt(T, K) == "this" && !identifierChar(T[K - 1])) {
        size_t Arrow = skipSpace(T, K + 4);
        if (T.substr(Arrow, 2) != "->")
          continue;
        for (size_t J = 0; J < 4; ++J)
          Found.push_back({K + J, "$S::"[J]});
        Found.push_back({Arrow, ' '});
        Found.push_back({Arrow + 1, ' '});
        K = Arrow + 1;
      }
    }
    I = Open;
  }
}

bool apply(std::string &Text, void (*Find)(StringRef, Edits &)) {
  Edits E;
  Find(Text, E);
  for (auto [At, C] : E)
    Text[At] = C;
  return !E.empty();
}

} // namespace

bool commaSeparateAsmOperands(std::string &Text) { return apply(Text, asmOperandCommas); }

bool unspecializePrimaryTemplates(std::string &Text) { return apply(Text, primaryTemplateArgs); }

bool putAlignasFirst(std::string &Text) { return apply(Text, alignasAfterMemorySpace); }

bool qualifyThisInConstexprIf(std::string &Text) { return apply(Text, thisInConstexprIf); }

namespace {

/// nvccSpelled without the memory of texts seen: \p Original rewritten, or none when nothing
/// changes.
std::optional<std::string> spelled(StringRef Original) {
  // Cheap tests first: a `<<` followed by a blank somewhere; `extern` and a built-in's type.
  bool Chevrons = false;
  for (size_t I = findIn(Original, "<<"); I != StringRef::npos && !Chevrons;
       I = findIn(Original, "<<", I + 1))
    Chevrons = I + 2 < Original.size() && blank(Original[I + 2]);
  auto Contains = [&](std::string_view W) { return findIn(Original, W) != StringRef::npos; };
  bool Builtins = Contains("extern") && (Contains("uint3") || Contains("dim3"));
  bool Braced = Chevrons || Contains("<<<");
  // Found on the file as it is, applied after the rest (each keeps every offset; they touch asm
  // operands, template heads, declarations of device variables and `if constexpr` conditions,
  // which the others do not).
  Edits Found;
  asmOperandCommas(Original, Found);
  primaryTemplateArgs(Original, Found);
  alignasAfterMemorySpace(Original, Found);
  thisInConstexprIf(Original, Found);
  if (!Chevrons && !Builtins && !Braced && Found.empty())
    return std::nullopt;
  std::string Text = Original.str();
  bool Changed = Chevrons && joinSpacedChevrons(Text);
  Changed |= Braced && Text.find('{') != std::string::npos && unbraceLaunchConfigs(Text);
  Changed |= Builtins && blankBuiltinRedeclarations(Text);
  for (auto [At, C] : Found)
    Text[At] = C;
  Changed |= !Found.empty();
  if (!Changed)
    return std::nullopt;
  return Text;
}

} // namespace

std::optional<std::string> nvccSpelled(StringRef Original) {
  // Every parse of a run reads the same headers (the host and the device side of each file, each
  // file of the run), so a text that needs no rewrite is remembered by its hash for the process:
  // scanning the 9 MB of headers of one of llm.c's files takes 27 ms, hashing them 0.7 ms. A text
  // that is rewritten (a few of a user's own files) is scanned on each read. Bounded (131072
  // texts, a few MB) for a long-lived server, which sees every edit of a file; never destroyed,
  // as a worker may still read while the process exits.
  struct Seen {
    std::mutex M;
    DenseSet<std::pair<uint64_t, uint64_t>> Unchanged;
  };
  static Seen &S = *new Seen;
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef<uint8_t>(Original));
  std::pair<uint64_t, uint64_t> Key(H.low64, H.high64);
  {
    std::lock_guard<std::mutex> Lock(S.M);
    if (S.Unchanged.contains(Key))
      return std::nullopt;
  }
  std::optional<std::string> Text = spelled(Original);
  if (!Text) {
    std::lock_guard<std::mutex> Lock(S.M);
    if (S.Unchanged.size() >= (1u << 17))
      S.Unchanged.clear();
    S.Unchanged.insert(Key);
  }
  return Text;
}

namespace {

/// A file whose buffer is handed out as its rewrite function makes it (rewritingFile).
class RewrittenFile : public vfs::File {
public:
  RewrittenFile(std::unique_ptr<vfs::File> Inner,
                std::function<std::optional<std::string>(StringRef)> Rewrite)
      : Inner(std::move(Inner)), Rewrite(std::move(Rewrite)) {}
  ~RewrittenFile() override { close(); }
  ErrorOr<vfs::Status> status() override { return Inner->status(); }
  ErrorOr<std::string> getName() override { return Inner->getName(); }
  std::error_code close() override { return Inner->close(); }
  ErrorOr<std::unique_ptr<MemoryBuffer>> getBuffer(const Twine &Name, int64_t FileSize,
                                                   bool RequiresNullTerminator,
                                                   bool IsVolatile) override {
    auto Buffer = Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
      return Buffer;
    std::optional<std::string> Text = Rewrite((*Buffer)->getBuffer());
    if (!Text)
      return Buffer;
    return MemoryBuffer::getMemBufferCopy(*Text, (*Buffer)->getBufferIdentifier());
  }

private:
  std::unique_ptr<vfs::File> Inner;
  std::function<std::optional<std::string>(StringRef)> Rewrite;
};

} // namespace

std::unique_ptr<vfs::File>
rewritingFile(std::unique_ptr<vfs::File> Inner,
              std::function<std::optional<std::string>(StringRef)> Rewrite) {
  return std::make_unique<RewrittenFile>(std::move(Inner), std::move(Rewrite));
}

ErrorOr<std::unique_ptr<vfs::File>> NvccSpellings::openFileForRead(const Twine &Path) {
  auto F = ProxyFileSystem::openFileForRead(Path);
  if (!F)
    return F;
  return rewritingFile(std::move(*F), nvccSpelled);
}

} // namespace cudalint
