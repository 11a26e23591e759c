// Code whose types are chosen under `#if __CUDA_ARCH__` inside device code, as flash-attention
// 1's fmha/gemm.h picks its MMA: nvcc's host pass compiles no __device__ or __global__ body and
// never instantiates the host-side choice, which here names a template nobody defines (CUTLASS's
// `Mma<GemmShape<8, 8, 4>, ...>` there: 35 errors in every fmha_fwd_*.cu, none under nvcc).
// Clang's host-side parse instantiates it and reported the errors. When every error of the host
// parse arose in device code (its location, or an "in instantiation of" note's, lies in a device
// function's body), the file is parsed on the device side alone, and that parse is kept when it
// has no error (exit status and findings as for any file nvcc compiles). An error in host code
// (RUN 2) keeps the host parse and its errors, the device code's among them.
// RUN: %expect-exit 1 --stdout %t.out --stderr %t.err -- %cuda-lint --color=never --verbose --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=clang-diagnostic --implicit-check-not=warning: --implicit-check-not=note:
// RUN: FileCheck %s --check-prefix=VERBOSE --input-file=%t.err
// RUN: %expect-exit 1 --stdout %t.host -- %cuda-lint --color=never --format=concise --rules=barrier-in-divergent-branch --extra-arg=-DHOST_ERROR %s
// RUN: FileCheck %s --check-prefix=HOST --input-file=%t.host

template <int N, class T> struct Mma;                 // only some shapes are defined
template <class T> struct Mma<16, T> { using Fragment = T; };

template <class T> __device__ T gemm(T x) {
#if defined(__CUDA_ARCH__)
  using Op = Mma<16, T>;
#else
  using Op = Mma<4, T>; // undefined: never compiled for the host
#endif
  // HOST: nvcc-device-code-errors.cu:[[@LINE+1]]:12: error: implicit instantiation of undefined template 'Mma<4, float>' [clang-diagnostic-error]
  typename Op::Fragment f = x;
  return f;
}

template <class T> __global__ void __launch_bounds__(128) fprop(T *p, int n) {
  if (threadIdx.x >= n)
    return;
  p[threadIdx.x] = gemm(p[threadIdx.x]);
  __syncthreads();
  // CHECK: nvcc-device-code-errors.cu:[[@LINE-1]]:3: error: __syncthreads() comes after the 'return' at line [[#@LINE-3]] that some threads take [barrier-in-divergent-branch]
  // CHECK: note: the return is taken by threads for which 'threadIdx.x >= n' is true: they never reach this barrier, which CUDA does not allow (code that relies on exited threads counting as arrived is undefined behaviour)
  // CHECK: note: instead of returning early, guard the work with the opposite condition and let every thread reach the barrier
}

void run(float *p, int n, cudaStream_t s) {
  fprop<<<1, 128, 0, s>>>(p, n);
#ifdef HOST_ERROR
  // HOST-NEXT: nvcc-device-code-errors.cu:[[@LINE+1]]:3: error: use of undeclared identifier 'undeclared_host_call' [clang-diagnostic-error]
  undeclared_host_call(p);
#endif
}
// CHECK: cuda-lint: 0 warnings and 1 error in 1 file; 1 file analysed
// VERBOSE: cuda-lint: parsed {{.*}}nvcc-device-code-errors.cu again for the device (sm_75), alone: every error of the host side's parse arose in device code, which nvcc's host pass does not compile
