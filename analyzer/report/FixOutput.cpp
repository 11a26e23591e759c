//===- FixOutput.cpp - Fixes shown instead of applied: diff, YAML, list ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/FixOutput.h"
#include "analyzer/report/Report.h"
#include "analyzer/support/DisplayPath.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {
namespace {

/// The lines of \p Text, each with its line break (the last may have none).
std::vector<StringRef> linesOf(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    size_t Eol = Text.find('\n');
    size_t Len = Eol == StringRef::npos ? Text.size() : Eol + 1;
    Lines.push_back(Text.take_front(Len));
    Text = Text.drop_front(Len);
  }
  return Lines;
}

void writeLine(raw_ostream &OS, char Tag, StringRef Line) {
  OS << Tag << Line;
  if (!Line.ends_with("\n"))
    OS << "\n\\ No newline at end of file\n";
}

} // namespace

void writeUnifiedDiff(raw_ostream &OS, StringRef Path, StringRef Before, StringRef After) {
  if (Before == After)
    return;
  std::vector<StringRef> A = linesOf(Before), B = linesOf(After);
  // Fixes are few and local: a line diff by longest common subsequence over
  // the part between the common prefix and suffix is small and exact.
  size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre &&
         A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  size_t N = A.size() - Pre - Suf, M = B.size() - Pre - Suf;
  // Edit script over the middle: ' ', '-' or '+' with the line.
  std::vector<std::pair<char, StringRef>> Script;
  if (N * M <= 4'000'000) {
    std::vector<std::vector<unsigned>> L(N + 1, std::vector<unsigned>(M + 1, 0));
    for (size_t I = N; I-- > 0;)
      for (size_t J = M; J-- > 0;)
        L[I][J] =
            A[Pre + I] == B[Pre + J] ? L[I + 1][J + 1] + 1 : std::max(L[I + 1][J], L[I][J + 1]);
    size_t I = 0, J = 0;
    while (I < N || J < M) {
      if (I < N && J < M && A[Pre + I] == B[Pre + J]) {
        Script.push_back({' ', A[Pre + I]});
        ++I, ++J;
      } else if (I < N && (J == M || L[I + 1][J] >= L[I][J + 1])) {
        Script.push_back({'-', A[Pre + I++]}); // removals before additions, as diff(1)
      } else {
        Script.push_back({'+', B[Pre + J++]});
      }
    }
  } else { // a huge rewrite: remove all, add all
    for (size_t I = 0; I < N; ++I)
      Script.push_back({'-', A[Pre + I]});
    for (size_t J = 0; J < M; ++J)
      Script.push_back({'+', B[Pre + J]});
  }
  // Whole-file script with the prefix and suffix as context, then hunks of
  // changes with up to three lines of context, merged where they touch.
  std::vector<std::pair<char, StringRef>> All;
  for (size_t I = 0; I < Pre; ++I)
    All.push_back({' ', A[I]});
  All.insert(All.end(), Script.begin(), Script.end());
  for (size_t I = A.size() - Suf; I < A.size(); ++I)
    All.push_back({' ', A[I]});
  const size_t Context = 3;
  OS << "--- a/" << Path << "\n+++ b/" << Path << "\n";
  size_t OldLine = 1, NewLine = 1, K = 0;
  while (K < All.size()) {
    if (All[K].first == ' ') {
      ++OldLine, ++NewLine, ++K;
      continue;
    }
    // A change at K: the hunk starts up to Context lines before it.
    size_t Start = K >= Context ? K - Context : 0;
    size_t OldStart = OldLine - (K - Start), NewStart = NewLine - (K - Start);
    size_t End = K; // one past the last change of the hunk
    for (size_t P = K; P < All.size(); ++P) {
      if (All[P].first != ' ')
        End = P + 1;
      else if (P - End >= 2 * Context)
        break;
    }
    size_t Stop = std::min(All.size(), End + Context);
    size_t OldCount = 0, NewCount = 0;
    for (size_t P = Start; P < Stop; ++P) {
      OldCount += All[P].first != '+';
      NewCount += All[P].first != '-';
    }
    OS << "@@ -" << (OldCount ? OldStart : OldStart - 1) << "," << OldCount << " +"
       << (NewCount ? NewStart : NewStart - 1) << "," << NewCount << " @@\n";
    for (size_t P = Start; P < Stop; ++P)
      writeLine(OS, All[P].first, All[P].second);
    for (size_t P = K; P < Stop; ++P) {
      OldLine += All[P].first != '+';
      NewLine += All[P].first != '-';
    }
    K = Stop;
  }
}

