//===- LaneValue.h - Lane-affine values and branch-condition classes ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The value domain of the thread-dependence analysis (ThreadDependence.h).
// A value is one of
//   - Uniform: the same in every thread of a block (literals, kernel
//     parameters, blockIdx, blockDim, loads from block-uniform addresses),
//     with its constant when known, else a known divisor ("alignment");
//   - Lane: Factor * (L[lane] + U), where L is known for each of the 32 lanes
//     of a warp and U is the same in every lane of a warp (it may differ
//     between warps) with a known alignment. threadIdx.x in a block whose
//     x-extent is a multiple of 32 is L = {0..31}, U = 32 * warp. Dividing,
//     taking a remainder, shifting or masking by constants that respect U's
//     alignment keeps the form exact, which is what separates tid / 32 and
//     tid % 64 < 32 (the same in a whole warp) from tid & 16 and tid % 2 (not);
//   - Varying: thread-dependent in a way the form cannot describe;
//   - Data: read from memory through a thread-dependent address, or computed
//     from such data.
// A condition on such values is classified (CondClass) by evaluating it on
// every lane of the warps it can meet.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_LANES_LANEVALUE_H
#define CUDALINT_RULES_ANALYSIS_LANES_LANEVALUE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/OperationKinds.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

constexpr unsigned WarpLanes = 32;
constexpr uint32_t AllLanes = 0xffffffffu;

/// How a uniform value changes between iterations of the loop that updates it
/// (stride *= 2 grows, s >>= 1 shrinks).
enum class Growth : uint8_t { None, Grows, Shrinks };

/// What a thread-dependent branch condition does to the lanes of a warp
/// (SPEC §4 rule 2). Uniform means not thread-dependent at all.
enum class BranchCategory : uint8_t {
  Uniform,
  WarpUniform,
  LaneSplit,
  ShrinkingThreshold,
  TailGuard,
  SingleLane,
  DataDependent,
  Unknown, // thread-dependent, but the lane pattern is not modelled
};

const char *categoryName(BranchCategory C);
/// Whether the condition can differ between threads of one block.
inline bool isThreadDependent(BranchCategory C) { return C != BranchCategory::Uniform; }

/// The classification of one condition, with what the messages need.
struct CondClass {
  BranchCategory Cat = BranchCategory::Uniform;
  enum class Why : uint8_t {
    None,
    LaneMask,        // a known set of lanes holds it (TrueMask) in every / several warps
    PartialWarp,     // only one warp is split, and one side has no whole warp
    ConstBound,      // a constant bound splits one warp; whole warps on both sides
    UnknownBound,    // an ordering against a block-uniform value not known here
    LaneBound,       // lane-only value against an unknown bound: same split in every warp
    Equality,        // equality with one value: one lane per warp at most
    ModUnknown,      // tid % m == 0 with m not a constant
    BitUnknown,      // (tid & k) == 0 with k changing in its loop
    LoopThreshold,   // a bound that grows/shrinks with the loop
    FactorGrows,     // (growing factor * tid) against a bound
    FactorShrinks,   // (shrinking factor * tid) below a bound: the threads that pass grow
                     // from a few (a scan's down-sweep: 1, 3, 7, ... threads)
    TripCount,       // loop bound or start gives each lane a different trip count
    SwitchValues,    // a switch on a value that differs within a warp
    IndirectTargets, // a call through a table of functions at a lane-dependent index:
                     // Distinct different functions within a warp
    EqualsUniform,   // a lane value of few distinct values == a uniform value not known
                     // here (bool odd = tid & 1; if (odd == flag)): TrueMask is the split
                     // when it equals the first of them
    Data,
    Combined,
  } Reason = Why::None;
  uint32_t TrueMask = 0;      // lanes that take the branch, in the first split warp
  uint32_t ActiveMask = AllLanes;
  bool EveryWarp = false;     // every warp splits the same way
  bool SmallSideTrue = true;  // PartialWarp: the side with no whole warp is the true side
  bool FewWarps = false;      // WarpUniform: an equality that one warp of the block (or a
                              // few) satisfies; LaneSplit: split only in those warps
  bool Repeats = false;       // PartialWarp: the lane side wraps (tid % 64), so the split
                              // recurs in a warp of every period, not once per block
  bool AtMost = false;        // `a && data`: TrueMask is where it can be true
  bool Upper = false;         // LoopThreshold / shrinking: the threads above the bound pass
  bool HasRange = false;      // RangeLo..RangeHi: the lane side's values in that warp
  int64_t RangeLo = 0, RangeHi = 0;
  unsigned Distinct = 0;      // SwitchValues: distinct values within a warp
  Growth G = Growth::None;
  const clang::VarDecl *GrowthVar = nullptr;
  bool GrowthExact = false;   // the bound is GrowthVar itself
  const clang::Expr *LaneSide = nullptr; // the thread-dependent operand
  const clang::Expr *DataSrc = nullptr;
  bool OneWarpLoop = false; // PartialWarp for every value its loop bound takes
                            // (BoundFirst .. BoundLast): the same single warp is split
  int64_t BoundFirst = 0, BoundLast = 0, BoundAt = 0; // BoundAt: the value TrueMask is for
  bool AssumedShape = false;  // relies on blockDim.x being a multiple of 32 (assumed)
  bool NarrowShape = false;   // lanes differ in threadIdx.y/z: x-extent below 32
  // The most lanes of any one warp for which the condition is true (false);
  // 32 when not known. 1 means a path that at most one lane of a warp takes
  // (`lane == k`, the else of `tid != 0`): nothing on it can split a warp.
  uint8_t MaxTrue = WarpLanes, MaxFalse = WarpLanes;

