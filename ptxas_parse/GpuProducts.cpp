//===- GpuProducts.cpp - GPU products: compute capability and SM count ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One row per product. Where NVIDIA publishes CUDA cores rather than SMs, the count is the cores
// divided by the FP32 cores per SM of the architecture (64 on Volta, Turing and GA100, 128 on
// GA10x, Ada, Hopper and Blackwell); docs/gpus.md lists the sources.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/GpuProducts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalint {
namespace {

constexpr const char *HopperWhitepaper =
    "NVIDIA H100 Tensor Core GPU Architecture whitepaper (2022): H100 SXM5 132 SMs, H100 PCIe "
    "114 SMs; https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper";
constexpr const char *AmpereWhitepaper =
    "NVIDIA A100 Tensor Core GPU Architecture whitepaper (2020): 108 SMs; "
    "https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/"
    "nvidia-ampere-architecture-whitepaper.pdf";
constexpr const char *GA102Whitepaper =
    "NVIDIA Ampere GA102 GPU Architecture whitepaper v2: RTX 3090 82 SMs, RTX 3080 68 SMs; "
    "https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf";
constexpr const char *AdaWhitepaper =
    "NVIDIA Ada GPU Architecture whitepaper v2.1: RTX 4090 128 SMs, RTX 4080 76 SMs; "
    "https://images.nvidia.com/aem-dam/Solutions/Data-Center/l4/"
    "nvidia-ada-gpu-architecture-whitepaper-v2.1.pdf";
constexpr const char *OrinBrief =
    "NVIDIA Jetson AGX Orin Series Technical Brief v1.2: 64GB module 2048 CUDA cores in 16 SMs, "
    "32GB module 1792 CUDA cores (14 SMs); https://www.nvidia.com/content/dam/en-zz/Solutions/"
    "gtcf21/jetson-orin/nvidia-jetson-agx-orin-technical-brief.pdf";

// clang-format off
const GpuProduct Products[] = {
  {"H100 SXM",  "an", "H100|H100 SXM5|H100 80GB HBM3", 90, 132, HopperWhitepaper},
  {"H100 PCIe", "an", "H100 PCIe 80GB",                90, 114, HopperWhitepaper},
  {"H200",      "an", "H200 SXM|H200 141GB HBM3e",     90, 132,
   "NVIDIA H200 datasheet: the GH100 configuration of H100 SXM5 (132 SMs) with 141 GB HBM3e; "
   "https://www.nvidia.com/en-us/data-center/h200/"},
  {"H20",       "an", "",                              90,  78,
   "not in NVIDIA's datasheet; cudaDevAttrMultiProcessorCount reports 78 (Geekbench 6 CUDA "
   "listing of the H20, reported by Wccftech, Nov 2023)"},
  {"GH200",     "a",  "GH200 480GB|Grace Hopper",      90, 132,
   "NVIDIA Grace Hopper Superchip Architecture whitepaper: its H100 has 132 SMs; "
   "https://resources.nvidia.com/en-us-grace-cpu/nvidia-grace-hopper"},
  {"B200",      "a",  "B200 SXM",                      100, 148,
   "Chips and Cheese, \"Nvidia's B200: Keeping the CUDA Juggernaut Rolling\" (2025): 74 SMs "
   "enabled per die, 148 in all; https://chipsandcheese.com/p/nvidias-b200-keeping-the-cuda-"
   "juggernaut"},
  {"A100 SXM",  "an", "A100|A100 SXM4|A100 SXM4 80GB|A100 SXM4 40GB", 80, 108, AmpereWhitepaper},
  {"A100 PCIe", "an", "A100 PCIe 80GB|A100 PCIe 40GB", 80, 108, AmpereWhitepaper},
  {"A30",       "an", "",                              80,  56,
   "NVIDIA A30 datasheet and TechPowerUp GPU database: GA100 with 3584 FP32 cores, 64 per SM; "
   "https://www.techpowerup.com/gpu-specs/a30-pcie.c3792"},
  {"A10",       "an", "",                              86,  72,
   "NVIDIA A10 datasheet: 9216 CUDA cores, 72 RT cores (one per SM); "
   "https://www.nvidia.com/en-us/data-center/products/a10-gpu/"},
  {"A40",       "an", "",                              86,  84,
   "NVIDIA A40 datasheet: 10752 CUDA cores, 84 RT cores (one per SM); "
   "https://www.nvidia.com/en-us/data-center/a40/"},
  {"L4",        "an", "",                              89,  58,
   "NVIDIA L4 datasheet: 7424 CUDA cores, 128 per SM; https://www.nvidia.com/en-us/data-center/l4/"},
  {"L40S",      "an", "",                              89, 142,
   "NVIDIA L40S datasheet: 18176 CUDA cores, 142 RT cores (one per SM); "
   "https://www.nvidia.com/en-us/data-center/l40s/"},
  {"T4",        "a",  "Tesla T4",                      75,  40,
   "NVIDIA T4 datasheet: 2560 CUDA cores, 64 per Turing SM; "
   "https://www.nvidia.com/en-us/data-center/tesla-t4/"},
  {"V100",      "a",  "Tesla V100|V100 SXM2|V100 PCIe", 70, 80,
   "NVIDIA Tesla V100 GPU Architecture whitepaper (2017): 80 SMs; https://images.nvidia.com/"
   "content/volta-architecture/pdf/volta-architecture-whitepaper.pdf"},
  {"RTX 5090",  "an", "",                              120, 170,
   "NVIDIA RTX Blackwell GPU Architecture whitepaper: RTX 5090 170 SMs; https://images.nvidia.com/"
   "aem-dam/Solutions/geforce/blackwell/nvidia-rtx-blackwell-gpu-architecture.pdf"},
  {"RTX 4090",  "an", "",                              89, 128, AdaWhitepaper},
  {"RTX 4080",  "an", "",                              89,  76, AdaWhitepaper},
  {"RTX 4070",  "an", "",                              89,  46,
   "NVIDIA GeForce RTX 4070 specifications: 5888 CUDA cores, 128 per SM; https://www.nvidia.com/"
   "en-us/geforce/graphics-cards/40-series/rtx-4070-family/"},
  {"RTX 4060",  "an", "",                              89,  24,
   "NVIDIA GeForce RTX 4060 specifications: 3072 CUDA cores, 128 per SM; https://www.nvidia.com/"
   "en-us/geforce/graphics-cards/40-series/rtx-4060-4060ti/"},
  {"RTX 3090",  "an", "",                              86,  82, GA102Whitepaper},
  {"RTX 3080",  "an", "RTX 3080 10GB",                 86,  68, GA102Whitepaper},
  {"RTX 3060",  "an", "RTX 3060 12GB",                 86,  28,
   "NVIDIA GeForce RTX 3060 specifications: 3584 CUDA cores, 128 per SM; https://www.nvidia.com/"
   "en-us/geforce/graphics-cards/30-series/rtx-3060-3060ti/"},
  {"Jetson AGX Orin 64GB", "a", "Jetson AGX Orin|AGX Orin|Orin", 87, 16, OrinBrief},
  {"Jetson AGX Orin 32GB", "a", "AGX Orin 32GB",       87,  14, OrinBrief},
};
// clang-format on

} // namespace

