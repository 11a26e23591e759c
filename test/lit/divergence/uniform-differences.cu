// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A difference of two thread-dependent values that is the same in every thread of the block:
// cuCollections' kernels (open_addressing/kernels.cuh, static_map/kernels.cuh) walk a grid with
// `idx = global_thread_id() / CGSize` and keep the whole block in one iteration with `while ((idx
// - thread_idx / CGSize) < n)`, a barrier inside. With blocks of 128 threads and CGSize 8, each
// warp's share of idx and of thread_idx / 8 is 4 * warp on both sides, so the difference is
// 16 * blockIdx.x in every thread; each thread's value showed that, the per-warp form did not,
// and the loop was reported as one whose trip count differs between the warps. Likewise after
// the loop's step by the grid's stride (or another value the block shares), whose trips move
// every thread alike.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using index_type = long;

__device__ static index_type global_thread_id() noexcept {
  return index_type{threadIdx.x} + index_type{blockDim.x} * index_type{blockIdx.x};
}
__device__ static index_type grid_stride() noexcept {
  return index_type{gridDim.x} * index_type{blockDim.x};
}

// cuCollections' contains_if_n: silent.
template <int CGSize, int BlockSize>
__global__ __launch_bounds__(BlockSize) void contains(const int *in, index_type n, int *out) {
  auto const block = cg::this_thread_block();
  auto const thread_idx = block.thread_rank();
  auto const loop_stride = grid_stride() / CGSize;
  auto idx = global_thread_id() / CGSize;
  __shared__ int buffer[BlockSize / CGSize];
  while ((idx - thread_idx / CGSize) < n) {
    if (idx < n && thread_idx % CGSize == 0)
      buffer[thread_idx / CGSize] = in[idx];
    block.sync();
    if (idx < n && thread_idx % CGSize == 0)
      out[idx] = buffer[thread_idx / CGSize];
    idx += loop_stride;
  }
}

// A branch rather than a loop, and a step the kernel is given: silent.
template <int CGSize>
__global__ __launch_bounds__(128) void stepped(int n, int step, int *out) {
  int thread_idx = threadIdx.x;
  int idx = (threadIdx.x + blockDim.x * blockIdx.x) / CGSize;
  if ((idx - thread_idx / CGSize) < n)
    __syncthreads();
  while ((idx - thread_idx / CGSize) < n) {
    __syncthreads();
    idx += step;
  }
}

// The bound on idx itself differs between threads: reported.
template <int CGSize>
__global__ __launch_bounds__(128) void per_thread(int n, int *out) {
  int idx = (threadIdx.x + blockDim.x * blockIdx.x) / CGSize;
  while (idx < n) {
    __syncthreads();
    // CHECK: uniform-differences.cu:[[@LINE-1]]:5: error: __syncthreads() is in a loop whose condition 'idx < n' differs between threads [barrier-in-divergent-branch]
    // CHECK: note: threads that leave the loop early miss the barriers of the later iterations, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK: note: make the trip count block-uniform (e.g. step a block-wide base by blockDim.x while it is below the bound) and guard only the work inside the loop
    idx += 1000;
  }
}

void launch(const int *in, index_type n, int *out, cudaStream_t s) {
  contains<8, 128><<<100, 128, 0, s>>>(in, n, out);
  stepped<2><<<100, 128, 0, s>>>(int(n), 12800, out);
  per_thread<2><<<100, 128, 0, s>>>(int(n), out);
}
// CHECK: cuda-lint: 0 warnings and 1 error in 1 file; 1 file analysed
