// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccSpellingsTest.cpp - Source nvcc accepts and Clang rejects ------===//
//
// nvcc parses a launch whose chevrons are split by blanks, a repetition of its declarations of the
// built-in variables, a braced launch configuration, asm operands with a comma missing and a
// function template defined with its own parameters as arguments; the parse's file system
// rewrites each without moving a byte, and leaves every other such construct alone.
//
//===----------------------------------------------------------------------===//
#include "analyzer/tu/NvccSpellings.h"

#include <gtest/gtest.h>

#include <initializer_list>

using namespace cudalint;

namespace {

using Rewrite = bool (*)(std::string &);

/// \p Text as \p R rewrites it; checks that no byte moved.
std::string rewritten(Rewrite R, std::string Text) {
  size_t Size = Text.size();
  R(Text);
  EXPECT_EQ(Text.size(), Size);
  return Text;
}

/// Checks that \p R leaves each of \p Texts as it is, and says so.
void expectUnchanged(Rewrite R, std::initializer_list<const char *> Texts) {
  for (const char *Text : Texts) {
    std::string T = Text;
    EXPECT_FALSE(R(T)) << Text;
    EXPECT_EQ(T, Text);
  }
}

std::string joined(std::string Text) {
  return rewritten(joinSpacedChevrons, std::move(Text));
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
  expectUnchanged(joinSpacedChevrons, {
           "k<<<g, b>>>(x);",                            // already whole
           "std::cout << <int>x;",                       // not a launch: no closing before ';'
           "operator<< <T>(os, v);",                     // explicit template arguments
           "W<W<W<int>> > w;",                           // a template's closing
           "a << b; c >> > d;",                          // no opening
           "x = y << <z, w >> > 2;",                     // no '(' after the closing
           "f(a) << <b, c >> >",                         // no '(' at the end of the text
       });
}

} // namespace

namespace {

std::string blanked(std::string Text) {
  return rewritten(blankBuiltinRedeclarations, std::move(Text));
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
  expectUnchanged(blankBuiltinRedeclarations, {
           "extern const dim3 threadIdx;",          // not nvcc's type: nvcc rejects it too
           "extern const uint3 gridDim;",           // likewise
           "extern const uint3 threadIdx, gridDim;", // one name of the wrong type
           "extern const int warpSize;",            // Clang accepts it
           "extern const dim3 blockDims;",          // another variable
           "extern dim3 blockDim;",                 // not const: nvcc rejects it
           "int a; extern const dim3 blockDim;",    // not at the start of its line
           "extern const dim3 blockDim",            // no ';'
           "// extern const dim3 blockDim;",        // a comment
       });
}

} // namespace

namespace {

std::string unbraced(std::string Text) {
  return rewritten(unbraceLaunchConfigs, std::move(Text));
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
  expectUnchanged(unbraceLaunchConfigs, {
           "k<<<g, b>>>(x);",               // nothing braced
           "k<<<g, b, {}, s>>>(x);",        // the third argument is not a dim3
           "k<<<{32},b>>>(x);",             // no blank in the configuration
           "k<<<g, {{1, 2}, 3}>>>(x);",     // nested braces
           "int a[] = {1, 2}; x <<< y;",    // no launch
       });
}

} // namespace

