//===- PtxasTestSupport.h - Helpers shared by the ptxas_parse tests -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#ifndef CUDALINT_TEST_UNIT_PTXAS_PTXASTESTSUPPORT_H
#define CUDALINT_TEST_UNIT_PTXAS_PTXASTESTSUPPORT_H

#include "ptxas_parse/PtxasReport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <string>

namespace cudalint::test {

inline std::string inputPath(llvm::StringRef Name) {
  return std::string(PTXAS_TEST_INPUTS) + "/" + Name.str();
}

inline std::string readInput(llvm::StringRef Name) {
  auto Buffer = llvm::MemoryBuffer::getFile(inputPath(Name));
  EXPECT_TRUE(bool(Buffer)) << "cannot read " << inputPath(Name);
  return Buffer ? (*Buffer)->getBuffer().str() : std::string();
}

/// The record of \p Name for \p Arch from \p Source, or null.
inline const KernelResources *findFunction(const PtxasReport &R, llvm::StringRef Name,
                                           unsigned Arch,
                                           ReportSource Source = ReportSource::Ptxas) {
  for (const KernelResources &K : R.Functions)
    if (K.MangledName == Name && K.Arch == Arch && K.Source == Source)
      return &K;
  return nullptr;
}

/// Parses text that must fail and returns the error (line, message) for checks.
struct ParseFailure {
  unsigned Line = 0;
  std::string Message;
  bool Failed = false;
};

inline ParseFailure parseFailure(llvm::StringRef Text) {
  ParseFailure F;
  llvm::Expected<PtxasReport> R = parsePtxasReport(Text, "test.log");
  if (R)
    return F;
  F.Failed = true;
  llvm::handleAllErrors(R.takeError(), [&](const PtxasParseError &E) {
    F.Line = E.line();
    F.Message = E.text();
  });
  return F;
}

} // namespace cudalint::test

#endif // CUDALINT_TEST_UNIT_PTXAS_PTXASTESTSUPPORT_H
