// uncoalesced-global-access through a local pointer set after its declaration, as ccminer's
// compaction kernels do: `uint32_t *inpHash; if (table == NULL) inpHash = &hashes[id << 4];
// else inpHash = &hashes[nonce << 4];` then a test function reads `inpHash[0]`. Each block
// takes one side of a block-uniform branch, so where one side sets an address the walk knows
// and the other an address it does not (data-dependent), the known one is followed, and the
// finding says on which path. Silent: both sides unknown, a branch that splits a warp (lanes
// of one warp take both sides), an address set by a call the walk does not see into, a thread's
// pair of adjacent words.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__device__ unsigned firstWord(const unsigned *hash) { return hash[0] & 8; }

// Set on both sides of a block-uniform branch; one side's address is data-dependent.
__global__ void compact(const unsigned *hashes, const unsigned *table, unsigned *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned *h;
  if (table == nullptr) {
    h = &hashes[id << 4];
  } else {
    int nonce = table[id];
    h = &hashes[nonce << 4];
  }
  out[id] = firstWord(h);
}
// CHECK: assigned-pointers.cu:12:62: warning: lanes of a warp read 'hash[0]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: on the path where 'table == nullptr' is true (line 18), which sets 'h' to this address; the other path's address is not known here
// CHECK-NEXT: note: make threadIdx.x index the contiguous dimension

// Set once after the declaration, and the known side on the else branch.
__global__ void setLater(const float *in, const int *idx, float *out, int mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p;
  p = in + 32 * i;
  float s = p[0];
  // CHECK: assigned-pointers.cu:[[@LINE-1]]:13: warning: lanes of a warp read 'p[0]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: float s = p[0];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK-NEXT: note: make threadIdx.x index the contiguous dimension
  const float *q;
  if (mode > 0)
    q = in + idx[i];
  else
    q = in + 8 * i;
  s += q[1];
  // CHECK: assigned-pointers.cu:[[@LINE-1]]:8: warning: lanes of a warp read 'q[1]' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: s += q[1];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK-NEXT: note: on the path where 'mode > 0' is false (line [[#@LINE-8]]), which sets 'q' to this address; the other path's address is not known here
  // CHECK-NEXT: note: make threadIdx.x index the contiguous dimension
  out[i] = s;
}

__device__ const float *pick(const float *in, int i);

// Silent.
__global__ void silent(const float *in, const int *idx, float *out, int mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  // Both sides data-dependent.
  const float *a;
  if (mode > 0)
    a = in + 16 * idx[i];
  else
    a = in + idx[i + 1];
  s += a[0];
  // A branch that splits each warp: its lanes take both sides in one request.
  const float *b;
  if (threadIdx.x & 1)
    b = in + 32 * i;
  else
    b = in + idx[i];
  s += b[0];
  // Set by a call the walk does not see into, and set coalesced.
  const float *c;
  c = pick(in, i);
  s += c[0];
  const float *d;
  if (mode > 1)
    d = in + i;
  else
    d = in + i + 32;
  s += d[0];
  // A thread's two words at an offset every lane shares (HeCBench epistasis: SNPj[p] and
  // SNPj[p + 1] with SNPj = &data[j * 2]): together they fill the sectors.
  const float *e;
  e = &in[i * 2];
  for (int p = 0; p < mode; p += 64)
    s += e[p] + e[p + 1];
  out[i] = s;
}

void host(const unsigned *h, const unsigned *t, unsigned *o, const float *in, const int *idx,
          float *out, int mode) {
  compact<<<64, 256>>>(h, t, o);
  setLater<<<64, 256>>>(in, idx, out, mode);
  silent<<<64, 256>>>(in, idx, out, mode);
}
// CHECK: cuda-lint: 3 warnings and 0 errors in 1 file; 1 file analysed
