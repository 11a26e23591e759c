//===- GpuProducts.h - GPU products: compute capability and SM count -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The products `--gpu NAME` names: each with its compute capability and the number of SMs it
// enables, and where that number comes from (docs/gpus.md). The launch-shape rules (small-grid,
// tail-effect) need the SM count, which the architecture alone does not fix: an H100 SXM has 132
// SMs, an H100 PCIe 114, an H20 78, all sm_90. Every product in the table has the per-SM limits of
// its compute capability (ArchLimits); none differs from them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_GPUPRODUCTS_H
#define CUDALINT_PTXAS_PARSE_GPUPRODUCTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace cudalint {

struct GpuProduct {
  /// As messages show it: "H100 SXM".
  const char *Name;
  /// "a" or "an", as the name is read aloud ("an H100 SXM", "a T4").
  const char *Article;
  /// Other spellings `--gpu` accepts, separated by '|' (compared like the name, see
  /// normalizeGpuName).
  const char *Aliases;
  /// 10*major+minor of its compute capability (90 for sm_90).
  unsigned SmVersion;
  /// Streaming multiprocessors the product enables (cudaDevAttrMultiProcessorCount).
  unsigned SMs;
  /// Where the SM count comes from.
  const char *Source;

  /// "an H100 SXM".
  std::string withArticle() const { return std::string(Article) + " " + Name; }
};

/// Every product, in the order --list-gpus prints them.
llvm::ArrayRef<GpuProduct> allGpuProducts();

/// \p Name lower-cased without spaces, '-', '_' and a leading "nvidia" or "geforce", so that
/// "H100-SXM", "h100 sxm" and "NVIDIA H100 SXM" are one name.
std::string normalizeGpuName(llvm::StringRef Name);

/// The product \p Name names (its name or an alias), or an error that lists them all.
llvm::Expected<const GpuProduct &> lookupGpuProduct(llvm::StringRef Name);

/// Of the products whose compute capability is one of \p SmVersions, the one with the fewest SMs
/// (the first in table order on a tie); null when no product has one of them.
const GpuProduct *fewestSMsProduct(llvm::ArrayRef<unsigned> SmVersions);

/// "H100 SXM, H100 PCIe, ...": every product name.
std::string knownGpuList();

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_GPUPRODUCTS_H
