// What each class of warp-divergent-branch costs (issue 19: warning or note decided by measured
// cost). Every idiom the rule reports, as a warning ("anti") or as a --pedantic note ("note"),
// beside a warp-aligned rewrite of the same work ("fixed"), with bodies and sizes taken from the
// real kernels the class was found in. kernels/manifest.json pairs them; cuda-lint-bench times
// each pair (median and min-max over runs) and reads the branch and lane counters with ncu.
//
// Notes (a split that leaves nothing worth restructuring, claimed by the rule's documentation):
//   haloFewLanes       `if (tx < R)` / `if (tx >= B - R)` halo loads   vs haloStrideLoop
//   shuffleScanIf      `if (lane >= o) v += t` beside __shfl_up_sync  vs shuffleScanSelect
//   koggeStoneIf       block scan, `if (tx >= stride) XY[tx] += ...`  vs koggeStonePadded
//   leaderStorePairs   `if ((tid & 1) == 0) y[tid / 2] = sum`         vs leaderStoreAll
//   tailGuard          `if (i < n)` with n not a multiple of the block vs tailPadded
//   smallTable16       `if (tx < 16) tbl[tx] = c[tx]`                  vs smallTable32
//   edgeGlobalElse     `if (tx > 0) v = s[..]; else v = in[..];`       vs edgeHaloShared
//                      (a warning until these measurements: both loads are predicated)
// Warnings (a split the rule reports by default):
//   narrowRows<16,16>  `threadIdx.y % 2 == 0` in a 16x16 block         vs narrowRows<32,8>
//   oneWarpTwoSides    `if (tx < 16) A(); else B();`                   vs oneWarpWholeWarp
//   laneTripCount      a loop that runs `lane` times                   vs warpTripCount
//   brentKungScan      Brent-Kung up- and down-sweep (1, 3, 7 threads) vs shuffleBlockScan
// Replicas of the real kernels behind three sub-classes (the source each comes from is named
// above it): reduceSyncwarp (note) vs reduceShfl, stencilPmpp (note) vs stencilPmppHalo,
// sradChain (warning) vs sradSelect, convTileRows (warning: a lane split in one trip of the
// tile-loading loop, with the filter size every launch passes) vs convTileLinear; and one the rule
// does not report (its bound is a kernel argument against the block's base): conv1DCaching vs
// conv1DTiled.
// Self-checking: every output is compared with the host's result; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

constexpr int kBlock = 256;
constexpr unsigned kFull = 0xffffffffu;

__host__ __device__ inline unsigned seedOf(int i) {
  return 2654435761u * static_cast<unsigned>(i) + 1u;
}

__host__ __device__ inline unsigned armA(unsigned x, int iters) {
  for (int i = 0; i < iters; ++i)
    x = (x * 1664525u + 1013904223u) ^ (x >> 13);
  return x;
}

__host__ __device__ inline unsigned armB(unsigned x, int iters) {
  for (int i = 0; i < iters; ++i)
    x = ((x ^ (x << 7)) * 2246822519u) + (x >> 11) + static_cast<unsigned>(i);
  return x;
}

// --- notes -------------------------------------------------------------------------------------

// 1D stencil of radius 4 (PMPP ch. 7, Rodinia's halo loads): the tile and its halo go to shared
// memory, the halo by the first and the last R threads. `in` has R valid elements on both sides.
constexpr int kR = 4;
__constant__ float cStencil[2 * kR + 1];

__global__ void __launch_bounds__(kBlock) haloFewLanes(const float *in, float *out) {
  __shared__ float s[kBlock + 2 * kR];
  int g = blockIdx.x * kBlock + threadIdx.x;
  s[kR + threadIdx.x] = in[g];
  if (threadIdx.x < kR)
    s[threadIdx.x] = in[g - kR];
  if (threadIdx.x >= kBlock - kR)
    s[threadIdx.x + 2 * kR] = in[g + kR];
  __syncthreads();
  float v = 0.f;
#pragma unroll
  for (int k = 0; k <= 2 * kR; ++k)
    v += cStencil[k] * s[threadIdx.x + k];
  out[g] = v;
}

__global__ void __launch_bounds__(kBlock) haloStrideLoop(const float *in, float *out) {
  __shared__ float s[kBlock + 2 * kR];
  int g = blockIdx.x * kBlock + threadIdx.x;
  const float *base = in + blockIdx.x * kBlock - kR;
  for (int i = threadIdx.x; i < kBlock + 2 * kR; i += kBlock)
    s[i] = base[i];
  __syncthreads();
  float v = 0.f;
#pragma unroll
  for (int k = 0; k <= 2 * kR; ++k)
    v += cStencil[k] * s[threadIdx.x + k];
  out[g] = v;
}

// Kogge-Stone warp scan with shuffles (CUDA samples' shfl_scan): inclusive scan of each warp's 32
// elements, grid-stride over the array.
__global__ void __launch_bounds__(kBlock) shuffleScanIf(const int *in, int *out, int n) {
  unsigned lane = threadIdx.x & 31;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int v = in[i];
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      int t = __shfl_up_sync(kFull, v, o);
      if (lane >= o)
        v += t;
    }
    out[i] = v;
  }
}

__global__ void __launch_bounds__(kBlock) shuffleScanSelect(const int *in, int *out, int n) {
  unsigned lane = threadIdx.x & 31;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int v = in[i];
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      int t = __shfl_up_sync(kFull, v, o);
      v += lane >= o ? t : 0;
    }
    out[i] = v;
  }
}

// Kogge-Stone block scan in shared memory (PMPP ch. 11, fig. 11.3): inclusive scan of each block's
// 256 elements. The rewrite pads the array with 128 zeros below so that no thread needs the guard.
__global__ void __launch_bounds__(kBlock) koggeStoneIf(const int *in, int *out) {
  __shared__ int XY[kBlock];
  int g = blockIdx.x * kBlock + threadIdx.x;
  unsigned tx = threadIdx.x;
  XY[tx] = in[g];
  for (unsigned stride = 1; stride < kBlock; stride *= 2) {
    __syncthreads();
    int temp = 0;
    if (tx >= stride)
      temp = XY[tx] + XY[tx - stride];
    __syncthreads();
    if (tx >= stride)
      XY[tx] = temp;
  }
  out[g] = XY[tx];
}

__global__ void __launch_bounds__(kBlock) koggeStonePadded(const int *in, int *out) {
  constexpr int kPad = kBlock / 2;
  __shared__ int XY[kPad + kBlock];
  int g = blockIdx.x * kBlock + threadIdx.x;
  unsigned tx = threadIdx.x;
  if (tx < kPad)
    XY[tx] = 0;
  XY[kPad + tx] = in[g];
  for (unsigned stride = 1; stride < kBlock; stride *= 2) {
    __syncthreads();
    int temp = XY[kPad + tx] + XY[kPad + tx - stride];
    __syncthreads();
    XY[kPad + tx] = temp;
  }
  out[g] = XY[kPad + tx];
}

// Row sums with two lanes per row (How_to_optimize_in_GPU's CSR-vector SpMV, 2 lanes per row):
// each lane sums half of a row of kRowLen values, the pair combines with a shuffle, and the
// even lane stores the row's sum. The rewrite lets both lanes store the same value.
constexpr int kRowLen = 16;

__global__ void __launch_bounds__(kBlock)
    leaderStorePairs(const float *a, const float *x, float *y) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int row = tid / 2, half = tid & 1;
  float sum = 0.f;
  for (int j = 0; j < kRowLen / 2; ++j)
    sum += a[row * kRowLen + 2 * j + half] * x[2 * j + half];
  sum += __shfl_xor_sync(kFull, sum, 1);
  if ((tid & 1) == 0)
    y[tid / 2] = sum;
}

