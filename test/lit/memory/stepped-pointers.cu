// uncoalesced-global-access and shared-memory-bank-conflict through pointers the kernel moves
// by whole elements, as production kernels set up their bases: `images += blockIdx.y * stride +
// threadIdx.x` once, then `images[i * stride]`; a local pointer stepped by a row in a loop;
// `p++`. The walk keeps such a pointer's value in elements, which is its address. Silent: a
// step by the same amount in every lane (the pattern stays unit-stride), a pointer moved
// through a cast to bytes, a step that differs per trip and lane. A pointer set afresh is
// followed from the address it is set to (memory/assigned-pointers.cu).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access,shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Particle {
  float x, y, z, vx, vy, vz, m, q; // 32 bytes
};

// Shared memory through a stepped pointer: a column of a [32][32] tile (reported first: the
// findings come rule by rule).
__global__ void sharedColumn(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  float *t = &tile[0][0] + threadIdx.x * 32;
  float s = 0.f;
  for (int k = 0; k < 32; ++k) {
    s += t[0];
    ++t;
  }
  out[threadIdx.y * 32 + threadIdx.x] = s;
}
// CHECK: stepped-pointers.cu:[[@LINE-5]]:10: warning: 't[0]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

// A kernel parameter moved once, then read with a row stride per lane.
__global__ void paramOnce(const float *in, float *out, int n) {
  in += blockIdx.x * 8192 + threadIdx.x * 64;
  out += blockIdx.x * 256 + threadIdx.x;
  float s = 0.f;
  for (int k = 0; k < n; ++k)
    s += in[k];
  out[0] = s;
}
// CHECK: stepped-pointers.cu:[[@LINE-3]]:10: warning: lanes of a warp read 'in[k]' 256 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// A local pointer stepped by a row each trip, its store after a store through it, and `p++`
// on an array of structs.
__global__ void localSteps(const float *in, float *out, const Particle *p) {
  const float *col = in + threadIdx.x;
  float *row = out + (blockIdx.x * blockDim.x + threadIdx.x) * 16;
  float s = 0.f;
  for (int r = 0; r < 64; ++r) {
    s += col[0];
    col += 1024;
  }
  row[0] = s;
  row++;
  row[0] = 2.f * s;
  p += blockIdx.x * blockDim.x + threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = p->m;
}
// CHECK: stepped-pointers.cu:[[@LINE-6]]:3: warning: lanes of a warp write 'row[0]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
// CHECK: stepped-pointers.cu:[[@LINE-7]]:3: warning: lanes of a warp write 'row[0]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
// CHECK: stepped-pointers.cu:[[@LINE-8]]:48: warning: lanes of a warp read 'p->m' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 32-byte structs

// Silent, but for the pointer set afresh.
__global__ void silent(const float *in, float *out, int pitch, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Stepped by the same amount in every lane: still unit stride.
  const float *a = in + i;
  float s = 0.f;
  for (int k = 0; k < 8; ++k) {
    s += a[0];
    a += 4096;
  }
  // Moved through bytes: not followed.
  const float *b = in;
  b = (const float *)((const char *)b + pitch * i);
  s += b[0];
  // Set afresh: followed from the address it is set to (reported).
  const float *c = in + i;
  c = in + 64 * i;
  s += c[0];
  // CHECK: stepped-pointers.cu:[[@LINE-1]]:8: warning: lanes of a warp read 'c[0]' 256 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK: note: make threadIdx.x index the contiguous dimension
  // A step that differs per lane on each trip: no one pattern.
  const float *d = in + i;
  for (int k = 0; k < 8; ++k) {
    s += d[0];
    d += idx[i];
  }
  out[i] = s;
}

void host(const float *a, float *b, const Particle *p, const int *idx, int n) {
  paramOnce<<<64, 256>>>(a, b, n);
  localSteps<<<64, 256>>>(a, b, p);
  sharedColumn<<<1, dim3(32, 32)>>>(a, b);
  silent<<<64, 256>>>(a, b, n, idx);
}
// CHECK: cuda-lint: 6 warnings and 0 errors in 1 file; 1 file analysed

// A pointer stepped by a run-time amount in a loop whose trips differ per lane (magma's
// zsymmetrize_tiles walks dA down column i for i trips, then reads the diagonal): afterwards
// each lane's pointer has moved by its own multiple of the step, which no lane pattern holds:
// silent (it was read as one 8-byte field of 16-byte structs, lanes 16 bytes apart).
__global__ void diagonal(int m, double2 *dA, int ldda) {
  int i = blockIdx.x * 64 + threadIdx.x;
  if (i < m) {
    dA += i;
    double2 *end = dA + i * ldda;
    while (dA < end)
      dA += ldda;
    *dA = make_double2((*dA).x, 0);
  }
}
void diagonalHost(double2 *a, int m, int ld) { diagonal<<<4, 64>>>(m, a, ld); }
