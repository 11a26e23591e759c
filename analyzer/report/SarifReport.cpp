//===- SarifReport.cpp - Findings to SARIF 2.1.0 --------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One run: the tool driver with every rule (short description from the
// registry, full description and help from docs/rules/<id>.md when found),
// results with locations relative to %SRCROOT% (the repository root), fix-its
// as SARIF fixes (byte regions, exactly as --fix applies them) and
// partialFingerprints that survive unrelated edits. Columns are UTF-16 code
// units, SARIF's default; the findings carry byte columns and are converted
// with the finding's source line.
//
//===----------------------------------------------------------------------===//
#include "analyzer/report/Report.h"
#include "analyzer/report/Suppressions.h"
#include "analyzer/support/Docs.h"
#include "analyzer/support/Version.h"
#include "ptxas_parse/JsonText.h"
#include "rules/RuleRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <map>

using namespace llvm;

namespace cudalint {
namespace {

constexpr const char *SrcRoot = "%SRCROOT%";
constexpr const char *FingerprintKey = "cudaLint/v1";

/// RFC 3986: everything but unreserved characters and '/' is percent-encoded.
std::string encodeUriPath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/')
      Out += C;
    else
      Out += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

std::string fileUri(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  return "file://" + encodeUriPath(Abs);
}

json::Object artifactLocation(StringRef File, StringRef Root) {
  if (std::optional<std::string> Rel = relativeToRoot(Root, File))
    return json::Object{{"uri", encodeUriPath(*Rel)}, {"uriBaseId", SrcRoot}};
  return json::Object{{"uri", fileUri(File)}};
}

/// The UTF-16 column of byte column \p ByteCol (1-based) in \p Line.
unsigned utf16Column(StringRef Line, unsigned ByteCol) {
  unsigned Units = 0, Bytes = ByteCol - 1;
  for (unsigned I = 0; I < Bytes && I < Line.size(); ++I) {
    unsigned char C = Line[I];
    if ((C & 0xC0) == 0x80)
      continue; // continuation byte
    Units += (C & 0xF8) == 0xF0 ? 2 : 1;
  }
  if (Bytes > Line.size())
    Units += Bytes - Line.size();
  return Units + 1;
}

json::Object region(const Finding &F) {
  json::Object R{{"startLine", std::max(F.Line, 1u)}};
  if (F.Column)
    R["startColumn"] = utf16Column(F.SourceLine, F.Column);
  if (F.EndLine > F.Line || (F.EndLine == F.Line && F.EndColumn >= F.Column && F.Column)) {
    R["endLine"] = F.EndLine;
    if (F.EndColumn)
      R["endColumn"] = F.EndLine == F.Line ? utf16Column(F.SourceLine, F.EndColumn) : F.EndColumn;
  }
  return R;
}

std::string normalisedText(const Finding &F) {
  StringRef Text = F.SourceLine.empty() ? StringRef(F.Message) : StringRef(F.SourceLine);
  SmallVector<StringRef, 16> Words;
  SplitString(Text, Words, " \t\r\n\v\f");
  return join(Words, " ");
}

json::Object fix(const Finding &F, StringRef Root) {
  // One artifactChange per file, in the order the fix-its name them.
  std::vector<std::string> Files;
  std::map<std::string, json::Array> Replacements;
  for (const FixIt &X : F.Fixes) {
    if (!Replacements.count(X.File))
      Files.push_back(X.File);
    Replacements[X.File].push_back(json::Object{
        {"deletedRegion", json::Object{{"byteOffset", X.Offset}, {"byteLength", X.Length}}},
        {"insertedContent", json::Object{{"text", jsonText(X.Replacement)}}}});
  }
  json::Array Changes;
  for (const std::string &File : Files)
    Changes.push_back(json::Object{{"artifactLocation", artifactLocation(File, Root)},
                                   {"replacements", std::move(Replacements[File])}});
  return json::Object{{"description", json::Object{{"text", "Apply the fix-it of " + F.RuleId}}},
                      {"artifactChanges", std::move(Changes)}};
}

/// Strings are copied in (json::Value would borrow a StringRef).
json::Object ruleDescriptor(const std::string &Id, Severity Level, const std::string &Summary,
                            const std::string &HelpUri, std::optional<std::string> Page) {
  std::string Full = Page ? firstParagraph(*Page) : std::string();
  if (Full.empty())
    Full = Summary;
  json::Object R{{"id", Id},
                 {"shortDescription", json::Object{{"text", Summary}}},
                 {"fullDescription", json::Object{{"text", Full}}},
                 {"helpUri", HelpUri},
                 {"defaultConfiguration", json::Object{{"level", severityName(Level)}}}};
  if (Page)
    R["help"] = json::Object{{"text", *Page}, {"markdown", *Page}};
  return R;
}

json::Value kernelProperties(const Finding &F) {
  json::Object P;
  if (!F.KernelName.empty())
    P["kernel"] =
        json::Object{{"name", jsonText(F.KernelName)}, {"demangled", jsonText(F.KernelDemangled)}};
  if (F.Launch && F.Launch->Block)
    P["block"] = json::Array{(*F.Launch->Block)[0], (*F.Launch->Block)[1], (*F.Launch->Block)[2]};
  if (F.Launch && F.Launch->Grid)
    P["grid"] = json::Array{(*F.Launch->Grid)[0], (*F.Launch->Grid)[1], (*F.Launch->Grid)[2]};
  if (F.Launch && !F.Launch->Stream.empty())
    P["stream"] = jsonText(F.Launch->Stream);
  return P;
}

} // namespace

std::vector<std::string> findingFingerprints(const std::vector<Finding> &Findings,
                                             StringRef Root) {
  // Occurrences are counted in position order within each file.
  std::vector<size_t> Order(Findings.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const Finding &X = Findings[A], &Y = Findings[B];
    return std::tie(X.File, X.Line, X.Column) < std::tie(Y.File, Y.Line, Y.Column);
  });
  std::vector<std::string> Out(Findings.size());
  std::map<std::string, unsigned> Seen;
  for (size_t I : Order) {
    const Finding &F = Findings[I];
    std::string File = relativeToRoot(Root, F.File).value_or(F.File);
    std::string Key = F.RuleId + '\0' + File + '\0' + normalisedText(F);
    unsigned Occurrence = Seen[Key]++;
    std::string Input = Key + '\0' + std::to_string(Occurrence);
    std::array<uint8_t, 32> Hash = SHA256::hash(arrayRefFromStringRef(Input));
    Out[I] = toHex(ArrayRef<uint8_t>(Hash).take_front(16), /*LowerCase=*/true);
  }
  return Out;
}

