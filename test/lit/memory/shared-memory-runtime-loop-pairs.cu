// shared-memory-bank-conflict on a loop of trips not known here over a thread's row, `for (i =
// 0; i < n; i++) s[threadIdx.x * S + i]`: nvcc 13 unrolls it and reads each pair of neighbouring
// elements with one access of twice their size where the compiler knows the pair is aligned to
// it (kernels/studies/record_unpack.cu, SASS on an H200), and such loops over rows 2-way as
// scalar loads measured no slower than the conflict-free layout for 2 to 64 trips
// (kernels/studies/row_loop_remainder.cu, H200). FasterTransformer's record unpack (rows of 18
// floats) and AstroAccelerate's FIR (`s_input[2 * tid + t]`, also in dynamic shared memory) read
// 8 bytes a lane, conflict-free per half-warp: silent. Rows of 16 floats are 8-way per
// half-warp, not 16-way; rows of 17 floats and of 9 doubles stay scalar; rows of 10 doubles are
// read 16 bytes at a time, conflict-free per quarter-warp. A counter from 1, a loop that can
// leave early or is kept rolled (`#pragma unroll 1`) and a row stride that only the launch
// gives (nvcc cannot align it) are left scalar.
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

// FasterTransformer's own spelling: a byte array of dynamic shared memory seen as floats, the
// record's size and the thread's index in const locals.
__global__ void unpackDynamic(const float *x, float *out, int K, int parts) {
  const int thread_id = threadIdx.x;
  const int PACKED = 2 * kMaxK + 2;
  extern __shared__ char buf_s_[];
  float *buf_s = reinterpret_cast<float *>(buf_s_);
  for (int idx = thread_id; idx < PACKED * parts; idx += 32)
    buf_s[idx] = x[idx];
  __syncthreads();
  int p[kMaxK];
  float u[kMaxK];
  if (threadIdx.x < parts) {
    float *b_s = buf_s + thread_id * PACKED;
    for (int i = 0; i < 2 * K; i++) {
      p[i] = reinterpret_cast<int *>(b_s)[i];
      u[i] = b_s[kMaxK + i];
    }
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

#define NWINDOWS 2

__global__ void firWindows(const float *in, float *out, int nTaps) {
  extern __shared__ float s_input[];
  int pos;
  for (int i = 0; i < 2; i++) {
    pos = i * 64 + threadIdx.x;
    s_input[pos] = in[pos];
  }
  __syncthreads();
  pos = NWINDOWS * threadIdx.x;
  float sum = 0.f;
  for (int t = 0; t < nTaps; t++)
    sum += s_input[pos + t];
  out[threadIdx.x] = sum;
}

__global__ void rowLoopLeaves(const float *g, float *out, int n) {
  __shared__ float s[32 * 18];
  for (int i = threadIdx.x; i < 32 * 18; i += 32)
    s[i] = g[i];
  __syncthreads();
  float acc = 0.f;
  for (int i = 0; i < n; i++) {
    if (acc > 100.f)
      break;
    acc += s[threadIdx.x * 18 + i];
    // CHECK: shared-memory-runtime-loop-pairs.cu:[[@LINE-1]]:12: warning: 's[threadIdx.x * 18 + i]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
    // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
    // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
    // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  }
  out[threadIdx.x] = acc;
}

__global__ void rowLoopRolled(const float *g, float *out, int n) {
  __shared__ float s[32 * 18];
  for (int i = threadIdx.x; i < 32 * 18; i += 32)
    s[i] = g[i];
  __syncthreads();
  float acc = 0.f;
#pragma unroll 1
  for (int i = 0; i < n; i++)
    acc += s[threadIdx.x * 18 + i];
  // CHECK: shared-memory-runtime-loop-pairs.cu:[[@LINE-1]]:12: warning: 's[threadIdx.x * 18 + i]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
  // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
  // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
  // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  out[threadIdx.x] = acc;
}

__global__ void rowLoopLaunchStride(const float *g, float *out, int n, int stride) {
  extern __shared__ float s[];
  for (int i = threadIdx.x; i < 32 * stride; i += 32)
    s[i] = g[i];
  __syncthreads();
  float acc = 0.f;
  for (int i = 0; i < n; i++)
    acc += s[threadIdx.x * stride + i];
  // CHECK: shared-memory-runtime-loop-pairs.cu:[[@LINE-1]]:12: warning: 's[threadIdx.x * stride + i]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
  // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
  // CHECK-NEXT: note: with the values every launch passes: stride = 18
  // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
  // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  out[threadIdx.x] = acc;
}

void launch(const float *f, const double *d, float *o, double *od, int n, cudaStream_t s) {
  unpack<<<64, 32, 0, s>>>(f, o, n);
  unpackDynamic<<<64, 32, 32 * (2 * kMaxK + 2) * sizeof(float), s>>>(f, o, n, 32);
  rowLoop<16><<<64, 32, 0, s>>>(f, o, n);
  rowLoop<17><<<64, 32, 0, s>>>(f, o, n);
  rowLoop<18><<<64, 32, 0, s>>>(f, o, n);
  rowLoop<9><<<64, 32, 0, s>>>(d, od, n);
  rowLoop<10><<<64, 32, 0, s>>>(d, od, n);
  rowLoopFrom1<<<64, 32, 0, s>>>(f, o, n);
  firWindows<<<64, 64, 192 * sizeof(float), s>>>(f, o, n);
  rowLoopLeaves<<<64, 32, 0, s>>>(f, o, n);
  rowLoopRolled<<<64, 32, 0, s>>>(f, o, n);
  rowLoopLaunchStride<<<64, 32, 32 * 18 * sizeof(float), s>>>(f, o, n, 18);
}
