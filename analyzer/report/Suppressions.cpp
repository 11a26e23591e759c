//===- Suppressions.cpp - NOLINT comments, with clang-tidy's grammar ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/Suppressions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "ptxas_parse/ReadFile.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace cudalint {

ArrayRef<SuppressionRule> suppressionRules() {
  static const SuppressionRule Rules[] = {
      {UnmatchedNolintId, Severity::Error,
       "NOLINTBEGIN without a later NOLINTEND with the same list, or NOLINTEND without an open "
       "NOLINTBEGIN"},
      {UnusedNolintId, Severity::Warning,
       "NOLINT comment that suppresses no finding (--report-unused-suppressions)"},
      {InvalidNolintId, Severity::Warning,
       "NOLINT comment that cannot suppress what it names: a list without its closing ')', or "
       "a name that is neither a cuda-lint rule nor a clang-tidy check"},
  };
  return Rules;
}

std::vector<NolintDirective> parseNolintDirectives(StringRef Source) {
  std::vector<NolintDirective> Out;
  unsigned LineNo = 0;
  while (!Source.empty()) {
    auto [Line, Rest] = Source.split('\n');
    Source = Rest;
    ++LineNo;
    Line = Line.rtrim('\r');
    for (size_t Pos = Line.find("NOLINT"); Pos != StringRef::npos;
         Pos = Line.find("NOLINT", Pos)) {
      NolintDirective D;
      D.Line = LineNo;
      D.Column = Pos + 1;
      size_t End = Pos + 6;
      StringRef After = Line.substr(End);
      for (auto [Suffix, Kind] : {std::pair{"NEXTLINE", NolintKind::NextLine},
                                  std::pair{"BEGIN", NolintKind::Begin},
                                  std::pair{"END", NolintKind::End}})
        if (After.starts_with(Suffix)) {
          D.Kind = Kind;
          End += strlen(Suffix);
          break;
        }
      // `NOLINT_NEXT_LINE(whitespace/operators)` is cpplint's (Caffe writes it before 40 of its
      // launches): a word that only starts with NOLINT is not a directive. (clang-tidy's reader
      // takes it for a bare NOLINT and would silence every check on that line.)
      if (End < Line.size() && (isAlnum(Line[End]) || Line[End] == '_')) {
        Pos = End;
        continue;
      }
      if (End < Line.size() && Line[End] == '(') {
        size_t Close = Line.find(')', End);
        if (Close == StringRef::npos) {
          // clang-tidy reads this as "every rule"; a cut list is more likely
          // a typo, so it suppresses nothing and is reported.
          D.AllRules = false;
          D.Unclosed = true;
          size_t Stop = Line.find_first_not_of(
              "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_*?[]{}, ", End + 1);
          End = std::min(Stop, Line.size());
          if (End < Line.size() && Line[End] == '/' && Line[End - 1] == '*')
            --End; // the end of a /* comment */
          while (End > Pos && Line[End - 1] == ' ')
            --End;
        } else {
          D.AllRules = false;
          SmallVector<StringRef, 4> Parts;
          Line.slice(End + 1, Close).split(Parts, ',', -1, /*KeepEmpty=*/false);
          for (StringRef P : Parts)
            if (!P.trim().empty())
              D.Names.push_back(P.trim().str());
          End = Close + 1;
        }
      }
      D.EndColumn = End + 1;
      D.Text = Line.slice(Pos, End).str();
      Out.push_back(std::move(D));
      Pos = End;
    }
  }
  return Out;
}

namespace {

/// One directive as used by the pass: its compiled list and what it suppressed.
struct Active {
  NolintDirective D;
  std::vector<GlobPattern> Globs; // one per name, or empty when a name is not a valid glob
  std::vector<bool> NameUsed;
  bool Used = false;
  // For a matched NOLINTBEGIN: where its NOLINTEND is.
  unsigned EndLine = 0, EndColumn = 0;
  bool Matched = false;