llvm::ArrayRef<GpuProduct> allGpuProducts() { return Products; }

std::string normalizeGpuName(llvm::StringRef Name) {
  std::string S;
  for (char C : Name)
    if (C != ' ' && C != '-' && C != '_' && C != '\t')
      S += llvm::toLower(C);
  llvm::StringRef R(S);
  R.consume_front("nvidia");
  R.consume_front("geforce");
  return R.str();
}

static bool matches(const GpuProduct &P, const std::string &Wanted) {
  if (normalizeGpuName(P.Name) == Wanted)
    return true;
  llvm::SmallVector<llvm::StringRef, 4> Aliases;
  llvm::StringRef(P.Aliases).split(Aliases, '|', -1, /*KeepEmpty=*/false);
  return llvm::any_of(Aliases, [&](llvm::StringRef A) { return normalizeGpuName(A) == Wanted; });
}

std::string knownGpuList() {
  std::string S;
  for (const GpuProduct &P : Products) {
    if (!S.empty())
      S += ", ";
    S += P.Name;
  }
  return S;
}

llvm::Expected<const GpuProduct &> lookupGpuProduct(llvm::StringRef Name) {
  std::string Wanted = normalizeGpuName(Name);
  if (!Wanted.empty())
    for (const GpuProduct &P : Products)
      if (matches(P, Wanted))
        return P;
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown GPU '%s' (known: %s; see cuda-lint --list-gpus)",
                                 Name.str().c_str(), knownGpuList().c_str());
}

const GpuProduct *fewestSMsProduct(llvm::ArrayRef<unsigned> SmVersions) {
  const GpuProduct *Best = nullptr;
  for (const GpuProduct &P : Products)
    if (llvm::is_contained(SmVersions, P.SmVersion) && (!Best || P.SMs < Best->SMs))
      Best = &P;
  return Best;
}

} // namespace cudalint
