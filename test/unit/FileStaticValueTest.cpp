//===- FileStaticValueTest.cpp - Values of file-static host variables ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ValueEvaluator on a launch whose block is a file-static host variable that another
// function sets (`static dim3 dimb0;` written in `main`): its one write in the TU, and no
// value wherever another write, an address, a reference or external linkage may change it.
//
//===----------------------------------------------------------------------===//
#include "rules/analysis/ValueEval.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Tooling/Tooling.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

/// The block of the one `launch(...)` call in `step()`, with \p Globals above it and
/// \p Main the body of `main`.
std::optional<Dim3> block(const std::string &Globals, const std::string &Main) {
  std::string Code = "struct dim3 { unsigned x, y, z;\n"
                     "  constexpr dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1)\n"
                     "      : x(a), y(b), z(c) {} };\n"
                     "void launch(dim3 block);\n"
                     "void use(dim3 &b);\n"
                     "void look(const dim3 &b);\n" +
                     Globals + "\nvoid step() { launch(blk); }\nint main(int argc, char **) {\n" +
                     Main + "\nstep();\n}\n";
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"});
  EXPECT_TRUE(AST);
  if (!AST)
    return std::nullopt;
  auto Found = match(callExpr(callee(functionDecl(hasName("launch")))).bind("c"),
                     AST->getASTContext());
  EXPECT_EQ(Found.size(), 1u);
  if (Found.size() != 1)
    return std::nullopt;
  const auto *Call = Found[0].getNodeAs<CallExpr>("c");
  return ValueEvaluator(AST->getASTContext(), Call).evalDim3(Call->getArg(0));
}

const Dim3 Tile{16, 16, 1};

TEST(FileStaticValue, WrittenOnceElsewhere) {
  // Madagascar's RTM: `static dim3 dimb0;`, set once in main, read by the time-step launches.
  EXPECT_EQ(block("static dim3 blk;", "blk = dim3(16, 16);"), Tile);
  EXPECT_EQ(block("namespace { dim3 blk; }", "blk = dim3(16, 16);"), Tile);
  EXPECT_EQ(block("static const int B = 16; static dim3 blk;", "blk = dim3(B, B);"), Tile);
  // Read through a const reference and copied: still one value.
  EXPECT_EQ(block("static dim3 blk;", "blk = dim3(16, 16); look(blk); dim3 c = blk;"), Tile);
  // Never written: its initializer.
  EXPECT_EQ(block("static dim3 blk(16, 16);", ""), Tile);
  EXPECT_EQ(block("static int w = 16; static dim3 blk;", "blk = dim3(w, w);"), Tile);
}

TEST(FileStaticValue, NoneWhereItMayChange) {
  EXPECT_FALSE(block("static dim3 blk;", "blk = dim3(16, 16); if (argc) blk = dim3(32);"));
  EXPECT_FALSE(block("static dim3 blk(32);", "blk = dim3(16, 16);"));
  EXPECT_FALSE(block("static dim3 blk;", "blk = dim3(16, 16); use(blk);"));
  EXPECT_FALSE(block("static dim3 blk;", "blk = dim3(16, 16); dim3 *p = &blk;"));
  EXPECT_FALSE(block("static dim3 blk;", "blk = dim3(16, 16); blk.x = 32;"));
  EXPECT_FALSE(block("static dim3 blk;", "blk = dim3(argc, 16);"));
  // Another file may write a variable of external linkage.
  EXPECT_FALSE(block("dim3 blk;", "blk = dim3(16, 16);"));
  EXPECT_FALSE(block("static volatile int w = 16; static dim3 blk;", "blk = dim3(w, w);"));
  // Another global's initializer names it.
  EXPECT_FALSE(block("static dim3 blk; static dim3 *alias = &blk;", "blk = dim3(16, 16);"));
  EXPECT_FALSE(block("static int w = 16; static dim3 blk;", "++w; blk = dim3(w, w);"));
}

} // namespace
