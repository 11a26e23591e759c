// A 1D block whose size is not a multiple of 32 (100 threads: three whole warps
// and lanes 0-3 of a fourth; 20 threads: one partial warp) is analysed with its
// partial last warp: lane splits are reported as in any block, and a bound at
// the block's end, where the missing lanes would be, splits nothing.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__global__ void hundred(float *x) {
  if (threadIdx.x % 2 == 0)
  // CHECK-DAG: partial-warp.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: partial-warp.cu:[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: partial-warp.cu:[[@LINE-3]]:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
    x[threadIdx.x] = 1.f;
  else
    x[threadIdx.x] = 2.f;
  if (threadIdx.x < 100) // every thread of the block: lanes 4-31 of warp 3 do not exist
    x[threadIdx.x] += 1.f;
  else
    x[threadIdx.x] -= 1.f;
  if (threadIdx.x < 98)
  // CHECK-DAG: partial-warp.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x < 98' splits the warp where 'threadIdx.x' is 96-99 [warp-divergent-branch]
  // CHECK-DAG: partial-warp.cu:[[@LINE-2]]:7: note: it is false only for lanes 2-3 of the warp where 'threadIdx.x' is 96-99 (and true in every other warp): that warp runs the branch with lanes 0-1 idle, then the rest of its path with lanes 2-3 idle
  // CHECK-DAG: partial-warp.cu:[[@LINE-3]]:7: note: a threshold that is a multiple of 32 keeps warps whole
    x[threadIdx.x] *= 3.f;
  else
    x[threadIdx.x] = sinf(x[threadIdx.x]) + 4.f;
  if (threadIdx.x < 96) // whole warps on each side
    x[threadIdx.x] += 7.f;
  else
    x[threadIdx.x] = cosf(x[threadIdx.x]);
  if ((threadIdx.x / 32) % 2 == 0) // warp-uniform
    x[threadIdx.x] += 5.f;
  int t2 = threadIdx.x * 2 + 1; // at most 199
  if (t2 < 200)
    x[threadIdx.x] += 6.f;
  else
    x[threadIdx.x] -= 6.f;
}

__global__ void twenty(float *x) {
  if (threadIdx.x % 2 == 0)
  // CHECK-DAG: partial-warp.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % 2 == 0' splits every warp [warp-divergent-branch]
  // CHECK-DAG: partial-warp.cu:[[@LINE-2]]:7: note: it is true for 10 of the 32 lanes and false for 10 of the 32 lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: partial-warp.cu:[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    x[threadIdx.x] = 1.f;
  else
    x[threadIdx.x] = 2.f;
  if (threadIdx.x < 20) // the whole block
    x[threadIdx.x] += 1.f;
  else
    x[threadIdx.x] -= 1.f;
}

int main() {
  float *x;
  hundred<<<4, 100>>>(x);
  twenty<<<4, 20>>>(x);
}
// CHECK: cuda-lint: 3 warnings and 0 errors in 1 file; 1 file analysed
