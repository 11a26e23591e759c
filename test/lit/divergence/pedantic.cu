// Tail guards, single-lane branches and data-dependent branches are expected
// and silent; --pedantic reports them as notes.
// RUN: %cuda-lint --rules=warp-divergent-branch %s | FileCheck %s --check-prefix=QUIET --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %cuda-lint --pedantic --rules=warp-divergent-branch %s > %t.out
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__global__ void silentKinds(float *x, const float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
  // CHECK: pedantic.cu:[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'i < n' splits at most one warp [warp-divergent-branch]
  // CHECK: pedantic.cu:[[@LINE-2]]:7: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    x[i] = y[i];
  for (int j = i; j < n; j += blockDim.x * gridDim.x)
  // CHECK: :[[@LINE-1]]:19: note: thread-dependent loop condition (tail-guard): 'j < n' splits at most one warp [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:19: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    x[j] += 1.f;
  if (threadIdx.x < 1000)
  // CHECK: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'threadIdx.x < 1000' splits only one warp [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: it splits only the warp where 'threadIdx.x' is 992-1023; every other warp takes one path
    x[0] = 1.f;
  if (threadIdx.x == 0)
  // CHECK: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'threadIdx.x == 0' is true only for lane 0 of one warp [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    x[0] = 0.f;
  int lane = threadIdx.x % 32;
  if (lane == 0)
  // CHECK: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'lane == 0' is true only for lane 0 of every warp [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    x[1] = 0.f;
  if (y[i] > 0.f)
  // CHECK: :[[@LINE-1]]:7: note: thread-dependent branch (data-dependent): 'y[i] > 0.f' depends on loaded data [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: it depends on 'y[i]', read through a thread-dependent address; lanes diverge only where the data differ
    x[i] = 0.f;
  if (lane < n)
  // CHECK: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'lane < n' compares a lane value with a bound [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: the bound is not known here; if it falls inside a warp, every warp splits at the same lane
    x[2] = 0.f;
  if (y[0] > 0.f) // block-uniform: no note
    x[3] = 0.f;
}
// QUIET: cuda-lint: 0 warnings and 0 errors in 0 files; 1 file analysed
// CHECK: cuda-lint: 0 warnings and 0 errors (7 notes) in 1 file; 1 file analysed
