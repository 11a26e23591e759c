// A loop with a constant trip count whose bound the joined values of all its
// trips leave unknown: the first trips are walked again one by one with their
// own values, so a tile loaded in 16-wide passes (Learn-CUDA-Programming's
// convolution_kernel_v3: a 24-wide tile, every warp half idle in the second
// pass) is a lane split in the trip where col = 1. Only lane splits come from
// those walks: trips that keep whole warps together add nothing.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#define BLOCK_DIM 16
#define TILE 24

__global__ void tileRows(const float *in, float *out, int width) {
  __shared__ float s[TILE * TILE];
  for (int row = 0; row <= TILE / BLOCK_DIM; row++) {
    for (int col = 0; col <= TILE / BLOCK_DIM; col++) {
      int fid_row = threadIdx.y + BLOCK_DIM * row;
      int fid_col = threadIdx.x + BLOCK_DIM * col;
      if (fid_row >= TILE || fid_col >= TILE)
        continue;
      // CHECK: loop-trips.cu:[[@LINE-2]]:11: warning: warp-divergent branch (lane-split): 'fid_row >= TILE || fid_col >= TILE' splits every warp [warp-divergent-branch]
      // CHECK-NEXT: fid_row >= TILE || fid_col >= TILE
      // CHECK: loop-trips.cu:[[@LINE-4]]:11: note: with the 16x16 block of the launch at line 62, each warp holds 2 rows of 16 threads
      // CHECK: loop-trips.cu:[[@LINE-5]]:11: note: this is in the trip of its loop where col = 1
      // CHECK: loop-trips.cu:[[@LINE-6]]:11: note: it is true for lanes 8-15 and 24-31 and false for lanes 0-7 and 16-23 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
      // CHECK: loop-trips.cu:[[@LINE-7]]:11: note: launch blocks at least 32 threads wide in x (e.g. 32x8 instead of 16x16) so that a warp never spans two rows
      s[TILE * fid_row + fid_col] = in[(blockIdx.y * BLOCK_DIM + fid_row) * width + fid_col];
    }
  }
  __syncthreads();
  out[threadIdx.y * width + threadIdx.x] = s[threadIdx.y * TILE + threadIdx.x];
}

// The same tile in rows: the second pass keeps rows 0-7 (whole warps, two
// rows each) and idles rows 8-15 (whole warps too).
__global__ void tileColumns(const float *in, float *out, int width) {
  __shared__ float s[TILE * BLOCK_DIM];
  for (int row = 0; row <= TILE / BLOCK_DIM; row++) {
    int r = threadIdx.y + BLOCK_DIM * row;
    if (r >= TILE)
      continue;
    s[r * BLOCK_DIM + threadIdx.x] = in[r * width + threadIdx.x];
  }
  __syncthreads();
  out[threadIdx.y * width + threadIdx.x] = s[threadIdx.y * BLOCK_DIM + threadIdx.x];
}

// A trip count that is not known: nothing to walk trip by trip.
__global__ void tileRowsUnknown(const float *in, float *out, int width, int tile) {
  extern __shared__ float s[];
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col];
  }
  __syncthreads();
  out[threadIdx.y * width + threadIdx.x] = s[threadIdx.y * tile + threadIdx.x];
}

void launch(cudaStream_t stream, const float *in, float *out, int width, int tile) {
  dim3 block(BLOCK_DIM, BLOCK_DIM);
  tileRows<<<64, block, 0, stream>>>(in, out, width);
  tileColumns<<<64, block, 0, stream>>>(in, out, width);
  tileRowsUnknown<<<64, block, tile * BLOCK_DIM * sizeof(float), stream>>>(in, out, width, tile);
}