  /// The condition's negation.
  CondClass negated() const;
  /// Every field equal (keep in step with the fields above).
  bool identical(const CondClass &O) const;
};

/// The value of every thread of a block whose shape the launches give, in the order of the
/// linear thread index, plus a part R the same in every thread of the block and not known
/// (`blockIdx.x * 64`): R is a multiple of RAlign (RAlign 0: R is 0), and R >= 0 when RNonNeg.
/// It keeps what the Lane form loses: `tid % 5` in a block of 384 threads gives each warp its
/// own pattern of lanes (lane::exactBinary).
/// AtMost: a condition known only from above (`x <= 32 && gx < n`, n not known): V is 0
/// where it is false and 1 where it may be true.
/// Worlds: V holds that many blocks one after another. A quotient or remainder by a constant D
/// that R's alignment A does not divide (`i / 3`, i = blockIdx.x * 512 + threadIdx.x) differs
/// between blocks by the remainder R leaves modulo D: world w is the blocks where R is
/// w * A modulo lcm(A, D) (SplitAlign A, SplitMod the lcm), its values taken with w * A added.
/// A value of one block (Worlds 1) holds in every world.
struct ExactThreads {
  std::vector<int64_t> V;
  int64_t RAlign = 0;
  bool RNonNeg = true;
  bool AtMost = false;
  uint32_t Worlds = 1;
  int64_t SplitAlign = 0, SplitMod = 0;
  /// The threads of one block (V's size over its worlds).
  size_t blockThreads() const { return V.size() / Worlds; }
  bool operator==(const ExactThreads &O) const {
    return RAlign == O.RAlign && RNonNeg == O.RNonNeg && AtMost == O.AtMost &&
           Worlds == O.Worlds && SplitAlign == O.SplitAlign && SplitMod == O.SplitMod && V == O.V;
  }
};
using SharedExact = std::shared_ptr<const ExactThreads>;