__global__ void __launch_bounds__(kBlock)
    leaderStoreAll(const float *a, const float *x, float *y) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int row = tid / 2, half = tid & 1;
  float sum = 0.f;
  for (int j = 0; j < kRowLen / 2; ++j)
    sum += a[row * kRowLen + 2 * j + half] * x[2 * j + half];
  sum += __shfl_xor_sync(kFull, sum, 1);
  y[tid / 2] = sum;
}

// y = a*x + y over n elements, n not a multiple of the block: the last warp is cut by `i < n`.
// The rewrite pads the arrays to whole blocks and drops the guard.
__global__ void __launch_bounds__(kBlock)
    tailGuard(const float *x, const float *y, float *out, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * x[i] + y[i];
}

__global__ void __launch_bounds__(kBlock)
    tailPadded(const float *x, const float *y, float *out, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a * x[i] + y[i];
}

// A 16-entry lookup table loaded into shared memory by the first 16 threads (quantised weights,
// ggml's per-block scale tables) vs by the whole first warp.
__global__ void __launch_bounds__(kBlock)
    smallTable16(const unsigned char *codes, const float *table, float *out) {
  __shared__ float tbl[16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 16)
    tbl[threadIdx.x] = table[threadIdx.x];
  __syncthreads();
  unsigned c = codes[i];
  out[i] = tbl[c & 15] + tbl[c >> 4];
}

__global__ void __launch_bounds__(kBlock)
    smallTable32(const unsigned char *codes, const float *table, float *out) {
  __shared__ float tbl[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 32)
    tbl[threadIdx.x] = table[threadIdx.x & 15];
  __syncthreads();
  unsigned c = codes[i];
  out[i] = tbl[c & 15] + tbl[c >> 4];
}

// --- warnings ----------------------------------------------------------------------------------

// A test on threadIdx.y: in a 16x16 block every warp holds two rows, so `y % 2` splits every warp;
// in a 32x8 block each warp is one row and the same test is warp-uniform.
template <int BX, int BY>
__global__ void __launch_bounds__(BX *BY) narrowRows(unsigned *out, int width, int iters) {
  int x = blockIdx.x * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  unsigned v = seedOf(y * width + x);
  if (threadIdx.y % 2 == 0)
    v = armA(v, iters);
  else
    v = armB(v, iters);
  out[y * width + x] = v;
}

// The first 16 threads of each block take one path, the others another (srad's and dwt2d's
// special first threads, with work on both sides): warp 0 runs both. The rewrite hands the special
// path to the whole first warp.
__global__ void __launch_bounds__(kBlock) oneWarpTwoSides(unsigned *out, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = seedOf(tid);
  if (threadIdx.x < 16)
    v = armA(v, iters);
  else
    v = armB(v, iters);
  out[tid] = v;
}

__global__ void __launch_bounds__(kBlock) oneWarpWholeWarp(unsigned *out, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = seedOf(tid);
  if (threadIdx.x < 32)
    v = armA(v, iters);
  else
    v = armB(v, iters);
  out[tid] = v;
}

// Per-thread work counts 0..31: by lane (every warp runs 31 iterations with on average half of
// its lanes idle) vs the same counts given per warp (the lanes of a warp share a count).
__global__ void __launch_bounds__(kBlock) laneTripCount(unsigned *out, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = seedOf(tid);
  int count = tid % 32;
  for (int k = 0; k < count; ++k)
    v = armA(v, iters);
  out[tid] = v;
}

__global__ void __launch_bounds__(kBlock) warpTripCount(unsigned *out, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = seedOf(tid);
  int count = (tid / 32) % 32;
  for (int k = 0; k < count; ++k)
    v = armA(v, iters);
  out[tid] = v;
}

// 2D 5-point Jacobi step in 32x8 blocks (PMPP's 3D stencil, ch. 8): the centre row of the tile is
// in shared memory, and the left and right neighbours of lanes 0 and 31 of every warp come from
// global memory (`if (tx > 0) ... else ...`). The rewrite loads the halo columns into shared
// memory so that every lane reads shared memory. `in` has one valid column on each side.
constexpr int kTx = 32, kTy = 8;

__global__ void __launch_bounds__(kTx *kTy)
    edgeGlobalElse(const float *in, float *out, int width, int pitch) {
  __shared__ float s[kTy][kTx];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * kTx + tx, y = blockIdx.y * kTy + ty + 1;
  int at = y * pitch + 1 + x;
  float c = in[at];
  s[ty][tx] = c;
  __syncthreads();
  float left, right;
  if (tx > 0)
    left = s[ty][tx - 1];
  else
    left = in[at - 1];
  if (tx < kTx - 1)
    right = s[ty][tx + 1];
  else
    right = in[at + 1];
  out[(y - 1) * width + x] = 0.25f * (left + right + in[at - pitch] + in[at + pitch]) - c;
}

__global__ void __launch_bounds__(kTx *kTy)
    edgeHaloShared(const float *in, float *out, int width, int pitch) {
  __shared__ float s[kTy][kTx + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * kTx + tx, y = blockIdx.y * kTy + ty + 1;
  int at = y * pitch + 1 + x;
  float c = in[at];
  s[ty][tx + 1] = c;
  // The two halo columns: rows ty of the tile, loaded by the first 2*kTy threads (a whole warp).
  int t = ty * kTx + tx;
  if (t < 2 * kTy) {
    int hy = t / 2, side = t % 2;
    const float *hrow = in + (blockIdx.y * kTy + hy + 1) * pitch + 1;
    int hx = blockIdx.x * kTx + (side ? kTx : -1);
    s[hy][side ? kTx + 1 : 0] = hrow[hx];
  }
  __syncthreads();
  float left = s[ty][tx], right = s[ty][tx + 2];
  out[(y - 1) * width + x] = 0.25f * (left + right + in[at - pitch] + in[at + pitch]) - c;
}

// Inclusive scan of 1024 elements per block of 512 threads (PMPP ch. 11, fig. 11.7): Brent-Kung
// up- and down-sweeps whose active threads fall below a warp (1, 3, 7, ... threads), vs a scan
// made of warp shuffles (each thread's pair, each warp's 32 pairs, the 16 warp totals).
constexpr int kScanBlock = 512;

__global__ void __launch_bounds__(kScanBlock) brentKungScan(const int *in, int *out) {
  __shared__ int XY[2 * kScanBlock];
  unsigned tx = threadIdx.x;
  int base = blockIdx.x * 2 * kScanBlock;
  XY[tx] = in[base + tx];
  XY[tx + kScanBlock] = in[base + tx + kScanBlock];
  for (unsigned stride = 1; stride <= blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned index = (tx + 1) * 2 * stride - 1;
    if (index < 2 * blockDim.x)
      XY[index] += XY[index - stride];
  }
  for (unsigned stride = kScanBlock / 2; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned index = (tx + 1) * stride * 2 - 1;
    if (index + stride < 2 * blockDim.x)
      XY[index + stride] += XY[index];
  }
  __syncthreads();
  out[base + tx] = XY[tx];
  out[base + tx + kScanBlock] = XY[tx + kScanBlock];
}

__global__ void __launch_bounds__(kScanBlock) shuffleBlockScan(const int *in, int *out) {
  __shared__ int warpTotals[32];
  unsigned tx = threadIdx.x, lane = tx & 31, warp = tx / 32;
  int base = blockIdx.x * 2 * kScanBlock;
  int2 pair = reinterpret_cast<const int2 *>(in + base)[tx];
  int p = pair.x + pair.y;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    int t = __shfl_up_sync(kFull, p, o);
    p += lane >= o ? t : 0;
  }
  if (lane == 31)
    warpTotals[warp] = p;
  __syncthreads();
  if (warp == 0) {
    int w = lane < kScanBlock / 32 ? warpTotals[lane] : 0;
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
      int t = __shfl_up_sync(kFull, w, o);
      w += lane >= o ? t : 0;
    }
    warpTotals[lane] = w;
  }
  __syncthreads();
  int before = (warp > 0 ? warpTotals[warp - 1] : 0) + p - pair.x - pair.y;
  reinterpret_cast<int2 *>(out + base)[tx] = make_int2(before + pair.x, before + pair.x + pair.y);
}

