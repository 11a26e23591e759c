//===- Report.cpp - Findings to text and JSON; paths for every report -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/Report.h"
#include "analyzer/support/DisplayPath.h"
#include "analyzer/support/Docs.h"
#include "analyzer/support/Version.h"
#include "ptxas_parse/JsonText.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

std::optional<std::string> relativeToRoot(StringRef Root, StringRef FileName) {
  SmallString<256> File(FileName); // errors may name a path as it was given
  sys::fs::make_absolute(File);
  sys::path::remove_dots(File, true);
  auto Strip = [](StringRef Base, StringRef Path) -> std::optional<std::string> {
    if (Base.empty())
      return std::nullopt;
    StringRef Rel = Path;
    if (!Rel.consume_front(Base))
      return std::nullopt;
    if (!Base.ends_with("/") && !Rel.consume_front("/"))
      return std::nullopt;
    return Rel.empty() ? std::nullopt : std::optional<std::string>(Rel.str());
  };
  if (auto Rel = Strip(Root, File))
    return Rel;
  SmallString<256> RealRoot, RealFile;
  if (sys::fs::real_path(Root, RealRoot))
    RealRoot = Root;
  if (sys::fs::real_path(File, RealFile))
    RealFile = File;
  return Strip(RealRoot, RealFile);
}

namespace {

raw_ostream::Colors colorOf(Severity S) {
  switch (S) {
  case Severity::Note:
    return raw_ostream::BLACK;
  case Severity::Warning:
    return raw_ostream::MAGENTA;
  case Severity::Error:
    return raw_ostream::RED;
  }
  return raw_ostream::MAGENTA;
}

/// Tabs expand to the next multiple of 8 when the line is shown; the caret
/// line must follow them.
std::string caretPrefix(StringRef Line, unsigned Column) {
  std::string Prefix;
  for (unsigned I = 0; I + 1 < Column && I < Line.size(); ++I)
    Prefix += Line[I] == '\t' ? '\t' : ' ';
  return Prefix;
}

void writeLocation(raw_ostream &OS, StringRef File, unsigned Line, unsigned Column) {
  OS << displayPath(File) << ":" << Line << ":" << Column << ": ";
}

void writeFinding(raw_ostream &OS, const Finding &F, const TextOptions &Opts) {
  bool Color = Opts.Color;
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, true);
  writeLocation(OS, F.File, F.Line, F.Column);
  if (Color)
    OS.changeColor(colorOf(F.Level), true);
  OS << severityName(F.Level) << ": ";
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, true);
  OS << F.Message << " [" << F.RuleId << "]";
  if (Opts.Urls && Opts.Concise)
    OS << " " << ruleHelpUri(F.RuleId);
  OS << "\n";
  if (Color)
    OS.resetColor();
  if (Opts.Concise)
    return;
  if (!F.SourceLine.empty()) {
    OS << F.SourceLine << "\n";
    std::string Caret = caretPrefix(F.SourceLine, F.Column) + "^";
    if (F.EndLine == F.Line && F.EndColumn > F.Column + 1)
      Caret += std::string(F.EndColumn - F.Column - 1, '~');
    if (Color)
      OS.changeColor(raw_ostream::GREEN, true);
    OS << Caret << "\n";
    if (Color)
      OS.resetColor();
  }
  for (const FixIt &Fix : F.Fixes) {
    if (!F.SourceLine.empty() && Fix.Line == F.Line && Fix.File == F.File &&
        Fix.Replacement.find('\n') == std::string::npos) {
      if (Color)
        OS.changeColor(raw_ostream::GREEN);
      OS << caretPrefix(F.SourceLine, Fix.Column) << Fix.Replacement << "\n";
      if (Color)
        OS.resetColor();
      if (Fix.Unsafe)
        OS << caretPrefix(F.SourceLine, Fix.Column)
           << "(unsafe fix-it: not every launch may have been seen; --fix applies it only with "
              "--unsafe-fixes)\n";
    } else {
      OS << displayPath(Fix.File) << ":" << Fix.Line << ":" << Fix.Column
         << ": fix-it: replace " << Fix.Length << " bytes with '" << Fix.Replacement << "'\n";
    }
  }
  for (const FindingNote &N : F.Notes) {
    if (Color)
      OS.changeColor(raw_ostream::SAVEDCOLOR, true);
    if (N.File.empty())
      writeLocation(OS, F.File, F.Line, F.Column);
    else
      writeLocation(OS, N.File, N.Line, N.Column);
    if (Color)
      OS.changeColor(colorOf(Severity::Note), true);
    OS << "note: ";
    if (Color)
      OS.resetColor();
    OS << N.Message << "\n";
  }
  if (Opts.Urls) {
    writeLocation(OS, F.File, F.Line, F.Column);
    OS << "note: more information: " << ruleHelpUri(F.RuleId) << "\n";
  }
}

