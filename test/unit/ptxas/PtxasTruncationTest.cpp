//===- PtxasTruncationTest.cpp - Cut reports and huge counts (issue 13) ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Item 10: every prefix of every recorded report either fails to parse or parses to records whose
// numbers are those of the full report (a cut item must never read as a smaller number).
// Item 11: counts near 2^64 are out of range in the parser and saturate in the occupancy model.
//
//===----------------------------------------------------------------------===//

#include "PtxasTestSupport.h"

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/Occupancy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <limits>

namespace cudalint::test {
namespace {

std::string describe(const KernelResources &K) {
  std::string S =
      K.MangledName + " regs=" + std::to_string(K.Registers) +
      " hasregs=" + std::to_string(K.HasRegisters) + " barriers=" + std::to_string(K.Barriers) +
      " smem=" + std::to_string(K.StaticSmem) + " stack=" + std::to_string(K.StackFrame) +
      " spills=" + std::to_string(K.SpillStores) + "/" + std::to_string(K.SpillLoads) +
      " lmem=" + std::to_string(K.LocalMem) +
      " cumstack=" + (K.CumulativeStack ? std::to_string(*K.CumulativeStack) : "-") +
      " tex=" + std::to_string(K.Textures) + " surf=" + std::to_string(K.Surfaces) +
      " samp=" + std::to_string(K.Samplers) + " gmem=" + std::to_string(K.Gmem) +
      " kind=" + std::to_string(int(K.Kind)) + " source=" + std::to_string(int(K.Source));
  for (const auto &[Bank, Bytes] : K.Cmem)
    S += " cmem[" + std::to_string(Bank) + "]=" + std::to_string(Bytes);
  return S;
}

TEST(PtxasTruncation, NoPrefixOfARealReportParsesToOtherNumbers) {
  std::error_code EC;
  unsigned Reports = 0, Prefixes = 0, Parsed = 0;
  for (llvm::sys::fs::directory_iterator It(PTXAS_TEST_INPUTS, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Ext = llvm::sys::path::extension(It->path());
    if (Ext != ".log" && Ext != ".txt")
      continue;
    std::string Text = readInput(llvm::sys::path::filename(It->path()));
    llvm::Expected<PtxasReport> Full = parsePtxasReport(Text, "full.log");
    ASSERT_TRUE(bool(Full)) << It->path() << ": " << llvm::toString(Full.takeError());
    ++Reports;
    for (size_t Len = 1; Len < Text.size(); ++Len) {
      ++Prefixes;
      llvm::Expected<PtxasReport> Cut =
          parsePtxasReport(llvm::StringRef(Text).take_front(Len), "cut.log");
      if (!Cut) {
        llvm::consumeError(Cut.takeError());
        continue;
      }
      ++Parsed;
      ASSERT_LE(Cut->Functions.size(), Full->Functions.size());
      for (size_t I = 0; I < Cut->Functions.size(); ++I) {
        KernelResources A = Cut->Functions[I], B = Full->Functions[I];
        // What a prefix cannot know yet: the arch of a device function printed before its
        // compilation unit's first entry, and the compile time printed after the record.
        if (A.Arch == 0) {
          A.Arch = B.Arch;
          A.ArchName = B.ArchName;
        }
        A.CompileTimeMs = B.CompileTimeMs;
        ASSERT_EQ(describe(A), describe(B))
            << It->path() << " cut after " << Len << " bytes: '"
            << llvm::StringRef(Text).take_front(Len).take_back(40).str() << "'";
        ASSERT_EQ(A.Arch, B.Arch) << It->path() << " cut after " << Len << " bytes";
      }
      for (size_t I = 0; I < Cut->Modules.size(); ++I) {
        EXPECT_EQ(Cut->Modules[I].Gmem, Full->Modules[I].Gmem) << It->path() << " " << Len;
        EXPECT_EQ(Cut->Modules[I].Cmem, Full->Modules[I].Cmem) << It->path() << " " << Len;
      }
    }
  }
  EXPECT_GE(Reports, 10u);
  EXPECT_GT(Parsed, 0u);
  EXPECT_GT(Prefixes, 20000u);
}

// The two cuts of the audit, at the end of the text: an item left without its keyword, and a
// number cut short.
TEST(PtxasTruncation, ItemsCutAtTheEndAreErrors) {
  ParseFailure Smem =
      parseFailure("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                   "ptxas info    : Function properties for _Z1kPf\n"
                   "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                   "ptxas info    : Used 20 registers, used 1 barriers, 49152 bytes");
  EXPECT_TRUE(Smem.Failed);
  EXPECT_EQ(Smem.Line, 4u);
  EXPECT_EQ(Smem.Message, "truncated or unrecognised resource item '49152 bytes' in 'Used 20 "
                          "registers, used 1 barriers, 49152 bytes'");
  // "barrier" is a word old ptxas versions print, so only the missing newline tells.
  ParseFailure Barrier =
      parseFailure("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                   "ptxas info    : Used 20 registers, used 1 barrier");
  EXPECT_TRUE(Barrier.Failed);
  EXPECT_EQ(Barrier.Line, 2u);
  EXPECT_EQ(Barrier.Message, "the report ends in the middle of a line (cut short?): 'ptxas info  "
                             "  : Used 20 registers, used 1 barrier'");
  ParseFailure Reg = parseFailure("Resource usage:\n"
                                  " Function _Z1kPf:\n"
                                  "  REG:2");
  EXPECT_TRUE(Reg.Failed);
  EXPECT_EQ(Reg.Message, "the report ends in the middle of a line (cut short?): 'REG:2'");
  // Inside the text, "N bytes" without its kind is an error too.
  ParseFailure Inner =
      parseFailure("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                   "ptxas info    : Used 20 registers, 49152 bytes\n");
  EXPECT_TRUE(Inner.Failed);
  EXPECT_EQ(Inner.Message, "truncated or unrecognised resource item '49152 bytes' in 'Used 20 "
                           "registers, 49152 bytes'");
}

TEST(PtxasTruncation, CountsNear2To64AreOutOfRange) {
  ParseFailure Smem =
      parseFailure("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                   "ptxas info    : Used 20 registers, 18446744073709551615 bytes smem\n");
  EXPECT_TRUE(Smem.Failed);
  EXPECT_EQ(Smem.Message, "out-of-range resource item '18446744073709551615 bytes smem' in 'Used "
                          "20 registers, 18446744073709551615 bytes smem'");
  ParseFailure Sum =
      parseFailure("ptxas info    : Compiling entry function '_Z1kPf' for 'sm_90'\n"
                   "ptxas info    : Used 20 registers, 1099511627776+1 bytes smem\n");
  EXPECT_TRUE(Sum.Failed);
  EXPECT_NE(Sum.Message.find("out-of-range"), std::string::npos) << Sum.Message;
  ParseFailure Cuobjdump = parseFailure("arch = sm_90\nResource usage:\n Function _Z1kPf:\n"
                                        "  REG:16 SHARED:18446744073709551615\n\n");
  EXPECT_TRUE(Cuobjdump.Failed);
  EXPECT_EQ(Cuobjdump.Message, "malformed cuobjdump resource token 'SHARED:18446744073709551615'");
}

TEST(PtxasTruncation, OccupancySaturatesHugeCounts) {
  const ArchLimits *Arch = lookupArch(90);
  ASSERT_NE(Arch, nullptr);
  KernelAttributes K;
  K.Registers = 32;
  K.StaticSmem = std::numeric_limits<uint64_t>::max();
  llvm::Expected<OccupancyResult> R = computeOccupancy(*Arch, K, 256, 0, OccupancyOptions());
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  EXPECT_EQ(R->ActiveBlocks, 0u) << "a block with 2^64-1 bytes of shared memory does not fit";
  EXPECT_EQ(R->Occupancy, 0.0);

  KernelAttributes Small;
  Small.Registers = 32;
  for (uint64_t Dynamic :
       {std::numeric_limits<uint64_t>::max(), std::numeric_limits<uint64_t>::max() - 1000}) {
    llvm::Expected<OccupancyResult> D =
        computeOccupancy(*Arch, Small, 256, Dynamic, OccupancyOptions());
    ASSERT_TRUE(bool(D)) << llvm::toString(D.takeError());
    EXPECT_EQ(D->ActiveBlocks, 0u) << Dynamic;
  }
  KernelAttributes Regs;
  Regs.Registers = std::numeric_limits<unsigned>::max();
  llvm::Expected<OccupancyResult> G = computeOccupancy(*Arch, Regs, 32, 0, OccupancyOptions());
  ASSERT_TRUE(bool(G)) << llvm::toString(G.takeError());
  EXPECT_EQ(G->ActiveBlocks, 0u);
  llvm::Expected<OccupancyResult> Block =
      computeOccupancy(*Arch, Small, std::numeric_limits<unsigned>::max(), 0, OccupancyOptions());
  ASSERT_TRUE(bool(Block)) << llvm::toString(Block.takeError());
  EXPECT_EQ(Block->ActiveBlocks, 0u);
}

// Item 2: a name nested 100,000 levels deep crashed llvm::demangle; long names are demangled on a
// thread with a stack sized for them, longer ones stay mangled.
TEST(PtxasTruncation, DeeplyNestedNamesDoNotOverflowTheStack) {
  std::string Deep = "_Z1f" + std::string(100000, 'P') + "i";
  EXPECT_EQ(demangleName(Deep), Deep);
  std::string Long = "_Z1f" + std::string(20000, 'P') + "i";
  EXPECT_EQ(demangleName(Long), "f(int" + std::string(20000, '*') + ")");
  std::string Nested = "_Z1f";
  for (int I = 0; I < 8000; ++I)
    Nested += "PFv";
  Nested += std::string(8000, 'E');
  EXPECT_TRUE(llvm::StringRef(demangleName(Nested)).starts_with("f(void (*)(void (*)("));
  std::string Log = "ptxas info    : Compiling entry function '" + Deep + "' for 'sm_90'\n" +
                    "ptxas info    : Used 8 registers\n";
  llvm::Expected<PtxasReport> R = parsePtxasReport(Log, "deep.log");
  ASSERT_TRUE(bool(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Functions.size(), 1u);
  EXPECT_EQ(R->Functions[0].DemangledName, Deep);
}

} // namespace
} // namespace cudalint::test