// --- replicas of the real kernels behind three sub-classes ----------------------------------

// CUDA-Programming (Fan Zheng) src/10-warp/reduce.cu, reduce_syncwarp and reduce_shfl, blocks of
// 128, one partial sum per block (the book adds them with atomicAdd; stored here, to check them
// exactly): the tree stops at 32 and warp 0 finishes with `if (tid < offset)` and __syncwarp, vs
// with __shfl_down_sync.
constexpr int kRedBlock = 128;

__global__ void __launch_bounds__(kRedBlock) reduceSyncwarp(const float *d_x, float *d_y, int N) {
  __shared__ float s_y[kRedBlock];
  const int tid = threadIdx.x;
  const int n = blockIdx.x * blockDim.x + tid;
  s_y[tid] = (n < N) ? d_x[n] : 0.0f;
  __syncthreads();
  for (int offset = blockDim.x >> 1; offset >= 32; offset >>= 1) {
    if (tid < offset)
      s_y[tid] += s_y[tid + offset];
    __syncthreads();
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    if (tid < offset)
      s_y[tid] += s_y[tid + offset];
    __syncwarp();
  }
  if (tid == 0)
    d_y[blockIdx.x] = s_y[0];
}

__global__ void __launch_bounds__(kRedBlock) reduceShfl(const float *d_x, float *d_y, int N) {
  __shared__ float s_y[kRedBlock];
  const int tid = threadIdx.x;
  const int n = blockIdx.x * blockDim.x + tid;
  s_y[tid] = (n < N) ? d_x[n] : 0.0f;
  __syncthreads();
  for (int offset = blockDim.x >> 1; offset >= 32; offset >>= 1) {
    if (tid < offset)
      s_y[tid] += s_y[tid + offset];
    __syncthreads();
  }
  float y = s_y[tid];
  for (int offset = 16; offset > 0; offset >>= 1)
    y += __shfl_down_sync(kFull, y, offset);
  if (tid == 0)
    d_y[blockIdx.x] = y;
}

// PMPP lab 7 stencil.cu (R100001's Programming-Massively-Parallel-Processors), 32x1x32 blocks
// marching over i, printf removed: lanes 0 and 31 of every warp read their x neighbours from
// global memory (`if (threadIdx.x > 0) temp += ds_A[..]; else temp += in(..);`). The rewrite
// keeps two halo columns in shared memory, loaded by whole warps (threadIdx.z 0 and 1).
constexpr int kSt = 32;
#define st_out(i, j, k) _out[((i) * width + (j)) * depth + (k)]
#define st_in(i, j, k) _in[((i) * width + (j)) * depth + (k)]

__host__ __device__ inline float clampTo(float val, float start, float end) {
  return fmaxf(fminf(val, end), start);
}

__global__ void __launch_bounds__(kSt *kSt)
    stencilPmpp(float *_out, const float *_in, int width, int height, int depth) {
  int k = blockIdx.z * kSt + threadIdx.z;
  int j = blockIdx.x * kSt + threadIdx.x;
  __shared__ float ds_A[kSt][kSt];
  float bottom = st_in(0, j, k);
  float current = st_in(1, j, k);
  float top = st_in(2, j, k);
  ds_A[threadIdx.z][threadIdx.x] = current;
  __syncthreads();
  for (int i = 1; i < height - 1; i++) {
    float temp = 0;
    if (k < depth - 1 && k > 0 && j < width - 1 && j > 0) {
      temp = bottom + top;
      if (threadIdx.z > 0)
        temp += ds_A[threadIdx.z - 1][threadIdx.x];
      else
        temp += st_in(i, j, k - 1);
      if (threadIdx.z < kSt - 1)
        temp += ds_A[threadIdx.z + 1][threadIdx.x];
      else
        temp += st_in(i, j, k + 1);
      if (threadIdx.x > 0)
        temp += ds_A[threadIdx.z][threadIdx.x - 1];
      else
        temp += st_in(i, j - 1, k);
      if (threadIdx.x < kSt - 1)
        temp += ds_A[threadIdx.z][threadIdx.x + 1];
      else
        temp += st_in(i, j + 1, k);
      temp -= 6 * current;
      st_out(i, j, k) = clampTo(temp, 0, 255);
    }
    bottom = current;
    __syncthreads();
    ds_A[threadIdx.z][threadIdx.x] = top;
    __syncthreads();
    current = top;
    top = st_in(i + 2, j, k);
  }
}

__global__ void __launch_bounds__(kSt *kSt)
    stencilPmppHalo(float *_out, const float *_in, int width, int height, int depth) {
  int k = blockIdx.z * kSt + threadIdx.z;
  int j = blockIdx.x * kSt + threadIdx.x;
  int j0 = blockIdx.x * kSt, k0 = blockIdx.z * kSt;
  // Columns 0 and kSt + 1 hold the x neighbours j0 - 1 and j0 + kSt of every row z.
  __shared__ float ds_A[kSt][kSt + 2];
  float bottom = st_in(0, j, k);
  float current = st_in(1, j, k);
  float top = st_in(2, j, k);
  ds_A[threadIdx.z][threadIdx.x + 1] = current;
  // Warp z = 0 loads the left column of plane 1, warp z = 1 the right one (row x of the tile).
  if (threadIdx.z == 0 && j0 > 0)
    ds_A[threadIdx.x][0] = st_in(1, j0 - 1, k0 + threadIdx.x);
  if (threadIdx.z == 1 && j0 + kSt < width)
    ds_A[threadIdx.x][kSt + 1] = st_in(1, j0 + kSt, k0 + threadIdx.x);
  __syncthreads();
  for (int i = 1; i < height - 1; i++) {
    float temp = 0;
    if (k < depth - 1 && k > 0 && j < width - 1 && j > 0) {
      temp = bottom + top;
      if (threadIdx.z > 0)
        temp += ds_A[threadIdx.z - 1][threadIdx.x + 1];
      else
        temp += st_in(i, j, k - 1);
      if (threadIdx.z < kSt - 1)
        temp += ds_A[threadIdx.z + 1][threadIdx.x + 1];
      else
        temp += st_in(i, j, k + 1);
      temp += ds_A[threadIdx.z][threadIdx.x];
      temp += ds_A[threadIdx.z][threadIdx.x + 2];
      temp -= 6 * current;
      st_out(i, j, k) = clampTo(temp, 0, 255);
    }
    bottom = current;
    __syncthreads();
    ds_A[threadIdx.z][threadIdx.x + 1] = top;
    if (threadIdx.z == 0 && j0 > 0)
      ds_A[threadIdx.x][0] = st_in(i + 1, j0 - 1, k0 + threadIdx.x);
    if (threadIdx.z == 1 && j0 + kSt < width)
      ds_A[threadIdx.x][kSt + 1] = st_in(i + 1, j0 + kSt, k0 + threadIdx.x);
    __syncthreads();
    current = top;
    top = st_in(i + 2, j, k);
  }
}

