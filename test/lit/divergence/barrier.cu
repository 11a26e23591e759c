// A block barrier that only some threads of the block reach: under a
// thread-dependent condition (warp-uniform is not enough), in a loop whose trip
// count differs between threads, after an early return / break / continue
// taken by some threads, or inside a function called under such a condition.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void positives(float *x, int n) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  if (tid < 32) {
    s[tid] = x[tid];
    __syncthreads();
    // CHECK: barrier.cu:[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'tid < 32' is true [barrier-in-divergent-branch]
    // CHECK: barrier.cu:[[@LINE-2]]:5: note: the condition is the same within a warp, but not across the warps of the block
    // CHECK-NEXT: barrier.cu:[[@LINE-3]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-NEXT: barrier.cu:[[@LINE-4]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  }
  if (tid % 2) {
    s[tid] = 0.f;
  } else {
    int any = __syncthreads_or(x[tid] > 0.f);
    // CHECK: :[[@LINE-1]]:15: error: __syncthreads_or() is reached only by threads for which 'tid % 2' is false [barrier-in-divergent-branch]
    // CHECK: :[[@LINE-2]]:15: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-NEXT: :[[@LINE-3]]:15: note: move the barrier out of the conditional code so that every thread of the block executes it
    s[tid] = any;
  }
  if (x[tid] > 0.f)
    __syncthreads();
  // CHECK: :[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'x[tid] > 0.f' is true [barrier-in-divergent-branch]
  // CHECK: :[[@LINE-2]]:5: note: the condition depends on data read through a thread-dependent address
  // CHECK-NEXT: :[[@LINE-3]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-NEXT: :[[@LINE-4]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  for (int i = tid; i < n; i += blockDim.x) {
    s[tid] += x[i];
    __syncthreads();
    // CHECK: :[[@LINE-1]]:5: error: __syncthreads() is in a loop whose condition 'i < n' differs between threads [barrier-in-divergent-branch]
    // CHECK: :[[@LINE-2]]:5: note: threads that leave the loop early miss the barriers of the later iterations, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-NEXT: :[[@LINE-3]]:5: note: make the trip count block-uniform (e.g. step a block-wide base by blockDim.x while it is below the bound) and guard only the work inside the loop
  }
  for (int k = 0; k < 4; ++k) {
    if (tid == k)
      continue;
    __syncthreads();
    // CHECK: :[[@LINE-1]]:5: error: __syncthreads() comes after the 'continue' at line [[#@LINE-2]] that some threads take [barrier-in-divergent-branch]
    // CHECK: :[[@LINE-2]]:5: note: the 'continue' is taken by threads for which 'tid == k' is true: they skip this barrier while the others wait at it, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-NEXT: :[[@LINE-3]]:5: note: keep every thread on the path through the barrier and guard only the work
  }
}

// The early exit of the book's reductions: threads past the end return, the
// rest wait at a barrier they never reach.
__global__ void earlyReturn(int *g_idata, unsigned int n) {
  unsigned int tid = threadIdx.x;
  unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int *idata = g_idata + blockIdx.x * blockDim.x;
  if (idx >= n)
    return;
  for (int stride = 1; stride < blockDim.x; stride *= 2) {
    if ((tid % (2 * stride)) == 0)
      idata[tid] += idata[tid + stride];
    __syncthreads();
    // CHECK: :[[@LINE-1]]:5: error: __syncthreads() comes after the 'return' at line [[#@LINE-5]] that some threads take [barrier-in-divergent-branch]
    // CHECK: :[[@LINE-2]]:5: note: the return is taken by threads for which 'idx >= n' is true: they never reach this barrier, which CUDA does not allow (code that relies on exited threads counting as arrived is undefined behaviour)
    // CHECK-NEXT: :[[@LINE-3]]:5: note: instead of returning early, guard the work with the opposite condition and let every thread reach the barrier
  }
}

__device__ void blockStep(float *s) {
  __syncthreads();
  s[threadIdx.x] *= 2.f;
}

__global__ void throughCalls(float *s) {
  cg::thread_block block = cg::this_thread_block();
  if (threadIdx.x < 128)
    blockStep(s);
  // CHECK: :[[@LINE-1]]:5: error: call to 'blockStep' (runs __syncthreads()) is reached only by threads for which 'threadIdx.x < 128' is true [barrier-in-divergent-branch]
  // CHECK: :[[@LINE-9]]:3: note: the barrier it executes is here
  // CHECK-NEXT: :[[@LINE-3]]:5: note: the condition is the same within a warp, but not across the warps of the block
  // CHECK-NEXT: :[[@LINE-4]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-NEXT: :[[@LINE-5]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  if (block.thread_rank() == 0)
    block.sync();
  // CHECK: :[[@LINE-1]]:5: error: block.sync() is reached only by threads for which 'block.thread_rank() == 0' is true [barrier-in-divergent-branch]
  // CHECK: :[[@LINE-2]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-NEXT: :[[@LINE-3]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  if (threadIdx.x / 32 == 1)
    cg::sync(block);
  // CHECK: :[[@LINE-1]]:5: error: cooperative_groups::sync(block) is reached only by threads for which 'threadIdx.x / 32 == 1' is true [barrier-in-divergent-branch]
  // CHECK: :[[@LINE-2]]:5: note: the condition is the same within a warp, but not across the warps of the block
  // CHECK-NEXT: :[[@LINE-3]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-NEXT: :[[@LINE-4]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
}

// Not reported: block-uniform conditions, barriers outside the branches,
// the guarded-work form of the early exit, uniform loops.
__global__ void negatives(float *x, int n, bool flag) {
  __shared__ float s[256];
  __shared__ int done;
  unsigned int tid = threadIdx.x;
  unsigned int idx = blockIdx.x * blockDim.x + tid;
  if (blockIdx.x == 0)
    __syncthreads();
  if (n > 128 && flag)
    __syncthreads();
  if (blockDim.x >= 256)
    __syncthreads();
  if (idx < n)
    s[tid] = x[idx];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    if (base + tid < n)
      s[tid] = x[base + tid];
    __syncthreads();
  }
  if (tid == 0)
    done = s[0] > 0.f;
  __syncthreads();
  if (done) // read from shared memory at a uniform address: block-uniform
    __syncthreads();
  int votes = __syncthreads_count(x[idx] > 0.f);
  if (votes > 4) // the same in every thread of the block
    __syncthreads();
}
// Early returns inside a block that returns anyway (ggml mmq.cuh): the threads
// that reach the barrier never passed them.
__global__ void returnsInsideReturningBlock(float *x, int n, const int *ids) {
  __shared__ float s[256];
  if (!ids) {
    for (int j = threadIdx.x; j < 64; j += blockDim.x) {
      if (j > n)
        return;
      x[j] = 0.f;
    }
    return;
  }
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = s[threadIdx.x ^ 1];
}
// CHECK: cuda-lint: 0 warnings and 9 errors in 1 file; 1 file analysed
