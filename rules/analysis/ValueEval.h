//===- ValueEval.h - What the source says an expression's value is --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Evaluates the integer, dim3 and stream-handle values that a launch site's
// arguments have when the source determines them: literals, macros, const and
// constexpr variables, enumerators, template arguments (per instantiation),
// dim3 with one to three arguments, locals assigned exactly once before the
// launch, file-static host variables written once in the TU (FileStatics.h),
// arithmetic, std::min/std::max, small constexpr helpers called with known
// arguments, and ?: with a known condition. Anything else is unknown
// (std::nullopt) and the rules that need the value stay silent.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_VALUEEVAL_H
#define CUDALINT_RULES_ANALYSIS_VALUEEVAL_H

#include "rules/analysis/CallSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace cudalint {

using Dim3 = std::array<std::int64_t, 3>;

class ValueEvaluator {
public:
  /// \p Site is the statement whose values are asked for (the launch): locals
  /// count only if assigned before it.
  /// With \p Callers, a parameter of a host function that the function never
  /// writes has the value that every call of it passes, when all its calls
  /// are seen (its address is not taken) and agree; callers' parameters are
  /// followed the same way, two levels up.
  ValueEvaluator(clang::ASTContext &Ctx, const clang::Stmt *Site,
                 CallSites *Callers = nullptr)
      : Ctx(Ctx), Site(Site), Callers(Callers) {}

  std::optional<std::int64_t> evalInt(const clang::Expr *E);
  std::optional<Dim3> evalDim3(const clang::Expr *E);
  /// The x-extent of a dim3 alone, where the others may not be known
  /// (`dim3 threads(32, threadsY)` with threadsY chosen at run time).
  std::optional<std::int64_t> evalDim3X(const clang::Expr *E);
  /// The integer value of a pointer-typed handle such as a cudaStream_t:
  /// 0 for 0/NULL/nullptr, 1 for cudaStreamLegacy, 2 for cudaStreamPerThread.
  std::optional<std::int64_t> evalHandle(const clang::Expr *E);
  /// The block shapes \p E can have when the source picks it at run time from a few values
  /// it spells out: a local written only with known values, with the values of a counted loop's
  /// counter (`for (bs = 128; bs <= 1024; bs *= 2) if (fits(bs)) dim = bs;`), or with either
  /// arm of a `?:`; or a `?:` in \p E itself. One shape when evalDim3 knows it; empty when
  /// unknown or more than \p Max.
  std::vector<Dim3> evalDim3Choices(const clang::Expr *E, size_t Max);

  /// The expression a variable holds at the site: its initializer if it is
  /// never written, or the single plain assignment before the site. Null when
  /// the value cannot be pinned down (parameters, globals that are not const or file-static,
  /// address taken, written in a loop or branch, written more than once).
  const clang::Expr *singleValueOf(const clang::VarDecl *V);
  /// singleValueOf for a file-static host variable (FileStatics.h): its one write in the TU,
  /// when its initializer is trivial, or its initializer when nothing writes it.
  const clang::Expr *fileStaticValueOf(const clang::VarDecl *V);
  /// Like singleValueOf, for one field of a local struct (dim3::x,
  /// cudaLaunchConfig_t::stream): the last plain assignment `v.f = e` before
  /// the site, else the field's initializer. \p ZeroInit is set when the
  /// variable was value-initialised ({}, {0}) and the field never written.
  const clang::Expr *fieldValueOf(const clang::VarDecl *V, llvm::StringRef Field, bool &ZeroInit);

private:
  /// evalDim3X: the y- and z-extents that are not known count as 1.
  bool XOnly = false;
  std::optional<std::int64_t> evalIntImpl(const clang::Expr *E, unsigned Depth);
  std::optional<Dim3> evalDim3Impl(const clang::Expr *E, unsigned Depth);
  std::optional<std::int64_t> evalCall(const clang::CallExpr *C, unsigned Depth);
  std::optional<std::int64_t> passedToParam(const clang::ParmVarDecl *P);
  std::optional<Dim3> dim3OfVar(const clang::VarDecl *V, unsigned Depth);
  /// The dim3 that up to three integer arguments make (a dim3 constructor's, `$(...)`'s).
  std::optional<Dim3> dim3OfArgs(llvm::ArrayRef<const clang::Expr *> Args, unsigned Depth);
  /// evalDim3Choices: every value the source gives local \p V, sorted; empty when one is not
  /// known or there are more than MaxChoices.
  std::vector<std::int64_t> choicesOf(const clang::VarDecl *V, unsigned Depth);
  std::vector<std::int64_t> valuesOf(const clang::Expr *E, unsigned Depth);
  /// The values counter \p C of \p For takes, in order; empty when not known or too many.
  std::vector<std::int64_t> counterValues(const clang::ForStmt *For, const clang::VarDecl *C);
  /// The statements' parents in \p F's body (built once per function: the
  /// whole-TU map of ASTContext::getParents cost a tenth of a template-heavy
  /// TU's analysis); null without a body.
  const clang::ParentMap *parentsIn(const clang::FunctionDecl *F);

  clang::ASTContext &Ctx;
  const clang::Stmt *Site;
  CallSites *Callers;
  unsigned CallerLevel = 0;
  /// Parameter bindings while evaluating the body of a small helper.
  llvm::DenseMap<const clang::ParmVarDecl *, std::int64_t> Bindings;
  /// evalDim3Choices: the local being tried with each of its values, and the first local
  /// whose value could not be pinned down in the last evaluation.
  llvm::DenseMap<const clang::VarDecl *, std::int64_t> Chosen;
  const clang::VarDecl *Unpinned = nullptr;
  /// The same for a `?:` whose condition is not known (`dim3 threads(32, rows > 64 ? 8 :
  /// 4)`): the arm it is tried with, and the first such `?:` of the last evaluation.
  llvm::DenseMap<const clang::ConditionalOperator *, bool> ChosenArm;
  const clang::ConditionalOperator *UnpinnedArm = nullptr;
  /// The condition of \p CO, or the arm it is being tried with.
  std::optional<std::int64_t> armOf(const clang::ConditionalOperator *CO, unsigned Depth);
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<clang::ParentMap>> Parents;
};

/// Strips parentheses, implicit nodes, temporaries and no-op casts.
const clang::Expr *stripWrappers(const clang::Expr *E);

/// \p E without a constant added to it: `2 * i` for `2 * i + 1`; the constant in \p K (1 there,
/// -2 for `i - 2`; 0 when there is none or it does not fit in 32 bits).
const clang::Expr *withoutConstant(const clang::Expr *E, const clang::ASTContext &Ctx,
                                   int64_t *K = nullptr);

} // namespace cudalint

#endif
