// shared-memory-bank-conflict on a loop of trips not known here over a thread's row, `for (i =
// 0; i < n; i++) s[threadIdx.x * S + i]`: nvcc 13 unrolls it by 4 and reads each pair of
// neighbouring elements with one access of twice their size where the pair is aligned to it
// (kernels/studies/record_unpack.cu, SASS on an H200). FasterTransformer's record unpack (rows of
// 18 floats, 2-way as scalar loads) reads 8 bytes a lane 72 bytes apart, conflict-free per
// half-warp, and measured 0.99x against padded rows: silent. Rows of 16 floats are 8-way per
// half-warp, not 16-way; rows of 17 floats and of 9 doubles stay scalar; rows of 10 doubles are
// read 16 bytes at a time, conflict-free per quarter-warp. A counter from 1 is left scalar.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

constexpr int kMaxK = 8;

__global__ void unpack(const float *x, float *out, int K) {
  __shared__ float buf[32 * (2 * kMaxK + 2)];
  for (int i = threadIdx.x; i < 32 * (2 * kMaxK + 2); i += 32)
    buf[i] = x[i];
  __syncthreads();
  int p[kMaxK];
  float u[kMaxK];
  const float *b = buf + threadIdx.x * (2 * kMaxK + 2);
  for (int i = 0; i < 2 * K; i++) {
    p[i] = reinterpret_cast<const int *>(b)[i];
    u[i] = b[kMaxK + i];
  }
  float acc = 0.f;
  for (int i = 0; i < 2 * K; i++)
    acc += u[i] * p[i];
  out[threadIdx.x] = acc;
}

template <int S, typename T>
__global__ void rowLoop(const T *g, T *out, int n) {
  __shared__ T s[32 * S];
  for (int i = threadIdx.x; i < 32 * S; i += 32)
    s[i] = g[i];
  __syncthreads();
  T acc = 0;
  for (int i = 0; i < n; i++)
    acc += s[threadIdx.x * S + i];
  // CHECK: shared-memory-runtime-loop-pairs.cu:[[@LINE-1]]:12: warning: 's[threadIdx.x * S + i]' puts 8 lanes of a half-warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
  // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 2
  // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
  // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  out[threadIdx.x] = acc;
}

__global__ void rowLoopFrom1(const float *g, float *out, int n) {
  __shared__ float s[32 * 16];
  for (int i = threadIdx.x; i < 32 * 16; i += 32)
    s[i] = g[i];
  __syncthreads();
  float acc = 0.f;
  for (int i = 1; i < n; i++)
    acc += s[threadIdx.x * 16 + i];
  // CHECK: shared-memory-runtime-loop-pairs.cu:[[@LINE-1]]:12: warning: 's[threadIdx.x * 16 + i]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
  // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
  // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
  // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  out[threadIdx.x] = acc;
}

void launch(const float *f, const double *d, float *o, double *od, int n, cudaStream_t s) {
  unpack<<<64, 32, 0, s>>>(f, o, n);
  rowLoop<16><<<64, 32, 0, s>>>(f, o, n);
  rowLoop<17><<<64, 32, 0, s>>>(f, o, n);
  rowLoop<18><<<64, 32, 0, s>>>(f, o, n);
  rowLoop<9><<<64, 32, 0, s>>>(d, od, n);
  rowLoop<10><<<64, 32, 0, s>>>(d, od, n);
  rowLoopFrom1<<<64, 32, 0, s>>>(f, o, n);
}
