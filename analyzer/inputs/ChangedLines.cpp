//===- ChangedLines.cpp - --changed-lines: lines changed since a git ref --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/ChangedLines.h"
#include "analyzer/support/Git.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace {

/// Undoes git's C-style quoting of unusual path names ("a\tb", octal bytes).
std::string unquote(StringRef P) {
  if (!(P.size() >= 2 && P.front() == '"' && P.back() == '"'))
    return P.str();
  P = P.drop_front().drop_back();
  std::string Out;
  for (size_t I = 0; I < P.size(); ++I) {
    if (P[I] != '\\' || I + 1 == P.size()) {
      Out += P[I];
      continue;
    }
    char C = P[++I];
    if (C >= '0' && C <= '7' && I + 2 < P.size()) {
      Out += static_cast<char>(((C - '0') << 6) | ((P[I + 1] - '0') << 3) | (P[I + 2] - '0'));
      I += 2;
      continue;
    }
    switch (C) {
    case 'n': Out += '\n'; break;
    case 't': Out += '\t'; break;
    case 'r': Out += '\r'; break;
    case 'a': Out += '\a'; break;
    case 'b': Out += '\b'; break;
    case 'f': Out += '\f'; break;
    case 'v': Out += '\v'; break;
    default: Out += C; break; // \\ and \"
    }
  }
  return Out;
}

std::string realPath(StringRef P) {
  SmallString<256> Real;
  if (sys::fs::real_path(P, Real))
    return P.str();
  return std::string(Real);
}

} // namespace

DiffLines parseUnifiedDiff(StringRef Diff) {
  DiffLines Out;
  std::string Current; // empty: the file was deleted, or no header yet
  while (!Diff.empty()) {
    auto [Line, Rest] = Diff.split('\n');
    Diff = Rest;
    if (Line.starts_with("diff --git ")) {
      Current.clear();
    } else if (Line.consume_front("+++ ")) {
      Line = Line.rtrim("\r\t");
      std::string Path = unquote(Line);
      Current = StringRef(Path).starts_with("b/") ? Path.substr(2) : std::string();
      if (!Current.empty())
        Out[Current]; // present even when only lines were removed
    } else if (Line.starts_with("@@ ") && !Current.empty()) {
      // @@ -a[,b] +c[,d] @@
      size_t Plus = Line.find(" +");
      if (Plus == StringRef::npos)
        continue;
      StringRef New = Line.substr(Plus + 2).split(' ').first;
      auto [StartText, CountText] = New.split(',');
      unsigned Start = 0, Count = 1;
      if (StartText.getAsInteger(10, Start) ||
          (!CountText.empty() && CountText.getAsInteger(10, Count)))
        continue;
      if (Count > 0)
        Out[Current].push_back({Start, Start + Count - 1});
    }
  }
  return Out;
}

Expected<ChangedLines> ChangedLines::compute(StringRef Ref, ArrayRef<std::string> Files) {
  ChangedLines Result;
  // Group the files by work tree, caching the top level per directory.
  std::map<std::string, std::optional<std::string>> TopOfDir;
  std::map<std::string, std::vector<std::string>> ByTop; // top -> paths relative to it
  for (const std::string &File : Files) {
    std::string Real = realPath(File);
    std::string Dir = sys::path::parent_path(Real).str();
    auto It = TopOfDir.find(Dir);
    if (It == TopOfDir.end())
      It = TopOfDir.emplace(Dir, gitTopLevel(Dir)).first;
    if (!It->second)
      continue; // outside every work tree: nothing in it changed
    StringRef Top = *It->second;
    StringRef Rel = Real;
    if (Rel.consume_front(Top) && Rel.consume_front("/"))
      ByTop[Top.str()].push_back(Rel.str());
  }
  if (ByTop.empty() && !Files.empty()) {
    // Say why git found no work tree: none there, or one git refuses to read.
    GitOutput Why = runGit(TopOfDir.begin()->first, {"rev-parse", "--show-toplevel"});
    std::string Reason;
    if (!Why.Stderr.empty())
      Reason = " (git: " + Why.Stderr + ")";
    if (StringRef(Why.Stderr).contains("dubious ownership"))
      Reason += "; the repository belongs to another user: `git config --global --add "
                "safe.directory DIR` trusts it";
    return createStringError("--changed-lines: none of the analysed files is inside a git work "
                             "tree" +
                             Reason);
  }
  for (auto &[Top, Rels] : ByTop) {
    GitOutput Verify = runGit(Top, {"rev-parse", "--verify", "--quiet", (Ref + "^{commit}").str()});
    if (Verify.ExitCode != 0)
      return createStringError("--changed-lines: '" + Ref.str() + "' is not a commit in " + Top +
                               (Verify.ExitCode < 0 ? " (" + Verify.Stderr + ")" : ""));
    std::vector<std::string> Args = {"-c", "core.quotePath=false", "diff", "--no-color",
                                     "--no-ext-diff", "-U0", Ref.str(), "--"};
    append_range(Args, Rels);
    GitOutput Diff = runGit(Top, Args);
    if (Diff.ExitCode != 0)
      return createStringError("--changed-lines: git diff failed in " + Top + ": " + Diff.Stderr);
    for (auto &[Rel, Lines] : parseUnifiedDiff(Diff.Stdout)) {
      SmallString<256> Abs(Top);
      sys::path::append(Abs, Rel);
      append_range(Result.Ranges[std::string(Abs)], Lines);
    }
    std::vector<std::string> LsArgs = {"ls-files", "-z", "--others", "--exclude-standard", "--"};
    append_range(LsArgs, Rels);
    GitOutput Untracked = runGit(Top, LsArgs);
    SmallVector<StringRef, 4> Names;
    StringRef(Untracked.Stdout).split(Names, '\0', -1, /*KeepEmpty=*/false);
    for (StringRef N : Names) {
      SmallString<256> Abs(Top);
      sys::path::append(Abs, N);
      Result.WholeFiles.insert(std::string(Abs));
    }
  }
  return Result;
}

bool ChangedLines::contains(StringRef File, unsigned Line) const {
  std::string Real = realPath(File);
  if (WholeFiles.count(Real))
    return true;
  auto It = Ranges.find(Real);
  if (It == Ranges.end())
    return false;
  return any_of(It->second, [&](const std::pair<unsigned, unsigned> &R) {
    return R.first <= Line && Line <= R.second;
  });
}

void keepChangedLines(std::vector<Finding> &Findings, const ChangedLines &Changed) {
  llvm::erase_if(Findings, [&](const Finding &F) { return !Changed.contains(F.File, F.Line); });
}

} // namespace cudalint
