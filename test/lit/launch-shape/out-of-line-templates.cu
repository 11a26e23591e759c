// nvcc takes a qualified definition of a function template that matches no declaration of its
// namespace for the declaration of a new template there (cuSZ's spline3.inl declares
// `device_api::spline3d_layout2_interpolate` with five parameters and defines it with six);
// Clang rejects it and every call of it, and the kernels calling it were lost. cuda-lint parses
// the file again with the namespace's declaration rewritten in place to the definition's
// parameters (at the same offsets, its line breaks kept: the finding below has its own line),
// and keeps that parse when it has fewer errors and no new one. A warm run is served from the
// cache (the cache compares the file on disk, not the rewritten bytes).
// A call of the old declaration (RUN 3) would fail with the rewrite, so the file is parsed as it
// is. A declaration with no room for the definition's parameters (RUN 4) and a function that is
// not a template (RUN 5, which nvcc rejects too) keep their errors; the rest is rewritten.
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 --stdout %t.out -- env -u CUDA_LINT_NO_CACHE %cuda-lint --color=never --cache-dir=%t.cache --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --check-prefixes=CHECK,FOUND --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.warm -- env -u CUDA_LINT_NO_CACHE %cuda-lint --color=never --cache-dir=%t.cache --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --check-prefixes=CHECK,FOUND,WARM --input-file=%t.warm --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.old -- %cuda-lint --color=never --format=concise --rules=uncoalesced-global-access -extra-arg=-DOLD_CALL %s
// RUN: FileCheck %s --check-prefix=OLD --input-file=%t.old --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.room -- %cuda-lint --color=never --format=concise --rules=uncoalesced-global-access -extra-arg=-DNO_ROOM %s
// RUN: FileCheck %s --check-prefixes=ANY,ROOM --input-file=%t.room --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.plain -- %cuda-lint --color=never --format=concise --rules=uncoalesced-global-access -extra-arg=-DNOT_TEMPLATE %s
// RUN: FileCheck %s --check-prefixes=ANY,PLAIN --input-file=%t.plain --implicit-check-not=warning: --implicit-check-not=error:

namespace device_api {
template <typename T, int N = 32>
__device__ void interpolate(volatile T s[9][33], // the tile
                            T eb,                 // error bound
                            int radius);
template <typename T> __device__ void tight(T *a);
__device__ void plain(float *s, float eb);
} // namespace device_api

template <typename T, int N>
__device__ void device_api::interpolate(volatile T s[9][33], const T *in, T eb, int radius) {
  s[threadIdx.x % 9][threadIdx.x / 9] = in[threadIdx.x * N] * eb + radius;
}
// FOUND: out-of-line-templates.cu:[[@LINE-2]]:41: warning: lanes of a warp read 'in[threadIdx.x * N]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// ANY-DAG: out-of-line-templates.cu:[[@LINE-3]]:41: warning: lanes of a warp read 'in[threadIdx.x * N]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file
// WARM-SAME: (1 from cache)
// OLD: out-of-line-templates.cu:[[@LINE-9]]:29: error: out-of-line definition of 'interpolate' does not match any declaration in namespace 'device_api' [clang-diagnostic-error]

#ifdef OLD_CALL
template <typename T> __global__ void old(T eb) {
  __shared__ T s[9][33];
  device_api::interpolate<T, 32>(s, eb, 3);
}
template __global__ void old<float>(float);
#endif

#ifdef NO_ROOM
template <typename T>
__device__ void device_api::tight(T *a, const T *in, int stride) { a[threadIdx.x] = in[stride]; }
// ROOM-DAG: out-of-line-templates.cu:[[@LINE-1]]:29: error: out-of-line definition of 'tight' does not match any declaration in namespace 'device_api' [clang-diagnostic-error]
#endif

#ifdef NOT_TEMPLATE
__device__ void device_api::plain(float *s, const float *in, float eb) { s[threadIdx.x] = *in; }
// PLAIN-DAG: out-of-line-templates.cu:[[@LINE-1]]:29: error: out-of-line definition of 'plain' does not match any declaration in namespace 'device_api' [clang-diagnostic-error]
#endif

template <typename T> __global__ void spline(const T *in, T eb) {
  __shared__ T s[9][33];
  device_api::interpolate<T, 32>(s, in, eb, 3);
}
// OLD: out-of-line-templates.cu:[[@LINE-2]]:3: error: no matching function for call to 'interpolate' [clang-diagnostic-error]

void launch(const float *in) { spline<<<64, 256>>>(in, 1.0f); }
