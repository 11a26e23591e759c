//===- ValueChoicesTest.cpp - Block sizes the host picks at run time -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// ValueEvaluator::evalDim3Choices: the few block shapes a launch's block argument can have
// when the host picks it at run time from values the source spells out, and none where one of
// them is not known.
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

/// The choices for the argument of the one `launch(...)` call in a host function whose body
/// is \p Body (parameters `int n, int user`, values the run decides).
std::vector<Dim3> choices(const std::string &Body) {
  std::string Code = "struct dim3 { unsigned x, y, z;\n"
                     "  constexpr dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1)\n"
                     "      : x(a), y(b), z(c) {} };\n"
                     "void launch(dim3 block);\n"
                     "void host(int n, int user) {\n" +
                     Body + "\n}\n";
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"});
  EXPECT_TRUE(AST);
  if (!AST)
    return {};
  auto Found = match(callExpr(callee(functionDecl(hasName("launch")))).bind("c"),
                     AST->getASTContext());
  EXPECT_EQ(Found.size(), 1u);
  if (Found.size() != 1)
    return {};
  const auto *Call = Found[0].getNodeAs<CallExpr>("c");
  return ValueEvaluator(AST->getASTContext(), Call).evalDim3Choices(Call->getArg(0), 4);
}

std::vector<Dim3> xs(std::initializer_list<std::int64_t> X) {
  std::vector<Dim3> Out;
  for (std::int64_t V : X)
    Out.push_back({V, 1, 1});
  return Out;
}

TEST(ValueChoices, KnownShapeIsTheOnlyChoice) {
  EXPECT_EQ(choices("launch(dim3(128));"), xs({128}));
}

TEST(ValueChoices, CounterOfTheLoopThatPicks) {
  // Parboil's mri-gridding scan: the best of 128 to 1024 threads, launched with half of it.
  EXPECT_EQ(choices("unsigned d;\n"
                    "for (int b = 128; b <= 1024; b *= 2) if (b > n) d = b;\n"
                    "dim3 block(d / 2); launch(block);"),
            xs({64, 128, 256, 512}));
  EXPECT_EQ(choices("int t = 32; for (int s = 256; s > 32; s >>= 1) if (s < n) t = s; launch(t);"),
            xs({32, 64, 128, 256}));
}

TEST(ValueChoices, ArmsAndAssignments) {
  EXPECT_EQ(choices("int t = n < 4096 ? 64 : 256; launch(t);"), xs({64, 256}));
  std::vector<Dim3> Rows = {{128, 2, 1}, {256, 2, 1}};
  EXPECT_EQ(choices("int t; if (n) t = 128; else t = 256; launch(dim3(t, 2));"), Rows);
  std::vector<Dim3> Ys = {{32, 4, 1}, {32, 8, 1}};
  EXPECT_EQ(choices("int ty = n > 64 ? 8 : 4; dim3 threads(32, ty); launch(threads);"), Ys);
  // A `?:` written in the launch's expression itself.
  EXPECT_EQ(choices("dim3 threads(32, n > 64 ? 8 : 4); launch(threads);"), Ys);
  EXPECT_EQ(choices("launch(n < 1024 ? 128 : 256);"), xs({128, 256}));
  EXPECT_TRUE(choices("launch(n < 1024 ? 128 : user);").empty());
}

TEST(ValueChoices, NoneWhereAValueIsNotKnown) {
  EXPECT_TRUE(choices("int t = n < 64 ? 64 : user; launch(t);").empty());
  EXPECT_TRUE(choices("launch(n);").empty());
  // More than four sizes (32 to 1024).
  EXPECT_TRUE(
      choices("int t = 32; for (int b = 32; b <= 1024; b *= 2) if (b < n) t = b; launch(t);")
          .empty());
  // Written through a pointer, by a compound assignment, or a counter the body also moves.
  EXPECT_TRUE(choices("int t = 64; int *p = &t; *p = n; launch(t);").empty());
  EXPECT_TRUE(choices("int t = 64; if (n) t *= 2; launch(t);").empty());
  EXPECT_TRUE(choices("int t = 64;\n"
                      "for (int b = 64; b < 512; b *= 2) { if (b < n) t = b; b += user; }\n"
                      "launch(t);")
                  .empty());
}

} // namespace