void writeReplacementsYaml(raw_ostream &OS, const std::vector<Finding> &Findings,
                           const StringMap<std::vector<PlannedFix>> &Plan) {
  // Each planned edit once, on the first finding that asked for it.
  std::map<size_t, std::vector<const FixIt *>> ByFinding;
  std::vector<std::string> Files;
  for (const auto &Entry : Plan)
    Files.push_back(Entry.first().str());
  llvm::sort(Files);
  for (const std::string &File : Files) {
    const FixIt *Prev = nullptr;
    for (const PlannedFix &P : Plan.find(File)->second) {
      if (sameEdit(Prev, P.Fix))
        continue;
      ByFinding[P.Finding].push_back(&P.Fix);
      Prev = &P.Fix;
    }
  }
  clang::tooling::TranslationUnitDiagnostics TU;
  TU.MainSourceFile = Files.empty() ? "" : Files.front();
  for (const auto &[Index, Fixes] : ByFinding) {
    const Finding &F = Findings[Index];
    clang::tooling::DiagnosticMessage Msg(F.Message);
    Msg.FilePath = F.File;
    Msg.FileOffset = Fixes.front()->File == F.File ? Fixes.front()->Offset : 0;
    for (const FixIt *X : Fixes)
      // Distinct, non-overlapping edits (planFixes): add() cannot refuse them.
      consumeError(Msg.Fix[X->File].add(
          clang::tooling::Replacement(X->File, X->Offset, X->Length, X->Replacement)));
    clang::tooling::Diagnostic D(F.RuleId, Msg, {},
                                 F.Level == Severity::Error ? clang::tooling::Diagnostic::Error
                                 : F.Level == Severity::Warning
                                     ? clang::tooling::Diagnostic::Warning
                                     : clang::tooling::Diagnostic::Remark,
                                 "");
    TU.Diagnostics.push_back(std::move(D));
  }
  yaml::Output Out(OS);
  Out << TU;
}

void writeFixList(raw_ostream &OS, const std::vector<Finding> &Findings,
                  const std::vector<size_t> &Indices, StringRef Title) {
  if (Indices.empty())
    return;
  OS << "cuda-lint: " << Title << ":\n";
  for (size_t I : Indices) {
    const Finding &F = Findings[I];
    for (const FixIt &X : F.Fixes) {
      OS << "  " << displayPath(X.File) << ":" << X.Line << ":" << X.Column << ": [" << F.RuleId
         << "] ";
      if (X.Length == 0)
        OS << "insert '" << X.Replacement << "'";
      else
        OS << "replace " << X.Length << " bytes with '" << X.Replacement << "'";
      if (X.Unsafe)
        OS << " (unsafe)";
      OS << "\n";
    }
  }
}

std::string unsafeFixReason(const RunResult &Result, bool WholeProgram) {
  std::vector<std::string> Why;
  if (!WholeProgram)
    Why.push_back("the files were picked on the command line, so launches in the other files of "
                  "the program were not seen");
  if (unsigned N = Result.TranslationUnitsWithCompileErrors)
    Why.push_back(std::to_string(N) + " file" + (N == 1 ? " has" : "s have") +
                  " compile errors, which may hide launches");
  bool InHeader = any_of(Result.Findings, [](const Finding &F) {
    StringRef Ext = sys::path::extension(F.File);
    bool Header = is_contained({".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl"}, Ext);
    return Header && any_of(F.Fixes, [](const FixIt &X) { return X.Unsafe; });
  });
  if (InHeader)
    Why.push_back("the kernel is in a header, which code outside the compilation database may "
                  "include and launch");
  std::string Out = "cuda-lint cannot know it saw every launch: " + join(Why, "; ") +
                    "; check them and use --unsafe-fixes";
  if (!WholeProgram)
    Out += ", or run on the whole compilation database (-p DIR, no paths)";
  else if (Result.TranslationUnitsWithCompileErrors)
    Out += ", or fix the compile errors";
  return Out;
}

} // namespace cudalint
