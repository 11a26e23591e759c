//===- PtxasParserTest.cpp - Parsing recorded resource reports ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Recorded reports of CUDA 6.5 to 13.0 in every layout the parser accepts: ptxas -v with several
// archs, nvlink -v after -rdc, cuobjdump --dump-resource-usage, MSBuild logs with CRLF, logs
// filtered with grep.
//
//===----------------------------------------------------------------------===//

#include "PtxasTestSupport.h"

#include "ptxas_parse/PtxasReport.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace cudalint::test;

namespace {

PtxasReport parseInput(llvm::StringRef Name) {
  llvm::Expected<PtxasReport> R = parsePtxasReportFile(inputPath(Name));
  if (!R) {
    ADD_FAILURE() << llvm::toString(R.takeError());
    return {};
  }
  return std::move(*R);
}

TEST(PtxasParser, Cuda13TwoArchs) {
  PtxasReport R = parseInput("cuda13.0-sm75-sm90.log");
  EXPECT_EQ(R.archs(), (std::vector<unsigned>{75, 90}));
  ASSERT_EQ(R.Functions.size(), 16u);
  EXPECT_EQ(R.kernels().size(), 14u);

  const KernelResources *Tiled75 = findFunction(R, "_Z5tiledPf", 75);
  ASSERT_TRUE(Tiled75);
  EXPECT_EQ(Tiled75->Kind, FunctionKind::Entry);
  EXPECT_EQ(Tiled75->ArchName, "sm_75");
  EXPECT_EQ(Tiled75->Registers, 38u);
  EXPECT_EQ(Tiled75->Barriers, 1u);
  EXPECT_EQ(Tiled75->StaticSmem, 4096u);
  EXPECT_EQ(Tiled75->StackFrame, 128u);
  EXPECT_EQ(Tiled75->CumulativeStack, std::optional<uint64_t>(128));
  EXPECT_EQ(Tiled75->Cmem, (std::map<unsigned, uint64_t>{{0, 360}}));
  EXPECT_EQ(Tiled75->Gmem, 4u);
  EXPECT_TRUE(Tiled75->CompileTimeMs && *Tiled75->CompileTimeMs > 0);

  const KernelResources *Tiled90 = findFunction(R, "_Z5tiledPf", 90);
  ASSERT_TRUE(Tiled90);
  EXPECT_EQ(Tiled90->Registers, 27u);
  EXPECT_TRUE(Tiled90->Cmem.empty()); // sm_90 reports no cmem[0].

  const KernelResources *Pressure = findFunction(R, "_Z8pressurePf", 90);
  ASSERT_TRUE(Pressure);
  EXPECT_EQ(Pressure->Registers, 64u);
  EXPECT_EQ(Pressure->StackFrame, 88u);
  EXPECT_EQ(Pressure->SpillStores, 172u);
  EXPECT_EQ(Pressure->SpillLoads, 172u);

  const KernelResources *Named = findFunction(R, "_Z13namedBarriersPf", 75);
  ASSERT_TRUE(Named);
  EXPECT_EQ(Named->Barriers, 4u);
  EXPECT_EQ(Named->StaticSmem, 1024u);

  for (unsigned Arch : {75u, 90u}) {
    const KernelResources *Pick = findFunction(R, "_Z4pickfi", Arch);
    ASSERT_TRUE(Pick) << Arch;
    EXPECT_EQ(Pick->Kind, FunctionKind::Device);
    EXPECT_FALSE(Pick->HasRegisters);
    EXPECT_FALSE(Pick->isEntry());
  }
  const KernelResources *Report = findFunction(R, "_ZN7physics6reportENS_8ParticleEPi", 90);
  ASSERT_TRUE(Report);
  EXPECT_EQ(Report->DemangledName, "physics::report(physics::Particle, int*)");
  EXPECT_EQ(Report->Line, 40u);
  const KernelResources *Stencil = findFunction(R, "_Z7stencilIdLi5EEvPT_", 75);
  ASSERT_TRUE(Stencil);
  EXPECT_EQ(Stencil->DemangledName, "void stencil<double, 5>(double*)");

  ASSERT_EQ(R.Modules.size(), 2u);
  EXPECT_EQ(R.Modules[0].Arch, 75u);
  EXPECT_EQ(R.Modules[0].Gmem, 4u);
  EXPECT_EQ(R.Modules[0].Cmem, (std::map<unsigned, uint64_t>{{3, 256}, {4, 16}}));
  EXPECT_EQ(R.Modules[1].Arch, 90u);
}

TEST(PtxasParser, Cuda10TwoArchsWithConstantBanksAndSpills) {
  PtxasReport R = parseInput("cuda10.2-sm61-sm70.log");
  EXPECT_EQ(R.archs(), (std::vector<unsigned>{61, 70}));
  const KernelResources *Nbody61 = findFunction(R, "_Z8nbodyStpP6float4S0_fi", 61);
  ASSERT_TRUE(Nbody61);
  EXPECT_EQ(Nbody61->Registers, 63u);
  EXPECT_EQ(Nbody61->SpillStores, 44u);
  EXPECT_EQ(Nbody61->SpillLoads, 44u);
  EXPECT_EQ(Nbody61->StackFrame, 48u);
  EXPECT_FALSE(Nbody61->CumulativeStack);
  EXPECT_EQ(Nbody61->Barriers, 0u);
  const KernelResources *Nbody70 = findFunction(R, "_Z8nbodyStpP6float4S0_fi", 70);
  ASSERT_TRUE(Nbody70);
  EXPECT_EQ(Nbody70->Registers, 72u);
  EXPECT_EQ(Nbody70->StaticSmem, 8192u);
  EXPECT_EQ(Nbody70->Cmem, (std::map<unsigned, uint64_t>{{0, 376}, {2, 8}}));
  const KernelResources *Warp70 = findFunction(R, "_Z10warpReducef", 70);
  ASSERT_TRUE(Warp70);
  EXPECT_EQ(Warp70->Kind, FunctionKind::Device);
  EXPECT_EQ(R.kernels().size(), 8u);
}

TEST(PtxasParser, Cuda11BuildLogWithCommandsWarningsAndCumulativeStack) {
  PtxasReport R = parseInput("cuda11.8-sm80-sm86.log");
  EXPECT_EQ(R.archs(), (std::vector<unsigned>{80, 86}));
  const KernelResources *Fib = findFunction(R, "_Z7fibKernPii", 86);
  ASSERT_TRUE(Fib);
  EXPECT_EQ(Fib->Registers, 32u);
  EXPECT_EQ(Fib->CumulativeStack, std::optional<uint64_t>(24));
  const KernelResources *FibDevice = findFunction(R, "_Z3fibi", 80);
  ASSERT_TRUE(FibDevice);
  EXPECT_EQ(FibDevice->Kind, FunctionKind::Device);
  EXPECT_EQ(FibDevice->StackFrame, 24u);
  const KernelResources *Gemm =
      findFunction(R, "_ZN5gemm46kernelILi128ELi128ELi8EEEvPK6__halfS3_PS1_iii", 86);
  ASSERT_TRUE(Gemm);
  EXPECT_EQ(Gemm->Registers, 255u);
  EXPECT_EQ(Gemm->SpillStores, 20u);
  EXPECT_EQ(
      Gemm->DemangledName,
      "void gemm4::kernel<128, 128, 8>(__half const*, __half const*, __half*, int, int, int)");
  EXPECT_EQ(R.kernels().size(), 6u);
}

TEST(PtxasParser, Cuda12ArchSpecificTargetAndBarriers) {
  PtxasReport R = parseInput("cuda12.4-sm90a.log");
  const KernelResources *Flash =
      findFunction(R, "_ZN4attn14flash_fwd_sm90ILi128ELi64ELb1EEEvNS_6ParamsE", 90);
  ASSERT_TRUE(Flash);
  EXPECT_EQ(Flash->ArchName, "sm_90a");
  EXPECT_EQ(Flash->Registers, 168u);
  EXPECT_EQ(Flash->Barriers, 16u);
  EXPECT_EQ(Flash->StaticSmem, 512u);
  EXPECT_EQ(Flash->CumulativeStack, std::optional<uint64_t>(64));
  EXPECT_DOUBLE_EQ(Flash->CompileTimeMs.value_or(0), 4875.320);
  EXPECT_EQ(Flash->Gmem, 32u);
  const KernelResources *Rotary = findFunction(R, "_ZN4attn6rotaryEP6__halfPKfii", 90);
  ASSERT_TRUE(Rotary);
  EXPECT_EQ(Rotary->Registers, 26u);
  EXPECT_EQ(Rotary->Barriers, 0u);
  EXPECT_EQ(R.kernels().size(), 3u);
}

TEST(PtxasParser, MsbuildLogWithCrlfAndPrefixes) {
  PtxasReport R = parseInput("msbuild-cuda9.2-sm52.log");
  EXPECT_EQ(R.archs(), (std::vector<unsigned>{52}));
  const KernelResources *Solve = findFunction(R, "_Z11solveRoundsILj9EEvP4equi", 52);
  ASSERT_TRUE(Solve);
  EXPECT_EQ(Solve->Registers, 72u);
  EXPECT_EQ(Solve->StaticSmem, 30720u);
  EXPECT_EQ(Solve->StackFrame, 216u);
  EXPECT_EQ(Solve->CumulativeStack, std::optional<uint64_t>(224));
  const KernelResources *Atomic = findFunction(R, "__iAtomicAdd", 52);
  ASSERT_TRUE(Atomic);
  EXPECT_EQ(Atomic->Kind, FunctionKind::Device);
  EXPECT_EQ(Atomic->DemangledName, "__iAtomicAdd");
  const KernelResources *Last = findFunction(R, "_Z9digitLastP4equi", 52);
  ASSERT_TRUE(Last);
  EXPECT_EQ(Last->Registers, 255u);
  EXPECT_EQ(Last->SpillLoads, 8u);
}

TEST(PtxasParser, LegacyLinesWithoutFunctionProperties) {
  PtxasReport R = parseInput("legacy-cuda6.5-sm35.log");
  const KernelResources *Scrypt = findFunction(R, "_Z14scryptCoreHashPjjj", 35);
  ASSERT_TRUE(Scrypt);
  EXPECT_EQ(Scrypt->Registers, 63u);
  EXPECT_EQ(Scrypt->LocalMem, 40u);
  EXPECT_EQ(Scrypt->Textures, 1u);
  EXPECT_EQ(Scrypt->Cmem.at(2), 4u);
  const KernelResources *Blake = findFunction(R, "_Z10blakeRoundPmjPjb", 35);
  ASSERT_TRUE(Blake);
  EXPECT_EQ(Blake->StaticSmem, 2064u); // "2048+16 bytes smem"
}

TEST(PtxasParser, GrepFilteredLogKeepsFunctionsAndUsedLines) {
  PtxasReport R = parseInput("grep-filtered.log");
  ASSERT_EQ(R.Functions.size(), 2u);
  EXPECT_EQ(R.Functions[0].MangledName, "_Z10gemmTiledPK6__halfS1_PS_iii");
  EXPECT_EQ(R.Functions[0].Kind, FunctionKind::Entry);
  EXPECT_EQ(R.Functions[0].Arch, 0u);
  EXPECT_EQ(R.Functions[1].Registers, 92u);
  EXPECT_EQ(R.Functions[1].StaticSmem, 32768u);
  EXPECT_TRUE(R.archs().empty());
}

TEST(PtxasParser, NvlinkRecordsReplacePtxasRecordsAfterDeviceLink) {
  PtxasReport R = parseInput("cuda13.0-rdc-nvlink-sm80.log");
  const KernelResources *PtxasTiled = findFunction(R, "_Z5tiledPf", 80);
  ASSERT_TRUE(PtxasTiled);
  EXPECT_EQ(PtxasTiled->Registers, 24u);
  const KernelResources *LinkedTiled = findFunction(R, "_Z5tiledPf", 80, ReportSource::Nvlink);
  ASSERT_TRUE(LinkedTiled);
  EXPECT_EQ(LinkedTiled->Registers, 46u);
  EXPECT_EQ(LinkedTiled->StackFrame, 136u);
  EXPECT_EQ(LinkedTiled->Kind, FunctionKind::Unknown);
  const KernelResources *Pick = findFunction(R, "_Z4pickfi", 80);
  ASSERT_TRUE(Pick);
  EXPECT_EQ(Pick->StackFrame, 136u);
  std::vector<KernelResources> Kernels = R.kernels();
  ASSERT_EQ(Kernels.size(), 7u);
  for (const KernelResources &K : Kernels)
    EXPECT_EQ(K.Source, ReportSource::Nvlink) << K.MangledName;
}

TEST(PtxasParser, CuobjdumpSections) {
  PtxasReport R = parseInput("cuobjdump-sm70-sm80.txt");
  EXPECT_EQ(R.archs(), (std::vector<unsigned>{70, 80}));
  const KernelResources *Reduce70 = findFunction(R, "_Z6reducePKfPfi", 70, ReportSource::Cuobjdump);
  ASSERT_TRUE(Reduce70);
  EXPECT_EQ(Reduce70->Registers, 18u);
  EXPECT_EQ(Reduce70->StaticSmem, 1024u);
  EXPECT_EQ(Reduce70->Cmem, (std::map<unsigned, uint64_t>{{0, 364}}));
  const KernelResources *Reduce80 = findFunction(R, "_Z6reducePKfPfi", 80, ReportSource::Cuobjdump);
  ASSERT_TRUE(Reduce80);
  EXPECT_EQ(Reduce80->Registers, 20u);
  EXPECT_EQ(Reduce80->StackFrame, 16u);
  EXPECT_EQ(Reduce80->LocalMem, 16u);
  EXPECT_EQ(Reduce80->Cmem.at(2), 12u);
  EXPECT_EQ(Reduce80->StaticSmem, 1024u); // SHARED:2048 less the 1 KiB reservation of sm_80.
  ASSERT_EQ(R.Modules.size(), 2u);
  EXPECT_EQ(R.Modules[1].Arch, 80u);
  EXPECT_EQ(R.Modules[1].Gmem, 68u);
  EXPECT_EQ(R.Modules[1].Cmem.at(3), 256u);
  EXPECT_EQ(R.kernels().size(), 3u);
}

// cuobjdump of the occupancy check binary, recorded on an H200 (CUDA 13.0), against the ptxas
// report of the same compile.
TEST(PtxasParser, RealCuobjdumpAgreesWithPtxas) {
  PtxasReport Dump = parseInput("cuobjdump13.0-sm90-h200.txt");
  PtxasReport Log = parseInput("cuda13.0-sm90-occupancy-check.log");
  EXPECT_EQ(Dump.archs(), (std::vector<unsigned>{90}));
  std::vector<KernelResources> Kernels = Log.kernels();
  ASSERT_EQ(Kernels.size(), 17u);
  ASSERT_EQ(Dump.Functions.size(), Kernels.size());
  for (const KernelResources &K : Kernels) {
    const KernelResources *D = findFunction(Dump, K.MangledName, 90, ReportSource::Cuobjdump);
    ASSERT_TRUE(D) << K.MangledName;
    EXPECT_EQ(D->Registers, K.Registers) << K.MangledName;
    EXPECT_EQ(D->StaticSmem, K.StaticSmem) << K.MangledName;
    EXPECT_EQ(D->StackFrame, K.CumulativeStack.value_or(K.StackFrame)) << K.MangledName;
  }
}

TEST(PtxasParser, DemangleFallsBackToTheName) {
  EXPECT_EQ(demangleName("_Z5scalePf"), "scale(float*)");
  EXPECT_EQ(demangleName("plain_c_kernel"), "plain_c_kernel");
  EXPECT_EQ(demangleName("_Z"), "_Z");
}

TEST(PtxasParser, ToolLinesNeedAToolAtTheStart) {
  // Mentions of ptxas inside commands and prose are not report lines.
  llvm::StringRef Text = "nvcc -Xptxas -v -c a.cu\n"
                         "note: ptxas info : Used 99 registers\n"
                         "ptxas info    : Compiling entry function '_Z1kv' for 'sm_89'\n"
                         "ptxas info    : Used 5 registers, used 0 barriers, 352 bytes cmem[0]\n";
  llvm::Expected<PtxasReport> R = parsePtxasReport(Text, "t.log");
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Functions.size(), 1u);
  EXPECT_EQ(R->Functions[0].Registers, 5u);
  EXPECT_EQ(R->Functions[0].Arch, 89u);
}

} // namespace
