// Per-thread default stream: via the macro, and via nvcc's --default-stream per-thread in a
// compilation database.
// RUN: %expect-exit 1 --stdout %t.macro -- %cuda-lint --rules=default-stream-launch --extra-arg=-DCUDA_API_PER_THREAD_DEFAULT_STREAM %s
// RUN: FileCheck %s --input-file=%t.macro --implicit-check-not=warning:
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/k.cu
// RUN: echo '[{"directory": "%t.dir", "file": "k.cu", "command": "/usr/local/cuda/bin/nvcc --default-stream per-thread -x cu -c k.cu -o k.o"}]' > %t.dir/compile_commands.json
// RUN: %expect-exit 1 --stdout %t.db -- %cuda-lint --rules=default-stream-launch %t.dir/k.cu
// RUN: FileCheck %s --input-file=%t.db --implicit-check-not=warning:
// RUN: %expect-exit 1 --stdout %t.legacy -- %cuda-lint --rules=default-stream-launch %s
// RUN: FileCheck %s --check-prefix=LEGACY --input-file=%t.legacy
#include <cuda.h>
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }

void host(float *p) {
  k<<<1, 32>>>(p);
  // CHECK: :[[@LINE-1]]:3: warning: kernel 'k' is launched on the per-thread default stream (no stream argument) [default-stream-launch]
  // LEGACY: :[[@LINE-2]]:3: warning: kernel 'k' is launched on the legacy default stream (no stream argument) [default-stream-launch]
  // CHECK: :[[@LINE-3]]:3: note: compiled for the per-thread default stream (--default-stream per-thread or CUDA_API_PER_THREAD_DEFAULT_STREAM), it does not synchronise with other streams, but every launch from this host thread on it runs one after another
  // CHECK-NEXT: :[[@LINE-4]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) to overlap independent launches
  // LEGACY: :[[@LINE-5]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // LEGACY-NEXT: :[[@LINE-6]]:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
  k<<<1, 32, 0, cudaStreamLegacy>>>(p);
  // An explicit cudaStreamLegacy is the legacy stream in either mode.
  // CHECK: :[[@LINE-2]]:3: warning: kernel 'k' is launched on the legacy default stream (cudaStreamLegacy) [default-stream-launch]
  // LEGACY: :[[@LINE-3]]:3: warning: kernel 'k' is launched on the legacy default stream (cudaStreamLegacy) [default-stream-launch]
  // CHECK: :[[@LINE-4]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-5]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
  // LEGACY: :[[@LINE-6]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // LEGACY-NEXT: :[[@LINE-7]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
  CUfunction f = nullptr;
  void *params[] = {&p};
  // The driver API follows CU_API_PER_THREAD_DEFAULT_STREAM, which nvcc does not set.
  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, 0, params, nullptr);
  // CHECK: :[[@LINE-1]]:3: warning: kernel is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // LEGACY: :[[@LINE-2]]:3: warning: kernel is launched on the legacy default stream (the stream argument is 0) [default-stream-launch]
  // CHECK: :[[@LINE-3]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // CHECK-NEXT: :[[@LINE-4]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
  // LEGACY: :[[@LINE-5]]:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
  // LEGACY-NEXT: :[[@LINE-6]]:3: note: pass a stream created with {{([^-]|-[^-])*}}{{$}}
}
