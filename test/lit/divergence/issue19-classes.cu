// Issue 19: classes met on a blind labelling of code nobody here had read
// (docs/precision/blind-2026-11-22): scan sweeps, warp-synchronous finishes,
// Kogge-Stone steps, flags carried between iterations, wavefronts in blocks
// of one warp, templates nothing instantiates, halo reads by border lanes and
// leader lanes that store a group's result, indirect calls through a table.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

// A Brent-Kung scan (PMPP): the up-sweep lets fewer threads through each step,
// the down-sweep more: 1, 3, 7, ... threads, all in the first warp at first.
__global__ void brentKung(float *XY) {
  int tx = threadIdx.x;
  for (unsigned stride = 1; stride <= blockDim.x; stride <<= 1) {
    unsigned index = (tx + 1) * stride * 2 - 1;
    if (index < 2 * blockDim.x)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'index < 2 * blockDim.x' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 'stride' grows every iteration and scales the thread index: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      XY[index] += XY[index - stride];
    __syncthreads();
  }
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    unsigned index = (tx + 1) * stride * 2 - 1;
    if (index + stride < 2 * blockDim.x)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'index + stride < 2 * blockDim.x' lets more threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 'stride' shrinks every iteration and scales the thread index, so the threads that pass double each step from a few (1, 3, 7, ... in a scan's down-sweep): while fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:9: note: run the steps with fewer than 32 active threads inside one warp with shuffles (a warp scan with '__shfl_up_sync' over the partial sums) instead of a branch
      XY[index + stride] += XY[index];
    __syncthreads();
  }
}