void writeSarif(raw_ostream &OS, const RunResult &R, const CiReportOptions &Opts) {
  json::Array Rules;
  StringMap<unsigned> RuleIndex;
  auto Page = [&](StringRef Id) -> std::optional<std::string> {
    if (Opts.DocsDir.empty())
      return std::nullopt;
    return readRulePage(Opts.DocsDir, Id);
  };
  for (const RuleInfo &Rule : allRules()) {
    RuleIndex[Rule.Id] = Rules.size();
    Rules.push_back(ruleDescriptor(Rule.Id, Rule.DefaultSeverity, Rule.Summary,
                                   ruleHelpUri(Rule.Id), Page(Rule.Id)));
  }
  RuleIndex[CompileErrorRuleId] = Rules.size();
  Rules.push_back(ruleDescriptor(CompileErrorRuleId, Severity::Error,
                                 "Clang's compile error; the code it touches is not analysed",
                                 ruleHelpUri(CompileErrorRuleId), Page(CompileErrorRuleId)));
  for (const SuppressionRule &Rule : suppressionRules()) {
    RuleIndex[Rule.Id] = Rules.size();
    Rules.push_back(ruleDescriptor(Rule.Id, Rule.DefaultSeverity, Rule.Summary,
                                   ruleHelpUri(Rule.Id), Page(Rule.Id)));
  }

  std::vector<std::string> Prints = findingFingerprints(R.Findings, Opts.Root);
  json::Array Results;
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const Finding &F = R.Findings[I];
    json::Object Res{
        {"ruleId", jsonText(F.RuleId)},
        {"level", severityName(F.Level)},
        {"message", json::Object{{"text", jsonText(messageWithNotes(F, Opts.Root))}}},
        {"locations", json::Array{json::Object{
                          {"physicalLocation",
                           json::Object{{"artifactLocation", artifactLocation(F.File, Opts.Root)},
                                        {"region", region(F)}}}}}},
        {"partialFingerprints", json::Object{{FingerprintKey, Prints[I]}}}};
    if (auto It = RuleIndex.find(F.RuleId); It != RuleIndex.end())
      Res["ruleIndex"] = It->second;
    if (!F.Fixes.empty())
      Res["fixes"] = json::Array{fix(F, Opts.Root)};
    json::Array Related;
    for (const FindingNote &N : F.Notes)
      if (!N.File.empty())
        Related.push_back(json::Object{
            {"id", Related.size()},
            {"message", json::Object{{"text", jsonText(N.Message)}}},
            {"physicalLocation",
             json::Object{{"artifactLocation", artifactLocation(N.File, Opts.Root)},
                          {"region", json::Object{{"startLine", std::max(N.Line, 1u)},
                                                  {"startColumn", std::max(N.Column, 1u)}}}}}});
    if (!Related.empty())
      Res["relatedLocations"] = std::move(Related);
    json::Value Props = kernelProperties(F);
    if (!Props.getAsObject()->empty())
      Res["properties"] = std::move(Props);
    Results.push_back(std::move(Res));
  }

  json::Array Notifications;
  for (const AnalysisError &E : R.Errors) {
    json::Object N{{"level", "error"}, {"message", json::Object{{"text", jsonText(E.Message)}}}};
    if (!E.File.empty())
      N["locations"] = json::Array{json::Object{
          {"physicalLocation",
           json::Object{{"artifactLocation", artifactLocation(E.File, Opts.Root)}}}}};
    Notifications.push_back(std::move(N));
  }
  json::Object Invocation{{"executionSuccessful", R.Errors.empty()}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);

  std::string RootUri = fileUri(Opts.Root);
  if (!StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  json::Object Run{
      {"tool",
       json::Object{{"driver",
                     json::Object{{"name", "cuda-lint"},
                                  {"version", toolVersion()},
                                  {"semanticVersion", toolVersion()},
                                  {"informationUri", "https://github.com/cuda-lint/cuda-lint"},
                                  {"rules", std::move(Rules)}}}}},
      {"originalUriBaseIds", json::Object{{SrcRoot, json::Object{{"uri", RootUri}}}}},
      {"invocations", json::Array{std::move(Invocation)}},
      {"columnKind", "utf16CodeUnits"},
      {"results", std::move(Results)}};
  json::Object Doc{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                   {"version", "2.1.0"},
                   {"runs", json::Array{std::move(Run)}}};
  writeJsonValue(OS, json::Value(std::move(Doc)));
  OS << "\n";
}

} // namespace cudalint
