// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- SpacedChevronsTest.cpp - Launches written `k << <g, b >> >(...)` ---===//
//
// nvcc parses a launch whose chevrons are split by blanks; the parse's file system joins them
// without moving a byte, and leaves every other `<< <` and `>> >` of C++ alone.
//
//===----------------------------------------------------------------------===//
#include "analyzer/tu/SpacedChevrons.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

std::string joined(std::string Text) {
  size_t Size = Text.size();
  joinSpacedChevrons(Text);
  EXPECT_EQ(Text.size(), Size);
  return Text;
}

TEST(SpacedChevrons, JoinsLaunches) {
  EXPECT_EQ(joined("k << <g, b >> > (x);"), "k <<< g, b >>>  (x);");
  EXPECT_EQ(joined("k<float> << <(P + 255) / 256, 256 >> > (\n  P);"),
            "k<float> <<< (P + 255) / 256, 256 >>>  (\n  P);");
  EXPECT_EQ(joined("k << <\tdim3(a, b), dim3(32, 8), 0, s>> >(x);"),
            "k <<< \tdim3(a, b), dim3(32, 8), 0, s>>> (x);");
  // Opening spaced, closing already whole.
  EXPECT_EQ(joined("k << <g, b>>>(x);"), "k <<< g, b>>>(x);");
  // Two launches in one buffer.
  EXPECT_EQ(joined("a << <1, 2 >> >(x); b << <3, 4 >> >(y);"),
            "a <<< 1, 2 >>> (x); b <<< 3, 4 >>> (y);");
}

TEST(SpacedChevrons, LeavesOtherCodeAlone) {
  for (const char *Text : {
           "k<<<g, b>>>(x);",                            // already whole
           "std::cout << <int>x;",                       // not a launch: no closing before ';'
           "operator<< <T>(os, v);",                     // explicit template arguments
           "W<W<W<int>> > w;",                           // a template's closing
           "a << b; c >> > d;",                          // no opening
           "x = y << <z, w >> > 2;",                     // no '(' after the closing
           "f(a) << <b, c >> >",                         // no '(' at the end of the text
       }) {
    std::string T = Text;
    EXPECT_FALSE(joinSpacedChevrons(T)) << Text;
    EXPECT_EQ(T, Text);
  }
}

} // namespace
