//===- GithubReport.cpp - Findings as GitHub Actions workflow commands ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=T::message`, one
// per finding, errors first (GitHub shows only the first 10 annotations of
// each type per step), and the complete list as a Markdown table for
// $GITHUB_STEP_SUMMARY. Paths are relative to the repository root.
//
//===----------------------------------------------------------------------===//
#include "analyzer/report/Report.h"

#include "llvm/Support/Process.h"

#include <set>

using namespace llvm;

namespace cudalint {

std::string escapeGithubData(StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string escapeGithubProperty(StringRef S) {
  std::string Out;
  for (char C : escapeGithubData(S)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

namespace {

const char *commandFor(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "notice";
  }
  return "warning";
}

std::string reportedPath(StringRef File, StringRef Root) {
  return relativeToRoot(Root, File).value_or(File.str());
}

/// Findings in the order the commands are written: errors, warnings, notes.
std::vector<const Finding *> bySeverity(const RunResult &R) {
  std::vector<const Finding *> Out;
  for (Severity S : {Severity::Error, Severity::Warning, Severity::Note})
    for (const Finding &F : R.Findings)
      if (F.Level == S)
        Out.push_back(&F);
  return Out;
}

/// Text for a Markdown table cell: nothing in it may start markup or end the cell.
std::string markdownCell(StringRef S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '&':
      Out += "&amp;";
      break;
    case '\n':
      Out += "<br>";
      break;
    case '\r':
      break;
    case '|':
    case '\\':
    case '`':
    case '*':
    case '_':
    case '[':
    case ']':
    case '#':
    case '~':
      Out += '\\';
      Out += C;
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string percentEncode(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isalnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/') {
      Out += C;
    } else {
      static const char Hex[] = "0123456789ABCDEF";
      Out += '%';
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    }
  }
  return Out;
}

std::string plural(size_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

} // namespace

void writeGithub(raw_ostream &OS, const RunResult &R, const CiReportOptions &Opts) {
  for (const AnalysisError &E : R.Errors) {
    OS << "::error";
    if (!E.File.empty())
      OS << " file=" << escapeGithubProperty(reportedPath(E.File, Opts.Root))
         << ",title=" << escapeGithubProperty("cuda-lint: analysis failed");
    else
      OS << " title=" << escapeGithubProperty("cuda-lint: analysis failed");
    OS << "::" << escapeGithubData(E.Message) << "\n";
  }
  for (const Finding *F : bySeverity(R)) {
    if (Opts.AlreadyPrinted && Opts.AlreadyPrinted(*F))
      continue;
    OS << "::" << commandFor(F->Level)
       << " file=" << escapeGithubProperty(reportedPath(F->File, Opts.Root))
       << ",line=" << F->Line;
    if (F->Column)
      OS << ",col=" << F->Column;
    if (F->EndLine >= F->Line && F->EndLine) {
      OS << ",endLine=" << F->EndLine;
      // GitHub uses columns only within one line; its end column is inclusive.
      if (F->EndLine == F->Line && F->Column && F->EndColumn > F->Column)
        OS << ",endColumn=" << F->EndColumn - 1;
    }
    OS << ",title=" << escapeGithubProperty("cuda-lint (" + F->RuleId + ")")
       << "::" << escapeGithubData(messageWithNotes(*F, Opts.Root)) << "\n";
  }
}

void writeGithubSummary(raw_ostream &OS, const RunResult &R, const CiReportOptions &Opts) {
  size_t Counts[3] = {0, 0, 0};
  std::set<std::string> Files;
  for (const Finding &F : R.Findings) {
    ++Counts[static_cast<int>(F.Level)];
    Files.insert(F.File);
  }
  OS << "### cuda-lint\n\n";
  OS << "**" << plural(Counts[2], "error") << ", " << plural(Counts[1], "warning") << ", "
     << plural(Counts[0], "note") << "** in " << plural(Files.size(), "file") << "; "
     << plural(R.TranslationUnits, "file") << " analysed";
  if (R.TranslationUnitsWithCompileErrors)
    OS << ", " << R.TranslationUnitsWithCompileErrors << " with compile errors";
  if (R.FailedTranslationUnits)
    OS << ", " << R.FailedTranslationUnits << " could not be analysed";
  OS << ".\n\n";

  // Links to the lines when the workflow's environment names the commit.
  std::optional<std::string> Server = sys::Process::GetEnv("GITHUB_SERVER_URL");
  std::optional<std::string> Repo = sys::Process::GetEnv("GITHUB_REPOSITORY");
  std::optional<std::string> Sha = sys::Process::GetEnv("GITHUB_SHA");
  bool Links = Server && Repo && Sha && !Server->empty() && !Repo->empty() && !Sha->empty();

  if (!R.Findings.empty()) {
    OS << "| Severity | Location | Rule | Message |\n| --- | --- | --- | --- |\n";
    for (const Finding *F : bySeverity(R)) {
      std::optional<std::string> Rel = relativeToRoot(Opts.Root, F->File);
      std::string Where = Rel.value_or(F->File) + ":" + std::to_string(F->Line) + ":" +
                          std::to_string(F->Column);
      std::string Location = markdownCell(Where);
      if (Links && Rel)
        Location = "[" + Location + "](" + *Server + "/" + *Repo + "/blob/" + *Sha + "/" +
                   percentEncode(*Rel) + "#L" + std::to_string(F->Line) + ")";
      OS << "| " << severityName(F->Level) << " | " << Location << " | " << markdownCell(F->RuleId)
         << " | " << markdownCell(messageWithNotes(*F, Opts.Root)) << " |\n";
    }
    OS << "\n";
  }
  if (!R.Errors.empty()) {
    OS << "Could not be analysed:\n\n";
    for (const AnalysisError &E : R.Errors)
      OS << "- " << (E.File.empty() ? "" : markdownCell(reportedPath(E.File, Opts.Root)) + ": ")
         << markdownCell(E.Message) << "\n";
    OS << "\n";
  }
}

} // namespace cudalint
