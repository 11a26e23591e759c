// uncoalesced-global-access on an index scaled by a value known only from below: the naive
// transpose of NVIDIA's CUDA C++ series takes its matrix width from the grid
// (`width = gridDim.x * TILE_DIM`), a value not known here but at least 32, which already puts
// each lane of `odata[x * width + y]` a sector or more from the next. Silent: the same width
// indexing the rows (`y * width + x`), a factor that may be 0 (`gridDim.x - 1`) or of any size
// (a run-time argument), and bytes a factor of at least 1 apart (they may lie together).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

#define TILE 32
#define ROWS 8

__global__ void transposeNaive(float *odata, const float *idata) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  int width = gridDim.x * TILE;
  for (int j = 0; j < TILE; j += ROWS)
    odata[x * width + (y + j)] = idata[(y + j) * width + x];
  // CHECK: grid-factors.cu:[[@LINE-1]]:5: warning: lanes of a warp write 'odata[x * width + (y + j)]' at least 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}    odata[x * width + (y + j)] = idata[(y + j) * width + x];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK-NEXT: note: the index is the thread index times a value not known here but known from below (as 'gridDim.x * 32' is at least 32): these are the gaps where that value is least; a larger one only puts the lanes further apart
  // CHECK-NEXT: note: keep the elements the lanes use together where consecutive lanes find them at consecutive addresses (a separate array of them, or a layout indexed by the thread index), or stage them through shared memory
}

__global__ void silentFactors(float *out, char *bytes, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x * (gridDim.x - 1)] = 0.0f; // 0 in a grid of one block: a broadcast
  out[x * n] = 1.0f;               // any stride
  bytes[x * gridDim.x] = 2;        // one block: 32 bytes side by side
}

void launch(float *o, const float *i, char *b, int n) {
  transposeNaive<<<dim3(32, 32), dim3(TILE, ROWS)>>>(o, i);
  silentFactors<<<64, 256>>>(o, b, n);
}
