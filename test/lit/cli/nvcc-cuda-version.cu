// CUDA_VERSION as nvcc's parse sees it: defined only where the code includes <cuda.h> (nvcc's
// implicit include is cuda_runtime.h). Clang's CUDA wrapper includes cuda.h in every file, so
// a test of CUDA_VERSION before the include took paths nvcc skips (BIDMat's Sorting.cu lost
// itself to a CUB header CUDA 13 no longer has). CCCL, which reads the version from it under
// Clang, still parses (thrust below).
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --rules=invalid-launch-config %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error
// CHECK: cuda-lint: 0 warnings and 0 errors in 0 files; 1 file analysed
#if defined(CUDA_VERSION)
#include <header-that-does-not-exist.h>
#endif
#include <thrust/device_vector.h>
#include <cuda.h>
#if !defined(CUDA_VERSION) || CUDA_VERSION != CUDART_VERSION
#error "CUDA_VERSION is not the toolkit's after <cuda.h>"
#endif
#include <cuda.h>
#if !defined(CUDA_VERSION) || CUDA_VERSION < 12000
#error "CUDA_VERSION lost by a second include"
#endif
__global__ void fill(float *out) { out[threadIdx.x] = 1.0f; }
void run(thrust::device_vector<float> &v) { fill<<<1, 32>>>(thrust::raw_pointer_cast(v.data())); }