struct LaneValue {
  enum Kind : uint8_t { Uniform, Lane, Varying, Data };
  Kind K = Uniform;
  // Uniform: the constant, else Value ≡ 0 (mod Align).
  // Lane: U ≡ 0 (mod Align); Align == 0 means U is 0 in every warp.
  std::optional<int64_t> Const;
  int64_t Align = 1;
  bool NonNeg = false; // Uniform (or Varying with MinGaps): known to be >= 0 (blockIdx,
                       // blockDim, unsigned values)
  bool Positive = false; // Uniform, not constant: known to be >= 1, so at least Align (gridDim,
                         // and products and sums with it: `gridDim.x * 32` is at least 32)
  // Uniform, not constant: the value is SymVar's value where the walk stands
  // plus SymOff (`depth - 1` while depth keeps its value), so that
  // `depth - (depth - 1)` is 1 although depth is not known. Only walks of
  // single trips of a loop make such values (Walker::SymMode).
  const clang::VarDecl *SymVar = nullptr;
  int64_t SymOff = 0;
  // Lane.
  std::array<int64_t, WarpLanes> L{};
  uint32_t Active = AllLanes; // lanes that exist (a block of 16 threads fills half a warp)
  // U = WarpCoef * (the linear index of the warp's first thread) + a rest; the
  // rest differs between warps when WarpVaries. Keeping the first term apart
  // lets `t < end + tid` with t = start + tid see that the thread index cancels.
  int64_t WarpCoef = 0;
  bool WarpVaries = false;
  int8_t USign = 1;           // U >= 0 (1), U <= 0 (-1), unknown (0)
  std::optional<int64_t> UBound; // U < UBound, e.g. after % 64
  bool Wraps = false;            // UBound comes from % or &: the lane pattern recurs
                                 // every UBound threads (not the block's extent)
  // Every thread that exists holds a value below VBound: the block's last
  // warp is partial (a 1D block of 100 threads: lanes 4-31 of warp 3 do not
  // exist). Kept through adding, multiplying and dividing by constants.
  std::optional<int64_t> VBound;
  bool HasFactor = false;        // multiplied by a non-constant uniform value
  // Uniform: how the value changes with its loop; Lane: how the factor does.
  Growth G = Growth::None;
  const clang::VarDecl *GrowthVar = nullptr;
  bool GrowthExact = false;
  // Varying: (lane value) % (non-constant uniform value), and (lane value) &
  // (a uniform bit mask that changes with its loop).
  bool ModOfLane = false;
  bool BitOfLane = false;
  // Varying: the value grows with the lane in every warp, by at least L[i] from lane i to
  // lane i + 1 (i < 31), more in warps further into the grid: a product of two values that
  // grow with the thread index (`(i + 1) * (i + 2) / 2`, packed triangular storage), then
  // shifted, scaled or divided by constants (lane::growingGaps). NonNeg: the value is >= 0.
  bool MinGaps = false;
  // Varying with MinGaps: the gaps come from a factor known only from below (`x * width` with
  // `width = gridDim.x * 32`, at least 32): they are the gaps where it is least.
  bool ByFactor = false;
  // Varying: the lanes come in rows of RowLanes consecutive lanes (2 to 16), each row further
  // on by an amount of its own that is not known, and L[i] is the lane's value without it: an
  // index of a block narrower than a warp into rows a run-time pitch apart (`x + y * width` in
  // 16x16 blocks). lane::rowsApart makes and keeps it; sectorsOf counts each row's sectors.
  uint8_t RowLanes = 0;
  // Provenance, for messages.
  bool AssumedAxis = false; // threadIdx.y/z under the multiple-of-32 assumption
  bool NarrowAxis = false;  // threadIdx.y/z in a block narrower than a warp
  bool PerBlock = false;    // depends on blockIdx: a grid-wide index
  // Lane: threadIdx.x + R, R the same in every thread of the block and a
  // multiple of blockDim.x (a block-stride index `tid + k * blockDim.x`);
  // TidExtent is blockDim.x when the launches give it (0: not known). Such a
  // value against a multiple of blockDim.x (`i < (n + B - 1) / B * B`) is the
  // same comparison in every thread of the block, since 0 <= threadIdx.x < B.
  bool TidPlusBlocks = false;
  int64_t TidExtent = 0;
  // Uniform: a multiple of blockDim.x (blockDim.x * k, also when its value
  // is not known).
  bool BlockDimMultiple = false;
  // Data: read at an address that depends on the lane only (s[lane]), so lane
  // i of every warp of the block reads the same value; a reduction over the
  // warp (__all_sync) then gives the same value in every warp.
  bool SameInWarps = false;
  // Data: the lanes of each aligned group of GroupSame lanes (2, 4, ... 32) hold
  // one value, because they read it at one address (`sPtr[0]` with sPtr =
  // s + (tid & ~3)), received it from one lane (`__shfl_sync(m, v, 0, 4)`), or
  // computed it from such values; 0 when not known.
  uint8_t GroupSame = 0;
  const clang::Expr *DataSrc = nullptr;
  /// Set on boolean values that are a classified condition (bool p = tid % 2 == 0).
  std::shared_ptr<const CondClass> Cond;
  /// Any kind but Data: the value of each thread, where the block's shape is known and every
  /// operation on the way is exact (ExactThreads). Only lane::binary, lane::negate and the
  /// walk's comparisons set it; every other operation drops it.
  SharedExact Exact;