// A Blelloch down-sweep written with a while loop (Learn-CUDA-Programming).
__global__ void blelloch(float *s, int length) {
  int tid = threadIdx.x;
  int offset = 1;
  while (offset < length) {
    __syncthreads();
    offset <<= 1;
  }
  offset >>= 1;
  while (offset > 0) {
    __syncthreads();
    int a = offset * (2 * tid + 2) - 1;
    int b = offset * (2 * tid + 3) - 1;
    if (a >= 0 && b < 1024)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'a >= 0 && b < 1024' lets more threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 'offset' shrinks every iteration and scales the thread index, so the threads that pass double each step from a few (1, 3, 7, ... in a scan's down-sweep): while fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:9: note: run the steps with fewer than 32 active threads inside one warp with shuffles (a warp scan with '__shfl_up_sync' over the partial sums) instead of a branch
      s[b] += s[a];
    offset >>= 1;
  }
}

// A moving boundary stepping by 1 (a naive scan, Learn-CUDA-Programming): one
// warp is split per trip and only one side works, a tail. With an else it is
// still a tail-guard note: the analysis does not follow a loop-varying offset
// inside a lane value (a known limit, docs/rules/warp-divergent-branch.md).
__global__ void movingBoundary(float *out, const float *in, int length) {
  int idx = blockDim.x * blockIdx.x + threadIdx.x;
  int tx = threadIdx.x;
  float e = 0.f;
  for (int offset = 0; offset < length; offset++) {
    if (idx - offset >= 0)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'idx - offset >= 0' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
      e += in[idx - offset];
  }
  for (int offset = 0; offset < 64; offset++) {
    if (tx - offset >= 0)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'tx - offset >= 0' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
      e += in[tx - offset];
    else
      e -= in[offset];
  }
  out[idx] = e;
}

// A reduction: the block loop stops at 32 (silent), the last warp finishes with
// a loop whose bound never leaves it (the warp-synchronous finish, a note);
// a tree that runs down to 1 from a constant start is still reported.
__global__ void finishLastWarp(float *s, float *out) {
  int tid = threadIdx.x;
  for (int offset = blockDim.x >> 1; offset >= 32; offset >>= 1) {
    if (tid < offset)
      s[tid] += s[tid + offset];
    __syncthreads();
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    if (tid < offset)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'tid < offset' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: 'tid < offset' splits only the warp where 'tid' is 0-31 for every value 'offset' takes (16 to 1), and no thread outside that warp ever works (a warp-synchronous finish)
    // PED-DAG: :[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      s[tid] += s[tid + offset];
    __syncwarp();
  }
  for (int s2 = 64; s2 > 32; s2 >>= 1) {
    if (tid < s2)
      s[tid] += s[tid + s2];
    __syncthreads();
  }
  for (int s2 = 128; s2 > 0; s2 >>= 1) {
    if (tid < s2)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'tid < s2' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 's2' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      s[tid] += s[tid + s2];
    __syncthreads();
  }
  if (tid == 0)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'tid == 0' is true only for lane 0 of one warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    out[blockIdx.x] = s[0];
}

// A block-level Kogge-Stone scan: the threads below 'stride' sit out, and the
// stride is a power of two, so only the first warp is ever split while every
// thread above it works: a note, also for the copy back. With work on both
// sides, the split warp runs both paths: reported. Starting at 3, the bound
// falls inside later warps too (48, 96), but each step is still one guarded
// update that adds the element 'stride' below: a note.
__global__ void koggeStoneBlock(float *XY) {
  int tx = threadIdx.x;
  for (unsigned stride = 1; stride < blockDim.x; stride <<= 1) {
    __syncthreads();
    float t = 0.f;
    if (tx >= stride)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'tx >= stride' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: 'tx >= stride' splits only the warp where 'tx' is 0-31 for every value 'stride' takes (1 to 128), and every thread above that warp works in each of them
    // PED-DAG: :[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      t = XY[tx] + XY[tx - stride];
    __syncthreads();
    if (tx >= stride)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): 'tx >= stride' splits the warp where 'tx' is 0-31 [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: for every value 'stride' takes (1 to 128) it splits only that warp; when it is 2, it is false only for lanes 0-1 of the warp where 'tx' is 0-31 (and true in every other warp): that warp runs the branch with lanes 2-31 idle, then the rest of its path with lanes 0-1 idle
    // CHECK-DAG: :[[@LINE-3]]:9: note: a threshold that is a multiple of 32 keeps warps whole
      XY[tx] = t;
    else
      XY[tx + blockDim.x] = t;
  }
  for (unsigned stride = 3; stride < blockDim.x; stride <<= 1) {
    __syncthreads();
    if (tx >= stride)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (scan step): 'tx >= stride' guards a Kogge-Stone step [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: it adds the element 'stride' places below to each thread's own (a Kogge-Stone scan step): the one guarded update is predicated, so the threads below the bound sit out that update and there is no second path to serialise
      XY[tx] += XY[tx - stride];
  }
  for (unsigned stride = 1; stride < blockDim.x; stride <<= 1) {
    __syncthreads();
    if (tx >= stride)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'tx >= stride' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: 'tx >= stride' splits only the warp where 'tx' is 0-31 for every value 'stride' takes (1 to 128), and every thread above that warp works in each of them
    // PED-DAG: :[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      XY[tx] = XY[tx + blockDim.x];
  }
}

// A warp scan in shared memory (cudahandbook): each guarded step adds the
// element 'offset' below, one predicated update. Reading above is no scan step.
__device__ float warpScanShared(float val, volatile float *scr) {
  const int lane = threadIdx.x & 31;
  scr[0] = val;
  float t = val;
  for (int offset = 1; offset < 32; offset <<= 1) {
    if (lane >= offset)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (scan step): 'lane >= offset' guards a Kogge-Stone step [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: it adds the element 'offset' places below to each thread's own (a Kogge-Stone scan step): the one guarded update is predicated, so the threads below the bound sit out that update and there is no second path to serialise
      t += scr[-offset];
    __syncwarp();
    scr[0] = t;
    __syncwarp();
  }
  if (lane >= 2)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (scan step): 'lane >= 2' guards a Kogge-Stone step [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: it adds the element '2' places below to each thread's own (a Kogge-Stone scan step): the one guarded update is predicated, so the threads below the bound sit out that update and there is no second path to serialise
    scr[0] += scr[-2];
  if (lane >= 4)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lane >= 4' splits every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 4-31 and false for lanes 0-3 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    scr[0] += scr[4];
  return t;
}
__global__ void scanKernel(float *x) {
  extern __shared__ float sh[];
  x[threadIdx.x] = warpScanShared(x[threadIdx.x], sh + threadIdx.x);
}

// A flag that one iteration sets from the thread index and the next one tests.
__global__ void carriedFlag(float *out, int iters) {
  int tx = threadIdx.x;
  __shared__ float prev[256];
  bool odd = false;
  bool warpOdd = false;
  for (int i = 0; i < iters; i++) {
    if (odd)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): 'odd' splits every warp into even and odd lanes [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK-DAG: :[[@LINE-3]]:9: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
      prev[tx] = out[tx];
    if (warpOdd)
      prev[tx] += 1.f;
    odd = tx % 2 == 1;
    warpOdd = (tx / 32) % 2 == 1;
    __syncthreads();
  }
  bool fresh = false;
  for (int i = 0; i < iters; i++) {
    fresh = false;
    if (fresh)
      prev[tx] = 0.f;
    fresh = tx % 2 == 0;
  }
}

// A wavefront in a block of one warp (16 threads, Rodinia nw): one side only is
// a note, both sides is reported.
__global__ void wavefront16(float *m_) {
  __shared__ float t[17][17];
  int tx = threadIdx.x;
  for (int m = 0; m < 16; m++) {
    if (tx <= m)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'tx <= m' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: 'tx <= m' keeps a contiguous run of the block's 16 threads, all in one warp (the 16x1 block of the launch)
    // PED-DAG: :[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      t[m - tx + 1][tx + 1] = t[m - tx][tx] + 1.f;
    __syncthreads();
  }
  for (int m = 14; m >= 0; m--) {
    if (tx <= m)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'tx <= m' admits fewer lanes of every warp each step [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 'm' shrinks every iteration, so every warp is split in each iteration whose bound falls inside it
    // CHECK-DAG: :[[@LINE-3]]:9: note: combine lanes with warp shuffles ('__shfl_down_sync' / '__shfl_up_sync') and a select ('v += (lane >= offset) ? t : 0') instead of a branch
      t[m - tx + 1][tx + 1] += 2.f;
    else
      t[tx][m] = 0.f;
    __syncthreads();
  }
  m_[tx] = t[tx][tx];
}

// Templates nothing here instantiates: analysed as written; what depends on a
// template parameter is unknown, so only what holds for every instantiation is
// reported.
template <typename T, int Block> __global__ void treeTemplate(T *out, const T *in, int n) {
  extern __shared__ float s[];
  int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  for (int a = blockDim.x >> 1; a; a >>= 1) {
    if (tid < a)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'tid < a' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 'a' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      s[tid] += s[tid + a];
    __syncthreads();
  }
  for (int a = Block / 2; a > 32; a >>= 1) { // stops at 32 whatever Block is
    if (tid < a)
      s[tid] += s[tid + a];
    __syncthreads();
  }
  for (int a = blockDim.x / 2; a > Block; a >>= 1) { // stops where Block says: not sure
    if (tid < a)
      s[tid] += s[tid + a];
    __syncthreads();
  }
  if (tid % Block == 0) // one thread per Block threads, or every warp split: not sure
    out[tid / Block] = s[tid];
  int col = blockIdx.x * Block + tid;
  if (col < n) {
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'col < n' splits at most one warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    out[col] = s[tid];
    __syncthreads();
    // CHECK-DAG: :[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'col < n' is true [barrier-in-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-DAG: :[[@LINE-3]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  }
}
template <int N> __global__ void instantiated(float *x) {
  if (threadIdx.x % N == 0)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % N == 0' gives a few lanes of every warp their own path [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it picks every 4th lane (0, 4, 8, ...) of every warp, and the other lanes run the else branch: each warp runs both paths one after the other
  // CHECK-DAG: :[[@LINE-3]]:7: note: give every lane the same code (e.g. pad the data with a halo so that border threads need no special case), or hand the special case to whole warps
    x[threadIdx.x] = 1.f;
  else
    x[threadIdx.x] = 2.f;
}
template __global__ void instantiated<4>(float *);

// A 3D stencil in a 32x1x32 block (PMPP): lane 0 and lane 31 of every warp read
// their neighbour from global memory, the others from shared memory. One
// register update on each side is predicated, also when one side reads global
// memory: a note (measured on an H100, 2026-11-23: the rewrite with the halo in
// shared memory is no faster, 1.00x; kernels/divergence_idioms.cu stencilPmpp).
// A select between two registers stays silent too.
__global__ void stencil(float *out, const float *in, int width) {
  __shared__ float ds[32][32];
  int j = blockIdx.x * 32 + threadIdx.x;
  ds[threadIdx.z][threadIdx.x] = in[j];
  __syncthreads();
  float temp = 0.f;
  if (threadIdx.x > 0)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'threadIdx.x > 0' is false only for lane 0 of every warp [warp-divergent-branch]
    temp += ds[threadIdx.z][threadIdx.x - 1];
  else
    temp += in[j - 1];
  if (threadIdx.x < 31)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'threadIdx.x < 31' is false only for lane 31 of every warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    temp += ds[threadIdx.z][threadIdx.x + 1];
  else
    temp += 1.f;
  out[j] = temp;
}

// A leader lane per group of lanes stores the group's result (a CSR-vector
// SpMV with 2 lanes per row): a note. An even/odd split with work in registers
// or on both sides is reported.
__global__ void leaders(float *y, const float *x, int rows) {
  int lane2 = threadIdx.x & 1;
  float sum = x[threadIdx.x];
  sum += __shfl_down_sync(0xffffffff, sum, 1);
  if (lane2 == 0)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'lane2 == 0' picks one leader lane in each group of 2 [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: it is true for even lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
    y[(blockIdx.x * blockDim.x + threadIdx.x) / 2] = sum;
  float a = 0.f;
  if (threadIdx.x % 2 == 0)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(threadIdx.x / warpSize) % 2 == 0'
    a = sum * 2.f;
  if (threadIdx.x % 2 == 0)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
    y[threadIdx.x] = a;
  else
    y[threadIdx.x] = -a;
}

// A template as written that calls a template helper no instantiation has given
// a body (warpAll<32>): its result is not known, so the break on it proves
// nothing about the barriers before it (ggml's flash_attn_mask_to_KV_max, with
// fattn-common.cuh analysed alone). Instantiated, the helper is walked.
template <int W = 32> __device__ int warpAll(int x) { return __all_sync(0xffffffff, x); }
template <int N> __global__ void breakOnWarpAll(const float *m, int *out, int n) {
  __shared__ int buf[32];
  int k = n;
  for (; k >= 0; k -= 64) {
    int all = isinf(m[k + threadIdx.x]);
    all = warpAll(all);
    if (threadIdx.x % 32 == 0)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (single-lane): 'threadIdx.x % 32 == 0' is true only for lane 0 of every warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
      buf[threadIdx.x / 32] = all;
    __syncthreads();
    all = warpAll(buf[threadIdx.x % 32]);
    __syncthreads();
    if (!all)
      break;
  }
  out[0] = k;
}

// A call through a table of functions at a lane-dependent index
// (cudahandbook's divergence demo): the warp calls each target in turn.
// Indexed by the warp, every lane calls the same one.
template <int Base> __device__ void addBase(unsigned *p) { *p += Base; }
typedef void (*AddFn)(unsigned *);
__device__ AddFn addTable[] = {addBase<0>, addBase<1>, addBase<2>, addBase<3>};
__global__ void indirect(unsigned *p) {
  addTable[threadIdx.x & 3](p + threadIdx.x);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: warp-divergent indirect call (lane-split): 'addTable[threadIdx.x & 3]' calls 4 different functions within every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:3: note: the index 'threadIdx.x & 3' differs between the lanes of a warp, so the warp calls each target in turn with the lanes of the other targets idle
  // CHECK-DAG: :[[@LINE-3]]:3: note: pick the function by a value that is the same across a warp (e.g. the warp index 'threadIdx.x / warpSize'), or call one function that branches on the data
  addTable[(threadIdx.x / 32) & 3](p + threadIdx.x);
}

int main() {
  float *p = nullptr;
  brentKung<<<1, 256>>>(p);
  blelloch<<<1, 512>>>(p, 1024);
  movingBoundary<<<8, 256>>>(p, p, 1024);
  finishLastWarp<<<1, 256>>>(p, p);
  koggeStoneBlock<<<1, 256>>>(p);
  scanKernel<<<1, 256, 1024>>>(p);
  carriedFlag<<<1, 256>>>(p, 4);
  wavefront16<<<1, 16>>>(p);
  stencil<<<dim3(4, 1, 4), dim3(32, 1, 32)>>>(p, p, 128);
  leaders<<<4, 256>>>(p, p, 512);
  instantiated<4><<<1, 256>>>(p);
  indirect<<<1, 128>>>(nullptr);
}
// CHECK: cuda-lint: 13 warnings and 1 error{{( \([0-9]+ notes\))?}} in 1 file; 1 file analysed
