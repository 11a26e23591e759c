// uncoalesced-global-access through an index clamped at an image's edge: `if (px < width - 1)
// i += 4` (nvdiffrast's discontinuity finder looks one pixel right unless at the last column).
// The guard splits at most the warp at the edge; every other warp takes one path with all its
// lanes, so the index keeps its lane pattern there, in an `if` and in a `?:` alike. Silent: a
// choice that splits every warp (odd lanes step, even lanes do not), two arms with different
// lane patterns, a clamped neighbour read at unit stride. A guard true in one lane of the last
// warp it splits (`x < 513`, cuFFT's callback sample) is no edge: every warp below it takes the
// guarded store whole, and it is reported.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Params {
  const float *pixels; // 4 floats per pixel
  const float *plane;  // 1 float per pixel
  float *out;
  int width, height;
};

#define BW 32
#define BH 8

__global__ void lookRight(const Params p) {
  int px = blockIdx.x * BW + threadIdx.x;
  int py = blockIdx.y * BH + threadIdx.y;
  if (px >= p.width || py >= p.height)
    return;
  int i0 = ((px + p.width * py) << 2) + 3;
  int i1 = i0;
  if (px < p.width - 1)
    i1 += 4;
  float right = p.pixels[i1];
  // CHECK: edge-clamps.cu:[[@LINE-1]]:17: warning: lanes of a warp read 'p.pixels[i1]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  float right = p.pixels[i1];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  int i2 = px < p.width - 1 ? i0 + 4 : i0;
  float again = p.pixels[i2];
  // CHECK: edge-clamps.cu:[[@LINE-1]]:17: warning: lanes of a warp read 'p.pixels[i2]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  float again = p.pixels[i2];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  int j = px + p.width * py;
  int j1 = px < p.width - 1 ? j + 1 : j; // unit stride in every warp but the edge's
  float plain = p.plane[j1];
  int k = i0;
  if (threadIdx.x % 2)
    k += 4; // odd lanes move: the pattern differs within each warp
  float split = p.pixels[k];
  int m = i0;
  if (px < p.width - 1)
    m = j; // the other arm is a different pattern
  float mixed = p.pixels[m];
  p.out[j] = right + again + plain + split + mixed;
}

#define NCOLS 513
__global__ void storeTransposed(const float2 *in, float2 *out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  if (x < NCOLS)
    out[x * 1000 + y] = in[y * NCOLS + x];
  // CHECK: edge-clamps.cu:[[@LINE-1]]:5: warning: lanes of a warp write 'out[x * 1000 + y]' 8000 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}    out[x * 1000 + y] = in[y * NCOLS + x];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
  // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
}

void launch(const Params &p, cudaStream_t s) {
  dim3 block(BW, BH), grid((p.width + BW - 1) / BW, (p.height + BH - 1) / BH);
  lookRight<<<grid, block, 0, s>>>(p);
  storeTransposed<<<dim3(17, 125), dim3(32, 8), 0, s>>>(nullptr, nullptr);
}
