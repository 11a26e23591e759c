// nvcc accepts launches whose chevrons are split by blanks (`k << <g, b >> > (x)`, as Visual
// Studio's formatter writes them: 3D Gaussian Splatting's rasterizer, xmrig-cuda); Clang alone
// reports "expected expression" and loses the launch. cuda-lint joins them for the parse, in the
// file and in the headers it includes, at the same columns; C++ that only looks alike is left alone.
// A warm run is served from the cache (it never was: the cache compared the joined bytes with the
// file on disk).
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 --stdout %t.out -- env -u CUDA_LINT_NO_CACHE %cuda-lint --cache-dir=%t.cache --rules=block-size-not-multiple-of-32,default-stream-launch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.warm -- env -u CUDA_LINT_NO_CACHE %cuda-lint --cache-dir=%t.cache --rules=block-size-not-multiple-of-32,default-stream-launch %s
// RUN: FileCheck %s --check-prefixes=CHECK,WARM --input-file=%t.warm --implicit-check-not=warning: --implicit-check-not=error:
#include <iostream>
#include "Inputs/spaced-launch.h"

template <typename T> __global__ void k(T *x) { x[threadIdx.x] = 1; }
template <typename A> struct W { A a; };
struct S {};
template <typename T> std::ostream &operator<<(std::ostream &o, const T &) { return o; }

void host(float *x, cudaStream_t s) {
  k<float> << <1, 100 >> > (x);
  k << <dim3(1), dim3(40, 2), 0, s >> >(x);
  k << <1, 64, 0, s>>>(x);
  W<W<W<int>> > w;
  (void)w;
  operator<< <S>(std::cout, S());
  fill_all(x, s);
}
// CHECK: spaced-launch.h:3:50: warning: block of 48 threads (48x1x1) fills 2 warps: 16 of 64 lanes (25.0%) idle [block-size-not-multiple-of-32]
// CHECK: spaced-chevrons.cu:21:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
// CHECK: spaced-chevrons.cu:22:3: warning: block of 80 threads (40x2x1) fills 3 warps: 16 of 96 lanes (16.7%) idle [block-size-not-multiple-of-32]
// CHECK: spaced-chevrons.cu:21:3: warning: kernel 'k' is launched on the legacy default stream (no stream argument) [default-stream-launch]
// CHECK: cuda-lint: 4 warnings and 0 errors in 2 files
// WARM-SAME: (1 from cache)
