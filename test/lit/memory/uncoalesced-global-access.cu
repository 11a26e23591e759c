// uncoalesced-global-access: each idiom of issue 35, reported (a request that touches at least
// twice the 32-byte sectors its elements need) or silent (unit stride, grid-stride loops,
// broadcasts, runtime and data-dependent strides, a thread that uses the bytes between its lanes).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#define COLS 1024
constexpr int kStride = 8;

struct Particle {
  float x, y, z, vx, vy, vz, m, q; // 32 bytes
};

__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  out[i] += in[32 * i];
  out[i] += in[kStride * i];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-4]]:12: warning: lanes of a warp read 'in[2 * i]' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
// CHECK: uncoalesced-global-access.cu:[[@LINE-6]]:13: warning: lanes of a warp read 'in[32 * i]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
// CHECK: uncoalesced-global-access.cu:[[@LINE-8]]:13: warning: lanes of a warp read 'in[kStride * i]' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index

// Adjacent elements of one thread: the second load uses what the first fetched (measured no
// slower than a float2 load): silent. So is every field of a struct.
__global__ void pairs(const float *in, float *out, const Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i] + in[2 * i + 1];
  out[i] += p[i].x + p[i].y + p[i].z + p[i].vx + p[i].vy + p[i].vz + p[i].m + p[i].q;
}

// One field of an array of structs.
__global__ void aosField(const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].y;
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-2]]:12: warning: lanes of a warp read 'p[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: with the other element of 'p' each thread reads beside it, the warp uses 256 of the 1000 bytes DRAM moves for them in 64-byte segments (26%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// CHECK: uncoalesced-global-access.cu:[[@LINE-6]]:21: warning: lanes of a warp read 'p[i].y' 32 bytes apart
// CHECK: note: each 32-byte sector
// CHECK: note: with the other element of 'p'
// CHECK: note: keep the fields each thread uses

// A row per thread, the row length a macro.
__global__ void rowPerThread(const float *m, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  for (int c = 0; c < COLS; ++c)
    v += m[r * COLS + c];
  out[r] = v;
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-3]]:10: warning: lanes of a warp read 'm[r * COLS + c]' 4096 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// Silent: unit stride, grid-stride loops, broadcasts, a runtime stride, a data-dependent index.
__global__ void silent(const float *in, float *out, int n, int s, const int *idx) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i] + in[blockIdx.x] + in[0] + in[s * i] + in[idx[i]] + in[threadIdx.x / 32];
}

// Each thread writes 4 consecutive elements in a short counted loop (llm.c's classifier): the
// loop's trips use the sectors the first one touched, as adjacent accesses do: silent.
__global__ void fourPerThread(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k) {
    int element = i * 4 + k;
    out[element] = 1.f;
  }
}

// The same stride, when every launch passes it (3): known.
__global__ void argStride(const float *in, float *out, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[s * i];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-2]]:14: warning: lanes of a warp read 'in[s * i]' 12 bytes apart: 12 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 384 bytes to use 128
// CHECK: note: with the values every launch passes: n = 1000, s = 3
// CHECK: note: make consecutive lanes use consecutive elements

// The naive transpose (32x8 blocks): the read is along rows, the write along columns.
__global__ void naiveTranspose(const float *in, float *out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[x * 4096 + (y + j)] = in[(y + j) * 4096 + x];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-2]]:5: warning: lanes of a warp write 'out[x * 4096 + (y + j)]' 16384 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// 16x16 blocks: a warp spans two rows. Row-major reads are fine; column reads are not.
__global__ void blocks2d(const float *in, float *out) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  out[y * 4096 + x] = in[y * 4096 + x];
  out[y * 4096 + x] += in[x * 4096 + y];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-2]]:24: warning: lanes of a warp read 'in[x * 4096 + y]' spread over 245768 bytes: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
// CHECK: note: make threadIdx.x index the contiguous dimension

// Vector and narrow types.
__global__ void types(const float4 *v, const double *d, const char *c, float4 *o4, double *od,
                      char *oc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o4[i] = v[i];
  o4[i] = v[2 * i];
  od[i] = d[i] + d[4 * i];
  oc[i] = c[i] + c[4 * i];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-4]]:11: warning: lanes of a warp read 'v[2 * i]' 32 bytes apart: 32 sectors per request instead of 16 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 512
// CHECK: note: make consecutive lanes use consecutive elements
// CHECK: uncoalesced-global-access.cu:[[@LINE-6]]:18: warning: lanes of a warp read 'd[4 * i]' 32 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
// CHECK: note: make consecutive lanes use consecutive elements
// CHECK: uncoalesced-global-access.cu:[[@LINE-8]]:18: warning: lanes of a warp read 'c[4 * i]' 4 bytes apart: 4 sectors per request instead of 1 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 128 bytes to use 32
// CHECK: note: make consecutive lanes use consecutive elements

// Templates: per instantiation (float: 16 sectors for 4; double: 32 for 8).
template <typename T>
__global__ void strideT(const T *in, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-2]]:12: warning: lanes of a warp read 'in[4 * i]' {{16 bytes apart: 16 sectors per request instead of 4|32 bytes apart: 32 sectors per request instead of 8}} [uncoalesced-global-access]
// CHECK: note: each 32-byte sector
// CHECK: note: make consecutive lanes use consecutive elements

// A device function reached with a kernel's pointer; the stride from a loop counter, per trip.
__device__ float column(const float *p, int i) { return p[i * 64]; }
__global__ void helper(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = column(in, i);
  for (int k = 1; k < 4; ++k)
    out[i] += in[i * k];
}
// CHECK: uncoalesced-global-access.cu:[[@LINE-7]]:57: warning: lanes of a warp read 'p[i * 64]' 256 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector
// CHECK: note: make threadIdx.x index the contiguous dimension
// CHECK: uncoalesced-global-access.cu:[[@LINE-5]]:15: warning: lanes of a warp read 'in[i * k]' 12 bytes apart: 12 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 384 bytes to use 128
// CHECK: note: in the loop's trip where k = 3
// CHECK: note: make consecutive lanes use consecutive elements

void launch(const float *a, float *b, const Particle *p, const int *idx, const float4 *v,
            const double *d, const char *c, float4 *o4, double *od, char *oc, cudaStream_t s,
            int n, int stride) {
  strided<<<64, 256, 0, s>>>(a, b);
  pairs<<<64, 256, 0, s>>>(a, b, p);
  aosField<<<64, 256, 0, s>>>(p, b);
  rowPerThread<<<64, 256, 0, s>>>(a, b);
  silent<<<64, 256, 0, s>>>(a, b, n, stride, idx);
  argStride<<<64, 256, 0, s>>>(a, b, 1000, 3);
  fourPerThread<<<64, 256, 0, s>>>(b);
  naiveTranspose<<<dim3(128, 128), dim3(32, 8), 0, s>>>(a, b);
  blocks2d<<<dim3(256, 256), dim3(16, 16), 0, s>>>(a, b);
  types<<<64, 256, 0, s>>>(v, d, c, o4, od, oc);
  strideT<float><<<64, 256, 0, s>>>(a, b);
  strideT<double><<<64, 256, 0, s>>>(d, od);
  helper<<<64, 256, 0, s>>>(a, b);
}
// CHECK: cuda-lint: 15 warnings and 0 errors in 1 file; 1 file analysed
