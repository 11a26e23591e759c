// Parallel reduction family (Professional CUDA C Programming, ch. 3): each block sums 512 elements
// in shared memory and writes one partial sum per channel. Every element carries `channels` ints
// (a run-time count, 4 here) and each combining step is a loop over them: with a single add per
// step nvcc predicates the branch (no divergent branch is executed; the cost shows up only as idle
// predicated lanes and time), with a loop it must branch, so the divergence is what runs.
// Anti-patterns (warp-divergent-branch):
//   reduceNeighbored      `tid % (2 * stride) == 0` splits every warp (lane-split);
//   reduceNeighboredLess  `2 * stride * tid < blockDim.x`: the active threshold shrinks below 32;
//   reduceInterleaved     `tid < stride`, stride halving to 1: shrinking threshold below 32.
// Fixed twin: reduceUnrolledWarp, an unrolled tree whose steps are whole warps (tid < 256/128/64)
// and whose last warp reduces with shuffles, so no branch splits a warp.
// A note (the rule's "bound that stays in one warp"): reduceWarpSyncFinish, the tree loop stopped
// at 32 and a warp-synchronous finish `if (tid < offset)` with offset 16..1 and __syncwarp
// (CUDA-Programming's reduce.cu), timed against reduceShuffleFinish, the same loop finished with
// __shfl_down_sync: that pair isolates the last five steps, which run inside warp 0 in both.
// Self-checking: every partial sum is compared with the host's; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kBlock = 512;
constexpr int kN = 1 << 22;
constexpr int kMaxChannels = 4;
constexpr int kChannels = 4;

// Loads this block's elements of every channel into shared memory (zeros past n).
__device__ inline void loadBlock(int (*smem)[kBlock], const int *in, int n, int channels) {
  unsigned tid = threadIdx.x;
  unsigned idx = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 0; c < channels; ++c) {
    int v = 0;
    if (idx < static_cast<unsigned>(n))
      v = in[c * n + idx];
    smem[c][tid] = v;
  }
  __syncthreads();
}

// Writes the block's per-channel sums (in smem[c][0]) to out[c][blockIdx.x].
__device__ inline void storeBlock(int (*smem)[kBlock], int *out, int channels) {
  unsigned tid = threadIdx.x;
  if (tid < static_cast<unsigned>(channels))
    out[tid * gridDim.x + blockIdx.x] = smem[tid][0];
}

__global__ void __launch_bounds__(kBlock)
    reduceNeighbored(const int *in, int *out, int n, int channels) {
  __shared__ int smem[kMaxChannels][kBlock];
  loadBlock(smem, in, n, channels);
  unsigned tid = threadIdx.x;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if ((tid % (2 * stride)) == 0) {
      for (int c = 0; c < channels; ++c)
        smem[c][tid] += smem[c][tid + stride];
    }
    __syncthreads();
  }
  storeBlock(smem, out, channels);
}

__global__ void __launch_bounds__(kBlock)
    reduceNeighboredLess(const int *in, int *out, int n, int channels) {
  __shared__ int smem[kMaxChannels][kBlock];
  loadBlock(smem, in, n, channels);
  unsigned tid = threadIdx.x;
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < blockDim.x) {
      for (int c = 0; c < channels; ++c)
        smem[c][index] += smem[c][index + stride];
    }
    __syncthreads();
  }
  storeBlock(smem, out, channels);
}

__global__ void __launch_bounds__(kBlock)
    reduceInterleaved(const int *in, int *out, int n, int channels) {
  __shared__ int smem[kMaxChannels][kBlock];
  loadBlock(smem, in, n, channels);
  unsigned tid = threadIdx.x;
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      for (int c = 0; c < channels; ++c)
        smem[c][tid] += smem[c][tid + stride];
    }
    __syncthreads();
  }
  storeBlock(smem, out, channels);
}

