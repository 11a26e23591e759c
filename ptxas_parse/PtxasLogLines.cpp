//===- PtxasLogLines.cpp - ptxas -v and nvlink -v lines -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The ptxas verbose output of CUDA 10 to 13:
//   ptxas info    : 68 bytes gmem, 256 bytes cmem[3]
//   ptxas info    : Compiling entry function '_Z5heavyPf' for 'sm_90'
//   ptxas info    : Function properties for _Z5heavyPf
//       88 bytes stack frame, 172 bytes spill stores, 172 bytes spill loads
//   ptxas info    : Used 64 registers, used 0 barriers, 88 bytes cumulative stack size
//   ptxas info    : Compile time = 32.407 ms
// plus "Function properties for" blocks of non-inlined device functions, and the device-link
// report of nvlink -v ("Function properties for '_Z...':" / "used 46 registers, ... 136 stack").
// Logs filtered with grep (stack lines gone) and MSBuild prefixes ("1>  ptxas info") are accepted.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/ReportParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

namespace cudalint::detail {
namespace {

/// Strips one pair of quotes and a trailing ':' (nvlink spells names '_Z...':).
llvm::StringRef unquoteName(llvm::StringRef Name) {
  Name = Name.trim();
  if (Name.ends_with(":"))
    Name = Name.drop_back().rtrim();
  if (Name.size() >= 2 && Name.front() == '\'' && Name.back() == '\'')
    Name = Name.drop_front().drop_back();
  return Name;
}

void applyItems(KernelResources &R, const ResourceItems &Items) {
  if (Items.Registers) {
    R.Registers = *Items.Registers;
    R.HasRegisters = true;
  }
  if (Items.Barriers)
    R.Barriers = *Items.Barriers;
  if (Items.Smem)
    R.StaticSmem = *Items.Smem;
  if (Items.Lmem)
    R.LocalMem = *Items.Lmem;
  if (Items.Stack)
    R.StackFrame = *Items.Stack;
  if (Items.CumulativeStack)
    R.CumulativeStack = *Items.CumulativeStack;
  for (const auto &[Bank, Bytes] : Items.Cmem)
    R.Cmem[Bank] = Bytes;
  R.Textures = Items.Textures;
  R.Surfaces = Items.Surfaces;
  R.Samplers = Items.Samplers;
}

} // namespace

llvm::Error ReportParser::handleToolLine(llvm::StringRef Tool, llvm::StringRef Severity,
                                         llvm::StringRef Message) {
  if (Severity == "error" || Severity == "fatal")
    return error(Tool + " reported an error: " + Message);
  if (Severity != "info")
    return llvm::Error::success(); // Warnings (spills, stack size) repeat what info lines say.
  if (Tool == "nvlink")
    return handleNvlinkInfo(Message);
  return handlePtxasInfo(Message);
}

llvm::Error ReportParser::handlePtxasInfo(llvm::StringRef Message) {
  if (Message.consume_front("Compiling entry function"))
    return handleEntry(Message.trim());
  if (Message.consume_front("Function properties for"))
    return handleFunctionProperties(Message);
  if (Message == "Used" || Message.starts_with("Used "))
    return handleUsed(Message);
  if (!Message.empty() && llvm::isDigit(Message.front()) && Message.contains("gmem"))
    return handleModule(Message);
  if (Message.consume_front("Compile time")) {
    double Ms;
    llvm::StringRef Value = Message.trim().drop_while([](char C) { return C == '='; }).trim();
    Value.consume_back("ms");
    if (Value.trim().getAsDouble(Ms))
      return error("malformed 'Compile time' line");
    if (!Report.Functions.empty())
      Report.Functions.back().CompileTimeMs = Ms;
    return llvm::Error::success();
  }
  return llvm::Error::success(); // Other informational lines carry no resources.
}

llvm::Error ReportParser::handleEntry(llvm::StringRef Text) {
  // 'NAME' for 'sm_XX'
  static const llvm::Regex EntryRE("^'(.+)' for '([A-Za-z0-9_]+)'$");
  llvm::SmallVector<llvm::StringRef, 3> M;
  if (!EntryRE.match(Text, &M))
    return error("malformed 'Compiling entry function' line (expected 'NAME' for 'sm_XX'): " +
                 Text);
  if (PendingEntry >= 0)
    return error("entry function '" + Report.Functions[PendingEntry].MangledName + "' (line " +
                 llvm::Twine(Report.Functions[PendingEntry].Line) +
                 ") has no 'Used N registers' line");
  llvm::Expected<unsigned> Arch = parseArchName(M[2]);
  if (!Arch)
    return error(llvm::toString(Arch.takeError()));
  KernelResources &R = newRecord(M[1], FunctionKind::Entry, ReportSource::Ptxas);
  CurrentArch = *Arch;
  CurrentArchName = M[2].str();
  setArch(R, CurrentArch, CurrentArchName);
  // Device functions printed before this unit's first entry belong to its arch.
  for (size_t I : ArchlessRecords)
    setArch(Report.Functions[I], CurrentArch, CurrentArchName);
  ArchlessRecords.clear();
  PendingEntry = int(Report.Functions.size() - 1);
  PendingProperties = PendingEntry;
  return llvm::Error::success();
}

llvm::Error ReportParser::handleFunctionProperties(llvm::StringRef Text) {
  llvm::StringRef Name = unquoteName(Text);
  if (Name.empty())
    return error("'Function properties for' line without a function name");
  if (PendingEntry >= 0 && Report.Functions[PendingEntry].MangledName == Name) {
    PendingProperties = PendingEntry;
  } else {
    KernelResources &R = newRecord(Name, FunctionKind::Device, ReportSource::Ptxas);
    setArch(R, CurrentArch, CurrentArchName);
    PendingProperties = int(Report.Functions.size() - 1);
    if (!CurrentArch)
      ArchlessRecords.push_back(Report.Functions.size() - 1);
  }
  StackLineDue = true;
  return llvm::Error::success();
}

llvm::Error ReportParser::handleUsed(llvm::StringRef Message) {
  llvm::Expected<ResourceItems> Items = parseResourceItems(Message);
  if (!Items)
    return error(llvm::toString(Items.takeError()) + " in '" + Message + "'");
  if (!Items->Registers)
    return error("'Used' line without a register count: " + Message);
  int Target = PendingEntry;
  if (Target < 0) {
    // A log filtered down to "Function properties" and "Used" lines: the record named last.
    if (PendingProperties < 0 || Report.Functions[PendingProperties].HasRegisters)
      return error("'Used N registers' line without a preceding function");
    Target = PendingProperties;
    Report.Functions[Target].Kind = FunctionKind::Entry;
  }
  applyItems(Report.Functions[Target], *Items);
  PendingEntry = -1;
  return llvm::Error::success();
}

llvm::Error ReportParser::handleModule(llvm::StringRef Message) {
  llvm::Expected<ResourceItems> Items = parseResourceItems(Message);
  if (!Items)
    return error(llvm::toString(Items.takeError()) + " in '" + Message + "'");
  if (PendingEntry >= 0)
    return error("entry function '" + Report.Functions[PendingEntry].MangledName + "' (line " +
                 llvm::Twine(Report.Functions[PendingEntry].Line) +
                 ") has no 'Used N registers' line");
  // A new compilation unit: its arch is known once its first entry is.
  CurrentArch = 0;
  CurrentArchName.clear();
  CurrentGmem = Items->Gmem.value_or(0);
  ModuleResources M;
  M.Gmem = CurrentGmem;
  M.Cmem = Items->Cmem;
  M.Line = LineNo;
  Report.Modules.push_back(std::move(M));
  PendingProperties = -1;
  return llvm::Error::success();
}

llvm::Error ReportParser::handleStackFrameLine(llvm::StringRef Line) {
  static const llvm::Regex StackRE("([0-9]+) bytes stack frame, ([0-9]+) bytes spill stores, "
                                   "([0-9]+) bytes spill loads[[:space:]]*$");
  llvm::SmallVector<llvm::StringRef, 4> M;
  if (!StackRE.match(Line, &M))
    return error("truncated or malformed stack frame line: " + Line.trim());
  int Target = PendingProperties >= 0 ? PendingProperties : PendingEntry;
  if (Target < 0)
    return error("stack frame line without a preceding function");
  KernelResources &R = Report.Functions[Target];
  if (!parseCount(M[1], R.StackFrame) || !parseCount(M[2], R.SpillStores) ||
      !parseCount(M[3], R.SpillLoads))
    return error("out-of-range number in stack frame line");
  PendingProperties = -1;
  StackLineDue = false;
  return llvm::Error::success();
}

llvm::Error ReportParser::handleNvlinkInfo(llvm::StringRef Message) {
  if (Message.consume_front("Function properties for")) {
    if (PendingNvlink >= 0)
      return error("nvlink record of '" + Report.Functions[PendingNvlink].MangledName +
                   "' has no 'used N registers' line");
    llvm::StringRef Name = unquoteName(Message);
    if (Name.empty())
      return error("'Function properties for' line without a function name");
    newRecord(Name, FunctionKind::Unknown, ReportSource::Nvlink);
    PendingNvlink = int(Report.Functions.size() - 1);
    return llvm::Error::success();
  }
  if (Message.starts_with_insensitive("used ")) {
    if (PendingNvlink < 0)
      return error("nvlink 'used N registers' line without a preceding function");
    llvm::Expected<ResourceItems> Items = parseResourceItems(Message);
    if (!Items)
      return error(llvm::toString(Items.takeError()) + " in '" + Message + "'");
    if (!Items->Registers)
      return error("nvlink 'used' line without a register count: " + Message);
    applyItems(Report.Functions[PendingNvlink], *Items);
    PendingNvlink = -1;
    return llvm::Error::success();
  }
  return llvm::Error::success(); // "N bytes gmem" of the linked image and other notes.
}

llvm::Error ReportParser::finishPtxas() {
  if (PendingEntry >= 0)
    return error("the report ends before the 'Used N registers' line of entry function '" +
                 Report.Functions[PendingEntry].MangledName + "' (line " +
                 llvm::Twine(Report.Functions[PendingEntry].Line) + ")");
  if (StackLineDue && PendingProperties >= 0)
    return error("the report ends after 'Function properties for " +
                 Report.Functions[PendingProperties].MangledName +
                 "' without its stack frame line");
  if (PendingNvlink >= 0)
    return error("the report ends before the 'used N registers' line of '" +
                 Report.Functions[PendingNvlink].MangledName + "'");
  return llvm::Error::success();
}

} // namespace cudalint::detail
