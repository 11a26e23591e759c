// uncoalesced-global-access on an index that grows faster than the thread index: the diagonal of
// packed triangular storage, `index = (i + 1) * (i + 2) / 2 - 1` (kaldi's _scale_diag_packed and
// its siblings). Lane i + 1 is i + 2 elements past lane i, so the gaps widen with the warp's place
// in the grid and no single pattern describes every warp; the walk keeps, for a product of two
// values that grow with the lane, the gaps of the warp where they are smallest (a lower bound),
// and the rule reports the sectors such a warp touches at least. Silent: gaps that a lower bound
// cannot show to cost (the index divided down), a product with a value that shrinks with the
// lane, a short counted loop around the access, another access of the same base that may fill
// the gaps, and a product of two warp-uniform values.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access,warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void setDiagPacked(float *mat, float value, int dim) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int index = ((i + 1) * (i + 2) / 2) - 1;
  if (i < dim)
    mat[index] = value;
}
// CHECK: growing-gaps.cu:[[@LINE-2]]:5: warning: lanes of a warp write 'mat[index]' at least 8 bytes apart: at least 29 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK-NEXT: mat[index] = value;
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves at least 928 bytes to use 128
// CHECK-NEXT: note: the index grows faster than the thread index (a product of two values that grow with it, as in packed triangular storage): these are the gaps of the warp where they are smallest; lanes of warps further into the grid are further apart
// CHECK-NEXT: note: keep the elements the lanes use together where consecutive lanes find them at consecutive addresses (a separate array of them, or a layout indexed by the thread index), or stage them through shared memory

// A square index in doubles: lane i + 1 is 2i + 1 elements past lane i.
__global__ void squares(const double *in, double *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * i];
}
// CHECK: growing-gaps.cu:[[@LINE-2]]:12: warning: lanes of a warp read 'in[i * i]' at least 8 bytes apart: at least 31 sectors per request instead of 8 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves at least 992 bytes to use 256
// CHECK-NEXT: note: the index grows faster than the thread index
// CHECK-NEXT: note: keep the elements the lanes use together

// Silent.
__global__ void silent(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  float s = 0.f;
  // Divided down: the first warp's lanes share sectors (an upper warp's do not, but a lower
  // bound cannot tell).
  s += b[i * i / 64];
  // A product with a value that shrinks with the lane.
  s += b[(31 - lane) * i];
  // A short counted loop that may sweep the gaps.
  for (int k = 0; k < 4; ++k)
    s += b[i * i + k];
  // Two accesses of the same growing index and base, in one direction.
  s += b[i * (i + 1)] + b[i * (i + 1) + 1];
  // Warp-uniform factors: the same element in every lane (a broadcast).
  int w = threadIdx.x / 32;
  s += b[w * w];
  // A condition on a growing value: as for any value no lane pattern describes.
  if (i * i < n)
    s += 1.f;
  a[i] = s;
}

void host(float *m, double *d, const double *e, const float *b, int n) {
  setDiagPacked<<<(n + 255) / 256, 256>>>(m, 1.f, n);
  squares<<<(n + 255) / 256, 256>>>(e, d);
  silent<<<(n + 255) / 256, 256>>>(m, b, n);
}
// CHECK: cuda-lint: 2 warnings and 0 errors in 1 file; 1 file analysed