__global__ void __launch_bounds__(kBlock)
    reduceUnrolledWarp(const int *in, int *out, int n, int channels) {
  __shared__ int smem[kMaxChannels][kBlock];
  loadBlock(smem, in, n, channels);
  unsigned tid = threadIdx.x;
  if (tid < 256) {
    for (int c = 0; c < channels; ++c)
      smem[c][tid] += smem[c][tid + 256];
  }
  __syncthreads();
  if (tid < 128) {
    for (int c = 0; c < channels; ++c)
      smem[c][tid] += smem[c][tid + 128];
  }
  __syncthreads();
  if (tid < 64) {
    for (int c = 0; c < channels; ++c)
      smem[c][tid] += smem[c][tid + 64];
  }
  __syncthreads();
  if (tid < 32) {
    for (int c = 0; c < channels; ++c) {
      int sum = smem[c][tid] + smem[c][tid + 32];
#pragma unroll
      for (int offset = 16; offset > 0; offset >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
      if (tid == 0)
        smem[c][0] = sum;
    }
  }
  __syncthreads();
  storeBlock(smem, out, channels);
}

__global__ void __launch_bounds__(kBlock)
    reduceWarpSyncFinish(const int *in, int *out, int n, int channels) {
  __shared__ int smem[kMaxChannels][kBlock];
  loadBlock(smem, in, n, channels);
  unsigned tid = threadIdx.x;
  for (unsigned stride = blockDim.x / 2; stride >= 32; stride >>= 1) {
    if (tid < stride) {
      for (int c = 0; c < channels; ++c)
        smem[c][tid] += smem[c][tid + stride];
    }
    __syncthreads();
  }
  for (unsigned offset = 16; offset > 0; offset >>= 1) {
    if (tid < offset) {
      for (int c = 0; c < channels; ++c)
        smem[c][tid] += smem[c][tid + offset];
    }
    __syncwarp();
  }
  storeBlock(smem, out, channels);
}

__global__ void __launch_bounds__(kBlock)
    reduceShuffleFinish(const int *in, int *out, int n, int channels) {
  __shared__ int smem[kMaxChannels][kBlock];
  loadBlock(smem, in, n, channels);
  unsigned tid = threadIdx.x;
  for (unsigned stride = blockDim.x / 2; stride >= 32; stride >>= 1) {
    if (tid < stride) {
      for (int c = 0; c < channels; ++c)
        smem[c][tid] += smem[c][tid + stride];
    }
    __syncthreads();
  }
  if (tid < 32) {
    for (int c = 0; c < channels; ++c) {
      int sum = smem[c][tid];
#pragma unroll
      for (int offset = 16; offset > 0; offset >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
      if (tid == 0)
        smem[c][0] = sum;
    }
  }
  __syncwarp();
  storeBlock(smem, out, channels);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  const int blocks = (kN + kBlock - 1) / kBlock;

  std::vector<int> in(static_cast<size_t>(kChannels) * kN);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<int>((i * 7) & 0xff);
  std::vector<int> want(static_cast<size_t>(kChannels) * blocks, 0), got(want.size());
  for (int c = 0; c < kChannels; ++c)
    for (int i = 0; i < kN; ++i)
      want[static_cast<size_t>(c) * blocks + i / kBlock] += in[static_cast<size_t>(c) * kN + i];

  int *din, *dout;
  CUDA_CHECK(cudaMalloc(&din, in.size() * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dout, want.size() * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(din, in.data(), in.size() * sizeof(int), cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), dout, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("reduction", name, role, dim3(blocks), dim3(kBlock), 1, t, ok);
    CUDA_CHECK(cudaMemsetAsync(dout, 0, got.size() * sizeof(int), stream));
  };

  CUDA_CHECK(cudaMemsetAsync(dout, 0, got.size() * sizeof(int), stream));
  check("reduceNeighbored", "anti", bench::timeLaunches(opts, stream, [&] {
          reduceNeighbored<<<blocks, kBlock, 0, stream>>>(din, dout, kN, kChannels);
        }));
  check("reduceNeighboredLess", "anti", bench::timeLaunches(opts, stream, [&] {
          reduceNeighboredLess<<<blocks, kBlock, 0, stream>>>(din, dout, kN, kChannels);
        }));
  check("reduceInterleaved", "anti", bench::timeLaunches(opts, stream, [&] {
          reduceInterleaved<<<blocks, kBlock, 0, stream>>>(din, dout, kN, kChannels);
        }));
  check("reduceUnrolledWarp", "fixed", bench::timeLaunches(opts, stream, [&] {
          reduceUnrolledWarp<<<blocks, kBlock, 0, stream>>>(din, dout, kN, kChannels);
        }));
  check("reduceWarpSyncFinish", "note", bench::timeLaunches(opts, stream, [&] {
          reduceWarpSyncFinish<<<blocks, kBlock, 0, stream>>>(din, dout, kN, kChannels);
        }));
  check("reduceShuffleFinish", "fixed", bench::timeLaunches(opts, stream, [&] {
          reduceShuffleFinish<<<blocks, kBlock, 0, stream>>>(din, dout, kN, kChannels);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(din));
  CUDA_CHECK(cudaFree(dout));
  return failures == 0 ? 0 : 1;
}
