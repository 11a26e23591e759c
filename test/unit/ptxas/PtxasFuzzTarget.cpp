//===- PtxasFuzzTarget.cpp - libFuzzer entry point for the report parser --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input; when it parses, runs the occupancy report over it and renders both formats,
// so that every record the parser accepts also goes through the model. Any crash, sanitizer
// report or broken invariant is a failure.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/OccupancyReport.h"
#include "ptxas_parse/PtxasReport.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace cudalint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<PtxasReport> Report = parsePtxasReport(Text, "fuzz.log");
  if (!Report) {
    if (llvm::toString(Report.takeError()).empty())
      abort(); // Every error explains itself.
    return 0;
  }
  for (const KernelResources &K : Report->Functions)
    if (K.MangledName.empty() || K.Line == 0)
      abort();
  OccupancyRequest Req;
  Req.BlockSizes = {1, 96, 1024};
  Req.DynamicSmem = {0, 70000};
  if (Report->archs().empty())
    Req.Archs = {52, 90};
  llvm::Expected<std::vector<KernelOccupancy>> Kernels = computeOccupancyReport(*Report, Req);
  if (!Kernels) {
    llvm::consumeError(Kernels.takeError());
    return 0;
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  renderOccupancyText(OS, *Kernels);
  OS << renderOccupancyJson(*Kernels, Req);
  for (const KernelOccupancy &K : *Kernels)
    for (const OccupancyRow &Row : K.Rows)
      if (Row.Result.Occupancy < 0 || Row.Result.Occupancy > 1)
        abort();
  return 0;
}
