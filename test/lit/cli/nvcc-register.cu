// `register` locals (AWP-ODC's seismic kernels declare every local so): nvcc 13 accepts them in
// C++17, its default dialect, with a warning at most; Clang's C++17 rejects them ("ISO C++17 does
// not allow 'register' storage class specifier") and lost the file. cuda-lint parses with
// -Wno-register, so the kernel is analysed as nvcc compiles it.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=warning:
__global__ void stride(const float *in, float *out) {
  register int i = blockIdx.x * blockDim.x + threadIdx.x;
  register float v = in[4 * i];
  // CHECK: nvcc-register.cu:[[@LINE-1]]:22: warning: lanes of a warp read 'in[4 * i]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  out[i] = v;
}
void run(const float *a, float *b) { stride<<<64, 256>>>(a, b); }
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
