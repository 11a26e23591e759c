// Issue 14: a loop's fixed point is kept (rules/analysis/lanes/LoopMemo.cpp) and
// reused when the walk enters the loop again with an identical state and
// context, as the recorded pass of an outer loop enters its inner loops. The
// inner loop's head must be the one its trips reach: with the entry state in
// its place, 'j' would be 0 in nestedMovingLane and 'even' false in
// carriedFlag, and both warnings would be lost.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --no-cache --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// The same findings without the memo (CUDA_LINT_NO_LOOP_MEMO), here and over
// every input of the divergence tests and the bundled kernels, all rules.
// RUN: %expect-exit 1 --stdout %t.off -- env CUDA_LINT_NO_LOOP_MEMO=1 %cuda-lint --no-cache --rules=warp-divergent-branch %s
// RUN: diff %t.off %t.out
// RUN: %expect-exit 1 --stdout %t.all -- %cuda-lint --no-cache --format=json %S %src_root/kernels
// RUN: %expect-exit 1 --stdout %t.all-off -- env CUDA_LINT_NO_LOOP_MEMO=1 %cuda-lint --no-cache --format=json %S %src_root/kernels
// RUN: diff %t.all-off %t.all

__device__ float rowSum(const float *row, int n) {
  float s = 0.f;
  for (int k = 0; k < n; ++k)
    s += row[k];
  return s;
}

__global__ void nestedMovingLane(float *out) {
  float acc = 0.f;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      if ((threadIdx.x & 31) < 16 * j)
        acc += 1.f;
      // CHECK: loop-memo.cu:[[@LINE-2]]:11: warning: warp-divergent branch (lane-split): '(threadIdx.x & 31) < 16 * j' splits every warp at a moving lane [warp-divergent-branch]
      // CHECK-NEXT: if ((threadIdx.x & 31) < 16 * j)
      // CHECK: loop-memo.cu:[[@LINE-4]]:11: note: it compares the lane with 'j', which changes every iteration: every warp is split at that lane in each iteration where it is below 32, and each warp runs both paths one after the other with the lanes of the other path idle
      // CHECK: loop-memo.cu:[[@LINE-5]]:11: note: for a warp-level scan or reduction, combine lanes with shuffles ('__shfl_up_sync' / '__shfl_down_sync') and select the result instead of branching
    }
  out[threadIdx.x] = acc;
}

// A flag set to a lane split in the inner loop, with a call (and its loop)
// inside: the outer loop's branch on it splits every warp.
__global__ void carriedFlag(const float *in, float *out, int n) {
  float acc = 0.f;
  bool even = false;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      acc += rowSum(in + (i * 4 + j) * n, n);
      even = threadIdx.x % 2 == 0;
    }
    if (even)
      acc *= 2.f;
    // CHECK: loop-memo.cu:[[@LINE-2]]:9: warning: warp-divergent branch (lane-split): 'even' splits every warp into even and odd lanes [warp-divergent-branch]
    // CHECK-NEXT: if (even)
    // CHECK: loop-memo.cu:[[@LINE-4]]:9: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK: loop-memo.cu:[[@LINE-5]]:9: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
  }
  out[threadIdx.x] = acc;
}

// The same flag by warp: whole warps on each side, nothing to report.
__global__ void carriedWarpFlag(const float *in, float *out, int n) {
  float acc = 0.f;
  bool even = false;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      acc += rowSum(in + (i * 4 + j) * n, n);
      even = (threadIdx.x / 32) % 2 == 0;
    }
    if (even)
      acc *= 2.f;
  }
  out[threadIdx.x] = acc;
}

// A walk that runs out of its step budget stops recording: the branch after
// this nest is not reported. A loop that takes its fixed point from the memo
// is charged the steps that computing it took, so the walk runs out at the
// same point as without the memo (uncharged, it would report the branch).
__device__ float helper(float x, int n) {
  for (int p = 0; p < n; ++p)
    for (int q = 0; q < n; ++q)
      x += p * q;
  return x;
}

__global__ void outOfBudget(float *out, int n) {
  float acc = 0.f;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int c = 0; c < n; ++c)
        for (int d = 0; d < n; ++d)
          for (int e = 0; e < n; ++e)
            for (int f = 0; f < n; ++f)
              for (int g = 0; g < n; ++g)
                for (int h = 0; h < n; ++h)
                  for (int i = 0; i < n; ++i)
                    acc += helper(acc, n) + (threadIdx.x & 1);
  if (threadIdx.x % 2 == 0)
    out[threadIdx.x] = acc;
}

int main() {
  float *in, *out;
  cudaStream_t s;
  nestedMovingLane<<<1, 128, 0, s>>>(out);
  carriedFlag<<<1, 128, 0, s>>>(in, out, 8);
  carriedWarpFlag<<<1, 128, 0, s>>>(in, out, 8);
  outOfBudget<<<1, 128, 0, s>>>(out, 4);
}
