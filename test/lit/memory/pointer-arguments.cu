// uncoalesced-global-access in device functions that receive a pointer into global memory
// (`&hashes[id << 4]`, `rows + id * 32`), called directly or through a function pointer that a
// __device__ variable holds (ccminer's compaction tests pass `testFunc` to the kernel): the
// callee's accesses are walked from the argument's address, each target of the pointer in turn.
// Silent: a helper given a unit-stride address.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

typedef unsigned (*test_t)(const unsigned *);
__device__ unsigned lowBit(const unsigned *hash) { return hash[0] & 1u; }
// CHECK: pointer-arguments.cu:[[@LINE-1]]:59: warning: lanes of a warp read 'hash[0]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
__device__ unsigned highBit(const unsigned *hash) { return hash[15] >> 31; }
// CHECK: pointer-arguments.cu:[[@LINE-1]]:60: warning: lanes of a warp read 'hash[15]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
__device__ test_t d_low = lowBit, d_high = highBit;

__global__ void viaPointer(const unsigned *hashes, unsigned *out, test_t test) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = test(&hashes[id << 4]);
}

__device__ float rowSum(const float *row) {
  float s = 0.f;
  for (int k = 0; k < 4; ++k)
    s += row[k];
  return s;
}
// CHECK: pointer-arguments.cu:[[@LINE-3]]:10: warning: lanes of a warp read 'row[k]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: over the trips of its loop the warp uses 512 of the 2000 bytes DRAM moves for it in 64-byte segments (26%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK: note: make threadIdx.x index the contiguous dimension
__device__ float first(const float *p) { return p[0]; }

__global__ void viaHelper(const float *rows, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = rowSum(rows + id * 32) + first(&rows[id]);
}

void host(const unsigned *h, unsigned *o, test_t t, const float *r, float *f) {
  viaPointer<<<64, 256>>>(h, o, t);
  viaHelper<<<64, 256>>>(r, f);
}
// CHECK: cuda-lint: 3 warnings and 0 errors in 1 file; 1 file analysed