// Rodinia srad_v2 srad_cuda_1 (16x16 blocks), verbatim but for the names: the chain of border
// cases (`ty == 0`, `tx == BLOCK_SIZE - 1`, ...) sends lanes of every warp down different
// arms of four shared-memory loads each. The rewrite loads the same values and picks each
// neighbour with a select (a clamped index), so that every lane runs the same code.
constexpr int kSrad = 16;

#define SRAD_PROLOGUE                                                                              \
  int bx = blockIdx.x;                                                                             \
  int by = blockIdx.y;                                                                             \
  int tx = threadIdx.x;                                                                            \
  int ty = threadIdx.y;                                                                            \
  int index = cols * kSrad * by + kSrad * bx + cols * ty + tx;                                     \
  int index_n = cols * kSrad * by + kSrad * bx + tx - cols;                                        \
  int index_s = cols * kSrad * by + kSrad * bx + cols * kSrad + tx;                                \
  int index_w = cols * kSrad * by + kSrad * bx + cols * ty - 1;                                    \
  int index_e = cols * kSrad * by + kSrad * bx + cols * ty + kSrad;                                \
  float n, w, e, s, jc, g2, l, num, den, qsqr, c;                                                  \
  __shared__ float temp[kSrad][kSrad];                                                             \
  __shared__ float temp_result[kSrad][kSrad];                                                      \
  __shared__ float north[kSrad][kSrad];                                                            \
  __shared__ float south[kSrad][kSrad];                                                            \
  __shared__ float east[kSrad][kSrad];                                                             \
  __shared__ float west[kSrad][kSrad];                                                             \
  north[ty][tx] = J_cuda[index_n];                                                                 \
  south[ty][tx] = J_cuda[index_s];                                                                 \
  if (by == 0) {                                                                                   \
    north[ty][tx] = J_cuda[kSrad * bx + tx];                                                       \
  } else if (by == gridDim.y - 1) {                                                                \
    south[ty][tx] =                                                                                \
        J_cuda[cols * kSrad * (gridDim.y - 1) + kSrad * bx + cols * (kSrad - 1) + tx];             \
  }                                                                                                \
  __syncthreads();                                                                                 \
  west[ty][tx] = J_cuda[index_w];                                                                  \
  east[ty][tx] = J_cuda[index_e];                                                                  \
  if (bx == 0) {                                                                                   \
    west[ty][tx] = J_cuda[cols * kSrad * by + cols * ty];                                          \
  } else if (bx == gridDim.x - 1) {                                                                \
    east[ty][tx] = J_cuda[cols * kSrad * by + kSrad * (gridDim.x - 1) + cols * ty + kSrad - 1];    \
  }                                                                                                \
  __syncthreads();                                                                                 \
  temp[ty][tx] = J_cuda[index];                                                                    \
  __syncthreads();                                                                                 \
  jc = temp[ty][tx];

#define SRAD_EPILOGUE                                                                              \
  g2 = (n * n + s * s + w * w + e * e) / (jc * jc);                                                \
  l = (n + s + w + e) / jc;                                                                        \
  num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));                                                     \
  den = 1 + (.25 * l);                                                                             \
  qsqr = num / (den * den);                                                                        \
  den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));                                                    \
  c = 1.0 / (1.0 + den);                                                                           \
  if (c < 0) {                                                                                     \
    temp_result[ty][tx] = 0;                                                                       \
  } else if (c > 1) {                                                                              \
    temp_result[ty][tx] = 1;                                                                       \
  } else {                                                                                         \
    temp_result[ty][tx] = c;                                                                       \
  }                                                                                                \
  __syncthreads();                                                                                 \
  C_cuda[index] = temp_result[ty][tx];                                                             \
  E_C[index] = e;                                                                                  \
  W_C[index] = w;                                                                                  \
  S_C[index] = s;                                                                                  \
  N_C[index] = n;

