// shared-memory-bank-conflict: a thread's two adjacent ints that the compiled code keeps apart
// because it branches between them (nvcc 13's SASS for sm_90, 2026-11-29; the variants of
// cholla's Scan_Kernel in kernels/studies/adjacent_stores.cu). Two plain stores of a kernel's
// own array are one STS.64, conflict-free per half-warp with the lanes 8 bytes apart; where the
// second stored value is read under a condition (`... < n ? flags[j] : 0`) they are two STS, 2-way
// each, and so are two loads under different conditions. A conditional read before the first
// store, two stores under one condition, or a load beside an unconditional one leave one wide
// access.
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

// cholla's scan: both values read under their own bound. Two STS.
__global__ void bothConditional(long long n, const bool *flags, int *out) {
  __shared__ int data_sh[2048];
  int t = threadIdx.x;
  int start = 2 * blockIdx.x * blockDim.x;
  data_sh[2 * t] = start + 2 * t < n ? (int)flags[start + 2 * t] : 0;
  data_sh[2 * t + 1] = start + 2 * t + 1 < n ? (int)flags[start + 2 * t + 1] : 0;
  __syncthreads();
  out[start + t] = data_sh[t];
}
// CHECK: shared-memory-pair-branches.cu:[[@LINE-5]]:3: note: 'data_sh[2 * t]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: read the values of both stores before the first ('a = ...; b = ...; s[i] = a; s[i + 1] = b;'): nvcc makes one 8-byte store of the two (conflict-free per half-warp), but a read under a condition between them keeps them apart
// CHECK: shared-memory-pair-branches.cu:[[@LINE-8]]:3: note: 'data_sh[2 * t + 1]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: read the values of both stores before the first ('a = ...; b = ...; s[i] = a; s[i + 1] = b;'): nvcc makes one 8-byte store of the two (conflict-free per half-warp), but a read under a condition between them keeps them apart

// Only the second value conditional: still two STS.
__global__ void secondConditional(long long n, const int *in, int *out) {
  __shared__ int data_sh[2048];
  int t = threadIdx.x;
  int start = 2 * blockIdx.x * blockDim.x;
  data_sh[2 * t] = in[start + 2 * t];
  data_sh[2 * t + 1] = start + 2 * t + 1 < n ? in[start + 2 * t + 1] : 0;
  __syncthreads();
  out[start + t] = data_sh[t];
}
// CHECK: shared-memory-pair-branches.cu:[[@LINE-5]]:3: note: 'data_sh[2 * t]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: read the values of both stores before the first ('a = ...; b = ...; s[i] = a; s[i + 1] = b;'): nvcc makes one 8-byte store of the two (conflict-free per half-warp), but a read under a condition between them keeps them apart
// CHECK: shared-memory-pair-branches.cu:[[@LINE-8]]:3: note: 'data_sh[2 * t + 1]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: read the values of both stores before the first ('a = ...; b = ...; s[i] = a; s[i + 1] = b;'): nvcc makes one 8-byte store of the two (conflict-free per half-warp), but a read under a condition between them keeps them apart

// Only the first value conditional, read before the first store: one STS.64.
__global__ void firstConditional(long long n, const int *in, int *out) {
  __shared__ int data_sh[2048];
  int t = threadIdx.x;
  int start = 2 * blockIdx.x * blockDim.x;
  data_sh[2 * t] = start + 2 * t < n ? in[start + 2 * t] : 0;
  data_sh[2 * t + 1] = in[start + 2 * t + 1];
  __syncthreads();
  out[start + t] = data_sh[t];
}

// Values selected without a read, and both stores under one condition written twice: STS.64.
__global__ void selectsAndOneGuard(const int *in, int *out) {
  __shared__ int data_sh[2048];
  int t = threadIdx.x;
  int a = in[t];
  data_sh[2 * t] = a > 3 ? a : 0;
  data_sh[2 * t + 1] = a > 5 ? a * 2 : 1;
  __syncthreads();
  if (t < 500)
    data_sh[2 * t] = 1;
  if (t < 500)
    data_sh[2 * t + 1] = 2;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = data_sh[t];
}

// cholla's write-back: each load under its own bound. Two LDS.
__global__ void guardedLoads(long long n, const int *in, int *out) {
  __shared__ int data_sh[2048];
  int t = threadIdx.x;
  int start = 2 * blockIdx.x * blockDim.x;
  data_sh[t] = in[start + t];
  data_sh[t + 1024] = in[start + t + 1024];
  __syncthreads();
  if (start + 2 * t < n)
    out[start + 2 * t] = data_sh[2 * t];
  if (start + 2 * t + 1 < n)
    out[start + 2 * t + 1] = data_sh[2 * t + 1];
}
// CHECK: shared-memory-pair-branches.cu:[[@LINE-4]]:26: note: 'data_sh[2 * t]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: read the neighbouring elements under one condition, or one of them unconditionally: nvcc makes one 8-byte load of the two (conflict-free per half-warp), but different conditions keep them apart
// CHECK: shared-memory-pair-branches.cu:[[@LINE-6]]:30: note: 'data_sh[2 * t + 1]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: read the neighbouring elements under one condition, or one of them unconditionally: nvcc makes one 8-byte load of the two (conflict-free per half-warp), but different conditions keep them apart

// One load unconditional: ptxas reads the other with it (one LDS.64).
__global__ void oneGuardedLoad(long long n, const int *in, int *out) {
  __shared__ int data_sh[2048];
  int t = threadIdx.x;
  int start = 2 * blockIdx.x * blockDim.x;
  data_sh[t] = in[start + t];
  data_sh[t + 1024] = in[start + t + 1024];
  __syncthreads();
  out[start + 2 * t] = data_sh[2 * t];
  if (start + 2 * t + 1 < n)
    out[start + 2 * t + 1] = data_sh[2 * t + 1];
}

void launch(long long n, const bool *flags, const int *in, int *out) {
  bothConditional<<<64, 1024>>>(n, flags, out);
  secondConditional<<<64, 1024>>>(n, in, out);
  firstConditional<<<64, 1024>>>(n, in, out);
  selectsAndOneGuard<<<64, 1024>>>(in, out);
  guardedLoads<<<64, 1024>>>(n, in, out);
  oneGuardedLoad<<<64, 1024>>>(n, in, out);
}
