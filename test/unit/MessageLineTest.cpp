//===- MessageLineTest.cpp - a finding's first line fits in 120 columns ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/Finding.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

const std::string Tail = " is a std::vector's storage, so this copy is staged through a pinned "
                         "buffer and does not run asynchronously"; // 107 characters

TEST(MessageLine, QuotedTextIsClippedToFit) {
  std::string Line = fitLine("", "bases.data()", Tail);
  EXPECT_LE(Line.size(), 120u);
  EXPECT_EQ(Line.substr(0, 12), "'bases.da...");
}

TEST(MessageLine, ShortTextIsKeptWhole) {
  EXPECT_EQ(fitLine("", "h.data()", Tail), "'h.data()'" + Tail);
  EXPECT_EQ(fitLine("kernel ", "k", " is launched"), "kernel 'k' is launched");
}

TEST(MessageLine, NamesAreNeverCut) {
  // Two kernels of one file sharing a long prefix must read differently.
  std::string Name = "a_kernel_with_a_rather_long_descriptive_name";
  EXPECT_EQ(fitLine("", Name, Tail), "'" + Name + "'" + Tail);
}

} // namespace
