// Code written for CUDA 12 uses CUB's function objects, which CUDA 13 (CCCL 3.0) removed (kaldi's
// cu-kernels.cu: `cub::Max()`): nvcc 13 rejects the file as Clang does, and each error says what
// replaces the operator, as a removed cudaDeviceProp field's does. Any other missing name of
// namespace cub keeps Clang's error alone.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=note:
#include <cub/cub.cuh>

__global__ void __launch_bounds__(128) reduce(int *out, const int *in) {
  typedef cub::BlockReduce<int, 128> Reduce;
  __shared__ typename Reduce::TempStorage tmp;
  int hi = Reduce(tmp).Reduce(in[threadIdx.x], cub::Max());
  // CHECK: cub-removed-operators.cu:[[@LINE-1]]:48: error: no member named 'Max' in namespace 'cub'; did you mean 'max'? [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-2]]:48: note: CUDA 13 (CCCL 3.0) removed cub::Max: use cuda::maximum<> from <cuda/functional>
  // CHECK: cub-removed-operators.cu:[[@LINE-3]]:57: error: too few arguments to function call, expected 2, have 0 [clang-diagnostic-error]
  __syncthreads();
  int lo = Reduce(tmp).Reduce(in[threadIdx.x], ::cub::Min());
  // CHECK: cub-removed-operators.cu:[[@LINE-1]]:55: error: no member named 'Min' in namespace 'cub' [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-2]]:55: note: CUDA 13 (CCCL 3.0) removed cub::Min: use cuda::minimum<> from <cuda/functional>
  typedef cub::Sum Plus;
  // CHECK: cub-removed-operators.cu:[[@LINE-1]]:16: error: no type named 'Sum' in namespace 'cub' [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-2]]:16: note: CUDA 13 (CCCL 3.0) removed cub::Sum: use cuda::std::plus<> from <cuda/std/functional>
  bool same = cub::Equality()(hi, lo) || cub::Inequality()(hi, lo);
  // CHECK: cub-removed-operators.cu:[[@LINE-1]]:20: error: no member named 'Equality' in namespace 'cub' [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-2]]:20: note: CUDA 13 (CCCL 3.0) removed cub::Equality: use cuda::std::equal_to<> from <cuda/std/functional>
  // CHECK: cub-removed-operators.cu:[[@LINE-3]]:47: error: no member named 'Inequality' in namespace 'cub' [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-4]]:47: note: CUDA 13 (CCCL 3.0) removed cub::Inequality: use cuda::std::not_equal_to<> from <cuda/std/functional>
  int d = cub::Difference()(hi, lo) + cub::Division()(hi, 2) + cub::NotAnOperator();
  // CHECK: cub-removed-operators.cu:[[@LINE-1]]:16: error: no member named 'Difference' in namespace 'cub' [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-2]]:16: note: CUDA 13 (CCCL 3.0) removed cub::Difference: use cuda::std::minus<> from <cuda/std/functional>
  // CHECK: cub-removed-operators.cu:[[@LINE-3]]:44: error: no member named 'Division' in namespace 'cub' [clang-diagnostic-error]
  // CHECK: cub-removed-operators.cu:[[@LINE-4]]:44: note: CUDA 13 (CCCL 3.0) removed cub::Division: use cuda::std::divides<> from <cuda/std/functional>
  // CHECK: cub-removed-operators.cu:[[@LINE-5]]:69: error: no member named 'NotAnOperator' in namespace 'cub' [clang-diagnostic-error]
  if (threadIdx.x == 0)
    out[blockIdx.x] = hi + lo + same + d;
}
// CHECK: cuda-lint: 0 warnings and 9 errors in 1 file; 1 file analysed, 1 with compile errors
