// shared-memory-bank-conflict on a template instantiated many times (FasterTransformer's top-p
// kernel, 32 block sizes): more than three instantiations with one degree are named once in the
// per-kernel note, with their count; fewer, or those of another degree, by their own names.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

template <int ROW, int N>
__global__ void column(const float *in, float *out) {
  __shared__ float s[32 * ROW];
  for (int i = 0; i < ROW; ++i)
    s[i * 32 + threadIdx.x] = in[i * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * ROW + N];
}
// CHECK: shared-memory-instantiations.cu:[[@LINE-2]]:22: warning: 's[threadIdx.x * ROW + N]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK-NEXT: out[threadIdx.x] = s[threadIdx.x * ROW + N];
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK-NEXT: note: per kernel: 'column' (4 instantiations): 32-way; 'column<16, 0>': 16-way; 'column<16, 1>': 16-way
// CHECK-NEXT: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

void launch(const float *a, float *b, cudaStream_t s) {
  column<32, 0><<<64, 32, 0, s>>>(a, b);
  column<32, 1><<<64, 32, 0, s>>>(a, b);
  column<32, 2><<<64, 32, 0, s>>>(a, b);
  column<64, 0><<<64, 32, 0, s>>>(a, b);
  column<16, 0><<<64, 32, 0, s>>>(a, b);
  column<16, 1><<<64, 32, 0, s>>>(a, b);
}
