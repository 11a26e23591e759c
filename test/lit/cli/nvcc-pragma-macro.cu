// `#pragma` written in an object-like macro, CuTe's loop hint (CUTLASS 3.0 to 3.4's
// cute/config.hpp, vendored by flash-attention and its forks):
//   #define CUTE_UNROLL #pragma unroll
// under `__CUDA_ARCH__`, which nvcc takes as the pragma. Clang read the tokens `#`, `pragma`,
// `unroll` as code ("expected expression") and lost the function: in the device parse without
// a word (the kernel below is read by that parse only, and its barrier went unreported), in the
// host parse as a compile error. So did hpc_helpers' `#define HD_WARNING_DISABLE #pragma
// hd_warning_disable` (CUDASW++4 and others) before every `__host__ __device__` template, which
// Clang lost with its callers ("expected unqualified-id"). Such a macro is read as
// `_Pragma("unroll")`, `_Pragma("hd_warning_disable")`: every finding of the kernels is there,
// at its line and column.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=barrier-in-divergent-branch,uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

#if defined(__CUDA_ARCH__)
#define CUTE_UNROLL #pragma unroll
#else
#define CUTE_UNROLL
#endif
#define HINTED_UNROLL #pragma unroll 4
#define HD_WARNING_DISABLE #pragma hd_warning_disable

HD_WARNING_DISABLE
template <class T> __host__ __device__ T twice(T x) { return x * 2; }

__global__ void deviceOnly(float *p) {
#if defined(__CUDA_ARCH__)
  CUTE_UNROLL
  for (int i = 0; i < 4; ++i)
    p[i * blockDim.x + threadIdx.x] = 0;
  if (threadIdx.x < 4)
    __syncthreads();
  // CHECK-DAG: nvcc-pragma-macro.cu:[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'threadIdx.x < 4' is true [barrier-in-divergent-branch]
  // CHECK-DAG: nvcc-pragma-macro.cu:[[@LINE-2]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-DAG: nvcc-pragma-macro.cu:[[@LINE-3]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
#endif
}

__global__ void everywhere(const float *p, float *q) {
  float acc = 0;
  HINTED_UNROLL
  for (int i = 0; i < 8; ++i)
    acc += p[i * blockDim.x + threadIdx.x];
  q[twice(threadIdx.x * 2)] = acc;
  // CHECK-DAG: nvcc-pragma-macro.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'q[twice(threadIdx.x * 2)]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-DAG: nvcc-pragma-macro.cu:[[@LINE-2]]:3: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK-DAG: nvcc-pragma-macro.cu:[[@LINE-3]]:3: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
}

void launch(float *p, cudaStream_t s) {
  deviceOnly<<<1, 64, 0, s>>>(p);
  everywhere<<<1, 64, 0, s>>>(p, p);
}
