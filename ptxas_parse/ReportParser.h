//===- ReportParser.h - Line-by-line resource report parser -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Internal to ptxas_parse: the state machine behind parsePtxasReport. PtxasLogLines.cpp handles
// ptxas and nvlink lines, CuobjdumpLines.cpp the `cuobjdump --dump-resource-usage` sections,
// ReportItems.cpp the comma-separated resource items both ptxas and nvlink print.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_REPORTPARSER_H
#define CUDALINT_PTXAS_PARSE_REPORTPARSER_H

#include "ptxas_parse/PtxasReport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace cudalint::detail {

/// Resource items of a "Used N registers, ..." or "N bytes gmem, ..." line.
struct ResourceItems {
  std::optional<unsigned> Registers;
  std::optional<unsigned> Barriers;
  std::optional<uint64_t> Smem, Lmem, Gmem, Stack, CumulativeStack;
  std::map<unsigned, uint64_t> Cmem;
  unsigned Textures = 0, Surfaces = 0, Samplers = 0;
};

/// Parses "Used 24 registers, used 1 barriers, 8 bytes cumulative stack size, 4096 bytes smem,
/// 360 bytes cmem[0]" (and nvlink's "0 stack", "0 bytes lmem"). The error text has no location.
llvm::Expected<ResourceItems> parseResourceItems(llvm::StringRef Text);

/// No count in a report comes near this (1 TiB of memory); larger ones are out of range, so
/// that the occupancy arithmetic never sees a value that could wrap.
inline constexpr uint64_t MaxReportCount = uint64_t(1) << 40;

/// Parses a decimal count of at most MaxReportCount.
bool parseCount(llvm::StringRef Text, uint64_t &Value);

class ReportParser {
public:
  ReportParser(llvm::StringRef FileName) : FileName(FileName) {}
  llvm::Error parse(llvm::StringRef Text);
  PtxasReport takeReport() { return std::move(Report); }

private:
  // PtxasLogLines.cpp
  llvm::Error handleToolLine(llvm::StringRef Tool, llvm::StringRef Severity,
                             llvm::StringRef Message);
  llvm::Error handlePtxasInfo(llvm::StringRef Message);
  llvm::Error handleNvlinkInfo(llvm::StringRef Message);
  llvm::Error handleEntry(llvm::StringRef Message);
  llvm::Error handleFunctionProperties(llvm::StringRef Name);
  llvm::Error handleUsed(llvm::StringRef Message);
  llvm::Error handleModule(llvm::StringRef Message);
  llvm::Error handleStackFrameLine(llvm::StringRef Line);
  llvm::Error finishPtxas();
  // CuobjdumpLines.cpp
  bool inCuobjdumpSection() const { return InCuobjdump; }
  llvm::Error handleCuobjdumpLine(llvm::StringRef Line, bool &Consumed);
  llvm::Error finishCuobjdump();

  llvm::Error handleLine(llvm::StringRef Line);
  /// Whether \p Line carries report data (a tool line, a stack line, cuobjdump).
  bool isReportLine(llvm::StringRef Line) const;
  llvm::Error error(const llvm::Twine &Message) const;
  llvm::Error errorAt(unsigned AtLine, const llvm::Twine &Message) const;
  KernelResources &newRecord(llvm::StringRef Name, FunctionKind Kind, ReportSource Source);
  void setArch(KernelResources &R, unsigned Arch, llvm::StringRef ArchName);

  std::string FileName;
  PtxasReport Report;
  unsigned LineNo = 0;

  // ptxas state.
  unsigned CurrentArch = 0;
  std::string CurrentArchName;
  uint64_t CurrentGmem = 0;
  /// The entry whose "Used N registers" line is still due.
  int PendingEntry = -1;
  /// The record named by the last "Function properties for", whose stack line may follow.
  int PendingProperties = -1;
  /// The previous line was "Function properties for" (its stack line is due).
  bool StackLineDue = false;
  /// Device functions seen before the first entry of their compilation unit (arch not yet known).
  std::vector<size_t> ArchlessRecords;
  /// The nvlink record whose "used N registers" line is due.
  int PendingNvlink = -1;

  // cuobjdump state.
  bool InCuobjdump = false;
  unsigned CuobjdumpArch = 0;
  std::string CuobjdumpArchName;
  bool InCommon = false;
  int PendingCuobjdump = -1;
};

} // namespace cudalint::detail

#endif // CUDALINT_PTXAS_PARSE_REPORTPARSER_H
