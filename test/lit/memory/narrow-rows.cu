// uncoalesced-global-access over consecutive elements in rows narrower than a sector: an 8-bit
// image copied in 8x8 blocks (jetson-utils' crop and resize) puts a warp's 32 bytes in 4 rows a
// run-time pitch apart, 4 sectors per request for 1; a float image in 4x8 blocks, 8 for 4.
// Measured, a block of as many threads one warp wide takes as long (8x8 against 32x2 0.99x, 4x8
// against 32x1 1.00x; kernels/studies/narrow_rows.cu): a --pedantic note, nothing by default. A
// field of 16-byte pixels in 16x16 blocks (lanes 16 bytes apart within each row) is a warning.
// RUN: %cuda-lint --color=never --rules=uncoalesced-global-access %s > %t.default || true
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.default
// RUN: %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access %s > %t.out || true
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

// DEFAULT-NOT: note: lanes of a warp
// DEFAULT: narrow-rows.cu:19:3: warning: lanes of a warp write 'rgba[y * width + x].w' 16 bytes apart
// DEFAULT-NOT: note: lanes of a warp

__global__ void alpha(float4 *rgba, int width) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  rgba[y * width + x].w = 1.0f;
  // CHECK: narrow-rows.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'rgba[y * width + x].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
  // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 16 lanes is counted in sectors of its own
  // CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
}

template <typename T>
__global__ void crop(const T *in, T *out, int inWidth, int outWidth, int outHeight, int dx,
                     int dy) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= outWidth || y >= outHeight)
    return;
  out[y * outWidth + x] = in[(y + dy) * inWidth + x + dx];
  // CHECK: narrow-rows.cu:[[@LINE-1]]:3: note: lanes of a warp write 'out[y * outWidth + x]' in rows of 8 bytes: 4 sectors per request instead of 1 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  out[y * outWidth + x] = in[(y + dy) * inWidth + x + dx];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 128 bytes to use 32
  // CHECK: note: with blocks of 8x8 threads, one warp spans 4 values of threadIdx.y
  // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 8 lanes is counted in sectors of its own
  // CHECK-NEXT: note: measured, such rows cost nothing against a block of as many threads in rows of 32 (8x8 against 32x2 blocks of bytes 0.99x, 4x8 against 32x1 of floats 1.00x; kernels/studies/narrow_rows.cu): a note; what made those copies 3.4x and 5.3x faster was blocks of 256 threads
  // CHECK: narrow-rows.cu:[[@LINE-7]]:27: note: lanes of a warp read 'in[(y + dy) * inWidth + x + dx]' in rows of 8 bytes: 4 sectors per request instead of 1 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 128 bytes to use 32
  // CHECK: note: with blocks of 8x8 threads, one warp spans 4 values of threadIdx.y
  // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 8 lanes is counted in sectors of its own
  // CHECK-NEXT: note: with the values every launch passes: dx = 2, dy = 2
  // CHECK-NEXT: note: measured, such rows cost nothing
}

void run(const unsigned char *a, unsigned char *b, float4 *c, int w, int h) {
  crop<<<dim3(w / 8, h / 8), dim3(8, 8)>>>(a, b, w, w - 4, h - 4, 2, 2);
  alpha<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(c, w);
}
