// shared-memory-bank-conflict in straight-line code: short counted loops with no loop around them,
// which nvcc unrolls. A thread's one-shot read of its own elements measured 1.00x at 2-way, 1.02x
// at 4-way and 1.11x at 8-way against a striped read (kernels/studies/blocked_reads.cu, H100):
// up to 4-way a note, 8-way a warning. A thread's 8 consecutive floats, 16-byte aligned, are two
// 16-byte loads (LDS.128 in the study's SASS): 2-way per quarter-warp, not 8-way.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void blockedReads(const float *in, float *out, int n) {
  __shared__ float s[32 * 8];
  for (int i = threadIdx.x; i < 32 * 8; i += 32)
    s[i] = in[i];
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int i = 0; i < 2; ++i)
    acc += s[threadIdx.x * 4 + 2 * i];
#pragma unroll
  for (int i = 0; i < 4; ++i)
    acc += s[threadIdx.x * 8 + 2 * i];
#pragma unroll
  for (int i = 0; i < 8; ++i)
    acc += s[threadIdx.x * 8 + i];
  for (int r = 0; r < n; ++r)
#pragma unroll
    for (int i = 0; i < 8; ++i)
      acc += s[threadIdx.x * 8 + i] * r;
  out[threadIdx.x] = acc;
}

void host(const float *i, float *o, int n) { blockedReads<<<64, 32>>>(i, o, n); }

// The 8-way scalar reads, the 8 consecutive floats in a loop of shared memory (2-way per
// quarter-warp, shared-bound), then the 4-way reads and the 8 floats outside a loop (notes).
// CHECK: shared-memory-straight-line.cu:20:12: warning: 's[threadIdx.x * 8 + 2 * i]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-straight-line.cu:27:14: warning: 's[threadIdx.x * 8 + i]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-straight-line.cu:17:12: note: 's[threadIdx.x * 4 + 2 * i]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-straight-line.cu:23:12: note: 's[threadIdx.x * 8 + i]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
// CHECK: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: cuda-lint: 2 warnings and 0 errors (2 notes) in 1 file; 1 file analysed
