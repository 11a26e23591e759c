// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=missing-launch-bounds --extra-arg=-I%S/Inputs %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
#include "system_launch.cuh"

#define BLOCK 256
#define KERNEL(name) __global__ void name(float *x)

__global__ void plain(float *x) { x[threadIdx.x] = 0; }
// CHECK: missing-launch-bounds.cu:[[@LINE-1]]:17: warning: kernel 'plain' has no __launch_bounds__ (its launches use at most 256 threads per block) [missing-launch-bounds]
// CHECK-NEXT: {{^}}__global__ void plain(float *x) { x[threadIdx.x] = 0; }
// CHECK-NEXT: {{^}}                ^~~~~{{$}}
// CHECK-NEXT: {{^}}                __launch_bounds__(256) {{$}}
// CHECK: missing-launch-bounds.cu:[[@LINE-5]]:17: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: missing-launch-bounds.cu:[[@LINE-6]]:17: note: add __launch_bounds__(256)
// CHECK-NEXT: missing-launch-bounds.cu:[[@LINE+52]]:3: note: launched with 256 threads per block here

template <typename T, int B> __global__ void tmpl(T *x) { x[threadIdx.x] = T(); }
// The block size is the template parameter B at every launch: the bound is B, not 512.
// CHECK: :[[@LINE-2]]:46: warning: kernel 'tmpl' has no __launch_bounds__ (its block size is template parameter 'B') [missing-launch-bounds]
// CHECK-NEXT: {{^}}template <typename T, int B> __global__ void tmpl(T *x) { x[threadIdx.x] = T(); }
// CHECK-NEXT: {{^}}                                             ^~~~{{$}}
// CHECK-NEXT: {{^}}                                             __launch_bounds__(B) {{$}}
// CHECK: :[[@LINE-6]]:46: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: :[[@LINE-7]]:46: note: add __launch_bounds__(B)
// CHECK-NEXT: :[[@LINE+39]]:3: note: launched with 512 threads per block here
// CHECK-NEXT: :[[@LINE+39]]:3: note: launched with 128 threads per block here

KERNEL(fromMacro) { x[0] = 1; }
// A kernel whose name comes from a macro gets no fix-it.
// CHECK: :[[@LINE-2]]:1: warning: kernel 'fromMacro' has no __launch_bounds__ (its launches use at most 64 threads per block) [missing-launch-bounds]
// CHECK-NEXT: {{^}}KERNEL(fromMacro) { x[0] = 1; }
// CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
// CHECK-NOT: {{^ *}}__launch_bounds__(64)
// CHECK: :[[@LINE-6]]:1: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: :[[@LINE-7]]:1: note: add __launch_bounds__(64)
// CHECK-NEXT: :[[@LINE+32]]:3: note: launched with 64 threads per block here

namespace ns {
__global__ void inNamespace(float *x) { x[0] = 2; }
// CHECK: :[[@LINE-1]]:17: warning: kernel 'ns::inNamespace' has no __launch_bounds__ [missing-launch-bounds]
// CHECK: :[[@LINE-2]]:17: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: :[[@LINE-3]]:17: note: no launch of it was found in the analysed code, so no block size could be inferred
// CHECK-NEXT: :[[@LINE-4]]:17: note: add __launch_bounds__(N) with the largest block size it is launched with
}

// A launch larger than any device runs: no bound is suggested (no device accepts
// __launch_bounds__(2048)); invalid-launch-config reports the launch.
__global__ void huge(float *x) { x[threadIdx.x] = 0; }
// CHECK: missing-launch-bounds.cu:[[@LINE-1]]:17: warning: kernel 'huge' has no __launch_bounds__ [missing-launch-bounds]
// CHECK-NEXT: {{^}}__global__ void huge(float *x) { x[threadIdx.x] = 0; }
// CHECK-NEXT: {{^}}                ^~~~{{$}}
// CHECK-NOT: __launch_bounds__(2048)
// CHECK: missing-launch-bounds.cu:[[@LINE-5]]:17: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: missing-launch-bounds.cu:[[@LINE-6]]:17: note: a launch asks for 2048 threads per block, more than any device runs (1024), so no bound can be inferred (invalid-launch-config reports that launch)
// CHECK-NEXT: missing-launch-bounds.cu:[[@LINE-7]]:17: note: add __launch_bounds__(N) with the largest valid block size it is launched with
// CHECK-NEXT: missing-launch-bounds.cu:[[@LINE+15]]:3: note: launched with 2048 threads per block here
// Silent: bounds present (also via a macro or a template argument), device functions, declarations.
__global__ void __launch_bounds__(BLOCK) bounded(float *x) { x[0] = 3; }
template <int B> __global__ void __launch_bounds__(B) boundedTmpl(float *x) { x[0] = B; }
__device__ float helper(float v) { return v * 2; }
__global__ void declaredOnly(float *x);

void host(float *p, cudaStream_t s) {
  tmpl<float, 512><<<1, 512, 0, s>>>(p);
  tmpl<int, 128><<<1, 128, 0, s>>>((int *)p);
  bounded<<<1, BLOCK, 0, s>>>(p);
  plain<<<1, BLOCK, 0, s>>>(p);
  fromMacro<<<1, 64, 0, s>>>(p);
  boundedTmpl<128><<<1, 128, 0, s>>>(p);
  huge<<<1, 256, 0, s>>>(p);
  huge<<<1, dim3(64, 32), 0, s>>>(p);
}
// CHECK: cuda-lint: 5 warnings and 0 errors in 1 file; 1 file analysed
