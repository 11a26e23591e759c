//===- PtxasParserErrorTest.cpp - Bad, truncated and binary reports -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every failure names the line; none crashes. Truncating a real report inside any entry's record
// is an error.
//
//===----------------------------------------------------------------------===//

#include "PtxasTestSupport.h"

#include "ptxas_parse/PtxasReport.h"

#include "llvm/ADT/SmallVector.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace cudalint::test;

namespace {

constexpr llvm::StringLiteral Entry =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z5scalePf' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z5scalePf\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n";

TEST(PtxasParserErrors, EmptyAndNoiseHaveNoReport) {
  for (llvm::StringRef Text :
       {"", "\n\n", "make: Entering directory '/src'\n[1/2] Building CUDA\n"}) {
    ParseFailure F = parseFailure(Text);
    EXPECT_TRUE(F.Failed);
    EXPECT_EQ(F.Line, 0u);
    EXPECT_NE(F.Message.find("no resource usage found"), std::string::npos) << F.Message;
  }
}

TEST(PtxasParserErrors, HostOnlyUnitIsAReportWithoutFunctions) {
  // nvcc --resource-usage on a .cu file that defines no device code prints only this line.
  llvm::Expected<PtxasReport> R = parsePtxasReport("ptxas info    : 0 bytes gmem\n", "host.cu");
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  EXPECT_TRUE(R->Functions.empty());
  EXPECT_EQ(R->Modules.size(), 1u);
}

TEST(PtxasParserErrors, BinaryInputNamesTheLineAndByte) {
  std::string Elf("\x7f"
                  "ELF\x02\x01\x01\0\0\0",
                  10);
  ParseFailure F = parseFailure(Elf);
  EXPECT_TRUE(F.Failed);
  EXPECT_EQ(F.Line, 1u);
  EXPECT_NE(F.Message.find("binary data (byte 0x7f at column 1)"), std::string::npos) << F.Message;

  std::string Mixed =
      std::string(Entry) + "ptxas info    : Used 8 registers" + std::string(1, '\0');
  F = parseFailure(Mixed);
  EXPECT_EQ(F.Line, 5u);
  EXPECT_NE(F.Message.find("binary data (byte 0x00 at column 33)"), std::string::npos) << F.Message;
}

TEST(PtxasParserErrors, ReportEndingBeforeTheUsedLine) {
  ParseFailure F = parseFailure(Entry);
  EXPECT_TRUE(F.Failed);
  EXPECT_EQ(F.Line, 4u);
  EXPECT_NE(F.Message.find("ends before the 'Used N registers' line of entry function "
                           "'_Z5scalePf' (line 2)"),
            std::string::npos)
      << F.Message;
}

TEST(PtxasParserErrors, LinesCutShort) {
  struct Case {
    const char *Tail;
    const char *Expected;
  } Cases[] = {
      {"ptxas info    : Used 24 regis", "truncated or unrecognised resource item 'Used 24 regis'"},
      {"ptxas info    : Used 24 registers, 360 bytes cme",
       "truncated or unrecognised resource item '360 bytes cme'"},
      {"ptxas info    : Used 24 registers, 36", "truncated resource item '36'"},
      {"ptxas info    : Used 24 registers, 360 bytes cmem[0", "malformed resource item"},
      {"ptxas info    : Used", "malformed resource item 'Used'"},
      {"ptxas info    : Used 99999999999999999999 registers", "out-of-range resource item"},
      {"ptxas info    : Used 4294967296 registers", "out-of-range resource item"},
      {"ptxas info    : Used 1x registers", "malformed resource item"},
      {"ptxas info    : Used 4 bytes smem", "'Used' line without a register count"},
      {"ptxas info    ", "no ':' after it"},
      {"ptxas info    : Compile time = ", "malformed 'Compile time' line"},
  };
  for (const Case &C : Cases) {
    ParseFailure F = parseFailure(std::string(Entry) + C.Tail);
    EXPECT_TRUE(F.Failed) << C.Tail;
    EXPECT_EQ(F.Line, 5u) << C.Tail;
    EXPECT_NE(F.Message.find(C.Expected), std::string::npos) << C.Tail << " -> " << F.Message;
  }
}

TEST(PtxasParserErrors, MalformedRecordLines) {
  struct Case {
    const char *Text;
    unsigned Line;
    const char *Expected;
  } Cases[] = {
      {"ptxas info    : Compiling entry function '_Z5heav", 1,
       "malformed 'Compiling entry function' line"},
      {"ptxas info    : Compiling entry function '_Z1kv' for 'sm_xx'", 1,
       "invalid architecture 'sm_xx'"},
      {"ptxas info    : Compiling entry function '_Z1kv' for 'sm_90'\n"
       "ptxas info    : Compiling entry function '_Z1jv' for 'sm_90'\n"
       "ptxas info    : Used 4 registers",
       2, "entry function '_Z1kv' (line 1) has no 'Used N registers' line"},
      {"ptxas info    : Function properties for \n", 1, "without a function name"},
      {"ptxas info    : Function properties for _Z4pickfi\n"
       "    0 bytes stack frame, 0 bytes spi",
       2, "truncated or malformed stack frame line"},
      {"ptxas info    : Function properties for _Z4pickfi\n", 1, "without its stack frame line"},
      // Without its newline, the name itself may be cut short (issue 13 item 10).
      {"ptxas info    : Function properties for _Z4pickfi", 1,
       "the report ends in the middle of a line (cut short?)"},
      {"    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads", 1,
       "stack frame line without a preceding function"},
      {"ptxas info    : Used 4 registers, 360 bytes cmem[0]", 1,
       "'Used N registers' line without a preceding function"},
      {"ptxas fatal   : Unresolved extern function '_Z3foov'", 1,
       "ptxas reported an error: Unresolved extern function '_Z3foov'"},
      {"nvlink info    : Function properties for '_Z1kv':\n", 1,
       "ends before the 'used N registers' line of '_Z1kv'"},
      {"nvlink info    : used 8 registers, 0 stack", 1, "without a preceding function"},
      {"Resource usage:\n Function _Z1kv:\n\n", 3, "ends before the resource line of '_Z1kv'"},
      {"Resource usage:\n Function _Z1kv:\n  REG:x STACK:0\n", 3,
       "malformed cuobjdump resource token 'REG:x'"},
      {"Resource usage:\n Function _Z1kv:\n  STACK:0 SHARED:0\n", 3,
       "cuobjdump resource line without REG"},
      {"Resource usage:\n  REG:8 STACK:0\n", 2, "without a preceding 'Function NAME:' line"},
      {"Resource usage:\n Function _Z1kv\n", 2, "malformed cuobjdump 'Function NAME:' line"},
  };
  for (const Case &C : Cases) {
    ParseFailure F = parseFailure(C.Text);
    EXPECT_TRUE(F.Failed) << C.Text;
    EXPECT_EQ(F.Line, C.Line) << C.Text << " -> " << F.Message;
    EXPECT_NE(F.Message.find(C.Expected), std::string::npos) << C.Text << " -> " << F.Message;
  }
}

TEST(PtxasParserErrors, ErrorTextNamesFileAndLine) {
  llvm::Expected<PtxasReport> R = parsePtxasReport(Entry, "build/ptxas.log");
  ASSERT_FALSE(bool(R));
  EXPECT_EQ(llvm::toString(R.takeError()),
            "build/ptxas.log:4: the report ends before the 'Used N registers' line of entry "
            "function '_Z5scalePf' (line 2)");
  llvm::Expected<PtxasReport> Missing = parsePtxasReportFile("/nonexistent/ptxas.log");
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "/nonexistent/ptxas.log: cannot read: No such file or directory");
}

