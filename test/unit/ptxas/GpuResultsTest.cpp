//===- GpuResultsTest.cpp - The model against measurements on a real GPU --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// kernels/occupancy_check/run.sh, run on a GPU, records the ptxas report of its compile and what
// cudaOccupancyMaxActiveBlocksPerMultiprocessor answered for every kernel, block size 1..1024,
// dynamic shared-memory size and function configuration, plus launch outcomes. This test feeds
// the recorded ptxas report to the model and requires the same answers: zero mismatches. Each
// folder under kernels/occupancy_check/results is one run (device and date in system.txt).
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/Occupancy.h"
#include "ptxas_parse/PtxasReport.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

using Fields = llvm::StringMap<std::string>;

Fields splitFields(llvm::StringRef Line) {
  Fields F;
  llvm::SmallVector<llvm::StringRef, 16> Words;
  Line.split(Words, ' ', -1, false);
  for (llvm::StringRef W : Words) {
    auto [Key, Value] = W.split('=');
    F[Key] = Value.str();
  }
  return F;
}

uint64_t number(const Fields &F, llvm::StringRef Key) {
  auto It = F.find(Key);
  uint64_t V = 0;
  EXPECT_TRUE(It != F.end() && !llvm::StringRef(It->second).getAsInteger(10, V))
      << "field " << Key.str();
  return V;
}

/// "20x32,10x32,0x384" or "1,2,3" -> one value per block size.
std::vector<long> expandBlocks(llvm::StringRef Text) {
  std::vector<long> Out;
  llvm::SmallVector<llvm::StringRef, 64> Tokens;
  Text.split(Tokens, ',');
  for (llvm::StringRef T : Tokens) {
    auto [ValueText, CountText] = T.split('x');
    long Value = 0;
    unsigned Count = 1;
    EXPECT_FALSE(ValueText.getAsInteger(10, Value)) << T.str();
    if (!CountText.empty()) {
      EXPECT_FALSE(CountText.getAsInteger(10, Count)) << T.str();
    }
    Out.insert(Out.end(), Count, Value);
  }
  return Out;
}

/// __launch_bounds__ of the check program's kernels (occupancy_check.cu); the ptxas report does
/// not carry them.
unsigned launchBounds(llvm::StringRef Kernel) {
  if (Kernel == "bounded1024")
    return 1024;
  if (Kernel == "bounded256x4")
    return 256;
  return 0;
}

struct GpuRun {
  std::string Dir;
  PtxasReport Report;
  std::vector<std::string> Lines;
};

std::vector<GpuRun> loadRuns() {
  std::vector<GpuRun> Runs;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(PTXAS_GPU_RESULTS, EC), End; It != End && !EC;
       It.increment(EC)) {
    GpuRun R;
    R.Dir = It->path();
    llvm::SmallString<256> Log(R.Dir), Table(R.Dir);
    llvm::sys::path::append(Log, "ptxas.log");
    llvm::sys::path::append(Table, "occupancy.txt");
    llvm::Expected<PtxasReport> Report = parsePtxasReportFile(Log);
    if (!Report) {
      ADD_FAILURE() << llvm::toString(Report.takeError());
      continue;
    }
    R.Report = std::move(*Report);
    auto Buffer = llvm::MemoryBuffer::getFile(Table);
    if (!Buffer) {
      ADD_FAILURE() << "cannot read " << Table.str().str();
      continue;
    }
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n', -1, false);
    for (llvm::StringRef L : Lines)
      R.Lines.push_back(L.str());
    Runs.push_back(std::move(R));
  }
  std::sort(Runs.begin(), Runs.end(),
            [](const GpuRun &A, const GpuRun &B) { return A.Dir < B.Dir; });
  return Runs;
}

const ArchLimits *deviceArch(const GpuRun &R, Fields &Device) {
  for (const std::string &L : R.Lines)
    if (llvm::StringRef(L).starts_with("device ")) {
      Device = splitFields(L);
      llvm::Expected<const ArchLimits &> A = lookupArchByName(Device["cc"]);
      if (!A) {
        ADD_FAILURE() << llvm::toString(A.takeError());
        return nullptr;
      }
      return &*A;
    }
  ADD_FAILURE() << R.Dir << ": no device line";
  return nullptr;
}

KernelAttributes kernelFor(const GpuRun &R, const ArchLimits &Arch, llvm::StringRef Name) {
  for (const KernelResources &K : R.Report.kernels())
    if (K.MangledName == Name && K.Arch == Arch.smVersion()) {
      KernelAttributes A = kernelAttributesFrom(K);
      A.MaxThreadsPerBlock = launchBounds(Name);
      return A;
    }
  ADD_FAILURE() << "kernel " << Name.str() << " is not in the ptxas report";
  return {};
}

TEST(GpuResults, RunsArePresent) { EXPECT_FALSE(loadRuns().empty()) << PTXAS_GPU_RESULTS; }

