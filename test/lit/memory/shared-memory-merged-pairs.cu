// shared-memory-bank-conflict: a thread's two adjacent elements, the first aligned to the pair's
// size in every lane, are one access of twice the size after nvcc merges them (`s[2 * t]` and
// `s[2 * t + 1]` become one 8-byte LDS.64, served per half-warp without a conflict). Found by
// `cuda-lint confirm` on cuda-samples fastWalshTransform: 4 warnings of 2-way conflicts on
// `s_data[i0]`, `s_data[i1]` (i0 = pos << 1, i1 = i0 + 1) measured 1.0x (docs/confirm-samples.md).
// A pair that starts on an odd element cannot be merged, and a lone stride-2 access stays 2-way.
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

// Silent: one 8-byte access per lane.
__global__ void pairMerged(float *out) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  float a = s[2 * t];
  float b = s[2 * t + 1];
  out[t] = a + b;
}

// Silent: the butterfly of fastWalshTransform, loads and stores each a pair.
__global__ void butterfly(float *d, int n) {
  extern __shared__ float s_data[];
  for (int pos = threadIdx.x; pos < n / 2; pos += blockDim.x) {
    int i0 = pos << 1;
    int i1 = i0 + 1;
    float D0 = s_data[i0];
    float D1 = s_data[i1];
    s_data[i0] = D0 + D1;
    s_data[i1] = D0 - D1;
  }
  __syncthreads();
  d[threadIdx.x] = s_data[threadIdx.x];
}

// Reported: the pair starts on an odd element, so each 4-byte access stays 2-way.
__global__ void pairOdd(float *out) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  float a = s[2 * t + 1];
  float b = s[2 * t + 2];
  out[t] = a + b;
}
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-4]]:13: note: 's[2 * t + 1]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-7]]:13: note: 's[2 * t + 2]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words

// Reported: no second element.
__global__ void lonely(float *out) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  out[t] = s[2 * t];
}
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-2]]:12: note: 's[2 * t]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words

// Reported: a pointer `c` elements into the array, c not known here, so the pair's alignment is
// not either (llm.c's layernorm_backward: `dweight_shared = shared + C`).
__global__ void pairBehindRuntimeOffset(float *out, int c) {
  extern __shared__ float s[];
  float *w = s + c;
  int t = threadIdx.x;
  out[t] = w[2 * t] + w[2 * t + 1];
}
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-2]]:12: note: 'w[2 * t]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-6]]:23: note: 'w[2 * t + 1]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words

// Fields of a float4 tile read one by one with an atomic between them (PointPillars' feature
// kernel): nvcc keeps each an ld.shared.f32, 4 lanes of a warp in a bank; the four read together
// with nothing between them are one ld.shared.v4.f32 and silent.
__global__ void fieldsApart(const float4 *in, const int *num, float *out) {
  int w = threadIdx.x / 32, lane = threadIdx.x % 32;
  __shared__ float4 tile[4][32];
  __shared__ float4 sum[4];
  tile[w][lane] = in[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  if (lane < num[w]) {
    atomicAdd(&sum[w].x, tile[w][lane].x);
    atomicAdd(&sum[w].y, tile[w][lane].y);
  }
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] =
      tile[w][lane].x + tile[w][lane].y + tile[w][lane].z + tile[w][lane].w + sum[w].x;
}
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-7]]:26: note: 'tile[w][lane].x' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words
// CHECK: shared-memory-merged-pairs.cu:[[@LINE-10]]:26: note: 'tile[w][lane].y' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words

int main() {
  float *p = nullptr;
  pairMerged<<<4, 64, 1024>>>(p);
  butterfly<<<4, 256, 4096>>>(p, 1024);
  pairOdd<<<4, 64, 1024>>>(p);
  lonely<<<4, 64, 1024>>>(p);
  pairBehindRuntimeOffset<<<4, 64, 2048>>>(p, 3);
  fieldsApart<<<4, 128>>>((const float4 *)p, (const int *)p, p);
}
