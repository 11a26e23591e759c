// threadIdx.y / z tests split warps when the block's x-extent (from the
// kernel's launches in this file) is below 32, and not when it is a multiple
// of 32. Without a known launch, blockDim.x is assumed to be a multiple of 32,
// which --pedantic says.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__global__ void rowsNarrow(float *x, int w) {
  if (threadIdx.y % 2 == 0)
  // CHECK-DAG: blocks-2d.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.y % 2 == 0' splits every warp [warp-divergent-branch]
  // CHECK-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: with the 16x16 block of the launch at line {{[0-9]+}}, each warp holds 2 rows of 16 threads
  // CHECK-DAG: blocks-2d.cu:[[@LINE-3]]:7: note: it is true for lanes 0-15 and false for lanes 16-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: blocks-2d.cu:[[@LINE-4]]:7: note: launch blocks at least 32 threads wide in x (e.g. 32x8 instead of 16x16) so that a warp never spans two rows
    x[threadIdx.x] = 1.f;
  if (threadIdx.y < 8) // rows 0-7 fill whole warps
    x[threadIdx.x] = 2.f;
  if (threadIdx.y == 0) // the top row's halo: half of warp 0, nothing else to do
  // PED-DAG: blocks-2d.cu:[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'threadIdx.y == 0' splits only a few warps [warp-divergent-branch]
  // PED-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: with the 16x16 block of the launch at line {{[0-9]+}}, each warp holds 2 rows of 16 threads
  // PED-DAG: blocks-2d.cu:[[@LINE-3]]:7: note: 'threadIdx.y == 0' splits only lanes 0-15 from the rest of the warp where 'threadIdx.y' is 0-1: those threads already fill the fewest warps they can
  // PED-DAG: blocks-2d.cu:[[@LINE-4]]:7: note: only one side of the branch does work: no regrouping would save anything
    x[threadIdx.x] = 3.f;
  if (threadIdx.y == 0) // both sides work: warp 0 runs both
  // CHECK-DAG: blocks-2d.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.y == 0' splits the warp where 'threadIdx.y' is 0-1 [warp-divergent-branch]
  // CHECK-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: with the 16x16 block of the launch at line {{[0-9]+}}, each warp holds 2 rows of 16 threads
  // CHECK-DAG: blocks-2d.cu:[[@LINE-3]]:7: note: it is true only for lanes 0-15 of the warp where 'threadIdx.y' is 0-1 (and false in every other warp): that warp runs the branch with lanes 16-31 idle, then the rest of its path with lanes 0-15 idle
  // CHECK-DAG: blocks-2d.cu:[[@LINE-4]]:7: note: launch blocks at least 32 threads wide in x (e.g. 32x8 instead of 16x16) so that a warp never spans two rows
    x[threadIdx.x] = 3.f;
  else
    x[threadIdx.x + 16] = 5.f;
  if (threadIdx.x == 0) // one lane per row: lanes 0 and 16
  // PED-DAG: blocks-2d.cu:[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'threadIdx.x == 0' is true only for lanes 0 and 16 of every warp [warp-divergent-branch]
  // PED-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    x[threadIdx.y] = 4.f;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < w && col < w) // bounds check
  // PED-DAG: blocks-2d.cu:[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'row < w && col < w' splits at most one warp [warp-divergent-branch]
  // PED-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    x[row * w + col] = 0.f;
  // A tile loaded in row passes: each 16-wide row holds the same columns, so an unknown bound
  // that falls inside a row splits every warp, not one (before: "splits at most one warp").
  for (int pass = 0; pass < 2; pass++)
    if (threadIdx.x + 16 * pass < w)
  // PED-DAG: blocks-2d.cu:[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'threadIdx.x + 16 * pass < w' compares a lane value with a bound [warp-divergent-branch]
  // PED-DAG: blocks-2d.cu:[[@LINE-2]]:9: note: the bound is not known here; if it falls inside a warp, every warp splits at the same lane
      x[threadIdx.y * 32 + threadIdx.x + 16 * pass] += 1.f;
}

// The same tests with 32x8 blocks: every warp is one row.
__global__ void rowsWide(float *x) {
  if (threadIdx.y % 2 == 0)
    x[threadIdx.x] = 1.f;
  if (threadIdx.y == 0)
    x[threadIdx.x] = 3.f;
}

// No launch in this file: x is assumed to be a multiple of 32.
__global__ void rowsUnknown(float *x) {
  if (threadIdx.y % 2 == 0)
  // PED-DAG: blocks-2d.cu:[[@LINE-1]]:7: note: warp-uniform branch (assumed block shape): 'threadIdx.y % 2 == 0' is warp-uniform only if blockDim.x is a multiple of 32 [warp-divergent-branch]
  // PED-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: that is assumed because no launch of 'rowsUnknown' in this file gives its block shape
  // PED-DAG: blocks-2d.cu:[[@LINE-3]]:7: note: in a block narrower than 32 threads, one warp spans several values of threadIdx.y and this branch would split it
    x[threadIdx.x] = 1.f;
}

// 3D: 8x4x4 puts one z-slice in each warp, 8x2x4 puts two.
__global__ void slices(float *x) {
  if (threadIdx.z == 1)
    x[0] = 1.f;
}
__global__ void slicesHalf(float *x) {
  if (threadIdx.z % 2)
  // CHECK-DAG: blocks-2d.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.z % 2' splits every warp [warp-divergent-branch]
  // CHECK-DAG: blocks-2d.cu:[[@LINE-2]]:7: note: with the 8x2x4 block of the launch at line {{[0-9]+}}, each warp's 32 consecutive threads span several values of threadIdx.y or threadIdx.z
  // CHECK-DAG: blocks-2d.cu:[[@LINE-3]]:7: note: it is true for lanes 16-31 and false for lanes 0-15 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: blocks-2d.cu:[[@LINE-4]]:7: note: launch blocks at least 32 threads wide in x (e.g. 32x8 instead of 16x16) so that a warp never spans two rows
    x[0] = 1.f;
}

void launch(float *x) {
  rowsNarrow<<<dim3(4, 4), dim3(16, 16)>>>(x, 64); // its line is named in the messages
  rowsWide<<<dim3(4, 4), dim3(32, 8)>>>(x);
  slices<<<1, dim3(8, 4, 4)>>>(x);
  slicesHalf<<<1, dim3(8, 2, 4)>>>(x);
}
// CHECK: cuda-lint: 3 warnings and 0 errors
// PED-SAME: (5 notes) in 1 file
