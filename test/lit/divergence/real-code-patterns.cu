// Patterns met while labelling real kernels by hand (CUDA samples, Rodinia,
// llm.c; see docs/rules/warp-divergent-branch.md "Precision on real code").
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error:

// dct8x8: an index built with __mul24 over an 8x4x8 block (one warp per z slice).
__global__ void rowHalves(short *x) {
  __shared__ short b[32 * 34];
  int row = __mul24(threadIdx.y, 8) + threadIdx.x;
  if (row < 16)
  // CHECK-DAG: real-code-patterns.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'row < 16' splits every warp [warp-divergent-branch]
  // CHECK-DAG: real-code-patterns.cu:[[@LINE-2]]:7: note: with the 8x4x8 block of the launch at line {{[0-9]+}}, each warp's 32 consecutive threads span several values of threadIdx.y or threadIdx.z
  // CHECK-DAG: real-code-patterns.cu:[[@LINE-3]]:7: note: it is true for lanes 0-15 and false for lanes 16-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: real-code-patterns.cu:[[@LINE-4]]:7: note: launch blocks at least 32 threads wide in x (e.g. 32x8 instead of 16x16) so that a warp never spans two rows
    b[row] = x[row];
  __syncthreads();
  x[row] = b[31 - row];
}

// eigenvalues' scan: the up-sweep's bound grows from 1 thread (d - 1 grows with d).
__global__ void upSweep(float *s, unsigned n) {
  unsigned tid = threadIdx.x;
  for (unsigned d = 2; d < n; d <<= 1) {
    __syncthreads();
    if (tid < (d - 1))
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): 'tid < (d - 1)' splits a warp while fewer than 32 threads pass [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: it compares the thread index with 'd', which changes every iteration: in the iterations where fewer than 32 threads pass, or the bound is not a multiple of 32, the warp it falls in is split, and each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK-DAG: :[[@LINE-3]]:9: note: run the steps with fewer than 32 active threads inside one warp with shuffles ('__shfl_up_sync' / '__shfl_down_sync') instead of a branch
      s[tid] += s[tid + d];
  }
}

// scalarProd: the reduction tree written as a block-stride loop (launched with
// 256 threads: i = tid + 256k keeps its warps apart across the trips).
#define ACCUM_N 1024
__global__ void accumulate(float *x) {
  __shared__ float acc[ACCUM_N];
  acc[threadIdx.x] = x[threadIdx.x];
  for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    for (int i = threadIdx.x; i < stride; i += blockDim.x)
    // CHECK-DAG: :[[@LINE-1]]:31: warning: warp-divergent loop condition (shrinking-threshold): 'i < stride' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:31: note: 'stride' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:31: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      acc[i] += acc[stride + i];
  }
  x[0] = acc[0];
}

