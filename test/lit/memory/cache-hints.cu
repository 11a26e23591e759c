// uncoalesced-global-access through the loads and stores with a cache hint that production
// kernels use for data read once or written once (`__ldg`, `__ldcs`, `__ldcg`, `__stcs`,
// `__stwt`, ...): each accesses the place its pointer argument holds, with the pointee's size.
// Silent: unit stride, a thread's pair of adjacent elements, a data-dependent index.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void hinted(const float *in, const float4 *v, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = __ldg(&in[i * 32]);
  a += __ldcs(in + 1024 * i);
  float4 b = __ldcg(v + 2 * i);
  __stcs(out + 8 * i, a + b.x);
}
// CHECK: cache-hints.cu:[[@LINE-5]]:13: warning: lanes of a warp read '__ldg(&in[i * 32])' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
// CHECK: cache-hints.cu:[[@LINE-7]]:8: warning: lanes of a warp read '__ldcs(in + 1024 * i)' 4096 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
// CHECK: cache-hints.cu:[[@LINE-9]]:14: warning: lanes of a warp read '__ldcg(v + 2 * i)' 32 bytes apart: 32 sectors per request instead of 16 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 512
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
// CHECK: cache-hints.cu:[[@LINE-11]]:3: warning: lanes of a warp write '__stcs(out + 8 * i, a + b.x)' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

__global__ void silent(const float *in, const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = __ldg(&in[i]) + __ldg(in + idx[i]);
  a += __ldcs(&in[2 * i]) + __ldcs(&in[2 * i + 1]);
  __stwt(out + i, a);
  __stcs(&out[2 * i], a);
  __stcs(&out[2 * i + 1], a);
}

void host(const float *in, const float4 *v, const int *idx, float *out) {
  hinted<<<64, 256>>>(in, v, out);
  silent<<<64, 256>>>(in, idx, out);
}
// CHECK: cuda-lint: 4 warnings and 0 errors in 1 file; 1 file analysed
