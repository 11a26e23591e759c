//===- RealNvccReportTest.cpp - Reports written by the installed nvcc -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiles Inputs/resource_kernels.cu for four archs with the toolkit's nvcc during the test and
// checks what the parser makes of the report. Skipped when nvcc is absent.
//
//===----------------------------------------------------------------------===//

#include "PtxasTestSupport.h"

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/NvccRunner.h"
#include "ptxas_parse/Occupancy.h"
#include "ptxas_parse/PtxasReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace cudalint::test;

namespace {

class RealNvcc : public ::testing::Test {
protected:
  void SetUp() override {
    if (!llvm::sys::fs::can_execute(PTXAS_TEST_NVCC))
      GTEST_SKIP() << "no nvcc at " << PTXAS_TEST_NVCC;
  }

  PtxasReport compile(std::vector<std::string> Archs, std::vector<std::string> Extra = {}) {
    llvm::Expected<std::string> Output =
        runNvccResourceUsage(PTXAS_TEST_NVCC, inputPath("resource_kernels.cu"), Archs, Extra);
    if (!Output) {
      ADD_FAILURE() << llvm::toString(Output.takeError());
      return {};
    }
    llvm::Expected<PtxasReport> R = parsePtxasReport(*Output, "nvcc output");
    if (!R) {
      ADD_FAILURE() << llvm::toString(R.takeError()) << "\n" << *Output;
      return {};
    }
    return std::move(*R);
  }
};

const char *const Kernels[] = {"_Z5scalePf",
                               "_Z5tiledPf",
                               "_Z7stencilIfLi3EEvPT_",
                               "_Z7stencilIdLi5EEvPT_",
                               "_ZN7physics6reportENS_8ParticleEPi",
                               "_Z8pressurePf",
                               "_Z13namedBarriersPf"};

TEST_F(RealNvcc, SeveralKernelsAndArchs) {
  PtxasReport R = compile({"sm_75", "sm_80", "sm_90", "sm_120"});
  EXPECT_EQ(R.archs(), (std::vector<unsigned>{75, 80, 90, 120}));
  EXPECT_EQ(R.kernels().size(), 4 * std::size(Kernels));
  for (unsigned Arch : {75u, 80u, 90u, 120u}) {
    SCOPED_TRACE("sm_" + std::to_string(Arch));
    for (const char *Name : Kernels) {
      const KernelResources *K = findFunction(R, Name, Arch);
      ASSERT_TRUE(K) << Name;
      EXPECT_EQ(K->Kind, FunctionKind::Entry) << Name;
      EXPECT_TRUE(K->HasRegisters) << Name;
      EXPECT_GT(K->Registers, 0u) << Name;
      EXPECT_LE(K->Registers, 255u) << Name;
    }
    EXPECT_EQ(findFunction(R, "_Z5tiledPf", Arch)->StaticSmem, 4096u);
    EXPECT_EQ(findFunction(R, "_Z5tiledPf", Arch)->Barriers, 1u);
    EXPECT_EQ(findFunction(R, "_Z13namedBarriersPf", Arch)->StaticSmem, 1024u);
    EXPECT_EQ(findFunction(R, "_Z13namedBarriersPf", Arch)->Barriers, 4u);
    EXPECT_EQ(findFunction(R, "_Z7stencilIfLi3EEvPT_", Arch)->StaticSmem, 0u);
    EXPECT_EQ(findFunction(R, "_Z5scalePf", Arch)->Barriers, 0u);
    // __launch_bounds__(1024) caps the registers so that one 1024-thread block fits.
    const KernelResources *Pressure = findFunction(R, "_Z8pressurePf", Arch);
    EXPECT_LE(Pressure->Registers, registerCapForLaunchBounds(*lookupArch(Arch), 1024, 1));
    EXPECT_GT(Pressure->SpillStores, 0u);
    EXPECT_GT(Pressure->StackFrame, 0u);
    EXPECT_EQ(findFunction(R, "_ZN7physics6reportENS_8ParticleEPi", Arch)->DemangledName,
              "physics::report(physics::Particle, int*)");
    const KernelResources *Pick = findFunction(R, "_Z4pickfi", Arch);
    ASSERT_TRUE(Pick);
    EXPECT_EQ(Pick->Kind, FunctionKind::Device);
  }
}

// -maxrregcount caps every kernel but those with __launch_bounds__, whose bound wins (ptxas
// prints "Overriding maximum register limit" lines for the others; the parser skips them).
TEST_F(RealNvcc, MaxrregcountLowersTheReportedRegisters) {
  PtxasReport R = compile({"sm_90"}, {"-maxrregcount=24"});
  ASSERT_EQ(R.kernels().size(), std::size(Kernels));
  for (const KernelResources &K : R.kernels())
    if (K.MangledName == "_Z8pressurePf")
      EXPECT_EQ(K.Registers, registerCapForLaunchBounds(*lookupArch(90), 1024, 1));
    else
      EXPECT_LE(K.Registers, 24u) << K.MangledName;
}

TEST_F(RealNvcc, CompileErrorsAreReported) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("broken", "cu", Path));
  llvm::FileRemover Remover(Path);
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << "__global__ void k( { }\n";
  }
  llvm::Expected<std::string> Output = runNvccResourceUsage(PTXAS_TEST_NVCC, Path, {}, {});
  ASSERT_FALSE(bool(Output));
  EXPECT_NE(llvm::toString(Output.takeError()).find("nvcc failed on"), std::string::npos);
}

TEST(NvccRunner, ArgumentsAndMissingToolkit) {
  std::vector<std::string> Args =
      nvccResourceUsageArgs("/cuda/bin/nvcc", "k.cu", {"sm_90a", "sm_80"}, {"-DX=1"});
  EXPECT_EQ(Args, (std::vector<std::string>{
                      "/cuda/bin/nvcc", "--resource-usage", "-c", "-o", "/dev/null",
                      "--generate-code=arch=compute_90a,code=sm_90a",
                      "--generate-code=arch=compute_80,code=sm_80", "-DX=1", "k.cu"}));
  llvm::Expected<std::string> Nvcc = findNvcc("/nonexistent/cuda");
  ASSERT_FALSE(bool(Nvcc));
  EXPECT_EQ(llvm::toString(Nvcc.takeError()),
            "no nvcc at /nonexistent/cuda/bin/nvcc (set --cuda-path or CUDA_PATH, or pass "
            "--ptxas-log)");
}

} // namespace
