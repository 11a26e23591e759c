// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=default-stream-launch --extra-arg=-I%S/Inputs %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
#include <cuda.h>
#include "system_launch.cuh" // NOLINT: included as a system header below

__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }

#define LAUNCH_ON_DEFAULT(kern, p) kern<<<1, 32>>>(p)

struct Launcher {
  cudaStream_t stream;
  void go(float *p) { k<<<1, 32, 0, stream>>>(p); } // member stream: unknown, silent
};

template <typename T> __global__ void tk(T *x) { x[threadIdx.x] = T(); }
template <typename T> void launchTemplate(T *p) {
  tk<<<1, 64>>>(p);
  // CHECK: default-stream-launch.cu:[[@LINE-1]]:3: warning: kernel 'tk' is launched on the legacy default stream (no stream argument) [default-stream-launch]
  // CHECK: default-stream-launch.cu:[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: default-stream-launch.cu:[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
}

void launchOn(cudaStream_t param, float *p) {
  k<<<1, 32, 0, param>>>(p); // a parameter: the caller decides, silent
}

void host(float *p) {
  k<<<1, 32>>>(p);
  // CHECK: default-stream-launch.cu:[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (no stream argument) [default-stream-launch]
  // CHECK-NEXT: {{^}}  k<<<1, 32>>>(p);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~{{$}}
  // CHECK: default-stream-launch.cu:[[@LINE-4]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: default-stream-launch.cu:[[@LINE-5]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  k<<<1, 32, 0, 0>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  k<<<1, 32, 0, NULL>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  k<<<1, 32, 0, nullptr>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  k<<<1, 32, 0, (cudaStream_t)0>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  k<<<1, 32, 0, cudaStreamLegacy>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (cudaStreamLegacy) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
  cudaStream_t zero = 0;
  k<<<1, 32, 0, zero>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  const cudaStream_t alsoZero = nullptr;
  k<<<2, 32, 0, alsoZero>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  LAUNCH_ON_DEFAULT(k, p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (no stream argument) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  launchTemplate(p);
  launchTemplate((int *)p);

  // Not reported: per-thread stream, created streams, a stream reassigned.
  k<<<1, 32, 0, cudaStreamPerThread>>>(p);
  cudaStream_t s;
  cudaStreamCreate(&s);
  k<<<1, 32, 0, s>>>(p);
  cudaStream_t later = 0;
  if (p)
    later = s;
  k<<<1, 32, 0, later>>>(p);
  launchFromSystemHeader(p); // system headers are not the user's code

  // Runtime API forms.
  void *args[] = {&p};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (no stream argument) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, s);
  cudaLaunchCooperativeKernel((const void *)k, dim3(1), dim3(32), args);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (no stream argument) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  cudaLaunchCooperativeKernel((const void *)k, dim3(1), dim3(32), args, 0, s);

  cudaLaunchConfig_t zeroCfg = {};
  zeroCfg.gridDim = dim3(1);
  zeroCfg.blockDim = dim3(32);
  cudaLaunchKernelEx(&zeroCfg, k, p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1);
  cfg.blockDim = dim3(32);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, k, p);
  cudaLaunchConfig_t unknownCfg;
  unknownCfg.gridDim = dim3(1);
  cudaLaunchKernelEx(&unknownCfg, k, p); // stream field never set: garbage, not provably 0

  // Driver API.
  CUfunction f = nullptr;
  void *params[] = {&p};
  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, params, nullptr);
  // CHECK: :[[@LINE-1]]:3: warning: kernel is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, CU_STREAM_LEGACY, params, nullptr);
  // CHECK: :[[@LINE-1]]:3: warning: kernel is launched on the legacy default stream (cudaStreamLegacy) [default-stream-launch]
  // CHECK: :[[@LINE-2]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-3]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, CU_STREAM_PER_THREAD, params, nullptr);
  CUstream cs;
  cuStreamCreate(&cs, 0);
  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, cs, params, nullptr);
}
// CHECK: cuda-lint: 16 warnings and 0 errors in 1 file; 1 file analysed
