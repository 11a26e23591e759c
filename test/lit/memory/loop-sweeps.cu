// uncoalesced-global-access and the short counted loops around an access: a loop whose trips
// move the element by one (`src[t * 4 + i]`, i < 4) has each thread read the bytes between its
// lanes, and is silent; one whose trips move it further (GPUJPEG's IDCT: `src[x8 + ty + i * 64]`
// in blocks of 8x8x2, 64 elements on each trip) reads no byte between the lanes, which each
// request leaves unused, and is reported. A loop from a start not known to at most K past it
// (`for (x = x4; x < min(x4 + 4, w); x++)`, libSGM's median filter) counts K trips. Its stores
// sweep a thread's bytes back to back; with a loop between them each trip's partial sectors
// reach L2 alone (kernels/studies/loop_sweep.cu) and are reported, except on a path that only
// the warps at the image's edges take (the other side of `x4 >= 4 && x4 + 7 < w`). A load whose
// loop counter moves it one element a trip, however many trips a thread takes (PointPillars'
// `voxels[voxel * 32 + i]`, i < count, `i++` or `i += 1`): each request at most twice the
// sectors it uses is silent, the next trip reading the rest of each sector (float4s, 1.02x
// against interleaved points, kernels/studies/narrow_rows.cu); more is reported (floats, 2.38x).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#include <cstdint>

__global__ void idct(const int16_t *source, float *out) {
  const int16_t *src = source + blockIdx.x * 8 * 64 * 2;
  unsigned x8 = threadIdx.x * 8, z64 = threadIdx.z * 64;
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < 8; i++)
    sum += src[x8 + threadIdx.y + i * 64 + z64 * 8];
  // CHECK: loop-sweeps.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'src[x8 + threadIdx.y + i * 64 + z64 ...' spread over 120 bytes: 4 sectors per request instead of 2 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}    sum += src[x8 + threadIdx.y + i * 64 + z64 * 8];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 128 bytes to use 64
  // CHECK: note: with blocks of 8x8 threads, one warp spans 4 values of threadIdx.y
  // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  out[blockIdx.x * 128 + threadIdx.z * 64 + threadIdx.y * 8 + threadIdx.x] = sum;
}

__global__ void sweep(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < 4; i++)
    sum += in[t * 4 + i]; // the thread reads all 16 bytes between its lanes
  out[t] = sum;
}

__global__ void median(const unsigned char *src, unsigned char *dst, int w, int h, int pitch) {
  const int x4 = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y >= h)
    return;
  if (y < 1) {
    for (int x = x4; x < min(x4 + 4, w); x++)
      dst[y * pitch + x] = 0; // back to back: the thread's 4 bytes
    return;
  }
  if (x4 >= 4 && x4 + 7 < w) {
    for (int x = x4; x < min(x4 + 4, w); x++) {
      unsigned char m = 0;
      for (int i = 0; i < 9; i++)
        m = max(m, src[(y - 1 + i / 3) * pitch + x - 1 + i % 3]);
      dst[y * pitch + x] = m;
      // CHECK: loop-sweeps.cu:[[@LINE-1]]:7: warning: lanes of a warp write 'dst[y * pitch + x]' 4 bytes apart: 4 sectors per request instead of 1 [uncoalesced-global-access]
      // CHECK-NEXT: {{^}}      dst[y * pitch + x] = m;
      // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 128 bytes to use 32
      // CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
      // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 16 lanes is counted in sectors of its own
      // CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
    }
  } else if (x4 < w) {
    for (int x = x4; x < min(x4 + 4, w); x++) {
      unsigned char m = 0;
      for (int i = 0; i < 9; i++)
        m = max(m, src[(y - 1 + i / 3) * pitch + max(x - 1 + i % 3, 0)]);
      dst[y * pitch + x] = m; // the image's left and right edges only
    }
  }
}

// SGEMM_CUDA's epilogue: lanes 32 bytes apart read and write a float4, and the next trip of
// `n += 4` the float4 after it; the thread covers the 32 bytes between its lanes. Silent.
__global__ void epilogue(float *C, int N) {
  const int row = threadIdx.x / 16, col = threadIdx.x % 16;
  for (int m = 0; m < 8; ++m)
    for (int n = 0; n < 8; n += 4) {
      float4 t = reinterpret_cast<float4 *>(&C[(row * 8 + m) * N + col * 8 + n])[0];
      t.x += 1.0f;
      t.w += 1.0f;
      reinterpret_cast<float4 *>(&C[(row * 8 + m) * N + col * 8 + n])[0] = t;
    }
}

__global__ void voxels(const float4 *points, const float *weights, const unsigned *counts,
                       float4 *sums, float *total) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned count = min(counts[v], 32u);
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float w = 0.0f;
  for (unsigned i = 0; i < count; i++) {
    int in = v * 32 + i;
    float4 p = points[in]; // 16-byte points: silent
    acc.x += p.x;
    acc.y += p.y;
    w += weights[in];
    // CHECK: loop-sweeps.cu:[[@LINE-1]]:10: warning: lanes of a warp read 'weights[in]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK-NEXT: {{^}}    w += weights[in];
    // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
    // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  }
  sums[v] = acc;
  total[v] = w;
}

// The same loop stepping its counter with `i += 1`: the same sweep, silent.
__global__ void voxelsStepOne(const float4 *points, const unsigned *counts, float4 *sums) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned count = min(counts[v], 32u);
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (unsigned i = 0; i < count; i += 1) {
    float4 p = points[v * 32 + i];
    acc.x += p.x;
    acc.y += p.y;
  }
  sums[v] = acc;
}

void run(const int16_t *s, const float *in, float *out, const unsigned char *img,
         unsigned char *res, int n, int w, int h, cudaStream_t st) {
  idct<<<n, dim3(8, 8, 2), 0, st>>>(s, out);
  sweep<<<n, 256, 0, st>>>(in, out);
  median<<<dim3((w / 4 + 15) / 16, (h + 15) / 16), dim3(16, 16), 0, st>>>(img, res, w, h, w);
  epilogue<<<n, 256, 0, st>>>(out, w);
  voxels<<<n, 256, 0, st>>>((const float4 *)in, in, (const unsigned *)img, (float4 *)out, out);
  voxelsStepOne<<<n, 256, 0, st>>>((const float4 *)in, (const unsigned *)img, (float4 *)out);
}
