//===- PtxasReport.cpp - Entry points of the resource report parser -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Splits the input into lines, rejects binary data, routes each line to the ptxas/nvlink or the
// cuobjdump handlers, and checks at the end that no record was cut short.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/PtxasReport.h"

#include "ptxas_parse/ReadFile.h"
#include "ptxas_parse/ReportParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/thread.h"

#include <set>

namespace cudalint {

char PtxasParseError::ID = 0;

void PtxasParseError::log(llvm::raw_ostream &OS) const {
  OS << FileName;
  if (Line)
    OS << ':' << Line;
  OS << ": " << Message;
}

std::error_code PtxasParseError::convertToErrorCode() const {
  return std::make_error_code(std::errc::invalid_argument);
}

namespace {

/// llvm::demangle recurses once per nesting level of the name, and a level can be one character
/// (`_Z1f` + 100,000 `P` overflowed the stack). Measured on LLVM 22, a level takes at most about
/// 200 bytes of stack per character of the name; names up to DirectDemangleLength are demangled
/// on the caller's stack (at most ~400 KiB), longer ones up to MaxDemangledLength on a thread with
/// StackPerCharacter bytes per character, and longer ones stay mangled (real kernel names, even
/// CUTLASS and CUB instances, are a few KiB).
constexpr size_t DirectDemangleLength = 2048;
constexpr size_t MaxDemangledLength = 64 * 1024;
constexpr size_t StackPerCharacter = 1024;

} // namespace

std::string demangleName(llvm::StringRef Mangled) {
  if (Mangled.size() <= DirectDemangleLength)
    return llvm::demangle(Mangled.str());
  if (Mangled.size() > MaxDemangledLength)
    return Mangled.str();
  std::string Result;
  unsigned Stack = unsigned((Mangled.size() + 1024) * StackPerCharacter);
  llvm::thread Worker(std::optional<unsigned>(Stack),
                      [&] { Result = llvm::demangle(Mangled.str()); });
  Worker.join();
  return Result;
}

std::vector<unsigned> PtxasReport::archs() const {
  std::set<unsigned> Archs;
  for (const KernelResources &R : Functions)
    if (R.Arch)
      Archs.insert(R.Arch);
  return {Archs.begin(), Archs.end()};
}

std::vector<KernelResources> PtxasReport::kernels() const {
  std::vector<KernelResources> Out;
  auto LinkedLater = [&](const KernelResources &R) {
    return R.Source == ReportSource::Ptxas &&
           llvm::any_of(Functions, [&](const KernelResources &L) {
             return L.Source == ReportSource::Nvlink && L.Arch == R.Arch &&
                    L.MangledName == R.MangledName;
           });
  };
  for (const KernelResources &R : Functions)
    if (R.isEntry() && R.HasRegisters && !LinkedLater(R))
      Out.push_back(R);
  return Out;
}

namespace detail {
namespace {

/// A byte that never occurs in a text log (NUL and other C0 controls; tab, CR, FF, VT and ESC
/// for terminal colours are fine).
bool isBinaryByte(unsigned char C) {
  return (C < 0x20 && C != '\t' && C != '\r' && C != '\f' && C != '\v' && C != 0x1b) || C == 0x7f;
}

/// Finds "ptxas info :" (or nvlink, warning/error/fatal) at the start of a line, after an optional
/// prefix without letters ("1>  " from MSBuild, indentation).
bool splitToolLine(llvm::StringRef Line, llvm::StringRef &Tool, llvm::StringRef &Severity,
                   llvm::StringRef &Rest) {
  for (llvm::StringRef T : {"ptxas", "nvlink"}) {
    size_t Pos = Line.find(T);
    if (Pos == llvm::StringRef::npos || llvm::any_of(Line.take_front(Pos), llvm::isAlpha))
      continue;
    llvm::StringRef After = Line.drop_front(Pos + T.size());
    if (After.empty() || (After.front() != ' ' && After.front() != '\t'))
      continue;
    After = After.ltrim();
    for (llvm::StringRef S : {"info", "warning", "error", "fatal"}) {
      if (!After.starts_with(S))
        continue;
      llvm::StringRef Tail = After.drop_front(S.size());
      if (!Tail.empty() && llvm::isAlnum(Tail.front()))
        continue;
      Tool = T;
      Severity = S;
      Rest = Tail.ltrim();
      return true;
    }
  }
  return false;
}

} // namespace

llvm::Error ReportParser::error(const llvm::Twine &Message) const {
  return errorAt(LineNo, Message);
}

llvm::Error ReportParser::errorAt(unsigned AtLine, const llvm::Twine &Message) const {
  return llvm::make_error<PtxasParseError>(FileName, AtLine, Message.str());
}

KernelResources &ReportParser::newRecord(llvm::StringRef Name, FunctionKind Kind,
                                         ReportSource Source) {
  KernelResources R;
  R.MangledName = Name.str();
  R.DemangledName = demangleName(Name);
  R.Kind = Kind;
  R.Source = Source;
  R.Line = LineNo;
  R.Gmem = CurrentGmem;
  Report.Functions.push_back(std::move(R));
  return Report.Functions.back();
}

void ReportParser::setArch(KernelResources &R, unsigned Arch, llvm::StringRef ArchName) {
  R.Arch = Arch;
  R.ArchName = ArchName.str();
  if (!Report.Modules.empty() && Report.Modules.back().Arch == 0 && Arch &&
      R.Source == ReportSource::Ptxas)
    Report.Modules.back().Arch = Arch;
}

llvm::Error ReportParser::handleLine(llvm::StringRef Line) {
  if (Line.ends_with("\r"))
    Line = Line.drop_back();
  for (size_t I = 0; I < Line.size(); ++I)
    if (isBinaryByte(Line[I]))
      return error(llvm::formatv("binary data (byte 0x{0:x-2} at column {1}); a resource report "
                                 "is text",
                                 unsigned(static_cast<unsigned char>(Line[I])), I + 1)
                       .str());
  bool Consumed = false;
  if (llvm::Error E = handleCuobjdumpLine(Line, Consumed))
    return E;
  if (Consumed)
    return llvm::Error::success();

  llvm::StringRef Tool, Severity, Rest;
  if (splitToolLine(Line, Tool, Severity, Rest)) {
    if (!Rest.consume_front(":"))
      return error("truncated or malformed '" + Tool + " " + Severity +
                   "' line (no ':' after it): " + Line.trim());
    StackLineDue = false;
    return handleToolLine(Tool, Severity, Rest.trim());
  }
  if (Line.contains("bytes stack frame") || Line.contains("bytes spill"))
    return handleStackFrameLine(Line);
  return llvm::Error::success(); // Compiler commands, diagnostics, make output.
}

bool ReportParser::isReportLine(llvm::StringRef Line) const {
  llvm::StringRef Tool, Severity, Rest;
  llvm::StringRef Trimmed = Line.trim();
  return splitToolLine(Line, Tool, Severity, Rest) || Line.contains("bytes stack frame") ||
         Line.contains("bytes spill") || Trimmed.starts_with("arch =") ||
         Trimmed == "Resource usage:" ||
         (InCuobjdump && (Line.starts_with(" ") || Line.starts_with("\t")));
}

llvm::Error ReportParser::parse(llvm::StringRef Text) {
  llvm::StringRef Rest = Text;
  while (!Rest.empty()) {
    auto [Line, Tail] = Rest.split('\n');
    ++LineNo;
    if (llvm::Error E = handleLine(Line))
      return E;
    // Every tool ends its lines; a last line without its newline may have been cut anywhere
    // ("REG:20" -> "REG:2", "49152 bytes smem" -> "49152 bytes"), so its numbers are not used.
    if (Tail.empty() && !Rest.ends_with("\n") && isReportLine(Line.rtrim('\r')))
      return error("the report ends in the middle of a line (cut short?): '" + Line.trim() + "'");
    Rest = Tail;
  }
  if (InCuobjdump)
    if (llvm::Error E = finishCuobjdump())
      return E;
  if (llvm::Error E = finishPtxas())
    return E;

  // nvlink does not name the arch; a log of one arch gives it.
  std::vector<unsigned> Archs = Report.archs();
  if (Archs.size() == 1)
    for (KernelResources &R : Report.Functions)
      if (R.Source == ReportSource::Nvlink && !R.Arch) {
        R.Arch = Archs.front();
        R.ArchName = "sm_" + std::to_string(R.Arch);
      }
  // A compilation unit without device code ("ptxas info : 0 bytes gmem" and nothing else: a
  // host-only .cu file) is a report with no functions, not a missing one.
  if (Report.Functions.empty() && !Report.Modules.empty())
    return llvm::Error::success();
  if (!llvm::any_of(Report.Functions, [](const KernelResources &R) { return R.HasRegisters; }))
    return errorAt(0, "no resource usage found: expected ptxas lines such as \"ptxas info : Used "
                      "N registers\" (compile with nvcc --resource-usage or -Xptxas -v) or "
                      "cuobjdump --dump-resource-usage output");
  return llvm::Error::success();
}

} // namespace detail

llvm::Expected<PtxasReport> parsePtxasReport(llvm::StringRef Text, llvm::StringRef FileName) {
  detail::ReportParser Parser(FileName);
  if (llvm::Error E = Parser.parse(Text))
    return E;
  return Parser.takeReport();
}

llvm::Expected<PtxasReport> parsePtxasReportFile(llvm::StringRef Path) {
  llvm::StringRef Name = Path == "-" ? "<stdin>" : Path;
  llvm::Expected<std::string> Text = readFileBounded(Path, MaxReportBytes);
  if (!Text)
    return llvm::make_error<PtxasParseError>(Name.str(), 0,
                                             "cannot read: " + llvm::toString(Text.takeError()));
  return parsePtxasReport(*Text, Name);
}

} // namespace cudalint
