// OpenMP host code: nvcc users include <omp.h> and pass -Xcompiler -fopenmp; Clang's resource
// dir often has no omp.h (libomp-dev is not installed), so cuda-lint parses with the host
// compiler's. With or without -fopenmp, the file parses and its launch is analysed.
// REQUIRES: omp-header
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.fopenmp -- %cuda-lint --color=never --extra-arg=-fopenmp %s
// RUN: FileCheck %s --input-file=%t.fopenmp --implicit-check-not=error:
#include <omp.h>
#include <cstdio>

__global__ void __launch_bounds__(128) k(float *a) { a[threadIdx.x] = 1.0f; }

int main() {
  float *a = nullptr;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
#pragma omp parallel for
  for (int i = 0; i < 4; ++i)
    printf("%d of %d\n", omp_get_thread_num(), omp_get_num_threads());
  k<<<1, 100, 0, s>>>(a);
  // CHECK: nvcc-openmp.cu:[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps{{.*}} [block-size-not-multiple-of-32]
}
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
