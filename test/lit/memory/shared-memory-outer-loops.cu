// shared-memory-bank-conflict for a thread's consecutive elements over the trips of a loop with
// another loop inside: nvcc unrolls such a loop, and makes its trips' loads one wide access,
// only where its body is small once unrolled. SGEMM_CUDA's 2D-blocktiling dot product (8 trips
// of dotIdx, each 8 + 8 loads and 64 products) stays a loop in nvcc 13's SASS for sm_90: its
// `As[(threadRow * TM + i) * BK + dotIdx]` is 8 scalar LDS, 2-way (threadRow = tid / 16), and
// `Bs[dotIdx * BN + threadCol * TN + i]` two LDS.128 over the innermost loop's 8 trips, 2-way
// per quarter-warp; both notes, as the loop around them also reads global memory. A 4-trip loop
// around a 4-trip one (16 statements) is unrolled: `s[tx * 4 + i]` is one LDS.128, no conflict.
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
template <int BM, int BN, int BK, int TM, int TN>
__global__ void dot2d(int K, const float *A, const float *B, float *C) {
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  float res[TM * TN] = {0.0};
  for (int bk = 0; bk < K; bk += BK) {
    As[threadIdx.x] = A[threadIdx.x + bk];
    Bs[threadIdx.x] = B[threadIdx.x + bk];
    __syncthreads();
    for (int dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (int i = 0; i < TM; ++i)
        regM[i] = As[(threadRow * TM + i) * BK + dotIdx];
      for (int i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n)
          res[m * TN + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  C[threadIdx.x] = res[0] + res[TM * TN - 1];
}

__global__ void smallOuter(const float *in, const float *w, float *out) {
  __shared__ float s[128 * 4];
  for (int i = threadIdx.x; i < 128 * 4; i += 128)
    s[i] = in[i];
  __syncthreads();
  float prod[4][4] = {};
  for (int i = 0; i < 4; ++i)
    for (int f = 0; f < 4; ++f)
      prod[i][f] += s[threadIdx.x * 4 + i] * w[f];
  out[threadIdx.x] = prod[0][0] + prod[3][3];
}

void run(int K, const float *A, const float *B, float *C) {
  dot2d<128, 128, 8, 8, 8><<<1, 256>>>(K, A, B, C);
  smallOuter<<<1, 128>>>(A, B, C);
}

// CHECK: shared-memory-outer-loops.cu:26:19: note: 'As[(threadRow * TM + i) * BK + dotIdx]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: shared-memory-outer-loops.cu:26:19: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: shared-memory-outer-loops.cu:26:19: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), 16-way 1.20x
// CHECK: shared-memory-outer-loops.cu:26:19: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-outer-loops.cu:28:19: note: 'Bs[dotIdx * BN + threadCol * TN + i]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: shared-memory-outer-loops.cu:28:19: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
// CHECK: shared-memory-outer-loops.cu:28:19: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), 16-way 1.20x
// CHECK: shared-memory-outer-loops.cu:28:19: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: cuda-lint: 0 warnings and 0 errors (2 notes) in 1 file
