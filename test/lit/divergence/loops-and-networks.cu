// Loop-varying bounds: a wavefront (`tx <= m`, m++) or a warp scan
// (`lane >= offset`) splits warps in the iterations where the bound falls
// inside one; a bitonic network's `(tid & k) == 0` splits lanes while k < 32.
// A bound stepping by a multiple of 32 only moves the split by whole warps, and
// a block-stride loop (start at the thread index, constant step) is a tail.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=PED --input-file=%t.ped --implicit-check-not=error:
#define BLOCK_SIZE 16

__global__ void wavefront(float *m_, int n) {
  __shared__ float temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
  int tx = threadIdx.x;
  for (int m = 0; m < BLOCK_SIZE; m++) {
    if (tx <= m) // a wavefront: threads 0..m, one warp split per trip, nothing else to do
    // PED: loops-and-networks.cu:[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'tx <= m' splits at most one warp [warp-divergent-branch]
    // PED: loops-and-networks.cu:[[@LINE-2]]:9: note: 'tx <= m' moves its bound by a constant step per iteration ('m'), so each iteration splits at most the warp where the bound falls
    // PED-NEXT: loops-and-networks.cu:[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      temp[m - tx + 1][tx + 1] = temp[m - tx][tx] + 1.f;
    __syncthreads();
  }
  for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
    if (tx <= m) // both sides work: the warp the bound falls in runs both
    // CHECK: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'tx <= m' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK: :[[@LINE-2]]:9: note: 'm' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-NEXT: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      temp[m - tx + 1][tx + 1] = temp[m - tx][tx] + 2.f;
    else
      temp[tx][m] = 0.f;
    __syncthreads();
  }
  m_[tx] = temp[tx][tx];
}

__global__ void warpScan(int *x) {
  int lane = threadIdx.x & 31;
  int v = x[threadIdx.x];
  for (int offset = 1; offset < 32; offset <<= 1) {
    int t = __shfl_up_sync(0xffffffff, v, offset);
    if (lane >= offset) // a Kogge-Stone step: predicated, not a branch (cuda-samples' shfl_scan)
    // PED: :[[@LINE-1]]:9: note: thread-dependent branch (warp-synchronous step): 'lane >= offset' guards a shuffle step [warp-divergent-branch]
    // PED: :[[@LINE-2]]:9: note: it guards only updates of registers beside a warp shuffle in the same loop (a scan step): the compiler predicates them, and every lane runs the shuffle anyway, so there is no second path to serialise
      v += t;
  }
  __shared__ int s[256];
  s[threadIdx.x] = v;
  __syncwarp();
  for (int offset = 16; offset > 0; offset >>= 1) { // a tree in shared memory, per warp
    if (lane < offset)
    // CHECK: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'lane < offset' admits fewer lanes of every warp each step [warp-divergent-branch]
    // CHECK: :[[@LINE-2]]:9: note: 'offset' shrinks every iteration, so every warp is split in each iteration whose bound falls inside it
    // CHECK-NEXT: :[[@LINE-3]]:9: note: combine lanes with warp shuffles ('__shfl_down_sync' / '__shfl_up_sync') and a select ('v += (lane >= offset) ? t : 0') instead of a branch
      s[threadIdx.x] = v = v + s[threadIdx.x + offset];
    __syncwarp();
  }
  for (int offset = 1; offset < 32; offset <<= 1) {
    int t = __shfl_up_sync(0xffffffff, v, offset);
    v += lane >= offset ? t : 0; // the fix: a select
  }
  x[threadIdx.x] = v;
}

__global__ void bitonic(float *key, int n) {
  int tid = threadIdx.x;
  for (int k = 2; k <= n; k *= 2) {
    for (int j = k / 2; j > 0; j /= 2) {
      if ((tid & k) == 0)
      // CHECK: :[[@LINE-1]]:11: warning: warp-divergent branch (lane-split): '(tid & k) == 0' splits every warp while its bit is below 32 [warp-divergent-branch]
      // CHECK: :[[@LINE-2]]:11: note: it tests bit 'k' of the thread index, which changes every iteration: while it is below 32, the lanes with the bit set and those without take different paths in every warp, and each warp runs both paths one after the other with the lanes of the other path idle
      // CHECK-NEXT: :[[@LINE-3]]:11: note: compute the direction as a value and order each pair without branching on it (e.g. min/max and a select, as in a branch-free bitonic compare-and-swap)
        key[tid] = fminf(key[tid], key[tid ^ j]);
      else
        key[tid] = fmaxf(key[tid], key[tid ^ j]);
      __syncthreads();
    }
  }
}

// Not reported.
template <int Split> __global__ void wholeWarps(float *x, int total) {
  int tid = threadIdx.x;
  for (int idx = 0; idx < 8 * Split; idx += Split) {
    x[idx + tid] = 0.f;
    if (idx >= 8 * Split - tid - Split) // moves by Split, a multiple of 32
      break;
  }
  for (int i = tid; i < total; i += 8) // a block-stride loop over a block of 8
  // PED: :[[@LINE-1]]:21: note: thread-dependent loop condition (tail-guard): 'i < total' splits at most one warp [warp-divergent-branch]
  // PED: :[[@LINE-2]]:21: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    x[i] = 1.f;
  for (int i = threadIdx.x % 32; i < 96; i += 32) // lane + 32k: whole warps
    x[i] = 2.f;
}
template __global__ void wholeWarps<128>(float *, int);
// CHECK: cuda-lint: 3 warnings and 0 errors{{( \([0-9]+ notes\))?}} in 1 file; 1 file analysed