  static LaneValue uniform() { return LaneValue(); }
  static LaneValue constant(int64_t C);
  static LaneValue aligned(int64_t Align);
  /// L[i] = \p Lanes[i] + U, U ≡ 0 (mod \p Align).
  static LaneValue lanes(const std::array<int64_t, WarpLanes> &Lanes, int64_t Align,
                         bool WarpVaries, uint32_t Active = AllLanes);
  /// The same in every lane of a warp, different between warps.
  static LaneValue warpUniform();
  static LaneValue varying();
  static LaneValue data(const clang::Expr *Src);

  bool isUniform() const { return K == Uniform; }
  /// Every lane of a warp holds the same value (Uniform, or Lane with equal L).
  bool isWarpUniform() const;
  /// Differs between lanes of one warp, in a known (Lane) or unknown way.
  bool isLaneVarying() const { return K == Varying || K == Data || (K == Lane && !isWarpUniform()); }
  bool isThreadDependent() const { return K != Uniform; }
  /// U differs between the warps of a block.
  bool warpVaries() const { return WarpVaries || WarpCoef != 0; }
  /// The linear thread index in the block (threadIdx.x of a block whose
  /// x-extent is a multiple of 32): L = lane, U = the warp's first index.
  static LaneValue threadIndex(uint32_t Active = AllLanes);
  /// max(L) - min(L) over the active lanes (Lane only).
  int64_t laneSpan() const;
  /// The largest aligned group of lanes (1, 2, 4, ... 32) that holds one value
  /// in every warp: 32 for a uniform value, from L for Lane, GroupSame for Data.
  unsigned sameInGroupsOf() const;

  /// The same value for the analysis (what a loop's fixed point compares).
  bool operator==(const LaneValue &O) const;
  bool operator!=(const LaneValue &O) const { return !(*this == O); }
  /// Every field equal, provenance included (keep in step with the fields above).
  bool identical(const LaneValue &O) const;
};

/// Both null, or both set to identical classes.
bool identical(const std::shared_ptr<const CondClass> &A,
               const std::shared_ptr<const CondClass> &B);