// Cutting a real report right after any "Compiling entry function" line, or inside any "Used"
// line, fails; cutting it at the end of a complete record does not.
TEST(PtxasParserErrors, EveryTruncationOfARealReport) {
  std::string Text = readInput("cuda13.0-sm75-sm90.log");
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  llvm::StringRef(Text).split(Lines, '\n');
  size_t Offset = 0;
  unsigned Checked = 0;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    size_t End = Offset + Line.size();
    if (Line.contains("Compiling entry function")) {
      ParseFailure F = parseFailure(llvm::StringRef(Text).take_front(End + 1));
      EXPECT_TRUE(F.Failed) << "cut after line " << I + 1;
      EXPECT_NE(F.Message.find("Used N registers"), std::string::npos) << F.Message;
      ++Checked;
    }
    if (Line.contains(": Used ")) {
      size_t RegistersEnd = Line.find(" registers") + 4; // inside "registers"
      ParseFailure F = parseFailure(llvm::StringRef(Text).take_front(Offset + RegistersEnd));
      EXPECT_TRUE(F.Failed) << "cut inside line " << I + 1;
      EXPECT_EQ(F.Line, I + 1);
      ParseFailure Whole = parseFailure(llvm::StringRef(Text).take_front(End + 1));
      EXPECT_FALSE(Whole.Failed) << "cut after line " << I + 1 << ": " << Whole.Message;
      ++Checked;
    }
    Offset = End + 1;
  }
  EXPECT_EQ(Checked, 28u);
}

} // namespace
