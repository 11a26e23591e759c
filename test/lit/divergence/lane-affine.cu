// Thread-index values are tracked as lane-affine values through locals and
// arithmetic: tests that are the same across a warp (tid / 32, tid >> 5,
// tid % 64 < 32, threadIdx.x < 64) are silent; tests that split lanes are not.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error:

__global__ void uniformTests(float *x) {
  int tid = threadIdx.x;
  int warp = tid / 32;
  if (warp == 3) x[0] = 1.f;
  if ((tid >> 5) & 1) x[1] = 1.f;
  if (tid % 64 < 32) x[2] = 1.f;
  if (threadIdx.x < 64) x[3] = 1.f;
  if ((tid & ~31) == 64) x[4] = 1.f;
  unsigned lane = tid & (warpSize - 1);
  if (tid - lane == 32) x[5] = 1.f;
  int w = tid;
  w >>= 5;
  w += 1;
  if (w % 2) x[6] = 1.f;
  for (int i = tid % 32; i < 64; i += 32) // lanes 0..31, then 32..63: whole warps
    x[i] = 0.f;
}

__global__ void splitTests(float *x, int n) {
  int tid = threadIdx.x;
  int lane = tid % 32;
  if (tid & 16) x[0] = 1.f;
  // CHECK-DAG: lane-affine.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'tid & 16' splits every warp [warp-divergent-branch]
  // CHECK-DAG: lane-affine.cu:[[@LINE-2]]:7: note: it is true for lanes 16-31 and false for lanes 0-15 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: lane-affine.cu:[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
  if (lane < 16) x[1] = 1.f;
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lane < 16' splits every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 0-15 and false for lanes 16-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
  int quad = (tid >> 2) & 1;
  if (quad) x[2] = 1.f;
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'quad' splits every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 4-7, 12-15, 20-23 and 28-31 and false for lanes 0-3, 8-11, 16-19 and 24-27 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
  if (threadIdx.x < 16) x[3] = 1.f; else x[3] = 2.f;
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x < 16' splits the warp where 'threadIdx.x' is 0-31 [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true only for lanes 0-15 of the warp where 'threadIdx.x' is 0-31 (and false in every other warp): that warp runs the branch with lanes 16-31 idle, then the rest of its path with lanes 0-15 idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: a threshold that is a multiple of 32 keeps warps whole
  // One side only, within one warp: the working lanes fill the fewest warps
  // they can (a halo load by the first lanes); a note under --pedantic.
  if (threadIdx.x < 3) x[3] = 3.f;
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'threadIdx.x < 3' splits only a few warps [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: 'threadIdx.x < 3' splits only lanes 0-2 from the rest of the warp where 'threadIdx.x' is 0-31: those threads already fill the fewest warps they can
  // PED-DAG: :[[@LINE-3]]:7: note: only one side of the branch does work: no regrouping would save anything
  if (tid % 64 < 48) x[4] = 1.f;
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'tid % 64 < 48' splits the warp where 'tid % 64' is 32-63 [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is false only for lanes 16-31 of the warp where 'tid % 64' is 32-63 (and true in every other warp): that warp runs the branch with lanes 0-15 idle, then the rest of its path with lanes 16-31 idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: a threshold that is a multiple of 32 keeps warps whole
  switch (tid % 4) {
  // CHECK-DAG: :[[@LINE-1]]:11: warning: warp-divergent switch (lane-split): 'tid % 4' takes 4 values within every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:11: note: each warp runs those cases one after the other with the other lanes idle
  // CHECK-DAG: :[[@LINE-3]]:11: note: switch on a value that is the same across a warp (e.g. derived from 'tid / warpSize')
  case 0:
    x[5] = 0.f;
    break;
  default:
    x[5] = 1.f;
  }
  for (int k = 0; k < lane; ++k) // lane-dependent trip count
  // CHECK-DAG: :[[@LINE-1]]:19: warning: warp-divergent loop condition (lane-split): 'k < lane' gives each lane its own trip count [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:19: note: 'lane' differs across the warp, so lanes leave the loop at different iterations and the warp keeps issuing it, finished lanes idle, until its last lane is done
  // CHECK-DAG: :[[@LINE-3]]:19: note: give the lanes of a warp equal trip counts (loop to a warp-uniform bound and guard the work inside), or map work so that lanes with similar trip counts share a warp
    x[6] += 1.f;
  for (int i = tid; i < n; ++i) // starts at the thread index, steps by 1
  // CHECK-DAG: :[[@LINE-1]]:21: warning: warp-divergent loop condition (lane-split): 'i < n' gives each lane its own trip count [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:21: note: 'i' differs across the warp, so lanes leave the loop at different iterations and the warp keeps issuing it, finished lanes idle, until its last lane is done
  // CHECK-DAG: :[[@LINE-3]]:21: note: give the lanes of a warp equal trip counts (loop to a warp-uniform bound and guard the work inside), or map work so that lanes with similar trip counts share a warp
    x[i] += 1.f;
  int even = 0;
  if (tid % 2 == 0)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'tid % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
    even = 1;
  if (even) // a flag set by a lane-split branch splits the same lanes
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'even' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
    x[7] = 1.f;
  // A lane index the same in every warp (tid % 32, tid & 3): '(lid / warpSize) % 2' would
  // be 0 in every thread, so the fix is to give each path whole warps.
  int lid = tid % 32;
  int acc = 0;
  if (lid % 2 == 1)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lid % 2 == 1' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    acc = __float_as_int(x[8]) * 3;
  x[9] = acc;
}

// Bounds checks and grid-stride loops split at most the warp that straddles
// the bound: silent (tail-guard).
__global__ void tails(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.f;
  if (i >= n) return;
  for (int j = i; j < n; j += blockDim.x * gridDim.x)
    x[j] *= 2.f;
  for (int j = threadIdx.x; j < n; j += blockDim.x)
    x[j] *= 2.f;
  if (i < 16) x[0] = 1.f; // the first warp of the grid only
}
// CHECK: cuda-lint: 11 warnings and 0 errors{{( \([0-9]+ notes\))?}} in 1 file; 1 file analysed