// Rodinia dwt2d: the first 3 threads load boundary columns; nobody else has
// work on that path, so regrouping saves nothing. The same threshold with work
// on both sides runs both paths in warp 0.
__global__ void boundary(float *x, float *halo) {
  if (threadIdx.x < 3)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'threadIdx.x < 3' splits only a few warps [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: 'threadIdx.x < 3' splits only lanes 0-2 from the rest of the warp where 'threadIdx.x' is 0-31: those threads already fill the fewest warps they can
  // PED-DAG: :[[@LINE-3]]:7: note: only one side of the branch does work: no regrouping would save anything
    halo[threadIdx.x] = x[threadIdx.x];
  if (threadIdx.x >= 3)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'threadIdx.x >= 3' splits only a few warps [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: 'threadIdx.x >= 3' splits only lanes 0-2 from the rest of the warp where 'threadIdx.x' is 0-31: those threads already fill the fewest warps they can
  // PED-DAG: :[[@LINE-3]]:7: note: only one side of the branch does work: no regrouping would save anything
    x[threadIdx.x] *= 2.f;
  if (threadIdx.x < 3)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x < 3' splits the warp where 'threadIdx.x' is 0-31 [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true only for lanes 0-2 of the warp where 'threadIdx.x' is 0-31 (and false in every other warp): that warp runs the branch with lanes 3-31 idle, then the rest of its path with lanes 0-2 idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: a threshold that is a multiple of 32 keeps warps whole
    halo[threadIdx.x] = 0.f;
  else
    x[threadIdx.x] += 1.f;
}

// shfl_scan: the first lanes of warp 0 load the per-warp sums; the other
// lanes and warps have nothing to do there. When every other warp takes part
// ('(tid / 32) % 2 == 0') the split recurs and is reported.
__global__ void warpSums(int *sums, int *x) {
  int warp_id = threadIdx.x / warpSize, lane_id = threadIdx.x % warpSize;
  if (warp_id == 0 && lane_id < 8)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'warp_id == 0 && lane_id < 8' splits only a few warps [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: 'warp_id == 0 && lane_id < 8' splits lanes only in the warp (or the few warps) that its warp-uniform equality admits: those threads already fill the fewest warps they can
  // PED-DAG: :[[@LINE-3]]:7: note: only one side of the branch does work: no regrouping would save anything
    x[lane_id] = sums[lane_id];
  if ((threadIdx.x / 32) % 2 == 0 && lane_id < 8)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): '(threadIdx.x / 32) % 2 == 0 && lane_id < 8' splits warps [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 0-7 and false for lanes 8-31 in each warp where the rest of the condition holds: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    x[lane_id] += sums[lane_id];
}

// Rodinia backprop: a reduction over the rows of a 16x16 block, with the
// divisor written as a float power of two.
__global__ void rowTree(float *w, int h) {
  __shared__ float m[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  m[ty][tx] = w[ty * 16 + tx];
  __syncthreads();
  for (int i = 1; i <= __log2f(h); i++) {
    int power_two = __powf(2, i);
    if (ty % power_two == 0)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): 'ty % power_two == 0' leaves most lanes of every warp idle [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: with the 16x16 block of the launch at line {{[0-9]+}}, each warp holds 2 rows of 16 threads
    // CHECK-DAG: :[[@LINE-3]]:9: note: it holds only for threads whose 'ty' is a multiple of 'power_two' (every other row when it is 2), so the threads still working are scattered over every warp and each warp runs the branch with most of its lanes idle in every iteration
    // CHECK-DAG: :[[@LINE-4]]:9: note: make the working threads contiguous so that whole warps drop out: 'if (tid < stride)' with stride halving from blockDim.x / 2 (interleaved pairs), and finish the last warp with '__shfl_down_sync'
      m[ty][tx] += m[ty + power_two / 2][tx];
    __syncthreads();
  }
  for (int i = 1; i < 5; i++) {
    int p = 1 << i;
    if (tx % p == 0)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): 'tx % p == 0' leaves most lanes of every warp idle [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: it holds only for threads whose 'tx' is a multiple of 'p' (every other lane when it is 2), so the threads still working are scattered over every warp and each warp runs the branch with most of its lanes idle in every iteration
    // CHECK-DAG: :[[@LINE-3]]:9: note: make the working threads contiguous so that whole warps drop out: 'if (tid < stride)' with stride halving from blockDim.x / 2 (interleaved pairs), and finish the last warp with '__shfl_down_sync'
      m[ty][tx] += m[ty][tx + p / 2];
    __syncthreads();
  }
  w[tx] = m[0][tx];
}

// A block of one (half) warp: a threshold keeps a contiguous run of its
// threads, so halving it costs nothing a regrouping could save (Rodinia's nw
// and lud launch 16 threads; the block size itself is the problem there).
__global__ void smallBlockTree(float *x) {
  __shared__ float s[16];
  s[threadIdx.x] = x[threadIdx.x];
  for (int stride = 8; stride > 0; stride >>= 1) {
    __syncwarp();
    if (threadIdx.x < stride)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'threadIdx.x < stride' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: 'threadIdx.x < stride' keeps a contiguous run of the block's 16 threads, all in one warp (the 16x1 block of the launch)
    // PED-DAG: :[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      s[threadIdx.x] += s[threadIdx.x + stride];
  }
  x[0] = s[0];
}

// Rodinia pathfinder: the computed range shrinks by one thread at each edge per
// trip; with 256 threads only the two edge warps ever split.
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
__global__ void pyramid(float *x, int height) {
  __shared__ float prev[256], result[256];
  int tx = threadIdx.x;
  prev[tx] = x[tx];
  for (int i = 0; i < height; i++) {
    __syncthreads();
    if (IN_RANGE(tx, i + 1, 256 - i - 2))
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (tail-guard): 'IN_RANGE(tx, i + 1, 256 - i - 2)' splits at most one warp [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: 'IN_RANGE(tx, i + 1, 256 - i - 2)' moves its bound by a constant step per iteration ('i'), so each iteration splits at most the warp where the bound falls
    // PED-DAG: :[[@LINE-3]]:9: note: only one side of the branch does work: no regrouping would save anything
      result[tx] = prev[tx - 1] + prev[tx] + prev[tx + 1];
    __syncthreads();
    prev[tx] = result[tx];
  }
  x[tx] = prev[tx];
}

// ggml: patterns around warp shuffles. The second stage of a block reduction
// (the first lanes fetch the per-warp partials), a triangular solve whose
// masked update sits beside a shuffle in a helper, a masked load in a '?:'.
__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__global__ void blockReduce(float *x) {
  __shared__ float partial[32];
  float v = warpSum(x[threadIdx.x]);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  v = 0.f;
  if (lane < blockDim.x / 32)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (warp-synchronous step): 'lane < blockDim.x / 32' guards a load of partial sums [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: it lets the first 8 lanes of each warp load one value into a register (the second stage of a block reduction): the compiler predicates the load, and every lane goes on to the same warp-wide step
    v = partial[lane];
  if (lane < blockDim.x / 32) // a store is not a register update: reported
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lane < blockDim.x / 32' splits every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 0-7 and false for lanes 8-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    partial[lane] = 0.f;
  x[threadIdx.x] = warpSum(v);
}
__global__ void triSolve(const float *A, float *X, int n) {
  float x = X[threadIdx.x];
  for (int row = 1; row < 32; row *= 2) {
    float sum = 0.f;
    if (threadIdx.x < row)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (warp-synchronous step): 'threadIdx.x < row' guards a shuffle step [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: it guards only updates of registers beside a warp shuffle in the same loop (a scan step): the compiler predicates them, and every lane runs the shuffle anyway, so there is no second path to serialise
      sum += A[row * n + threadIdx.x] * x;
    x -= warpSum(sum);
  }
  X[threadIdx.x] = x;
}
template <int ni> __global__ void maskedLoad(const float *x, float *y, float scale) {
  // A select between a (predicated) load and 0: not a branch, silent even under --pedantic.
  float v = (ni == 32 || threadIdx.x < ni) ? scale * x[4 * threadIdx.x] : 0.0f;
  y[threadIdx.x] = v;
}

// Rodinia srad: border cases of a 16x16 tile. 'tx == 0' picks lanes 0 and 16
// of every warp; with real work on the else side every warp runs both paths.
__global__ void borders(float *out, const float *in) {
  __shared__ float t[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  t[ty][tx] = in[ty * 16 + tx];
  __syncthreads();
  float n, w;
  if (ty == 0 && tx == 0) { // one thread of the block: a single-lane corner case
    n = in[0];
    w = in[1];
  } else if (tx == 0) {
  // CHECK-DAG: :[[@LINE-1]]:14: warning: warp-divergent branch (lane-split): 'tx == 0' gives a few lanes of every warp their own path [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:14: note: it picks lanes 0 and 16 of every warp, and the other lanes run the else branch: each warp runs both paths one after the other
  // CHECK-DAG: :[[@LINE-3]]:14: note: give every lane the same code (e.g. pad the data with a halo so that border threads need no special case), or hand the special case to whole warps
    n = t[ty - 1][tx];
    w = in[ty * 16];
  } else {
    n = t[ty > 0 ? ty - 1 : 0][tx];
    w = t[ty][tx - 1];
  }
  float v = n + w;
  if (tx == 0) // a leader alone: silent
    out[ty] = v;
  if (tx == 15) // one value on each side: a select
    v = 0.f;
  else
    v = v * 2.f;
  out[ty * 16 + tx] = v;
}

// CUDA samples' shfl_integral_image: a switch that only picks a register
// compiles to selects; one that stores is a branch.
__device__ float pick(float4 r, unsigned idx) {
  switch (idx) {
  // PED-DAG: :[[@LINE-1]]:11: note: thread-dependent switch (select): 'idx' only picks a value [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:11: note: each case is a return or one register assignment: it compiles to selects, not to a branch
  case 0:
    return r.x;
  case 1:
    return r.y;
  case 2:
    return r.z;
  }
  return r.w;
}
__global__ void pickLanes(const float4 *in, float *out) {
  float v = pick(in[threadIdx.x], threadIdx.x & 3);
  switch (threadIdx.x & 3) {
  // CHECK-DAG: :[[@LINE-1]]:11: warning: warp-divergent switch (lane-split): 'threadIdx.x & 3' takes 4 values within every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:11: note: each warp runs those cases one after the other with the other lanes idle
  // CHECK-DAG: :[[@LINE-3]]:11: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
  case 0:
    out[threadIdx.x] = v;
    break;
  default:
    out[threadIdx.x] = -v;
  }
}

void launch(short *s, float *f) {
  borders<<<1, dim3(16, 16)>>>(f, f);
  blockReduce<<<1, 256>>>(f);
  triSolve<<<1, 256>>>(f, f, 32);
  maskedLoad<16><<<1, 32>>>(f, f, 1.f);
  rowTree<<<4, dim3(16, 16)>>>(f, 16);
  smallBlockTree<<<4, 16>>>(f);
  pyramid<<<4, 256>>>(f, 20);
  rowHalves<<<4, dim3(8, 4, 8)>>>(s);
  accumulate<<<128, 256>>>(f);
}
// CHECK: cuda-lint: 10 warnings and 0 errors{{( \([0-9]+ notes\))?}} in 1 file; 1 file analysed
