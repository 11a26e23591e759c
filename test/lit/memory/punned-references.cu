// A device function that only reinterprets a reference parameter as another type reads (or
// writes) the place bound to it as that type: gsplat's `AssignAs<uint2>(dst, conics[idx * 4])`
// (`reinterpret_cast<const T &>(v)`) loads 8 bytes a lane, four halves at once, and is
// coalesced. Found on production code (gsplat's gaussian_inference/IntersectCommon.h), where both
// rules took the argument for a read of one element of its own type.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict,uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#include <cuda_fp16.h>

template <typename T, typename U, typename V>
__device__ __forceinline__ void AssignAs(U &u, const V &v) {
  reinterpret_cast<T &>(u) = reinterpret_cast<const T &>(v);
}
template <typename T, typename V> __device__ __forceinline__ T loadAs(const V &v) {
  return *reinterpret_cast<const T *>(&v);
}
template <typename T, typename V> __device__ __forceinline__ void storeAs(V &v, const T &x) {
  reinterpret_cast<T &>(v) = x;
}
// Not only a reinterpretation: the parameter is also read as itself.
template <typename T, typename V> __device__ __forceinline__ float both(const V &v) {
  return float(v) + reinterpret_cast<const T &>(v).x;
}

// Four halves and two floats of each thread's own record, loaded whole: coalesced (silent).
__global__ void records(const __half *__restrict__ conics, const float *__restrict__ means,
                        float *out, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n)
    return;
  __half c[4];
  AssignAs<uint2>(c, conics[idx * 4]);
  float2 m;
  AssignAs<float2>(m, means[idx * 2]);
  storeAs<float4>(out[idx * 4], make_float4(m.x, m.y, __half2float(c[0]), __half2float(c[3])));
}

// The reinterpreted type decides the lanes' stride in bytes and the sectors they need.
__global__ void strided(const float *__restrict__ in, float *out, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n)
    return;
  float2 w = loadAs<float2>(in[idx * 8]);
  storeAs<float2>(out[idx * 16], w);
}
// CHECK: punned-references.cu:[[@LINE-3]]:29: warning: lanes of a warp read 'in[idx * 8]' 32 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
// CHECK: punned-references.cu:[[@LINE-5]]:19: warning: lanes of a warp write 'out[idx * 16]' 64 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements

// A parameter also read as itself is read where the function reads it: the argument's own type.
__global__ void mixed(const float *__restrict__ in, float *out, int n) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < n)
    out[idx] = both<float2>(in[idx * 8]);
}
// CHECK: punned-references.cu:[[@LINE-2]]:29: warning: lanes of a warp read 'in[idx * 8]' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements

// 16 bytes a lane into shared memory: a quarter-warp's 8 lanes fill the 32 banks (silent); read
// as floats the same addresses would be a 4-way conflict.
__global__ void staged(const float4 *__restrict__ in, float *out, int n) {
  __shared__ float s[256 * 4];
  int t = threadIdx.x;
  AssignAs<float4>(s[t * 4], in[blockIdx.x * 256 + t]);
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < n; ++k) {
    float4 v;
    AssignAs<float4>(v, s[((t + k) % 256) * 4]);
    acc += v.x * v.w;
  }
  out[blockIdx.x * 256 + t] = acc;
}

void launch(const __half *c, const float *m, const float4 *v, float *o, int n) {
  records<<<(n + 255) / 256, 256>>>(c, m, o, n);
  strided<<<(n + 255) / 256, 256>>>(m, o, n);
  mixed<<<(n + 255) / 256, 256>>>(m, o, n);
  staged<<<n / 256, 256>>>(v, o, n);
}