std::string plural(size_t N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

/// Errors, then warnings, then notes; by rule within a level; the reported
/// (file, position) order within a rule.
std::vector<const Finding *> ranked(const std::vector<Finding> &Findings) {
  std::vector<const Finding *> Out;
  for (const Finding &F : Findings)
    Out.push_back(&F);
  std::stable_sort(Out.begin(), Out.end(), [](const Finding *A, const Finding *B) {
    return std::make_pair(-static_cast<int>(A->Level), StringRef(A->RuleId)) <
           std::make_pair(-static_cast<int>(B->Level), StringRef(B->RuleId));
  });
  return Out;
}

} // namespace

std::string messageWithNotes(const Finding &F, StringRef Root) {
  std::string S = F.Message;
  for (const FindingNote &N : F.Notes) {
    S += "\nnote: ";
    if (!N.File.empty())
      S += (Root.empty() ? std::nullopt : relativeToRoot(Root, N.File))
               .value_or(displayPath(N.File)) +
           ":" + std::to_string(N.Line) + ":" + std::to_string(N.Column) + ": ";
    S += N.Message;
  }
  return S;
}

void writeText(raw_ostream &OS, const RunResult &R, const TextOptions &Opts) {
  size_t Counts[3] = {0, 0, 0};
  std::set<std::string> Files;
  for (const Finding *F : ranked(R.Findings)) {
    if (!Opts.AlreadyPrinted || !Opts.AlreadyPrinted(*F))
      writeFinding(OS, *F, Opts);
    ++Counts[static_cast<int>(F->Level)];
    Files.insert(F->File);
  }
  if (Opts.Quiet)
    return;
  OS << "cuda-lint: " << plural(Counts[1], "warning") << " and " << plural(Counts[2], "error");
  if (Counts[0])
    OS << " (" << plural(Counts[0], "note") << ")";
  OS << " in " << plural(Files.size(), "file") << "; " << plural(R.TranslationUnits, "file")
     << " analysed";
  if (R.FromCache)
    OS << " (" << R.FromCache << " from cache)";
  if (R.TranslationUnitsWithCompileErrors)
    OS << ", " << R.TranslationUnitsWithCompileErrors << " with compile errors";
  if (R.FailedTranslationUnits)
    OS << ", " << R.FailedTranslationUnits << " could not be analysed";
  if (R.Fixed)
    OS << "; " << R.Fixed << " fixed";
  if (R.Baselined)
    OS << "; " << R.Baselined << " in the baseline not shown";
  OS << "\n";
}