/// Arithmetic on lane values (integer semantics; operands assumed non-negative
/// where the form needs it, else the result is Varying).
namespace lane {
LaneValue binary(clang::BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B);
LaneValue negate(const LaneValue &A);
LaneValue bitNot(const LaneValue &A);
/// A value that depends on all of \p Vs in an unmodelled way (calls, floats).
LaneValue opaque(llvm::ArrayRef<LaneValue> Vs);
/// `A Op B` where one operand grows with the lane by gaps known from below (MinGaps): a
/// product of two non-negative values that do not decrease from lane to lane, or such a value
/// shifted by a uniform one, scaled or divided by a positive constant. None otherwise.
std::optional<LaneValue> growingGaps(clang::BinaryOperatorKind Op, const LaneValue &A,
                                     const LaneValue &B);
/// `A Op B` where one operand has rows a pitch not known apart (LaneValue::RowLanes), or makes
/// them: a row part (`y * width`, rowWidth) plus the lane's own part or one value; then a
/// value added, the lane's own part added, a positive constant multiplied. None otherwise.
std::optional<LaneValue> rowsApart(clang::BinaryOperatorKind Op, const LaneValue &A,
                                   const LaneValue &B);
/// The value after a control-flow merge.
LaneValue join(const LaneValue &A, const LaneValue &B);
/// \p V as seen after a merge of paths chosen by \p C (control dependence).
LaneValue controlDependent(const LaneValue &V, const std::shared_ptr<const CondClass> &C);
/// The value after a merge of two paths that hold \p A and \p B, chosen by the
/// thread-dependent condition \p C: their join, control dependent on \p C.
LaneValue joinUnder(const LaneValue &A, const LaneValue &B,
                    const std::shared_ptr<const CondClass> &C);
/// Classifies `A Op B` (a comparison). \p LHS / \p RHS name the operands.
CondClass compare(clang::BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B,
                  const clang::Expr *LHS, const clang::Expr *RHS);
/// `A Op B` (a comparison of a Lane value without an unknown factor with a constant) when it is
/// the same in every thread that exists, whatever warp of the block it is in: the lanes' values
/// with every offset the warp-uniform part can take (0 when Align is 0; each multiple of Align
/// below UBound). `threadIdx.x >= 16` in a block 16 threads wide is false everywhere.
std::optional<bool> settledComparison(clang::BinaryOperatorKind Op, const LaneValue &A,
                                      const LaneValue &B);
/// The exact value of `A Op B` in each thread (an arithmetic, bitwise or comparison operator),
/// where one operand has ExactThreads and the other has them too or is uniform; null where the
/// result is not exact (a remainder of an unknown uniform part that its divisor does not divide,
/// a product of two unknown parts, an overflow).
SharedExact exactBinary(clang::BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B);
/// `A Op B` for an unsigned type of \p Bits bits where exactBinary knows none: a remainder (or
/// quotient) by a power of two that divides the unknown part, whose sign an unsigned subtraction
/// leaves unknown (`(bx * P + P - 1) - x`, then `% 16`, libSGM).
SharedExact exactUnsigned(clang::BinaryOperatorKind Op, const LaneValue &A, const LaneValue &B,
                          unsigned Bits);
/// `C ? T : F` in each thread, where C's value is known in each thread (not only from above)
/// and T's and F's are known in each thread or constants (`bin == 0 ? 35 : bin - 1`); null
/// otherwise.
SharedExact exactSelect(const LaneValue &C, const LaneValue &T, const LaneValue &F);
/// The join of two values whose threads hold the same known values and differ only in the unknown
/// block-uniform part (a loop's index at its head: `idx` and `idx + stride`, the stride not
/// known), chosen alike by every thread as lane::join assumes: that part a multiple of what
/// divides both. Null otherwise.
SharedExact joinExact(const SharedExact &A, const SharedExact &B);
/// \p V unchanged, or block-uniform where its ExactThreads give every thread of the block the
/// same value although its Lane form lost that (`(tid + 128 * bid) / 2 - tid / 2` in blocks of
/// 128 threads, cuCollections' `idx - thread_idx / CGSize`: each warp's part is 16 * warp on
/// both sides, which the Lane form cannot cancel).
LaneValue uniformIfExactSame(LaneValue V);
/// Both operands' ExactThreads null, or equal.
bool sameExact(const SharedExact &A, const SharedExact &B);
/// Classifies a value used as a condition (`if (x)`).
CondClass truthOf(const LaneValue &V, const clang::Expr *E);
/// Combines the classes of `A && B` (\p And) or `A || B`.
CondClass combine(const CondClass &A, const CondClass &B, bool And);
/// The boolean value of a classified condition.
LaneValue fromCond(CondClass C);
} // namespace lane

/// When \p C holds for exactly one lane in each aligned group of G lanes of
/// every warp (a leader per group: even lanes, every 4th lane), G; else 0.
unsigned leaderGroup(const CondClass &C);

/// "even lanes", "lanes 0-15", "lane 0", "every 4th lane (0, 4, 8, ...)".
std::string describeLanes(uint32_t Mask);

/// Whether uniform \p U is a multiple of blockDim.x, which is \p Extent when
/// known (0: only a symbolic multiple counts).
bool multipleOfBlockDim(const LaneValue &U, int64_t Extent);

} // namespace cudalint

#endif