TEST(GpuResults, DevicePropertiesMatchTheArchTable) {
  for (const GpuRun &R : loadRuns()) {
    SCOPED_TRACE(R.Dir);
    Fields D;
    const ArchLimits *A = deviceArch(R, D);
    ASSERT_TRUE(A);
    EXPECT_EQ(number(D, "smem_per_sm"), A->SmemPerSM);
    EXPECT_EQ(number(D, "smem_per_block"), A->SmemPerBlock);
    EXPECT_EQ(number(D, "smem_per_block_optin"), A->SmemPerBlockOptIn);
    EXPECT_EQ(number(D, "reserved_smem_per_block"), A->ReservedSmemPerBlock);
    EXPECT_EQ(number(D, "regs_per_sm"), A->RegistersPerSM);
    EXPECT_EQ(number(D, "regs_per_block"), A->RegistersPerBlock);
    EXPECT_EQ(number(D, "max_threads_per_sm"), A->MaxThreadsPerSM);
    EXPECT_EQ(number(D, "max_blocks_per_sm"), A->MaxBlocksPerSM);
    EXPECT_EQ(number(D, "max_threads_per_block"), A->MaxThreadsPerBlock);
    EXPECT_EQ(number(D, "warp_size"), A->WarpSize);
  }
}

// cudaFuncGetAttributes agrees with the ptxas report and with the model's defaults: registers,
// static shared memory, the default dynamic limit, and the largest block that can launch.
TEST(GpuResults, FunctionAttributesMatchTheReport) {
  for (const GpuRun &R : loadRuns()) {
    Fields D;
    const ArchLimits *A = deviceArch(R, D);
    ASSERT_TRUE(A);
    unsigned Checked = 0;
    for (const std::string &L : R.Lines) {
      if (!llvm::StringRef(L).starts_with("attributes "))
        continue;
      Fields F = splitFields(L);
      SCOPED_TRACE(F["kernel"]);
      KernelAttributes K = kernelFor(R, *A, F["kernel"]);
      EXPECT_EQ(number(F, "regs"), K.Registers);
      EXPECT_EQ(number(F, "static_smem"), K.StaticSmem);
      EXPECT_EQ(number(F, "max_dynamic_smem"), K.maxDynamicSmem(*A));
      unsigned Largest = 0;
      for (unsigned B = 1; B <= A->MaxThreadsPerBlock; ++B)
        if (checkLaunchResources(*A, K, B, 0).Fits)
          Largest = B;
      EXPECT_EQ(number(F, "max_threads"), Largest);
      ++Checked;
    }
    EXPECT_GT(Checked, 10u);
  }
}

TEST(GpuResults, ActiveBlocksMatchTheDriverForEveryBlockSize) {
  for (const GpuRun &R : loadRuns()) {
    SCOPED_TRACE(R.Dir);
    Fields D;
    const ArchLimits *A = deviceArch(R, D);
    ASSERT_TRUE(A);
    unsigned long Compared = 0, Mismatches = 0;
    for (const std::string &L : R.Lines) {
      if (!llvm::StringRef(L).starts_with("occupancy "))
        continue;
      Fields F = splitFields(L);
      KernelAttributes K = kernelFor(R, *A, F["kernel"]);
      OccupancyOptions O;
      llvm::StringRef Config = F["config"];
      if (Config == "optin")
        K.MaxDynamicSmem = A->SmemPerBlockOptIn - K.StaticSmem;
      else if (Config.consume_front("carveout"))
        EXPECT_FALSE(Config.getAsInteger(10, O.CarveoutPercent));
      else
        EXPECT_EQ(Config, "default");
      uint64_t Dynamic = number(F, "dynamic");
      std::vector<long> Gpu = expandBlocks(F["blocks"]);
      ASSERT_EQ(Gpu.size(), 1024u) << L;
      for (unsigned B = 1; B <= 1024; ++B) {
        llvm::Expected<OccupancyResult> M = computeOccupancy(*A, K, B, Dynamic, O);
        ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
        ++Compared;
        if (long(M->ActiveBlocks) != Gpu[B - 1] && ++Mismatches <= 20)
          ADD_FAILURE() << F["kernel"] << " " << F["config"] << " dynamic=" << Dynamic
                        << " block=" << B << ": GPU " << Gpu[B - 1] << ", model "
                        << M->ActiveBlocks;
      }
    }
    EXPECT_EQ(Mismatches, 0u) << "of " << Compared;
    EXPECT_GT(Compared, 1000000u);
  }
}

// Launches: the model's launch check predicts every failure, with the driver's error code
// (too many resources for registers; invalid value for shared memory and launch bounds).
TEST(GpuResults, LaunchOutcomesMatchTheLaunchCheck) {
  for (const GpuRun &R : loadRuns()) {
    SCOPED_TRACE(R.Dir);
    Fields D;
    const ArchLimits *A = deviceArch(R, D);
    ASSERT_TRUE(A);
    unsigned Checked = 0, Failures = 0;
    for (const std::string &L : R.Lines) {
      if (!llvm::StringRef(L).starts_with("launch "))
        continue;
      Fields F = splitFields(L);
      SCOPED_TRACE(L);
      KernelAttributes K = kernelFor(R, *A, F["kernel"]);
      if (F["config"] == "optin")
        K.MaxDynamicSmem = A->SmemPerBlockOptIn - K.StaticSmem;
      LaunchCheck C =
          checkLaunchResources(*A, K, unsigned(number(F, "block")), number(F, "dynamic"));
      llvm::StringRef Error = F["error"];
      if (C.Fits) {
        EXPECT_EQ(Error, "cudaSuccess");
      } else {
        ++Failures;
        EXPECT_EQ(Error, C.Reason == Limiter::Registers ? "cudaErrorLaunchOutOfResources"
                                                        : "cudaErrorInvalidValue")
            << C.Message;
      }
      ++Checked;
    }
    EXPECT_GT(Checked, 100u);
    EXPECT_GT(Failures, 10u);
  }
}

} // namespace
