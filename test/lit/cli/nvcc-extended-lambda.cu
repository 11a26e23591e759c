// nvcc's macros for --extended-lambda and --expt-relaxed-constexpr. cuCollections stops with
// `#error` without __CUDACC_EXTENDED_LAMBDA__, which nvcc defines for the flag and cuda-lint
// did not (the flag was dropped); with it defined, CCCL's invoke.h asserts on nvcc's lambda
// traits (`__nv_is_extended_device_lambda_closure_type(_Fp)`), which Clang does not have
// ("'_Fp' does not refer to a value"). Both flags of the compile database now define nvcc's
// macros, and the traits are false: Clang's lambdas are no such closure types. Without the
// flags (RUN 2) the file's `#error` stands, as it does under nvcc.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf '[{"directory": "%t", "file": "k.cu", "command": "%cuda_path/bin/nvcc -std=c++17 --expt-extended-lambda --expt-relaxed-constexpr -c k.cu -o k.o"}]' > %t/compile_commands.json
// RUN: cd %t && %expect-exit 1 --stdout %t/db.out -- %cuda-lint --no-cache --color=never --format=concise -p . k.cu
// RUN: FileCheck %s --input-file=%t/db.out --implicit-check-not=error
// RUN: printf '[{"directory": "%t", "file": "k.cu", "command": "%cuda_path/bin/nvcc -std=c++17 -c k.cu -o k.o"}]' > %t/compile_commands.json
// RUN: cd %t && %expect-exit 1 --stdout %t/plain.out -- %cuda-lint --no-cache --color=never --format=concise -p . k.cu
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain.out

#if !defined(__CUDACC_EXTENDED_LAMBDA__) || !defined(__CUDACC_RELAXED_CONSTEXPR__)
// PLAIN: k.cu:[[@LINE+1]]:2: error: "needs --extended-lambda and --expt-relaxed-constexpr" [clang-diagnostic-error]
#error "needs --extended-lambda and --expt-relaxed-constexpr"
#endif
#include <cuda/std/functional>

template <class F> __global__ void apply(F f, int *p) { p[threadIdx.x] = f(threadIdx.x); }

void run(int *p, cudaStream_t s) {
  auto f = [] __device__(int x) -> int { return x + 1; };
  using R = cuda::std::invoke_result_t<decltype(f), int>; // CCCL's assertion on the traits
  static_assert(cuda::std::is_same_v<R, int>, "");
  apply<<<1, 100, 0, s>>>(f, p);
  // CHECK: k.cu:[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
}
// CHECK: k.cu:[[@LINE-9]]:36: warning: kernel 'apply' has no __launch_bounds__ (its launches use at most 100 threads per block) [missing-launch-bounds]
// CHECK: cuda-lint: 2 warnings and 0 errors in 1 file; 1 file analysed