void writeStatistics(raw_ostream &OS, const RunResult &R, bool Json) {
  struct Row {
    std::string Rule;
    Severity Level = Severity::Warning;
    size_t Count = 0, Fixable = 0, UnsafeFixable = 0;
  };
  std::vector<Row> Rows;
  std::map<std::pair<std::string, Severity>, size_t> Index;
  for (const Finding &F : R.Findings) {
    auto [It, New] = Index.try_emplace({F.RuleId, F.Level}, Rows.size());
    if (New)
      Rows.push_back({F.RuleId, F.Level});
    Row &Rw = Rows[It->second];
    ++Rw.Count;
    if (!F.Fixes.empty()) {
      bool Unsafe = llvm::any_of(F.Fixes, [](const FixIt &X) { return X.Unsafe; });
      ++(Unsafe ? Rw.UnsafeFixable : Rw.Fixable);
    }
  }
  std::stable_sort(Rows.begin(), Rows.end(), [](const Row &A, const Row &B) {
    return std::make_tuple(-static_cast<int>(A.Level), -static_cast<long long>(A.Count), A.Rule) <
           std::make_tuple(-static_cast<int>(B.Level), -static_cast<long long>(B.Count), B.Rule);
  });
  if (Json) {
    json::Array A;
    for (const Row &Rw : Rows)
      A.push_back(json::Object{{"rule", Rw.Rule},
                               {"severity", severityName(Rw.Level)},
                               {"count", Rw.Count},
                               {"fixable", Rw.Fixable},
                               {"unsafe_fixable", Rw.UnsafeFixable}});
    writeJsonValue(OS, json::Value(std::move(A)));
    OS << "\n";
    return;
  }
  size_t Total = 0, Fixable = 0, Unsafe = 0;
  auto Cell = [](size_t N) { return N ? std::to_string(N) : std::string("-"); };
  OS << format("%6s  %-8s  %7s  %6s  %s\n", "count", "severity", "fixable", "unsafe", "rule");
  for (const Row &Rw : Rows) {
    OS << format("%6zu  %-8s  %7s  %6s  %s\n", Rw.Count, severityName(Rw.Level),
                 Cell(Rw.Fixable).c_str(), Cell(Rw.UnsafeFixable).c_str(), Rw.Rule.c_str());
    Total += Rw.Count;
    Fixable += Rw.Fixable;
    Unsafe += Rw.UnsafeFixable;
  }
  OS << format("%6zu  %-8s  %7s  %6s  %s\n", Total, "", Cell(Fixable).c_str(),
               Cell(Unsafe).c_str(), "total");
  if (Fixable || Unsafe) {
    OS << "cuda-lint: " << Fixable << " fixable with --fix";
    if (Unsafe)
      OS << ", " << Unsafe << " more with --fix --unsafe-fixes";
    OS << "\n";
  }
}

void writeErrors(raw_ostream &OS, const RunResult &R, bool Color) {
  for (const AnalysisError &E : R.Errors) {
    if (Color)
      OS.changeColor(raw_ostream::SAVEDCOLOR, true);
    OS << "cuda-lint: ";
    if (!E.File.empty())
      OS << displayPath(E.File) << ": ";
    if (Color)
      OS.changeColor(raw_ostream::RED, true);
    OS << "error: ";
    if (Color)
      OS.resetColor();
    OS << E.Message << "\n";
  }
  for (const AnalysisError &E : R.SkippedHeaders)
    OS << "cuda-lint: " << displayPath(E.File) << ": note: " << E.Message << "\n";
}