  bool matches(StringRef RuleId, std::vector<size_t> *Which = nullptr) const {
    if (D.AllRules)
      return true;
    bool Any = false;
    for (size_t I = 0; I < Globs.size(); ++I)
      if (Globs[I].match(RuleId)) {
        Any = true;
        if (Which)
          Which->push_back(I);
      }
    return Any;
  }
};

struct FileDirectives {
  bool Readable = false;
  std::vector<std::string> Lines;
  std::vector<Active> Directives;
};

std::string listKey(const NolintDirective &D) {
  if (D.AllRules)
    return "*";
  return join(D.Names, ",");
}

/// Sources are at most 32 MiB (TranslationUnit.cpp); so are the files read here.
constexpr uint64_t MaxScannedBytes = 32 << 20;

std::optional<std::string> readFromDisk(StringRef Path) {
  // Not a FIFO (opening it would block) nor a device.
  if (!sys::fs::is_regular_file(Path))
    return std::nullopt;
  Expected<std::string> Text = readFileBounded(Path, MaxScannedBytes);
  if (!Text) {
    consumeError(Text.takeError());
    return std::nullopt;
  }
  return std::move(*Text);
}

FileDirectives load(StringRef Path, const SuppressionOptions &Opts) {
  FileDirectives F;
  std::optional<std::string> Content = Opts.ReadFile ? Opts.ReadFile(Path) : readFromDisk(Path);
  if (!Content)
    return F;
  F.Readable = true;
  StringRef Text = *Content;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines)
    F.Lines.push_back(L.rtrim('\r').str());
  for (NolintDirective &D : parseNolintDirectives(Text)) {
    Active A;
    for (const std::string &N : D.Names) {
      Expected<GlobPattern> G = GlobPattern::create(N);
      if (G) {
        A.Globs.push_back(std::move(*G));
      } else {
        consumeError(G.takeError());
        A.Globs.push_back(cantFail(GlobPattern::create(""))); // matches nothing
      }
    }
    A.NameUsed.assign(D.Names.size(), false);
    A.D = std::move(D);
    F.Directives.push_back(std::move(A));
  }
  // Pair NOLINTBEGIN with NOLINTEND: each END closes the latest open BEGIN with the same list.
  std::vector<size_t> Open;
  for (size_t I = 0; I < F.Directives.size(); ++I) {
    Active &A = F.Directives[I];
    if (A.D.Kind == NolintKind::Begin) {
      Open.push_back(I);
    } else if (A.D.Kind == NolintKind::End) {
      auto It = std::find_if(Open.rbegin(), Open.rend(), [&](size_t B) {
        return listKey(F.Directives[B].D) == listKey(A.D);
      });
      if (It == Open.rend())
        continue;
      Active &B = F.Directives[*It];
      B.Matched = A.Matched = true;
      B.EndLine = A.D.Line;
      B.EndColumn = A.D.Column;
      Open.erase(std::next(It).base());
    }
  }
  return F;
}

bool covers(const Active &A, const Finding &F) {
  switch (A.D.Kind) {
  case NolintKind::SameLine:
    return F.Line == A.D.Line;
  case NolintKind::NextLine:
    return F.Line == A.D.Line + 1;
  case NolintKind::Begin:
    return A.Matched && std::pair(A.D.Line, A.D.Column) <= std::pair(F.Line, F.Column) &&
           std::pair(F.Line, F.Column) <= std::pair(A.EndLine, A.EndColumn);
  case NolintKind::End:
    return false;
  }
  return false;
}

Finding directiveFinding(StringRef File, const FileDirectives &FD, const NolintDirective &D,
                         const char *RuleId, Severity Level, std::string Message) {
  Finding F;
  F.RuleId = RuleId;
  F.Level = Level;
  setMessage(F, Message);
  F.File = File.str();
  F.Line = F.EndLine = D.Line;
  F.Column = D.Column;
  F.EndColumn = D.EndColumn;
  if (D.Line - 1 < FD.Lines.size())
    F.SourceLine = FD.Lines[D.Line - 1];
  return F;
}

std::string kindName(NolintKind K) {
  switch (K) {
  case NolintKind::SameLine:
    return "NOLINT";
  case NolintKind::NextLine:
    return "NOLINTNEXTLINE";
  case NolintKind::Begin:
    return "NOLINTBEGIN";
  case NolintKind::End:
    return "NOLINTEND";
  }
  return "NOLINT";
}

std::string withList(NolintKind K, const NolintDirective &D) {
  std::string S = kindName(K);
  if (!D.AllRules)
    S += "(" + join(D.Names, ", ") + ")";
  return S;
}

/// A list entry that matches none of our rules and is not a clang-tidy name.
bool isUnknownName(const Active &A, size_t I, const SuppressionOptions &Opts) {
  // cpplint's `category/subcategory` (Caffe, Google-style code: `NOLINT(runtime/arrays)`): another
  // linter's name, never a typo of ours (no rule or clang-tidy check has a '/').
  if (isClangTidyCheckName(A.D.Names[I]) || StringRef(A.D.Names[I]).contains('/'))
    return false;
  auto Matches = [&](StringRef Id) { return A.Globs[I].match(Id); };
  if (any_of(Opts.KnownRules, Matches))
    return false;
  return none_of(suppressionRules(), [&](const SuppressionRule &R) { return Matches(R.Id); });
}

} // namespace

bool isClangTidyCheckName(StringRef Name) {
  static constexpr StringLiteral Modules[] = {"abseil-",         "altera-",
                                              "android-",        "boost-",
                                              "bugprone-",       "cert-",
                                              "clang-analyzer-", "clang-diagnostic-",
                                              "concurrency-",    "cppcoreguidelines-",
                                              "darwin-",         "fuchsia-",
                                              "google-",         "hicpp-",
                                              "linuxkernel-",    "llvm-",
                                              "llvmlibc-",       "misc-",
                                              "modernize-",      "mpi-",
                                              "objc-",           "openmp-",
                                              "performance-",    "portability-",
                                              "readability-",    "zircon-"};
  return any_of(Modules, [&](StringRef M) { return Name.starts_with(M); });
}

