// A caller with a syntax error (a type from a header that is missing, as in
// samples built without the CUDA samples' helper_timer.h): the statement the
// parser dropped does not name `filter_size`, so its value is still known and
// the launch argument follows it. A dropped statement that names the variable
// may have changed it: then nothing is bound.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// CHECK: launch-args-syntax-error.cu:52:3: error: unknown type name 'StopWatchInterface' [clang-diagnostic-error]
// CHECK: launch-args-syntax-error.cu:55:3: error: unknown type name 'Unknown' [clang-diagnostic-error]
#define BLOCK_DIM 16

__global__ void conv(const float *in, float *out, int width, int filter) {
  extern __shared__ float s[];
  int pad = filter / 2;
  int tile = BLOCK_DIM + 2 * pad;
  for (int col = 0; col <= tile / BLOCK_DIM; col++) {
    int fid_col = threadIdx.x + BLOCK_DIM * col;
    if (fid_col >= tile)
      continue;
    // CHECK: launch-args-syntax-error.cu:[[@LINE-2]]:9: warning: warp-divergent branch (lane-split): 'fid_col >= tile' splits every warp [warp-divergent-branch]
    // CHECK: launch-args-syntax-error.cu:[[@LINE-3]]:9: note: this is in the trip of its loop where col = 1
    // CHECK: launch-args-syntax-error.cu:[[@LINE-4]]:9: note: with width = 1024, filter = 9, what every launch of 'conv' in this file passes
    // CHECK: launch-args-syntax-error.cu:[[@LINE-5]]:9: note: it is true for lanes 8-15 and 24-31 and false for lanes 0-7 and 16-23 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK: launch-args-syntax-error.cu:[[@LINE-6]]:9: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    s[threadIdx.y * tile + fid_col] = in[threadIdx.y * width + fid_col - pad];
  }
}

__global__ void convNamed(const float *in, float *out, int width, int filter) {
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

void convolution_gpu(cudaStream_t stream, const float *in, float *out, int filter_size) {
  conv<<<64, dim3(BLOCK_DIM, BLOCK_DIM), 4096, stream>>>(in, out, 1024, filter_size);
}
void named_gpu(cudaStream_t stream, const float *in, float *out, int filter_size) {
  convNamed<<<64, dim3(BLOCK_DIM, BLOCK_DIM), 4096, stream>>>(in, out, 1024, filter_size);
}

int main() {
  cudaStream_t stream;
  float *in = nullptr, *out = nullptr;
  int filter_size = 9;
  StopWatchInterface *timer;
  convolution_gpu(stream, in, out, filter_size);
  int named = 9;
  Unknown t(&named);
  named_gpu(stream, in, out, named);
}
