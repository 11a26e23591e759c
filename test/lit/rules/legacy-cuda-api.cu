// API that CUDA 12 and 13 removed: declared for the parse (analyzer/compat/cuda_lint_legacy.h), so
// the code around it keeps its findings, and each use is a note saying what replaces it.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// Notes alone do not fail a run.
// RUN: %expect-exit 0 --stdout %t.notes -- %cuda-lint --rules=legacy-cuda-api --compile-errors-as-notes %s
// RUN: FileCheck %s --check-prefix=NOTES --input-file=%t.notes
// NOTES: cuda-lint: 0 warnings and 0 errors (13 notes) in 1 file; 1 file analysed, 1 with compile errors
#include <cstdio>

texture<float, 1, cudaReadModeElementType> tex;
// CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:44: note: texture reference 'tex': texture references were removed in CUDA 12.0 [legacy-cuda-api]
// CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:44: note: use a cudaTextureObject_t (cudaCreateTextureObject) and tex1Dfetch/tex2D on the object
// CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:44: note: this code does not build with the current CUDA toolkit
texture<float4, 2> tex2;
// CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:20: note: texture reference 'tex2': texture references were removed in CUDA 12.0 [legacy-cuda-api]
// CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:20: note: use a cudaTextureObject_t (cudaCreateTextureObject) and tex1Dfetch/tex2D on the object
// CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:20: note: this code does not build with the current CUDA toolkit

__global__ void __launch_bounds__(128) fetch(float *a, int n) {
  int v = __any(threadIdx.x > 3);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:11: note: '__any' without a lane mask does not exist for sm_70 and later [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:11: note: every target of CUDA 13 is sm_70 or later; since independent thread scheduling a warp's lanes are not implicitly in step
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:11: note: use '__any_sync(0xffffffff, ...)', or the mask of the lanes that reach this call
  float w = __shfl_down(a[0], 1);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:13: note: '__shfl_down' without a lane mask does not exist for sm_70 and later [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:13: note: every target of CUDA 13 is sm_70 or later; since independent thread scheduling a warp's lanes are not implicitly in step
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:13: note: use '__shfl_down_sync(0xffffffff, ...)', or the mask of the lanes that reach this call
  float4 q = tex2D(tex2, 0.5f, 0.5f);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:14: note: 'tex2D' was removed in CUDA 12.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:14: note: use a cudaTextureObject_t and tex2D<T>(object, ...)
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:14: note: this code does not build with the current CUDA toolkit
  a[threadIdx.x] = v + w + tex1Dfetch(tex, threadIdx.x) + q.x;
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:28: note: 'tex1Dfetch' was removed in CUDA 12.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:28: note: use a cudaTextureObject_t and tex1Dfetch<T>(object, ...)
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:28: note: this code does not build with the current CUDA toolkit
}

// The current API: nothing to note.
__global__ void __launch_bounds__(128) modern(float *a, cudaTextureObject_t t) {
  int v = __any_sync(0xffffffffu, threadIdx.x > 3);
  float w = __shfl_down_sync(0xffffffffu, a[0], 1);
  a[threadIdx.x] = v + w + tex1Dfetch<float>(t, threadIdx.x);
}

int main() {
  float *a = nullptr;
  int n = 100;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaBindTexture(0, tex, a, n * sizeof(float));
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: note: 'cudaBindTexture' was removed in CUDA 12.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: use a cudaTextureObject_t (cudaCreateTextureObject)
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: this code does not build with the current CUDA toolkit
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float4>();
  cudaBindTexture2D(0, tex2, a, d, 16, 16, 256);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: note: 'cudaBindTexture2D' was removed in CUDA 12.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: use a cudaTextureObject_t (cudaCreateTextureObject)
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: this code does not build with the current CUDA toolkit
  tex2.filterMode = cudaFilterModeLinear;
  tex2.addressMode[0] = cudaAddressModeClamp;
  cudaMemPrefetchAsync(a, 100, 0, s);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: note: 'cudaMemPrefetchAsync' with a device number was removed in CUDA 13.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: pass a cudaMemLocation{cudaMemLocationTypeDevice, device} and flags 0
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: this code does not build with the current CUDA toolkit
  cudaThreadSetCacheConfig(cudaFuncCachePreferL1);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: note: 'cudaThreadSetCacheConfig' was removed in CUDA 13.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: use cudaDeviceSetCacheConfig()
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: this code does not build with the current CUDA toolkit
  // A removed cudaDeviceProp field cannot be declared: a compile error whose note says what replaces it.
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("%d\n", p.clockRate);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:20: error: no member named 'clockRate' in 'cudaDeviceProp' [clang-diagnostic-error]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:20: note: CUDA 13 removed this field: use cudaDeviceGetAttribute(&value, cudaDevAttrClockRate, device)
  // The launch beside all that is still analysed.
  dim3 block(100);
  fetch<<<1, block, 0, s>>>(a, n);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: use 96 or 128 threads per block
  cudaThreadSynchronize();
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: note: 'cudaThreadSynchronize' was removed in CUDA 13.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: use cudaDeviceSynchronize()
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: this code does not build with the current CUDA toolkit
  cudaUnbindTexture(tex);
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-1]]:3: note: 'cudaUnbindTexture' was removed in CUDA 12.0 [legacy-cuda-api]
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-2]]:3: note: use a cudaTextureObject_t (cudaCreateTextureObject)
  // CHECK-DAG: legacy-cuda-api.cu:[[@LINE-3]]:3: note: this code does not build with the current CUDA toolkit
  cudaDeviceSynchronize();
  cudaMemPrefetchAsync(a, 100, cudaMemLocation{cudaMemLocationTypeDevice, 0}, 0, s);
}
// CHECK: cuda-lint: 1 warning and 1 error (12 notes) in 1 file; 1 file analysed, 1 with compile errors