namespace {

std::string commaSeparated(std::string Text) {
  return rewritten(commaSeparateAsmOperands, std::move(Text));
}

TEST(AsmOperands, PutsTheMissingComma) {
  // FasterTransformer's hmma_fp32.
  EXPECT_EQ(commaSeparated("asm volatile(\"mma %0, %1;\" : \"=f\"(c.x) : \"r\"(a.x) \"r\"(a.y), "
                           "\"f\"(z));"),
            "asm volatile(\"mma %0, %1;\" : \"=f\"(c.x) : \"r\"(a.x),\"r\"(a.y), \"f\"(z));");
  EXPECT_EQ(commaSeparated("__asm__ __volatile__(\"x\"\n : \"=r\"(o)\t\"=r\"(p)\n : [in] "
                           "\"r\"(f(a, b))  [k] \"n\"(4));"),
            "__asm__ __volatile__(\"x\"\n : \"=r\"(o),\"=r\"(p)\n : [in] \"r\"(f(a, b)), [k] "
            "\"n\"(4));");
}

TEST(AsmOperands, LeavesOtherCodeAlone) {
  expectUnchanged(commaSeparateAsmOperands, {
           "asm(\"a\" \"b\" : \"=r\"(x) : \"r\"(y), \"r\"(z));", // strings before the operands
           "asm(\"mov %0, %1;\" : \"=r\"(x) : \"r\"(\")\" \"y\"));",   // a `)` in a string
           "asm(\"x\" : \"=r\"(o)\n\"=r\"(p));",                     // no blank but a line break
           "f(a) \"b\";",                                               // no asm
           "plasma(x) \"y\";",                                          // asm inside a name
           // Comments between the template's pieces (CUTLASS's sm90_visitor_topk_softmax.hpp)
           "asm volatile(\"max.f32 %0, \"  // : max(a0, b1)\n    \"%1;\" : \"=f\"(r) : \"f\"(a));",
           "asm(\"x\" /* : (a) */ \"y\" : \"=r\"(o));",
       });
}

std::string unspecialized(std::string Text) {
  return rewritten(unspecializePrimaryTemplates, std::move(Text));
}

TEST(PrimaryTemplates, BlanksTheirOwnArguments) {
  // FasterTransformer's xlnet_preprocess_kernels.cu.
  EXPECT_EQ(unspecialized("template<typename T>\nvoid blockAttnMask<T>(dim3& grid, int n)\n{"),
            "template<typename T>\nvoid blockAttnMask   (dim3& grid, int n)\n{");
  EXPECT_EQ(unspecialized("template <class T, int N = 4> static T f< T,N >(T x);"),
            "template <class T, int N = 4> static T f       (T x);");
}

TEST(PrimaryTemplates, LeavesOtherCodeAlone) {
  expectUnchanged(unspecializePrimaryTemplates, {
           "template<> void f<float>(float x) {}",             // an explicit specialization
           "template<typename T> void f<T *>(T *x) {}",        // a partial one, not its own
           "template<typename T, int N> void f<N, T>(T x) {}", // another order
           "template<typename T> void S<T>::f(T x) {}",        // a member
           "template<typename T> struct S<T> {};",             // a class
           "template<typename... Ts> void f<Ts...>(Ts... x);",  // a pack
           "template<typename T> bool operator< <T>(T a, T b);", // an operator
           "template<typename T> auto v = g<T>(1);",           // a variable template
           "template<typename T> std::vector<T> make(int n);", // a template-id return type
           "template void f<int>(int);",                       // an explicit instantiation
           // libstdc++'s tuple: a call in the return type.
           "template<typename _U1, typename _U2>\n\t__enable_if_t<__assignable<_U1, _U2>(), "
           "tuple&>\n\toperator=(tuple<_U1, _U2>&& __in)",
           "template<typename T> T g<T>(T x) + 1;",             // not a declarator's end
       });
}

std::string alignasFirst(std::string Text) {
  return rewritten(putAlignasFirst, std::move(Text));
}

TEST(AlignasFirst, SwapsItWithTheMemorySpace) {
  // TransformerEngine's group_dequantize_mxfp8.cuh, in a namespace.
  EXPECT_EQ(alignasFirst("namespace n {\n__device__ alignas(128) CUtensorMap g[MAX];\n}"),
            "namespace n {\nalignas(128) __device__ CUtensorMap g[MAX];\n}");
  EXPECT_EQ(alignasFirst("  __constant__\talignas(sizeof(float4)) float c[4];"),
            "  alignas(sizeof(float4))\t__constant__ float c[4];");
  EXPECT_EQ(alignasFirst("__managed__ alignas(16) int m;"), "alignas(16) __managed__ int m;");
}

TEST(AlignasFirst, LeavesOtherCodeAlone) {
  expectUnchanged(putAlignasFirst, {
           "static __device__ alignas(16) float h[4];", // nvcc rejects it too
           "  __shared__ alignas(8) uint64_t mbar[4];", // Clang takes it
           "alignas(16) __device__ float g[4];",        // already first
           "__device__ my_alignas(16) float g[4];",     // another name
           "__device__alignas(16) float g[4];",         // no blank between
           "__device__ alignas(16\n) float g[4];",      // its parenthesis on the next line
           "x__device__ alignas(16) float g[4];",       // not the memory space
       });
}

std::string thisQualified(std::string Text) {
  return rewritten(qualifyThisInConstexprIf, std::move(Text));
}

TEST(ConstexprIfThis, NamesTheClass) {
  // cuCollections' open_addressing_ref_impl.cuh.
  EXPECT_EQ(thisQualified("if constexpr (this->has_payload) {"),
            "if constexpr ($S::  has_payload) {");
  EXPECT_EQ(thisQualified("if constexpr (this->has_payload and not is_same_v<T, value_type>) {"),
            "if constexpr ($S::  has_payload and not is_same_v<T, value_type>) {");
  EXPECT_EQ(thisQualified("if  constexpr\n  (f(this -> a) || !this->b)"),
            "if  constexpr\n  (f($S::    a) || !$S::  b)");
  EXPECT_EQ(thisQualified("if constexpr (this->x /* this->y */) {"),
            "if constexpr ($S::  x /* this->y */) {");
}

TEST(ConstexprIfThis, LeavesOtherCodeAlone) {
  expectUnchanged(qualifyThisInConstexprIf, {
           "if (this->has_payload) {",                  // not constexpr
           "static constexpr bool p = this->x;",        // not an if
           "if constexpr (is_same_v<T, U>) { this->f(); }", // `this` after the condition
           "if constexpr (other_this->x) {",           // another name
           "if constexpr (f(\"this->x\")) {",         // in a string
           "if constexpr (g([&] { return this->x; })) {", // in a lambda
           "if constexpr (auto v = this->x; v) {",      // an init-statement
           "if constexpr (thisx->y) {",                // another name
           "elif constexpr (this->x) {",               // not the keyword if
       });
}

TEST(NvccSpelled, SameAnswerEachTimeAFileIsRead) {
  // Every parse of a run reads the same headers, and a text that needs no rewrite is remembered by
  // its hash: one rewritten is rewritten on every read, one that is not stays as it is, and one
  // as long as a remembered text but a few bytes apart is scanned for itself.
  const std::string Joined = "k <<< g, b >>>  (x);";
  const std::string Spaced = "k << <g, b >> > (x);";
  for (int Read = 0; Read < 3; ++Read) {
    EXPECT_EQ(nvccSpelled(Joined), std::nullopt) << Read;
    EXPECT_EQ(nvccSpelled(Spaced), std::optional<std::string>(Joined)) << Read;
  }
  const std::string Builtin = "extern const dim3 blockDim;";
  EXPECT_EQ(nvccSpelled(Builtin), std::optional<std::string>(std::string(Builtin.size(), ' ')));
}

} // namespace
