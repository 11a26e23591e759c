//===- BlockShapeModel.cpp - threadIdx and blockDim as lane values ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/ThreadDependenceWalker.h"

using namespace clang;

namespace cudalint {
namespace walker {

// --- the block shape ---------------------------------------------------------------


std::array<int64_t, WarpLanes> lanesOf(int64_t (*F)(int64_t, int64_t), int64_t Arg) {
  std::array<int64_t, WarpLanes> L;
  for (unsigned I = 0; I < WarpLanes; ++I)
    L[I] = F(I, Arg);
  return L;
}

LaneValue withUBound(LaneValue V, int64_t Bound) {
  if (V.K == LaneValue::Lane && V.Align != 0)
    V.UBound = Bound;
  return V;
}

/// threadIdx.x is itself a block-stride index (threadIdx.x + 0 * blockDim.x)
/// and blockDim.x a multiple of itself; \p Dx is blockDim.x when known.
static void markBlockStride(ShapeModel &M, int64_t Dx) {
  if (M.Tid[0].K == LaneValue::Lane) {
    M.Tid[0].TidPlusBlocks = true;
    M.Tid[0].TidExtent = Dx;
  }
  M.BDim[0].BlockDimMultiple = true;
}

ShapeModel modelOf(const BlockShape &S) {
  ShapeModel M;
  if (!S.Block) {
    // The x-extent a multiple of 32: assumed, or known alone (S.BlockX).
    M.Tid[0] = S.BlockX ? withUBound(LaneValue::threadIndex(), *S.BlockX)
                        : LaneValue::threadIndex();
    for (int A = 1; A < 3; ++A) {
      M.Tid[A] = LaneValue::warpUniform();
      M.Tid[A].USign = 1;
      M.Tid[A].AssumedAxis = !S.BlockX;
    }
    M.BDim[0] = S.BlockX ? LaneValue::constant(*S.BlockX) : LaneValue::aligned(32);
    M.BDim[1] = M.BDim[2] = LaneValue::aligned(1);
    M.Linear = LaneValue::threadIndex();
    markBlockStride(M, S.BlockX ? *S.BlockX : 0);
    return M;
  }
  int64_t Dx = (*S.Block)[0], Dy = (*S.Block)[1], Dz = (*S.Block)[2];
  for (int A = 0; A < 3; ++A)
    M.BDim[A] = LaneValue::constant((*S.Block)[A]);
  int64_t Threads = Dx * Dy * Dz;
  uint32_t Active = Threads >= 32 ? AllLanes : ((1u << Threads) - 1);
  M.Linear = withUBound(LaneValue::threadIndex(Active), Threads);
  // A block whose size is not a multiple of 32 ends in a partial warp: the
  // lanes of the last warp past the block's end do not exist.
  if (Threads > 32 && Threads % 32 != 0)
    M.Linear.VBound = Threads;
  auto Row = [&](int64_t Width, int64_t Extent) {
    // The coordinate whose lower dimensions hold Width threads, Extent long.
    LaneValue V;
    if (Width % 32 == 0) {
      V = LaneValue::warpUniform();
      V.USign = 1;
      return V;
    }
    if (32 % Width != 0)
      return LaneValue::varying();
    int64_t Rows = 32 / Width;
    std::array<int64_t, WarpLanes> L;
    if (Extent % Rows == 0 || Extent > Rows) {
      for (unsigned I = 0; I < WarpLanes; ++I)
        L[I] = I / Width;
      // When one warp holds the whole extent, U is 0 in every warp.
      V = Extent > Rows ? withUBound(LaneValue::lanes(L, Rows, true, Active), Extent)
                        : LaneValue::lanes(L, 0, false, Active);
      // Rows that do not fill the last warp (deepmd's 16x9 blocks: rows 2w and 2w + 1 in warps
      // 0-3, row 8 alone in lanes 0-15 of warp 4): its other lanes do not exist.
      if (Extent % Rows != 0)
        V.VBound = Extent;
    } else if (Rows % Extent == 0) {
      for (unsigned I = 0; I < WarpLanes; ++I)
        L[I] = (I / Width) % Extent;
      V = LaneValue::lanes(L, 0, false, Active);
    } else {
      V = LaneValue::varying();
    }
    V.NarrowAxis = true;
    return V;
  };
  if (Dx % 32 == 0) {
    M.Tid[0] = withUBound(LaneValue::threadIndex(Active), Dx);
  } else if (32 % Dx == 0 || (Dx < 32 && Dy == 1 && Dz == 1)) {
    std::array<int64_t, WarpLanes> L;
    for (unsigned I = 0; I < WarpLanes; ++I)
      L[I] = I % Dx;
    M.Tid[0] = LaneValue::lanes(L, 0, false, Active);
  } else if (Dy == 1 && Dz == 1) {
    // A 1D block of more than 32 threads, not a multiple of 32: threadIdx.x is
    // the linear index (100 threads: three whole warps and lanes 0-3 of a
    // fourth, whose missing lanes VBound leaves out).
    M.Tid[0] = M.Linear;
  } else {
    M.Tid[0] = LaneValue::varying();
  }
  M.Tid[1] = Dy == 1 ? LaneValue::constant(0) : Row(Dx, Dy);
  M.Tid[2] = Dz == 1 ? LaneValue::constant(0) : Row(Dx * Dy, Dz);
  if (32 % Dx != 0 && Dx % 32 != 0) {
    for (int A = 1; A < 3; ++A)
      if (M.Tid[A].K != LaneValue::Uniform)
        M.Tid[A] = LaneValue::varying();
  }
  // Each thread's coordinates: what a mapping onto a tile whose width is not a power of two
  // needs (`tid % 5` in blocks of several warps), and a value that wraps at a bound that is
  // not a multiple of 32 in a block of one warp (popsift's orientation histogram of 36 bins,
  // `bin == 0 ? 35 : bin - 1`, read by a block of 32 threads).
  if (Threads <= MaxExactThreads) {
    auto Each = [&](auto F) {
      auto E = std::make_shared<ExactThreads>();
      E->V.resize(static_cast<size_t>(Threads));
      for (int64_t T = 0; T < Threads; ++T)
        E->V[static_cast<size_t>(T)] = F(T);
      return E;
    };
    M.Linear.Exact = Each([](int64_t T) { return T; });
    if (M.Tid[0].K != LaneValue::Uniform)
      M.Tid[0].Exact = Dx == Threads ? M.Linear.Exact : Each([&](int64_t T) { return T % Dx; });
    if (M.Tid[1].K != LaneValue::Uniform)
      M.Tid[1].Exact = Each([&](int64_t T) { return T / Dx % Dy; });
    if (M.Tid[2].K != LaneValue::Uniform)
      M.Tid[2].Exact = Each([&](int64_t T) { return T / (Dx * Dy); });
  }
  markBlockStride(M, Dx);
  return M;
}

} // namespace walker
} // namespace cudalint