__global__ void __launch_bounds__(kSrad *kSrad)
    sradChain(float *E_C, float *W_C, float *N_C, float *S_C, const float *J_cuda, float *C_cuda,
              int cols, int rows, float q0sqr) {
  SRAD_PROLOGUE
  if (ty == 0 && tx == 0) { // nw
    n = north[ty][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = west[ty][tx] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (ty == 0 && tx == kSrad - 1) { // ne
    n = north[ty][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = east[ty][tx] - jc;
  } else if (ty == kSrad - 1 && tx == kSrad - 1) { // se
    n = temp[ty - 1][tx] - jc;
    s = south[ty][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = east[ty][tx] - jc;
  } else if (ty == kSrad - 1 && tx == 0) { // sw
    n = temp[ty - 1][tx] - jc;
    s = south[ty][tx] - jc;
    w = west[ty][tx] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (ty == 0) { // n
    n = north[ty][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (tx == kSrad - 1) { // e
    n = temp[ty - 1][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = east[ty][tx] - jc;
  } else if (ty == kSrad - 1) { // s
    n = temp[ty - 1][tx] - jc;
    s = south[ty][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (tx == 0) { // w
    n = temp[ty - 1][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = west[ty][tx] - jc;
    e = temp[ty][tx + 1] - jc;
  } else { // the data elements which are not on the borders
    n = temp[ty - 1][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = temp[ty][tx + 1] - jc;
  }
  SRAD_EPILOGUE
}

__global__ void __launch_bounds__(kSrad *kSrad)
    sradSelect(float *E_C, float *W_C, float *N_C, float *S_C, const float *J_cuda, float *C_cuda,
               int cols, int rows, float q0sqr) {
  SRAD_PROLOGUE
  // Both candidates of each neighbour are loaded (the inner one at a clamped index), then one is
  // selected: no lane takes a path of its own.
  float tn = temp[ty > 0 ? ty - 1 : 0][tx], ts = temp[ty < kSrad - 1 ? ty + 1 : kSrad - 1][tx];
  float tw = temp[ty][tx > 0 ? tx - 1 : 0], te = temp[ty][tx < kSrad - 1 ? tx + 1 : kSrad - 1];
  float bn = north[ty][tx], bs = south[ty][tx], bw = west[ty][tx], be = east[ty][tx];
  n = (ty == 0 ? bn : tn) - jc;
  s = (ty == kSrad - 1 ? bs : ts) - jc;
  w = (tx == 0 ? bw : tw) - jc;
  e = (tx == kSrad - 1 ? be : te) - jc;
  SRAD_EPILOGUE
}

// Learn-CUDA-Programming ch. 7 convolution.cu, convolution_kernel_v3 (16x16 blocks, a 9x9 filter
// in constant memory): the 24x24 input tile is loaded in 2x2 passes of the 16x16 threads, and
// `fid_col >= tile_size` drops lanes 8-15 of both rows of every warp in the second column pass.
// The rewrite loads the tile with a linear index (three passes of 256, the last cut in one warp).
// Both read the tile in convTileSum with a 2-way conflict (rows of 24 words, two rows a warp),
// which the pair does not time (manifest.json 'also').
constexpr int kCv = 16, kMaxFilter = 9;
__constant__ float cFilter[kMaxFilter * kMaxFilter];

__device__ inline float convTileSum(const float *s_input, int tile_size, int filter_size) {
  int pad_size = filter_size / 2;
  float result = 0.f;
  for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col) {
      int image_row = threadIdx.y + pad_size + filter_row;
      int image_col = threadIdx.x + pad_size + filter_col;
      float image_value = s_input[tile_size * image_row + image_col];
      float filter_value =
          cFilter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];
      result += image_value * filter_value;
    }
  return result;
}

__global__ void __launch_bounds__(kCv *kCv) convTileRows(float *d_output, const float *d_input,
                                                         int num_row, int num_col, int filter_size) {
  int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
  int idx_y = blockDim.y * blockIdx.y + threadIdx.y;
  int pad_size = filter_size / 2;
  int tile_size = kCv + 2 * pad_size;
  extern __shared__ float s_input[];
  for (int row = 0; row <= tile_size / kCv; row++) {
    for (int col = 0; col <= tile_size / kCv; col++) {
      int idx_row = idx_y + kCv * row - pad_size;
      int idx_col = idx_x + kCv * col - pad_size;
      int fid_row = threadIdx.y + kCv * row;
      int fid_col = threadIdx.x + kCv * col;
      if (fid_row >= tile_size || fid_col >= tile_size)
        continue;
      s_input[tile_size * fid_row + fid_col] =
          (idx_row >= 0 && idx_row < num_row && idx_col >= 0 && idx_col < num_col)
              ? d_input[num_col * idx_row + idx_col]
              : 0.f;
    }
  }
  __syncthreads();
  d_output[idx_y * num_col + idx_x] = convTileSum(s_input, tile_size, filter_size);
}

__global__ void __launch_bounds__(kCv *kCv) convTileLinear(float *d_output, const float *d_input,
                                                           int num_row, int num_col,
                                                           int filter_size) {
  int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
  int idx_y = blockDim.y * blockIdx.y + threadIdx.y;
  int pad_size = filter_size / 2;
  int tile_size = kCv + 2 * pad_size;
  extern __shared__ float s_input[];
  for (int t = threadIdx.y * kCv + threadIdx.x; t < tile_size * tile_size; t += kCv * kCv) {
    int idx_row = blockIdx.y * kCv + t / tile_size - pad_size;
    int idx_col = blockIdx.x * kCv + t % tile_size - pad_size;
    s_input[t] = (idx_row >= 0 && idx_row < num_row && idx_col >= 0 && idx_col < num_col)
                     ? d_input[num_col * idx_row + idx_col]
                     : 0.f;
  }
  __syncthreads();
  d_output[idx_y * num_col + idx_x] = convTileSum(s_input, tile_size, filter_size);
}

// PMPP ch. 7 convolution_1D_tiled_caching_kernel (R100001's NvBench tests: blocks of 512, mask 5):
// the neighbours inside the block's tile come from shared memory, the others from global memory
// (`if (n_index >= this_tile_start_point && ...) ... else ...`): the first and last lanes of the
// first and last warps take the global path in the taps that reach outside the tile. The
// rewrite is the same book's convolution_1D_tiled_kernel (the halo in shared memory).
constexpr int kC1 = 512;
__constant__ float cMask[16];
#define clamp01(x) (min(max((x), 0.0), 1.0))

__global__ void __launch_bounds__(kC1)
    conv1DCaching(const float *N, float *P, int mask_width, int width) {
  __shared__ float N_ds[kC1];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  N_ds[threadIdx.x] = N[i];
  __syncthreads();
  int this_tile_start_point = blockIdx.x * blockDim.x;
  int next_tile_start_point = (blockIdx.x + 1) * blockDim.x;
  int n_start_point = i - (mask_width / 2);
  float Pvalue = 0;
  for (int j = 0; j < mask_width; j++) {
    int n_index = n_start_point + j;
    if (n_index >= 0 && n_index < width) {
      if ((n_index >= this_tile_start_point) && (n_index < next_tile_start_point))
        Pvalue += N_ds[threadIdx.x + j - (mask_width / 2)] * cMask[j];
      else
        Pvalue += N[n_index] * cMask[j];
    }
  }
  P[i] = clamp01(Pvalue);
}

__global__ void __launch_bounds__(kC1)
    conv1DTiled(const float *N, float *P, int mask_width, int width) {
  __shared__ float N_ds[kC1 + 16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int n = mask_width / 2;
  int halo_index_left = (blockIdx.x - 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x >= blockDim.x - n)
    N_ds[threadIdx.x - (blockDim.x - n)] = (halo_index_left < 0) ? 0 : N[halo_index_left];
  N_ds[n + threadIdx.x] = N[blockIdx.x * blockDim.x + threadIdx.x];
  int halo_index_right = (blockIdx.x + 1) * blockDim.x + threadIdx.x;
  if (threadIdx.x < n)
    N_ds[n + blockDim.x + threadIdx.x] = (halo_index_right >= width) ? 0 : N[halo_index_right];
  __syncthreads();
  float Pvalue = 0;
  for (int j = 0; j < mask_width; j++)
    Pvalue += N_ds[threadIdx.x + j] * cMask[j];
  P[i] = clamp01(Pvalue);
}

// --- the program -------------------------------------------------------------------------------

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  const char *prog = "divergence_idioms";
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  auto verdict = [&](const char *name, const char *role, dim3 grid, dim3 block,
                     const bench::Timing &t, bool ok) {
    ok = ok && t.error == cudaSuccess;
    failures += ok ? 0 : 1;
    bench::report(prog, name, role, grid, block, 1, t, ok);
  };
  auto compare = [&](const char *name, const auto &got, const auto &want) {
    return bench::countMismatches(name, got, want) == 0;
  };

  // Float stencils and table lookups: 2^25 elements (128 MiB per array).
  const int n = 1 << 25;
  std::vector<float> hin(n + 2 * kR);
  for (size_t i = 0; i < hin.size(); ++i)
    hin[i] = static_cast<float>((i * 37) % 101) * 0.01f;
  float hw[2 * kR + 1];
  for (int k = 0; k <= 2 * kR; ++k)
    hw[k] = 0.05f * (k + 1);
  CUDA_CHECK(cudaMemcpyToSymbol(cStencil, hw, sizeof(hw)));
  float *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, hin.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout, (n + 64) * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(din, hin.data(), hin.size() * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> fgot(n), fwant(n);
  {
    // The device sums the taps in the same order with fused multiply-adds: compare with a
    // tolerance through rounding to 1e-3.
    for (int i = 0; i < n; ++i) {
      float v = 0.f;
      for (int k = 0; k <= 2 * kR; ++k)
        v = fmaf(hw[k], hin[i + k], v);
      fwant[i] = v;
    }
    auto close = [&](const char *name) {
      CUDA_CHECK(cudaMemcpy(fgot.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (int i = 0; i < n; ++i)
        if (std::abs(fgot[i] - fwant[i]) > 1e-4f * (1.f + std::abs(fwant[i])) && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %d: got %g, want %g\n", name, i, fgot[i], fwant[i]);
      return bad == 0;
    };
    dim3 grid(n / kBlock);
    CUDA_CHECK(cudaMemset(dout, 0, n * sizeof(float)));
    auto t = bench::timeLaunches(opts, stream, [&] {
      haloFewLanes<<<grid, kBlock, 0, stream>>>(din + kR, dout);
    });
    verdict("haloFewLanes", "note", grid, dim3(kBlock), t, close("haloFewLanes"));
    CUDA_CHECK(cudaMemset(dout, 0, n * sizeof(float)));
    t = bench::timeLaunches(opts, stream, [&] {
      haloStrideLoop<<<grid, kBlock, 0, stream>>>(din + kR, dout);
    });
    verdict("haloStrideLoop", "fixed", grid, dim3(kBlock), t, close("haloStrideLoop"));
  }

  // Integer scans: 2^25 elements.
  std::vector<int> iin(n), igot(n), iwant(n);
  for (int i = 0; i < n; ++i)
    iin[i] = static_cast<int>((i * 7919u) % 97u) - 48;
  int *diin, *diout;
  CUDA_CHECK(cudaMalloc(&diin, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&diout, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(diin, iin.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  auto scanWant = [&](int segment) {
    for (int i = 0; i < n; ++i)
      iwant[i] = (i % segment ? iwant[i - 1] : 0) + iin[i];
  };
  auto intCase = [&](const char *name, const char *role, dim3 grid, dim3 block, auto launch) {
    CUDA_CHECK(cudaMemset(diout, 0, n * sizeof(int)));
    auto t = bench::timeLaunches(opts, stream, launch);
    CUDA_CHECK(cudaMemcpy(igot.data(), diout, n * sizeof(int), cudaMemcpyDeviceToHost));
    verdict(name, role, grid, block, t, compare(name, igot, iwant));
  };
  {
    scanWant(32);
    dim3 grid(132 * 8);
    intCase("shuffleScanIf", "note", grid, dim3(kBlock), [&] {
      shuffleScanIf<<<grid, kBlock, 0, stream>>>(diin, diout, n);
    });
    intCase("shuffleScanSelect", "fixed", grid, dim3(kBlock), [&] {
      shuffleScanSelect<<<grid, kBlock, 0, stream>>>(diin, diout, n);
    });
    scanWant(kBlock);
    dim3 blocks(n / kBlock);
    intCase("koggeStoneIf", "note", blocks, dim3(kBlock), [&] {
      koggeStoneIf<<<blocks, kBlock, 0, stream>>>(diin, diout);
    });
    intCase("koggeStonePadded", "fixed", blocks, dim3(kBlock), [&] {
      koggeStonePadded<<<blocks, kBlock, 0, stream>>>(diin, diout);
    });
    scanWant(2 * kScanBlock);
    dim3 scanGrid(n / (2 * kScanBlock));
    intCase("brentKungScan", "anti", scanGrid, dim3(kScanBlock), [&] {
      brentKungScan<<<scanGrid, kScanBlock, 0, stream>>>(diin, diout);
    });
    intCase("shuffleBlockScan", "fixed", scanGrid, dim3(kScanBlock), [&] {
      shuffleBlockScan<<<scanGrid, kScanBlock, 0, stream>>>(diin, diout);
    });
  }

  // Row sums, two lanes per row: 2^22 rows of 16 (256 MiB of matrix).
  {
    const int rows = 1 << 22;
    std::vector<float> a(static_cast<size_t>(rows) * kRowLen), x(kRowLen), y(rows), yw(rows);
    for (size_t i = 0; i < a.size(); ++i)
      a[i] = static_cast<float>(i % 13) * 0.25f;
    for (int k = 0; k < kRowLen; ++k)
      x[k] = 0.5f * k;
    for (int r = 0; r < rows; ++r) {
      float even = 0.f, odd = 0.f;
      for (int k = 0; k < kRowLen; k += 2) {
        even += a[static_cast<size_t>(r) * kRowLen + k] * x[k];
        odd += a[static_cast<size_t>(r) * kRowLen + k + 1] * x[k + 1];
      }
      yw[r] = even + odd;
    }
    float *da, *dx, *dy;
    CUDA_CHECK(cudaMalloc(&da, a.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dx, x.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dy, y.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dx, x.data(), x.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(2 * rows / kBlock);
    auto rowCase = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dy, 0, rows * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(y.data(), dy, rows * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (int r = 0; r < rows; ++r)
        if (std::abs(y[r] - yw[r]) > 1e-4f * (1.f + std::abs(yw[r])) && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %d: got %g, want %g\n", name, r, y[r], yw[r]);
      verdict(name, role, grid, dim3(kBlock), t, bad == 0);
    };
    rowCase("leaderStorePairs", "note", [&] {
      leaderStorePairs<<<grid, kBlock, 0, stream>>>(da, dx, dy);
    });
    rowCase("leaderStoreAll", "fixed", [&] {
      leaderStoreAll<<<grid, kBlock, 0, stream>>>(da, dx, dy);
    });
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
  }

  // saxpy over n - 3 elements (guarded) vs n (padded); float inputs from the stencil's buffer.
  {
    const float a = 1.5f;
    std::vector<float> want(n);
    for (int i = 0; i < n; ++i)
      want[i] = fmaf(a, hin[i], hin[i + 1]);
    auto saxpyCase = [&](const char *name, const char *role, int valid, auto launch) {
      CUDA_CHECK(cudaMemset(dout, 0, n * sizeof(float)));
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(fgot.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (int i = 0; i < valid; ++i)
        if (fgot[i] != want[i] && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %d\n", name, i);
      verdict(name, role, dim3(n / kBlock), dim3(kBlock), t, bad == 0);
    };
    saxpyCase("tailGuard", "note", n - 3, [&] {
      tailGuard<<<n / kBlock, kBlock, 0, stream>>>(din, din + 1, dout, a, n - 3);
    });
    saxpyCase("tailPadded", "fixed", n, [&] {
      tailPadded<<<n / kBlock, kBlock, 0, stream>>>(din, din + 1, dout, a);
    });
  }

  // Table lookups: 2^25 byte codes.
  {
    std::vector<unsigned char> codes(n);
    for (int i = 0; i < n; ++i)
      codes[i] = static_cast<unsigned char>((i * 2654435761u) >> 24);
    std::vector<float> table(16), want(n);
    for (int k = 0; k < 16; ++k)
      table[k] = 0.125f * k - 1.f;
    for (int i = 0; i < n; ++i)
      want[i] = table[codes[i] & 15] + table[codes[i] >> 4];
    unsigned char *dcodes;
    float *dtable;
    CUDA_CHECK(cudaMalloc(&dcodes, n));
    CUDA_CHECK(cudaMalloc(&dtable, 16 * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dcodes, codes.data(), n, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dtable, table.data(), 16 * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(n / kBlock);
    auto tableCase = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dout, 0, n * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(fgot.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
      verdict(name, role, grid, dim3(kBlock), t, compare(name, fgot, want));
    };
    tableCase("smallTable16", "note", [&] {
      smallTable16<<<grid, kBlock, 0, stream>>>(dcodes, dtable, dout);
    });
    tableCase("smallTable32", "fixed", [&] {
      smallTable32<<<grid, kBlock, 0, stream>>>(dcodes, dtable, dout);
    });
    CUDA_CHECK(cudaFree(dcodes));
    CUDA_CHECK(cudaFree(dtable));
  }

  // Integer arms: 2^23 threads, 64 iterations per arm.
  {
    const int m = 1 << 23, iters = 64;
    std::vector<unsigned> wantA(m), wantB(m), want(m), got(m);
    for (int i = 0; i < m; ++i) {
      wantA[i] = armA(seedOf(i), iters);
      wantB[i] = armB(seedOf(i), iters);
    }
    unsigned *dv;
    CUDA_CHECK(cudaMalloc(&dv, m * sizeof(unsigned)));
    auto armCase = [&](const char *name, const char *role, dim3 grid, dim3 block, auto launch) {
      CUDA_CHECK(cudaMemset(dv, 0, m * sizeof(unsigned)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(got.data(), dv, m * sizeof(unsigned), cudaMemcpyDeviceToHost));
      verdict(name, role, grid, block, t, compare(name, got, want));
    };
    // 2048 x 4096 pixels.
    const int width = 2048;
    for (int i = 0; i < m; ++i)
      want[i] = ((i / width) % 2 == 0) ? wantA[i] : wantB[i];
    dim3 g16(width / 16, m / width / 16), g32(width / 32, m / width / 8);
    armCase("narrowRows<16,16>", "anti", g16, dim3(16, 16), [&] {
      narrowRows<16, 16><<<g16, dim3(16, 16), 0, stream>>>(dv, width, iters);
    });
    armCase("narrowRows<32,8>", "fixed", g32, dim3(32, 8), [&] {
      narrowRows<32, 8><<<g32, dim3(32, 8), 0, stream>>>(dv, width, iters);
    });
    dim3 grid(m / kBlock);
    for (int i = 0; i < m; ++i)
      want[i] = i % kBlock < 16 ? wantA[i] : wantB[i];
    armCase("oneWarpTwoSides", "anti", grid, dim3(kBlock), [&] {
      oneWarpTwoSides<<<grid, kBlock, 0, stream>>>(dv, iters);
    });
    for (int i = 0; i < m; ++i)
      want[i] = i % kBlock < 32 ? wantA[i] : wantB[i];
    armCase("oneWarpWholeWarp", "fixed", grid, dim3(kBlock), [&] {
      oneWarpWholeWarp<<<grid, kBlock, 0, stream>>>(dv, iters);
    });
    // Trip counts: 2^20 threads (every thread runs on average 15.5 arms of 4 iterations).
    const int tm = 1 << 20, titers = 4;
    dim3 tgrid(tm / kBlock);
    auto tripWant = [&](bool byLane) {
      std::fill(want.begin(), want.end(), 0u);
      for (int i = 0; i < tm; ++i) {
        unsigned v = seedOf(i);
        int count = byLane ? i % 32 : (i / 32) % 32;
        for (int k = 0; k < count; ++k)
          v = armA(v, titers);
        want[i] = v;
      }
    };
    tripWant(true);
    armCase("laneTripCount", "anti", tgrid, dim3(kBlock), [&] {
      laneTripCount<<<tgrid, kBlock, 0, stream>>>(dv, titers);
    });
    tripWant(false);
    armCase("warpTripCount", "fixed", tgrid, dim3(kBlock), [&] {
      warpTripCount<<<tgrid, kBlock, 0, stream>>>(dv, titers);
    });
    CUDA_CHECK(cudaFree(dv));
  }

  // 2D 5-point step on 8192 x 4096 points (128 MiB), one halo column and row on each side.
  {
    const int width = 8192, height = 4096, pitch = width + 2;
    std::vector<float> grid2((height + 2) * static_cast<size_t>(pitch));
    for (size_t i = 0; i < grid2.size(); ++i)
      grid2[i] = static_cast<float>((i * 131) % 1009) * 0.001f;
    std::vector<float> want(static_cast<size_t>(width) * height), got(want.size());
    for (int y = 1; y <= height; ++y)
      for (int x = 0; x < width; ++x) {
        const float *row = grid2.data() + static_cast<size_t>(y) * pitch + 1;
        float sum = row[x - 1] + row[x + 1];
        sum = sum + row[x - pitch];
        sum = sum + row[x + pitch];
        want[static_cast<size_t>(y - 1) * width + x] = 0.25f * sum - row[x];
      }
    float *dg, *dgo;
    CUDA_CHECK(cudaMalloc(&dg, grid2.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dgo, want.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dg, grid2.data(), grid2.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(width / kTx, height / kTy), block(kTx, kTy);
    auto stencilCase = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dgo, 0, want.size() * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(got.data(), dgo, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (size_t i = 0; i < want.size(); ++i)
        if (std::abs(got[i] - want[i]) > 1e-5f * (1.f + std::abs(want[i])) && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %zu: got %g, want %g\n", name, i, got[i], want[i]);
      verdict(name, role, grid, block, t, bad == 0);
    };
    stencilCase("edgeGlobalElse", "note", [&] {
      edgeGlobalElse<<<grid, dim3(kTx, kTy), 0, stream>>>(dg, dgo, width, pitch);
    });
    stencilCase("edgeHaloShared", "fixed", [&] {
      edgeHaloShared<<<grid, dim3(kTx, kTy), 0, stream>>>(dg, dgo, width, pitch);
    });
    CUDA_CHECK(cudaFree(dg));
    CUDA_CHECK(cudaFree(dgo));
  }

  // Replicas. CUDA-Programming's reduce: 10^8 floats, blocks of 128 (integer values: the
  // partial sums are exact).
  {
    const int N = 100000000, blocks = (N + kRedBlock - 1) / kRedBlock;
    std::vector<float> x(N), want(blocks, 0.f), got(blocks);
    for (int i = 0; i < N; ++i)
      x[i] = static_cast<float>(i % 7);
    for (int i = 0; i < N; ++i)
      want[i / kRedBlock] += x[i];
    float *dx, *dy;
    CUDA_CHECK(cudaMalloc(&dx, static_cast<size_t>(N) * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dy, blocks * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dx, x.data(), static_cast<size_t>(N) * sizeof(float),
                          cudaMemcpyHostToDevice));
    auto redCase = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dy, 0, blocks * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(got.data(), dy, blocks * sizeof(float), cudaMemcpyDeviceToHost));
      verdict(name, role, dim3(blocks), dim3(kRedBlock), t, compare(name, got, want));
    };
    redCase("reduceSyncwarp", "note", [&] {
      reduceSyncwarp<<<blocks, kRedBlock, 0, stream>>>(dx, dy, N);
    });
    redCase("reduceShfl", "fixed", [&] {
      reduceShfl<<<blocks, kRedBlock, 0, stream>>>(dx, dy, N);
    });
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
  }

  // PMPP's stencil: 1024 x 32 x 1024 points (i is height, the marching axis), one extra plane
  // because the kernel reads plane i + 2 in its last iteration.
  {
    const int width = 1024, height = 32, depth = 1024;
    const size_t plane = static_cast<size_t>(width) * depth;
    std::vector<float> hin(plane * (height + 1)), want(plane * height, 0.f), got(want.size());
    for (size_t i = 0; i < hin.size(); ++i)
      hin[i] = static_cast<float>((i * 2654435761u) % 4096) / 16.f;
    auto at = [&](int i, int j, int k) { return hin[(static_cast<size_t>(i) * width + j) * depth + k]; };
    for (int i = 1; i < height - 1; ++i)
      for (int j = 1; j < width - 1; ++j)
        for (int k = 1; k < depth - 1; ++k) {
          float temp = at(i - 1, j, k) + at(i + 1, j, k);
          temp += at(i, j, k - 1);
          temp += at(i, j, k + 1);
          temp += at(i, j - 1, k);
          temp += at(i, j + 1, k);
          temp -= 6 * at(i, j, k);
          want[(static_cast<size_t>(i) * width + j) * depth + k] = clampTo(temp, 0, 255);
        }
    float *din3, *dout3;
    CUDA_CHECK(cudaMalloc(&din3, hin.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dout3, want.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(din3, hin.data(), hin.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(width / kSt, 1, depth / kSt);
    auto stCase = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dout3, 0, want.size() * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(got.data(), dout3, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (size_t i = 0; i < want.size(); ++i)
        if (std::abs(got[i] - want[i]) > 1e-3f && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %zu: got %g, want %g\n", name, i, got[i], want[i]);
      verdict(name, role, grid, dim3(kSt, 1, kSt), t, bad == 0);
    };
    stCase("stencilPmpp", "note", [&] {
      stencilPmpp<<<grid, dim3(kSt, 1, kSt), 0, stream>>>(dout3, din3, width, height, depth);
    });
    stCase("stencilPmppHalo", "fixed", [&] {
      stencilPmppHalo<<<grid, dim3(kSt, 1, kSt), 0, stream>>>(dout3, din3, width, height, depth);
    });
    CUDA_CHECK(cudaFree(din3));
    CUDA_CHECK(cudaFree(dout3));
  }

  // Rodinia's srad_cuda_1 on a 4096 x 4096 image: the chain and the selects must give the same
  // bits; the four differences are also checked against the host.
  {
    const int rows = 4096, cols = 4096;
    const size_t px = static_cast<size_t>(rows) * cols;
    std::vector<float> J(px);
    for (size_t i = 0; i < px; ++i)
      J[i] = 1.f + static_cast<float>((i * 40503u) % 255) / 64.f;
    std::vector<float> nWant(px), gotC(px), gotN(px), refC(px), refN(px);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        nWant[static_cast<size_t>(r) * cols + c] =
            J[static_cast<size_t>(r > 0 ? r - 1 : 0) * cols + c] - J[static_cast<size_t>(r) * cols + c];
    // The kernel reads a row before the image (by == 0, before it overwrites north) and a row
    // after it: J gets a padding row on each side.
    float *dJpad, *dC, *dE, *dW, *dN, *dS;
    CUDA_CHECK(cudaMalloc(&dJpad, (px + 2 * cols) * sizeof(float)));
    CUDA_CHECK(cudaMemset(dJpad, 0, (px + 2 * cols) * sizeof(float)));
    float *dJ = dJpad + cols;
    for (float **p : {&dC, &dE, &dW, &dN, &dS})
      CUDA_CHECK(cudaMalloc(p, px * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dJ, J.data(), px * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(cols / kSrad, rows / kSrad);
    const float q0sqr = 0.0529f;
    auto sradCase = [&](const char *name, const char *role, bool first, auto launch) {
      CUDA_CHECK(cudaMemset(dC, 0, px * sizeof(float)));
      CUDA_CHECK(cudaMemset(dN, 0, px * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(gotC.data(), dC, px * sizeof(float), cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(gotN.data(), dN, px * sizeof(float), cudaMemcpyDeviceToHost));
      bool ok = compare(name, gotN, nWant);
      if (first) {
        refC = gotC;
      } else {
        size_t bad = 0;
        for (size_t i = 0; i < px; ++i)
          if (std::abs(gotC[i] - refC[i]) > 1e-5f * (1.f + std::abs(refC[i])) && bad++ < 5)
            std::fprintf(stderr, "%s: c at %zu: %g vs %g\n", name, i, gotC[i], refC[i]);
        ok = ok && bad == 0;
      }
      verdict(name, role, grid, dim3(kSrad, kSrad), t, ok);
    };
    sradCase("sradChain", "anti", true, [&] {
      sradChain<<<grid, dim3(kSrad, kSrad), 0, stream>>>(dE, dW, dN, dS, dJ, dC, cols, rows, q0sqr);
    });
    sradCase("sradSelect", "fixed", false, [&] {
      sradSelect<<<grid, dim3(kSrad, kSrad), 0, stream>>>(dE, dW, dN, dS, dJ, dC, cols, rows, q0sqr);
    });
    for (float *p : {dJpad, dC, dE, dW, dN, dS})
      CUDA_CHECK(cudaFree(p));
  }

  // Learn-CUDA-Programming's 2D convolution: 2048 x 2048, 9x9 filter (its main's sizes).
  {
    const int num_row = 2048, num_col = 2048, filter_size = 9;
    const int tile = kCv + 2 * (filter_size / 2);
    std::vector<float> img(static_cast<size_t>(num_row) * num_col), filt(filter_size * filter_size);
    for (size_t i = 0; i < img.size(); ++i)
      img[i] = static_cast<float>((i * 7919u) % 251) / 251.f;
    for (int i = 0; i < filter_size * filter_size; ++i)
      filt[i] = 1.f / (1 + i % 5);
    CUDA_CHECK(cudaMemcpyToSymbol(cFilter, filt.data(), filt.size() * sizeof(float)));
    std::vector<float> want(img.size()), got(img.size());
    for (int r = 0; r < num_row; ++r)
      for (int c = 0; c < num_col; ++c) {
        float result = 0.f;
        for (int fr = -filter_size / 2; fr <= filter_size / 2; ++fr)
          for (int fc = -filter_size / 2; fc <= filter_size / 2; ++fc) {
            int ir = r + fr, ic = c + fc;
            float v = (ir >= 0 && ir < num_row && ic >= 0 && ic < num_col)
                          ? img[static_cast<size_t>(ir) * num_col + ic]
                          : 0.f;
            result += v * filt[(fr + filter_size / 2) * filter_size + fc + filter_size / 2];
          }
        want[static_cast<size_t>(r) * num_col + c] = result;
      }
    float *dimg, *dres;
    CUDA_CHECK(cudaMalloc(&dimg, img.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dres, img.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dimg, img.data(), img.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(num_col / kCv, num_row / kCv);
    size_t smem = static_cast<size_t>(tile) * tile * sizeof(float);
    auto cvCase = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dres, 0, img.size() * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(got.data(), dres, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (size_t i = 0; i < want.size(); ++i)
        if (std::abs(got[i] - want[i]) > 1e-4f * (1.f + std::abs(want[i])) && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %zu: got %g, want %g\n", name, i, got[i], want[i]);
      verdict(name, role, grid, dim3(kCv, kCv), t, bad == 0);
    };
    cvCase("convTileRows", "anti", [&] {
      convTileRows<<<grid, dim3(kCv, kCv), smem, stream>>>(dres, dimg, num_row, num_col,
                                                          filter_size);
    });
    cvCase("convTileLinear", "fixed", [&] {
      convTileLinear<<<grid, dim3(kCv, kCv), smem, stream>>>(dres, dimg, num_row, num_col,
                                                            filter_size);
    });
    CUDA_CHECK(cudaFree(dimg));
    CUDA_CHECK(cudaFree(dres));
  }

  // PMPP's 1D convolutions: 2^26 floats, mask 5, blocks of 512 (its NvBench axes).
  {
    const int width = 1 << 26, mask_width = 5;
    std::vector<float> hN(width), mask(mask_width), want(width), got(width);
    for (int i = 0; i < width; ++i)
      hN[i] = static_cast<float>((i * 40503u) % 1000) / 4000.f;
    for (int j = 0; j < mask_width; ++j)
      mask[j] = 0.1f * (j + 1);
    CUDA_CHECK(cudaMemcpyToSymbol(cMask, mask.data(), mask.size() * sizeof(float)));
    for (int i = 0; i < width; ++i) {
      float p = 0;
      for (int j = 0; j < mask_width; ++j) {
        int k = i - mask_width / 2 + j;
        if (k >= 0 && k < width)
          p += hN[k] * mask[j];
      }
      want[i] = static_cast<float>(std::min(std::max(static_cast<double>(p), 0.0), 1.0));
    }
    float *dN1, *dP1;
    CUDA_CHECK(cudaMalloc(&dN1, width * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dP1, width * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dN1, hN.data(), width * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(width / kC1);
    auto c1Case = [&](const char *name, const char *role, auto launch) {
      CUDA_CHECK(cudaMemset(dP1, 0, width * sizeof(float)));
      auto t = bench::timeLaunches(opts, stream, launch);
      CUDA_CHECK(cudaMemcpy(got.data(), dP1, width * sizeof(float), cudaMemcpyDeviceToHost));
      size_t bad = 0;
      for (int i = 0; i < width; ++i)
        if (std::abs(got[i] - want[i]) > 1e-5f && bad++ < 5)
          std::fprintf(stderr, "%s: mismatch at %d: got %g, want %g\n", name, i, got[i], want[i]);
      verdict(name, role, grid, dim3(kC1), t, bad == 0);
    };
    c1Case("conv1DCaching", "note", [&] {
      conv1DCaching<<<grid, kC1, 0, stream>>>(dN1, dP1, mask_width, width);
    });
    c1Case("conv1DTiled", "fixed", [&] {
      conv1DTiled<<<grid, kC1, 0, stream>>>(dN1, dP1, mask_width, width);
    });
    CUDA_CHECK(cudaFree(dN1));
    CUDA_CHECK(cudaFree(dP1));
  }

  CUDA_CHECK(cudaFree(din));
  CUDA_CHECK(cudaFree(dout));
  CUDA_CHECK(cudaFree(diin));
  CUDA_CHECK(cudaFree(diout));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures == 0 ? 0 : 1;
}
