// xmrig-cuda's CryptoNight kernels (blind production set, 2026-11-25): a `?:` whose arms are
// single-instruction integer intrinsics (`__umul64hi`) is a select, not a branch; a leader store
// written as a bit test (`if (sub & 1)`), directly or through a one-store helper, is a leader
// store as `sub == 1` is. A leader store through an address the analysis cannot tie to the group
// stays a warning.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
template <typename T> __device__ __forceinline__ void storeGlobal64(T *addr, T const &val) { *addr = val; }

__global__ void phase2(unsigned long long *a, unsigned long long *b, const unsigned *idx, int threads) {
  const int thread = (blockDim.x * blockIdx.x + threadIdx.x) >> 2;
  const int sub = threadIdx.x & 3;
  unsigned long long x = a[thread], y = b[thread];
  unsigned long long res = sub == 0 ? __umul64hi(x, y) : x * y;
  res ^= (sub & 2) ? (x * y) : __umulhi(unsigned(x), unsigned(y));
  if (sub & 1)
    *(b + threads * 4 + thread) = res;
  if (sub & 1)
    storeGlobal64(a + thread, res);
  if (sub & 1)
    storeGlobal64(a + idx[threadIdx.x], res);
}
void host(unsigned long long *a, unsigned long long *b, const unsigned *i, cudaStream_t s) {
  phase2<<<64, 128, 0, s>>>(a, b, i, 64 * 32);
}
// CHECK: intrinsic-selects-and-leader-stores.cu:20:7: warning: warp-divergent branch (lane-split): 'sub & 1' splits every warp into even and odd lanes [warp-divergent-branch]
// CHECK: intrinsic-selects-and-leader-stores.cu:20:7: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
// CHECK: intrinsic-selects-and-leader-stores.cu:20:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
// CHECK: intrinsic-selects-and-leader-stores.cu:16:7: note: thread-dependent branch (single-lane): 'sub & 1' picks one leader lane in each group of 2 [warp-divergent-branch]
// CHECK: intrinsic-selects-and-leader-stores.cu:16:7: note: it is true for odd lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
// CHECK: intrinsic-selects-and-leader-stores.cu:18:7: note: thread-dependent branch (single-lane): 'sub & 1' picks one leader lane in each group of 2 [warp-divergent-branch]
// CHECK: intrinsic-selects-and-leader-stores.cu:18:7: note: it is true for odd lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
// CHECK: cuda-lint: 1 warning and 0 errors (2 notes) in 1 file; 1 file analysed
