//===- GpuProductsTest.cpp - The GPU product table ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The SM counts are typed in again here from the published figures (CUDA cores over FP32 cores
// per SM where NVIDIA gives cores), independently of the table, so that a typo in one shows.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/GpuProducts.h"
#include "ptxas_parse/ArchLimits.h"

#include "gtest/gtest.h"

#include <set>

using namespace cudalint;

namespace {

struct Expected {
  const char *Name;
  unsigned Sm, SMs;
};

// clang-format off
const Expected Published[] = {
  {"H100 SXM", 90, 132},  {"H100 PCIe", 90, 114}, {"H200", 90, 132},      {"H20", 90, 78},
  {"GH200", 90, 132},     {"B200", 100, 148},     {"A100 SXM", 80, 6912 / 64},
  {"A100 PCIe", 80, 6912 / 64},                   {"A30", 80, 3584 / 64}, {"A10", 86, 9216 / 128},
  {"A40", 86, 10752 / 128}, {"L4", 89, 7424 / 128}, {"L40S", 89, 18176 / 128},
  {"T4", 75, 2560 / 64},  {"V100", 70, 5120 / 64}, {"RTX 5090", 120, 21760 / 128},
  {"RTX 4090", 89, 16384 / 128}, {"RTX 4080", 89, 9728 / 128}, {"RTX 4070", 89, 5888 / 128},
  {"RTX 4060", 89, 3072 / 128},  {"RTX 3090", 86, 10496 / 128}, {"RTX 3080", 86, 8704 / 128},
  {"RTX 3060", 86, 3584 / 128},  {"Jetson AGX Orin 64GB", 87, 2048 / 128},
  {"Jetson AGX Orin 32GB", 87, 1792 / 128},
};
// clang-format on

TEST(GpuProducts, PublishedCounts) {
  for (const Expected &E : Published) {
    SCOPED_TRACE(E.Name);
    llvm::Expected<const GpuProduct &> P = lookupGpuProduct(E.Name);
    ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
    EXPECT_EQ(P->SmVersion, E.Sm);
    EXPECT_EQ(P->SMs, E.SMs);
  }
  EXPECT_EQ(allGpuProducts().size(), std::size(Published));
}

TEST(GpuProducts, EveryRowHasASourceAndAKnownArch) {
  std::set<std::string> Names;
  for (const GpuProduct &P : allGpuProducts()) {
    SCOPED_TRACE(P.Name);
    EXPECT_NE(lookupArch(P.SmVersion), nullptr);
    EXPECT_GT(std::string(P.Source).size(), 20u);
    EXPECT_TRUE(std::string(P.Article) == "a" || std::string(P.Article) == "an");
    EXPECT_TRUE(Names.insert(normalizeGpuName(P.Name)).second) << "duplicate name";
  }
}

/// The table name \p Spelling resolves to, or the error.
std::string nameOf(const char *Spelling) {
  llvm::Expected<const GpuProduct &> P = lookupGpuProduct(Spelling);
  if (!P)
    return llvm::toString(P.takeError());
  return P->Name;
}

TEST(GpuProducts, SpellingsAndAliases) {
  for (const char *Name : {"h100", "H100-SXM", "h100_sxm5", "NVIDIA H100 SXM", "H100 80GB HBM3"})
    EXPECT_EQ(nameOf(Name), "H100 SXM") << Name;
  EXPECT_EQ(nameOf("geforce rtx 4090"), "RTX 4090");
  EXPECT_EQ(nameOf("a100"), "A100 SXM");
  EXPECT_EQ(nameOf("orin"), "Jetson AGX Orin 64GB");
  EXPECT_EQ(allGpuProducts().front().withArticle(), "an H100 SXM");
  EXPECT_EQ(fewestSMsProduct({75})->withArticle(), "a T4");
}

TEST(GpuProducts, UnknownNameListsTheTable) {
  for (const char *Name : {"", "H300", "nvidia", "4090 Ti"}) {
    llvm::Expected<const GpuProduct &> P = lookupGpuProduct(Name);
    ASSERT_FALSE(bool(P)) << Name;
    std::string Message = llvm::toString(P.takeError());
    EXPECT_NE(Message.find("unknown GPU '" + std::string(Name) + "'"), std::string::npos);
    EXPECT_NE(Message.find("H100 SXM, H100 PCIe"), std::string::npos);
    EXPECT_NE(Message.find("--list-gpus"), std::string::npos);
  }
}

TEST(GpuProducts, FewestSMs) {
  EXPECT_STREQ(fewestSMsProduct({90})->Name, "H20");
  EXPECT_STREQ(fewestSMsProduct({80, 90})->Name, "A30");
  EXPECT_STREQ(fewestSMsProduct({89})->Name, "RTX 4060");
  EXPECT_STREQ(fewestSMsProduct({75})->Name, "T4");
  EXPECT_STREQ(fewestSMsProduct({87, 90})->Name, "Jetson AGX Orin 32GB");
  EXPECT_EQ(fewestSMsProduct({52}), nullptr);
  EXPECT_EQ(fewestSMsProduct({}), nullptr);
}

} // namespace
