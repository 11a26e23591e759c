// Kernel arguments that every launch passes the same known value, followed
// through a host wrapper to its callers (Learn-CUDA-Programming's convolution:
// main passes a filter size of 9 to convolution_gpu, which launches the
// kernel with it). A branch the unknown argument leaves a note is walked again
// with the values; only the lane splits that shows are added, with a note of
// the values. Callers that disagree, a wrapper whose address is taken or that
// writes the parameter, and launches not seen give nothing.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#define BLOCK_DIM 16

// Launched by convolution_gpu, which main calls twice with filter_size = 9.
__global__ void conv(const float *in, float *out, int width, int filter) {
  extern __shared__ float s[];
  int pad = filter / 2;
  int tile = BLOCK_DIM + 2 * pad;
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    // CHECK: launch-args.cu:[[@LINE-2]]:9: warning: warp-divergent branch (lane-split): 'fid_col >= tile' splits every warp [warp-divergent-branch]
    // CHECK: launch-args.cu:[[@LINE-3]]:9: note: this is in the trip of its loop where col = 1
    // CHECK: launch-args.cu:[[@LINE-4]]:9: note: with filter = 9, what every launch of 'conv' in this file passes
    // CHECK: launch-args.cu:[[@LINE-5]]:9: note: it is true for lanes 8-15 and 24-31 and false for lanes 0-7 and 16-23 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK: launch-args.cu:[[@LINE-6]]:9: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col - pad];
  }
}

// Launched with 9 and with 5: no value to bind.
__global__ void convTwoSizes(const float *in, float *out, int width, int filter) {
  extern __shared__ float s[];
  int pad = filter / 2;
  int tile = BLOCK_DIM + 2 * pad;
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col - pad];
  }
}

// Through a wrapper whose address is taken: its callers are not all known.
__global__ void convByPointer(const float *in, float *out, int width, int filter) {
  extern __shared__ float s[];
  int pad = filter / 2;
  int tile = BLOCK_DIM + 2 * pad;
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col - pad];
  }
}

// Through a wrapper that changes its parameter before the launch.
__global__ void convWritten(const float *in, float *out, int width, int filter) {
  extern __shared__ float s[];
  int pad = filter / 2;
  int tile = BLOCK_DIM + 2 * pad;
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col - pad];
  }
}

// Launched only through cudaLaunchKernel: its arguments are not read.
__global__ void convLaunchKernel(const float *in, float *out, int width, int filter) {
  extern __shared__ float s[];
  int pad = filter / 2;
  int tile = BLOCK_DIM + 2 * pad;
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col - pad];
  }
}

static cudaStream_t stream;

void convolution_gpu(const float *in, float *out, int width, int filter_size) {
  conv<<<64, dim3(BLOCK_DIM, BLOCK_DIM), 4096, stream>>>(in, out, width, filter_size);
}
void twoSizes(const float *in, float *out, int width, int filter_size) {
  convTwoSizes<<<64, dim3(BLOCK_DIM, BLOCK_DIM), 4096, stream>>>(in, out, width, filter_size);
}
void byPointer(const float *in, float *out, int width, int filter_size) {
  convByPointer<<<64, dim3(BLOCK_DIM, BLOCK_DIM), 4096, stream>>>(in, out, width, filter_size);
}
void written(const float *in, float *out, int width, int filter_size) {
  filter_size |= 1;
  convWritten<<<64, dim3(BLOCK_DIM, BLOCK_DIM), 4096, stream>>>(in, out, width, filter_size);
}
void launchKernel(const float *in, float *out, int width, int filter_size) {
  void *args[] = {&in, &out, &width, &filter_size};
  cudaLaunchKernel((const void *)convLaunchKernel, dim3(64), dim3(BLOCK_DIM, BLOCK_DIM), args,
                   4096, stream);
}

void (*table[])(const float *, float *, int, int) = {byPointer};

int main() {
  float *in = nullptr, *out = nullptr;
  int filter_size = 9;
  convolution_gpu(in, out, 1024, filter_size);
  convolution_gpu(in, out, 2048, filter_size);
  twoSizes(in, out, 1024, 9);
  twoSizes(in, out, 1024, 5);
  byPointer(in, out, 1024, 9);
  written(in, out, 1024, 8);
  launchKernel(in, out, 1024, 9);
}