void applySuppressions(std::vector<Finding> &Findings, ArrayRef<std::string> ScannedFiles,
                       const SuppressionOptions &Opts) {
  std::map<std::string, FileDirectives> Files;
  auto Get = [&](const std::string &Path) -> FileDirectives & {
    auto It = Files.find(Path);
    if (It == Files.end())
      It = Files.emplace(Path, load(Path, Opts)).first;
    return It->second;
  };
  for (const std::string &P : ScannedFiles)
    Get(P);

  std::vector<Finding> Kept;
  for (Finding &F : Findings) {
    FileDirectives &FD = Get(F.File);
    bool Suppressed = false;
    for (Active &A : FD.Directives) {
      std::vector<size_t> Which;
      if (!covers(A, F) || !A.matches(F.RuleId, &Which))
        continue;
      Suppressed = A.Used = true;
      for (size_t I : Which)
        A.NameUsed[I] = true;
    }
    if (!Suppressed)
      Kept.push_back(std::move(F));
  }

  for (auto &[Path, FD] : Files) {
    for (const Active &A : FD.Directives) {
      const NolintDirective &D = A.D;
      if (D.Unclosed) {
        Kept.push_back(directiveFinding(Path, FD, D, InvalidNolintId, Severity::Warning,
                                        clip(D.Text, 60) +
                                            ": the list has no closing ')'\n"
                                            "a list without its ')' suppresses nothing here "
                                            "(clang-tidy would suppress every check)"));
        continue;
      }
      if ((D.Kind == NolintKind::Begin || D.Kind == NolintKind::End) && !A.Matched) {
        bool IsBegin = D.Kind == NolintKind::Begin;
        std::string Msg =
            IsBegin ? "unmatched " + clip(withList(NolintKind::Begin, D)) + ": no " +
                          clip(withList(NolintKind::End, D)) +
                          " follows it\nan unclosed NOLINTBEGIN suppresses nothing"
                    : "unmatched " + clip(withList(NolintKind::End, D)) + ": no open " +
                          clip(withList(NolintKind::Begin, D)) + " precedes it";
        Kept.push_back(
            directiveFinding(Path, FD, D, UnmatchedNolintId, Severity::Error, std::move(Msg)));
        continue;
      }
      // (An unmatched BEGIN or END is reported above, whatever its list names.)
      std::vector<std::string> Unknown;
      for (size_t I = 0; I < D.Names.size(); ++I)
        if (isUnknownName(A, I, Opts))
          Unknown.push_back(D.Names[I]);
      if (!Unknown.empty() && D.Kind != NolintKind::End)
        Kept.push_back(directiveFinding(
            Path, FD, D, InvalidNolintId, Severity::Warning,
            clip(withList(D.Kind, D)) + ": " + clip(join(Unknown, ", ")) +
                (Unknown.size() == 1 ? " is" : " are") +
                " neither a cuda-lint rule nor a clang-tidy check\n"
                "see cuda-lint --list-rules for the rule ids"));
      if (!Opts.ReportUnused || D.Kind == NolintKind::End)
        continue; // an END is used when its BEGIN is
      if (D.AllRules) {
        if (!A.Used)
          Kept.push_back(directiveFinding(Path, FD, D, UnusedNolintId, Severity::Warning,
                                          clip(withList(D.Kind, D)) +
                                              " suppresses no finding"));
        continue;
      }
      // Entries that name one of our rules (that ran on this file) and suppressed nothing.
      std::vector<std::string> Unused;
      for (size_t I = 0; I < D.Names.size(); ++I) {
        if (A.NameUsed[I])
          continue;
        const std::string &File = Path; // a structured binding cannot be captured in C++17
        bool Ours = any_of(Opts.KnownRules, [&](const std::string &Id) {
          return A.Globs[I].match(Id) && (!Opts.RuleRan || Opts.RuleRan(File, Id));
        });
        if (Ours)
          Unused.push_back(D.Names[I]);
      }
      if (!Unused.empty())
        Kept.push_back(directiveFinding(
            Path, FD, D, UnusedNolintId, Severity::Warning,
            clip(withList(D.Kind, D)) + ": " + clip(join(Unused, ", ")) + " suppress" +
                (Unused.size() == 1 ? "es" : "") + " no finding here"));
    }
  }

  std::stable_sort(Kept.begin(), Kept.end(), [](const Finding &A, const Finding &B) {
    return std::tie(A.File, A.Line, A.Column) < std::tie(B.File, B.Line, B.Column);
  });
  Findings = std::move(Kept);
}

} // namespace cudalint
