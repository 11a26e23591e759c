//===- TargetGpu.cpp - The GPU a launch's findings are about --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/TargetGpu.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalint {

TargetGpu targetGpuFor(const ProgramFacts &Facts, const LaunchFact &L) {
  if (Facts.Gpu)
    return {Facts.Gpu, true};
  // Every arch needs a product: an arch without one may run on a GPU with fewer SMs.
  if (L.Archs.empty())
    return {};
  for (unsigned Arch : L.Archs)
    if (!fewestSMsProduct({Arch}))
      return {};
  return {fewestSMsProduct(L.Archs), false};
}

std::string assumedNote(const TargetGpu &G, const LaunchFact &L) {
  if (G.Named || !G.Product)
    return "";
  std::vector<std::string> Archs;
  for (unsigned A : L.Archs)
    Archs.push_back("sm_" + std::to_string(A));
  return "no --gpu given: assuming " + G.Product->withArticle() + " (" +
         std::to_string(G.Product->SMs) + " SMs), the product of " + llvm::join(Archs, ", ") +
         " with the fewest SMs; name the target with --gpu (cuda-lint --list-gpus)";
}

std::string withCommas(std::uint64_t N) {
  std::string Digits = std::to_string(N), Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

} // namespace cudalint
