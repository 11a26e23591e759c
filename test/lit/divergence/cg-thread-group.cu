// Cooperative groups behind the type-erased thread_group (the second blind
// labelling, docs/precision/blind-2026-11-23): a helper takes `thread_group g`
// and is passed the block, or a tile made by tiled_partition(parent, n). What g
// holds decides what g.thread_rank(), g.size() and g.sync() are.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// The block behind a thread_group: g.sync() is a block barrier, and one that
// only some threads reach is an error.
__device__ void publish(cg::thread_group g, float *s, float v) {
  if (g.thread_rank() < 16) {
    s[g.thread_rank()] = v;
    g.sync();
    // CHECK: cg-thread-group.cu:[[@LINE-1]]:5: error: g.sync() is reached only by threads for which 'g.thread_rank() < 16' is true [barrier-in-divergent-branch]
    // CHECK: cg-thread-group.cu:[[@LINE-2]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK: cg-thread-group.cu:[[@LINE-3]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  }
}

// The classic reduce_sum of the CUDA blog: over the block, the tree's last
// steps run in the first lanes of warp 0; over a 16-thread tile (over_tiles),
// every warp holds two tiles and each step keeps fewer lanes of each. One
// finding: the first walk's message stands for both.
__device__ int reduce_sum(cg::thread_group g, int *temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i)
    // CHECK: cg-thread-group.cu:[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'lane < i' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK: cg-thread-group.cu:[[@LINE-2]]:9: note: 'i' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK: cg-thread-group.cu:[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      val += temp[lane + i];
    g.sync();
  }
  return val;
}

__global__ void over_block(int *out, int *in) {
  extern __shared__ int temp[];
  cg::thread_block block = cg::this_thread_block();
  int s = reduce_sum(block, temp, in[block.thread_rank()]);
  if (block.thread_rank() == 0)
    *out = s;
}

__global__ void over_tiles(int *out, int *in) {
  __shared__ int temp[256];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition(block, 32); // a thread_group: the kind is only in its value
  auto tile = cg::tiled_partition(warp, 16);
  cg::thread_group g = tile;
  int base = (block.thread_rank() / 16) * 16;
  reduce_sum(g, temp + base, in[block.thread_rank()]);
}

// Negative: the same helper over a 16-thread tile syncs only the tile, which
// every thread of its tile reaches or none does.
__global__ void publish_block(float *out) {
  __shared__ float s[256];
  publish(cg::this_thread_block(), s, 1.0f);
}

__device__ void tile_publish(cg::thread_group g, float *s, float v) {
  if (g.thread_rank() < 64) { // negative: a 16-thread tile's ranks are all below 64
    s[g.thread_rank()] = v;
    g.sync();
  }
}

__global__ void publish_tiles(float *out) {
  __shared__ float s[256];
  auto block = cg::this_thread_block();
  tile_publish(cg::tiled_partition(block, 16), s, 1.0f);
}

// Negative: over the block, warp-aligned ranks keep warps whole.
__device__ void by_warp(cg::thread_group g, float *x) {
  if (g.thread_rank() < 64)
    x[g.thread_rank()] *= 2.0f;
  else
    x[g.thread_rank()] = sqrtf(x[g.thread_rank()]);
}

__global__ void by_warp_block(float *x) { by_warp(cg::this_thread_block(), x); }

// CHECK: cuda-lint: 1 warning and 1 error in 1 file; 1 file analysed
int main() {
  over_block<<<1, 256, 1024>>>(nullptr, nullptr);
  over_tiles<<<1, 256>>>(nullptr, nullptr);
  publish_block<<<1, 256>>>(nullptr);
  publish_tiles<<<1, 256>>>(nullptr);
  by_warp_block<<<1, 256>>>(nullptr);
}