void writeJson(raw_ostream &OS, const RunResult &R) {
  json::Array Findings;
  size_t Counts[3] = {0, 0, 0};
  std::set<std::string> Files;
  for (const Finding &F : R.Findings) {
    ++Counts[static_cast<int>(F.Level)];
    Files.insert(F.File);
    json::Object O{{"rule", jsonText(F.RuleId)},
                   {"severity", severityName(F.Level)},
                   {"message", jsonText(F.Message)},
                   {"file", jsonText(F.File)},
                   {"line", F.Line},
                   {"column", F.Column},
                   {"end_line", F.EndLine},
                   {"end_column", F.EndColumn}};
    if (!F.KernelName.empty() || !F.KernelInstances.empty()) {
      json::Object K{{"name", F.KernelName.empty() ? json::Value(nullptr)
                                                   : json::Value(jsonText(F.KernelName))},
                     {"demangled", jsonText(F.KernelDemangled)}};
      if (!F.KernelInstances.empty()) {
        json::Array I;
        for (const std::string &N : F.KernelInstances)
          I.push_back(jsonText(N));
        K["instantiations"] = std::move(I);
      }
      O["kernel"] = std::move(K);
    }
    if (F.Launch) {
      auto Dim = [](const std::optional<std::array<unsigned long long, 3>> &D) -> json::Value {
        if (!D)
          return nullptr;
        return json::Array{(*D)[0], (*D)[1], (*D)[2]};
      };
      json::Object L{{"grid", Dim(F.Launch->Grid)}, {"block", Dim(F.Launch->Block)}};
      L["dynamic_smem"] = F.Launch->DynamicSmem ? json::Value(*F.Launch->DynamicSmem) : nullptr;
      L["stream"] =
          F.Launch->Stream.empty() ? json::Value(nullptr) : json::Value(jsonText(F.Launch->Stream));
      O["launch"] = std::move(L);
    }
    if (F.Bounds) {
      json::Object B{{"bound", jsonText(F.Bounds->Bound)}, {"checked", F.Bounds->Checked}};
      if (F.Bounds->Checked)
        B["outcome"] = jsonText(F.Bounds->Outcome);
      else
        B["reason"] = jsonText(F.Bounds->Reason);
      json::Array Kernels;
      for (const BoundsComparison &C : F.Bounds->Kernels)
        Kernels.push_back(json::Object{
            {"name", jsonText(C.Kernel)},
            {"arch", jsonText(C.Arch)},
            {"threads", C.Threads},
            {"registers", json::Array{C.RegistersBefore, C.RegistersAfter}},
            {"spill_stores", json::Array{C.SpillStoresBefore, C.SpillStoresAfter}},
            {"spill_loads", json::Array{C.SpillLoadsBefore, C.SpillLoadsAfter}},
            {"fits", json::Array{C.FitsBefore, C.FitsAfter}},
            {"occupancy", json::Array{C.OccupancyBefore, C.OccupancyAfter}},
            {"largest_fitting_block", C.FittingThreadsBefore}});
      B["kernels"] = std::move(Kernels);
      O["bounds_check"] = std::move(B);
    }
    json::Array Fixes;
    for (const FixIt &X : F.Fixes)
      Fixes.push_back(json::Object{{"file", jsonText(X.File)},
                                   {"offset", X.Offset},
                                   {"length", X.Length},
                                   {"replacement", jsonText(X.Replacement)},
                                   {"line", X.Line},
                                   {"column", X.Column},
                                   {"unsafe", X.Unsafe}});
    O["fixits"] = std::move(Fixes);
    json::Array Notes;
    for (const FindingNote &N : F.Notes) {
      json::Object NO{{"message", jsonText(N.Message)}};
      if (!N.File.empty()) {
        NO["file"] = jsonText(N.File);
        NO["line"] = N.Line;
        NO["column"] = N.Column;
      }
      Notes.push_back(std::move(NO));
    }
    O["notes"] = std::move(Notes);
    Findings.push_back(std::move(O));
  }
  json::Array Errors;
  for (const AnalysisError &E : R.Errors)
    Errors.push_back(json::Object{{"file", jsonText(E.File)}, {"message", jsonText(E.Message)}});
  json::Object Doc{
      {"version", 1},
      {"tool", json::Object{{"name", "cuda-lint"}, {"version", toolVersion()}}},
      {"findings", std::move(Findings)},
      {"errors", std::move(Errors)},
      {"summary", json::Object{{"warnings", Counts[1]},
                               {"errors", Counts[2]},
                               {"notes", Counts[0]},
                               {"files", Files.size()},
                               {"translation_units", R.TranslationUnits},
                               {"failed_translation_units", R.FailedTranslationUnits},
                               {"translation_units_with_compile_errors",
                                R.TranslationUnitsWithCompileErrors},
                               {"fixed", R.Fixed},
                               {"baselined", R.Baselined}}}};
  writeJsonValue(OS, json::Value(std::move(Doc)));
  OS << "\n";
}

} // namespace cudalint
