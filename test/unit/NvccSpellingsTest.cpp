// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccSpellingsTest.cpp - Source nvcc accepts and Clang rejects ------===//
//
// nvcc parses a launch whose chevrons are split by blanks and a repetition of its declarations of
// the built-in variables; the parse's file system joins the one and blanks the other without
// moving a byte, and leaves every other `<< <`, `>> >` and declaration alone.
//
//===----------------------------------------------------------------------===//
#include "analyzer/tu/NvccSpellings.h"

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

namespace {

std::string blanked(std::string Text) {
  size_t Size = Text.size();
  blankBuiltinRedeclarations(Text);
  EXPECT_EQ(Text.size(), Size);
  return Text;
}

TEST(BuiltinRedeclarations, BlanksNvccsOwnDeclarations) {
  auto Blanks = [](size_t N) { return std::string(N, ' '); };
  // ccminer's cuda_helper.h.
  EXPECT_EQ(blanked("#ifndef __CUDA_ARCH__\nextern const dim3 blockDim;\nextern const uint3 "
                    "threadIdx;\n#endif\n"),
            "#ifndef __CUDA_ARCH__\n" + Blanks(27) + "\n" + Blanks(29) + "\n#endif\n");
  // Several names, indented, split over lines.
  EXPECT_EQ(blanked("  extern const uint3 threadIdx, blockIdx;\nint x;"), Blanks(41) + "\nint x;");
  EXPECT_EQ(blanked("extern const dim3\n  gridDim,\n  blockDim; int y;"),
            Blanks(17) + "\n" + Blanks(10) + "\n" + Blanks(12) + "int y;");
}

TEST(BuiltinRedeclarations, LeavesOtherDeclarationsAlone) {
  for (const char *Text : {
           "extern const dim3 threadIdx;",          // not nvcc's type: nvcc rejects it too
           "extern const uint3 gridDim;",           // likewise
           "extern const uint3 threadIdx, gridDim;", // one name of the wrong type
           "extern const int warpSize;",            // Clang accepts it
           "extern const dim3 blockDims;",          // another variable
           "extern dim3 blockDim;",                 // not const: nvcc rejects it
           "int a; extern const dim3 blockDim;",    // not at the start of its line
           "extern const dim3 blockDim",            // no ';'
           "// extern const dim3 blockDim;",        // a comment
       }) {
    std::string T = Text;
    EXPECT_FALSE(blankBuiltinRedeclarations(T)) << Text;
    EXPECT_EQ(T, Text);
  }
}

} // namespace

namespace {

std::string unbraced(std::string Text) {
  size_t Size = Text.size();
  unbraceLaunchConfigs(Text);
  EXPECT_EQ(Text.size(), Size);
  return Text;
}

TEST(BracedLaunchConfigs, CallsTheCompatHelper) {
  // NVIDIA's multi-gpu-programming-models: the block after a blank.
  EXPECT_EQ(unbraced("k<32, 32><<<dim_grid, {bx, by, 1}, 0, s>>>(a);"),
            "k<32, 32><<<dim_grid,$(bx, by, 1), 0, s>>>(a);");
  // No blank before it: the first blank inside makes room.
  EXPECT_EQ(unbraced("k<<<{gx, gy},{32, 8}>>>(a);"), "k<<<$(gx,gy),$(32,8)>>>(a);");
  EXPECT_EQ(unbraced("k<<<{ 4 },256>>>(a);"), "k<<<$(4 ),256>>>(a);");
  // No blank in it either: the first blank after it.
  EXPECT_EQ(unbraced("k<<<{8,4},{40,2}, 0, s>>>(a);"), "k<<<$(8,4),$(40,2),0,s>>>(a);");
  // Across lines, and the grid of a launch whose block is not braced.
  EXPECT_EQ(unbraced("k<<<\n  {n / 256}, 256>>>(a);"), "k<<<\n $(n / 256), 256>>>(a);");
}

TEST(BracedLaunchConfigs, LeavesOtherCodeAlone) {
  for (const char *Text : {
           "k<<<g, b>>>(x);",               // nothing braced
           "k<<<g, b, {}, s>>>(x);",        // the third argument is not a dim3
           "k<<<{32},b>>>(x);",             // no blank in the configuration
           "k<<<g, {{1, 2}, 3}>>>(x);",     // nested braces
           "int a[] = {1, 2}; x <<< y;",    // no launch
       }) {
    std::string T = Text;
    EXPECT_FALSE(unbraceLaunchConfigs(T)) << Text;
    EXPECT_EQ(T, Text);
  }
}

} // namespace
