// shared-memory-bank-conflict on loops whose lane factor a loop changes, where the walk could not
// walk the trips before:
// - the loop's bound is a kernel argument (cuda-samples' mergeSort, `stride < arrayLength`): its
//   first four trips are walked, as they run wherever the loop runs that far; 2-way in each;
// - the factor is changed by a loop around the one that holds the access (the channels loop of
//   an interleaved reduction, `smem[c][2 * stride * tid]`): the outer loop walks its trips;
// - silent: the same tree under a guard whose lanes depend on a bound not known (`index <
//   blockDim.x` with no launch giving the block size): its degree depends on that bound.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
__global__ void __launch_bounds__(512) mergeLevels(unsigned *keys, unsigned arrayLength) {
  __shared__ unsigned s[1024];
  s[threadIdx.x] = keys[blockIdx.x * 1024 + threadIdx.x];
  s[threadIdx.x + 512] = keys[blockIdx.x * 1024 + threadIdx.x + 512];
  for (unsigned stride = 1; stride < arrayLength; stride <<= 1) {
    unsigned lPos = threadIdx.x & (stride - 1);
    unsigned *base = s + 2 * (threadIdx.x - lPos);
    __syncthreads();
    unsigned a = base[lPos + 0];
    unsigned b = base[lPos + stride];
    __syncthreads();
    base[lPos + 0] = min(a, b);
    base[lPos + stride] = max(a, b);
  }
  __syncthreads();
  keys[blockIdx.x * 1024 + threadIdx.x] = s[threadIdx.x];
}
// CHECK: shared-memory-unbounded-trips.cu:[[@LINE-9]]:18: warning: 'base[lPos + 0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK-NEXT: note: in the loop's trips where stride = 1; stride = 2; stride = 4; stride = 8
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-unbounded-trips.cu:[[@LINE-13]]:18: warning: 'base[lPos + stride]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK-NEXT: note: in the loop's trips where stride = 1; stride = 2; stride = 4; stride = 8
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-unbounded-trips.cu:[[@LINE-16]]:5: warning: 'base[lPos + 0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK-NEXT: note: in the loop's trips where stride = 1; stride = 2; stride = 4; stride = 8
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-unbounded-trips.cu:[[@LINE-20]]:5: warning: 'base[lPos + stride]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK-NEXT: note: in the loop's trips where stride = 1; stride = 2; stride = 4; stride = 8
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
__global__ void __launch_bounds__(256) channels(int *data, int nch) {
  __shared__ int smem[4][256];
  unsigned tid = threadIdx.x;
  for (int c = 0; c < nch; ++c)
    smem[c][tid] = data[c * 256 + tid];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    __syncthreads();
    if (index < blockDim.x)
      for (int c = 0; c < nch; ++c)
        smem[c][index] += smem[c][index + stride];
  }
}
// CHECK: shared-memory-unbounded-trips.cu:[[@LINE-3]]:9: warning: 'smem[c][index]' puts up to 8 lanes of a warp in one bank: a 2- to 8-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK-NEXT: note: per trip: stride = 1: 2-way; stride = 2: 4-way; stride = 4: 8-way; stride = 8: 8-way; stride = 16: 8-way; stride = 32: 4-way; stride = 64: 2-way
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-unbounded-trips.cu:[[@LINE-8]]:27: warning: 'smem[c][index + stride]' puts up to 8 lanes of a warp in one bank: a 2- to 8-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK-NEXT: note: per trip: stride = 1: 2-way; stride = 2: 4-way; stride = 4: 8-way; stride = 8: 8-way; stride = 16: 8-way; stride = 32: 4-way; stride = 64: 2-way
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'

__global__ void guardedTree(int *data) {
  __shared__ int s[1024];
  unsigned tid = threadIdx.x;
  s[tid] = data[tid];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    __syncthreads();
    if (index < blockDim.x)
      s[index] += s[index + stride];
  }
  data[tid] = s[tid];
}

void run(unsigned *k, int *d, unsigned n, int nch, int userBlock) {
  mergeLevels<<<64, 512>>>(k, n);
  channels<<<64, 256>>>(d, nch);
  guardedTree<<<64, userBlock>>>(d);
}
// CHECK: cuda-lint: 6 warnings and 0 errors in 1 file; 1 file analysed
