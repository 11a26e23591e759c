//===- DivergenceIdioms.h - Lane splits that cost nothing to restructure --===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Branches whose condition does split the lanes of a warp, but where a
// senior engineer would not want a warning: the compiler predicates the arm
// (a register update beside a warp shuffle, a switch that only picks a
// value, the load of per-warp partials), or the working threads already fill
// the fewest warps they can (a one-sided threshold inside one warp). The
// warp-divergent-branch rule turns these into --pedantic notes; and one
// pattern the other way: a leader-lane test whose else side does real work.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LANES_DIVERGENCEIDIOMS_H
#define CUDALINT_RULES_ANALYSIS_LANES_DIVERGENCEIDIOMS_H

#include "rules/analysis/lanes/ThreadDependence.h"

#include <optional>

namespace clang {
class ASTContext;
}

namespace cudalint {
namespace idioms {

/// The name a call uses, also when a template leaves it unresolved.
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// An expression that only reads: no assignment, increment or call other
/// than threadIdx/blockIdx (property reads) and builtins such as fmaxf.
bool pureValue(const clang::Stmt *S);

/// A warp shuffle or warp reduction in \p S (`__shfl_up_sync`, `tile.shfl_down`,
/// `__reduce_add_sync`, `cg::reduce`), or in the helpers it calls, four calls
/// deep, also through templates as written (`Shfl<T>::up(v, o)`).
bool callsWarpCollective(const clang::Stmt *S);

/// `if (lane < k) out[...] = v;` after a warp collective in the same
/// function: a lane split of every warp whose one-sided arm only stores, the
/// lanes 0..k-1 storing. Returns k, or 0. Few lanes (at most 4) store a result
/// the whole warp computed (measured no slower than one lane storing it); most
/// of the warp (16 or more) are a shuffle filter whose last lanes are its halo,
/// computing outputs that nobody stores (the rule decides by k).
unsigned storeAfterCollective(const BranchEvent &E, clang::ASTContext &AST);

/// Whether the branch's arms access arrays at an index read from the
/// variables (or the threadIdx) its condition tests (`if ((i & k) == 0) ...
/// s[i] ... s[ixj]`): moving the branch to whole warps would change which
/// elements each thread touches, so that rewrite is not suggested.
bool armsIndexedByLane(const BranchEvent &E);

/// Only one side of the branch does work: an `if` without an else (an early
/// return counts), `a && f()`, or a `?:` with a constant arm.
bool oneSided(const BranchEvent &E);

/// `if (tx == 0) {...} else {...}` whose else side does more than pick one
/// value: every warp runs both paths.
bool leaderWithElseWork(const BranchEvent &E, clang::ASTContext &AST);

/// A switch whose cases only return a value or assign one register.
bool selectSwitch(const BranchEvent &E);

/// `if (lane < nwarps) v = partial[lane];`, the second stage of a block reduction.
bool partialsLoad(const BranchEvent &E, clang::ASTContext &AST);

/// `if (lane >= i) v += n;` beside a warp shuffle in the same loop.
bool predicatedShuffleStep(const BranchEvent &E, clang::ASTContext &AST);

/// `if (lane >= offset) t += s[-offset];`: a Kogge-Stone scan step that adds
/// the element `offset` places below (in shared memory or from a shuffle) to
/// this lane's value; the single guarded update is predicated.
bool koggeStoneStep(const BranchEvent &E, clang::ASTContext &AST);

/// `if (lane % 2 == 0) y[row] = sum;`: an equality that picks one leader lane
/// in each aligned group of lanes, whose one-sided arm only stores the group's
/// result to memory (no lane outside the leaders has anything to store).
/// Returns the group width, or 0.
unsigned leaderStore(const BranchEvent &E, clang::ASTContext &AST);

/// `if (t == 0) {...} else if (t == 1) {...} else if (t == 2) {...}` with no
/// final else: a chain of equality tests of one thread-dependent value against
/// distinct constants, each arm a different job for one thread, the threads
/// that match none idle (per-thread dispatch). Returns the chain's length (at
/// least 2) when \p E's branch is one of its links, else 0. Also the switch
/// form: `switch (t) { case 0: ...; case 1: ...; }` on a value that differs in
/// every lane of a warp (each case picks one lane at most), with no default or
/// an empty one; then the number of cases.
unsigned dispatchChain(const BranchEvent &E, clang::ASTContext &AST);

/// Why a one-sided threshold splits no more than one warp at a time.
enum class Spared { OneWarpBlock, ConstantStep, BoundInOneWarp };
std::optional<Spared> sparedThreshold(const BranchEvent &E, clang::ASTContext &AST);

} // namespace idioms
} // namespace cudalint

#endif
