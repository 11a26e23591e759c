// A static_assert that names a reference parameter without reading its value, as
// flash-attention 1's fmha/gemm.h does (`static_assert(a[0].NUM_REGS == 4)` with `const
// Fragment (&a)[M]`): a constant expression by C++23's rule (P2280), which nvcc applies and
// Clang applies only with -std=c++23. With -std=c++17 Clang reported "static assertion
// expression is not an integral constant expression" ("function parameter 'a' with unknown
// value cannot be used in a constant expression"), an error and exit status 1 on code that
// compiles. It is not reported; an assertion that fails (RUN 2) still is.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access --extra-arg=-std=c++17 %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.fail -- %cuda-lint --color=never --format=concise --rules=uncoalesced-global-access --extra-arg=-std=c++17 --extra-arg=-DFAIL %s
// RUN: FileCheck %s --check-prefix=FAIL --input-file=%t.fail

struct Fragment {
  static constexpr int NUM_REGS = 4;
  float regs[4];
};

template <int M> __device__ float first(const Fragment (&a)[M]) {
  static_assert(a[0].NUM_REGS == 4, "four registers a fragment");
#ifdef FAIL
  static_assert(M == 3, "three fragments");
  // FAIL: nvcc-static-assert.cu:[[@LINE-1]]:17: error: static assertion failed due to requirement '2 == 3': three fragments [clang-diagnostic-error]
#endif
  return a[0].regs[0];
}

__global__ void gather(const float *in, float *out) {
  Fragment f[2];
  f[0].regs[0] = in[threadIdx.x * 2];
  // CHECK: nvcc-static-assert.cu:[[@LINE-1]]:18: warning: lanes of a warp read 'in[threadIdx.x * 2]' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: nvcc-static-assert.cu:[[@LINE-2]]:18: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
  // CHECK-NEXT: nvcc-static-assert.cu:[[@LINE-3]]:18: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  out[threadIdx.x] = first(f);
}
void run(const float *a, float *b, cudaStream_t s) { gather<<<64, 256, 0, s>>>(a, b); }
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
