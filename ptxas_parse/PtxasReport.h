//===- PtxasReport.h - Parsed ptxas / nvlink / cuobjdump resource reports -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The resources of every function in a compiler resource report: `nvcc --resource-usage`,
// `-Xptxas -v` / `--ptxas-options=-v` (CUDA 10 to 13), `-Xnvlink -v`, and
// `cuobjdump --dump-resource-usage`. Malformed, truncated or binary input is an error that names
// the file and line, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_PTXASREPORT_H
#define CUDALINT_PTXAS_PARSE_PTXASREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace cudalint {

enum class FunctionKind {
  /// A __global__ function ("Compiling entry function").
  Entry,
  /// A non-inlined __device__ function ("Function properties for" with no entry).
  Device,
  /// nvlink and cuobjdump reports do not say.
  Unknown,
};

enum class ReportSource { Ptxas, Nvlink, Cuobjdump };

struct KernelResources {
  std::string MangledName;
  /// llvm::demangle of the name; the name itself when it is not mangled.
  std::string DemangledName;
  FunctionKind Kind = FunctionKind::Unknown;
  ReportSource Source = ReportSource::Ptxas;
  /// 10*major+minor (90 for sm_90 and sm_90a); 0 when the report does not say.
  unsigned Arch = 0;
  /// As the report spells it: "sm_90a". Empty when unknown.
  std::string ArchName;
  unsigned Registers = 0;
  /// False for device functions, whose report has no "Used N registers" line.
  bool HasRegisters = false;
  unsigned Barriers = 0;
  uint64_t StaticSmem = 0;
  uint64_t StackFrame = 0;
  uint64_t SpillStores = 0;
  uint64_t SpillLoads = 0;
  /// Local memory ("N bytes lmem", cuobjdump LOCAL).
  uint64_t LocalMem = 0;
  std::optional<uint64_t> CumulativeStack;
  /// Constant bank -> bytes (cmem[N]).
  std::map<unsigned, uint64_t> Cmem;
  unsigned Textures = 0;
  unsigned Surfaces = 0;
  unsigned Samplers = 0;
  /// Global memory of the compilation unit the function belongs to ("N bytes gmem").
  uint64_t Gmem = 0;
  std::optional<double> CompileTimeMs;
  /// 1-based line of the record's first line.
  unsigned Line = 0;

  bool isEntry() const { return Kind != FunctionKind::Device; }
};

/// A compilation unit's own line: "ptxas info : 68 bytes gmem, 256 bytes cmem[3]".
struct ModuleResources {
  unsigned Arch = 0;
  uint64_t Gmem = 0;
  std::map<unsigned, uint64_t> Cmem;
  unsigned Line = 0;
};

struct PtxasReport {
  std::vector<KernelResources> Functions;
  std::vector<ModuleResources> Modules;

  /// The archs of the functions, ascending, without duplicates (0 excluded).
  std::vector<unsigned> archs() const;
  /// The functions to use for occupancy: entries and functions of unknown kind, with an nvlink
  /// record (final register allocation after device linking) replacing the ptxas record of the
  /// same name and arch.
  std::vector<KernelResources> kernels() const;
};

/// A parse failure: "FILE:LINE: message".
class PtxasParseError : public llvm::ErrorInfo<PtxasParseError> {
public:
  static char ID;
  PtxasParseError(std::string FileName, unsigned Line, std::string Message)
      : FileName(std::move(FileName)), Line(Line), Message(std::move(Message)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
  const std::string &fileName() const { return FileName; }
  unsigned line() const { return Line; }
  const std::string &text() const { return Message; }

private:
  std::string FileName;
  unsigned Line;
  std::string Message;
};

/// Parses a report; \p FileName is only used in error messages. Lines that belong to neither
/// ptxas, nvlink nor cuobjdump (compiler commands, warnings, make output) are skipped, so a whole
/// build log can be given.
llvm::Expected<PtxasReport> parsePtxasReport(llvm::StringRef Text, llvm::StringRef FileName);

/// The largest report read (a whole project's build log is a few MiB).
inline constexpr uint64_t MaxReportBytes = 64 << 20;

/// Reads and parses a file ("-" is stdin), at most MaxReportBytes of it.
llvm::Expected<PtxasReport> parsePtxasReportFile(llvm::StringRef Path);

/// llvm::demangle, returning the input when it is not a mangled name or is longer than 64 KiB.
/// Long names are demangled on a thread with a stack sized for them, so no nesting overflows it.
std::string demangleName(llvm::StringRef Mangled);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_PTXASREPORT_H
