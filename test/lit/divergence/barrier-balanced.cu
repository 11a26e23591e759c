// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An if/else whose branches each run the same number of barriers, none nested further (warp-
// specialised double buffering, as in siboehm/SGEMM_CUDA's kernels 11 and 12): a note, not an
// error. Any imbalance, a nested barrier, or a missing else stays an error.

__global__ void balanced(float *s, int k) {
  int half = threadIdx.x / 128;
  if (half == 0) {
    s[threadIdx.x] = 1;
    __syncthreads();
    s[threadIdx.x] += 1;
    __syncthreads();
  } else {
    __syncthreads();
    s[threadIdx.x] = 2;
    __syncthreads();
  }
}
// CHECK-DAG: barrier-balanced.cu:11:5: note: __syncthreads() runs in both branches of 'half == 0', the same number of times in each [barrier-in-divergent-branch]
// CHECK-DAG: barrier-balanced.cu:11:5: note: threads on either side meet at each other's barriers: on sm_70 and later bar.sync counts arrivals, not instructions, so this works (warp-specialised double buffering), but the CUDA C++ guide calls barriers in divergent code undefined and sm_6x and older GPUs hang
// CHECK-DAG: barrier-balanced.cu:11:5: note: to make the split explicit, use named barriers (bar.sync with an id and a thread count) or cuda::barrier

__global__ void unbalanced(float *s) {
  int half = threadIdx.x / 128;
  if (half == 0) {
    __syncthreads();
    __syncthreads();
  } else {
    __syncthreads();
  }
}
// CHECK-DAG: barrier-balanced.cu:27:5: error: __syncthreads() is reached only by threads for which 'half == 0' is true [barrier-in-divergent-branch]
// CHECK-DAG: barrier-balanced.cu:27:5: note: the condition is the same within a warp, but not across the warps of the block
// CHECK-DAG: barrier-balanced.cu:27:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
// CHECK-DAG: barrier-balanced.cu:27:5: note: move the barrier out of the conditional code so that every thread of the block executes it

__global__ void nested(float *s, int k) {
  int half = threadIdx.x / 128;
  if (half == 0) {
    if (k > 0)
      __syncthreads();
  } else {
    __syncthreads();
  }
}
// CHECK-DAG: barrier-balanced.cu:42:7: error: __syncthreads() is reached only by threads for which 'half == 0' is true [barrier-in-divergent-branch]
// CHECK-DAG: barrier-balanced.cu:42:7: note: the condition is the same within a warp, but not across the warps of the block
// CHECK-DAG: barrier-balanced.cu:42:7: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
// CHECK-DAG: barrier-balanced.cu:42:7: note: move the barrier out of the conditional code so that every thread of the block executes it

__global__ void noElse(float *s) {
  if (threadIdx.x < 64)
    __syncthreads();
}
// CHECK-DAG: barrier-balanced.cu:54:5: error: __syncthreads() is reached only by threads for which 'threadIdx.x < 64' is true [barrier-in-divergent-branch]
// CHECK-DAG: barrier-balanced.cu:54:5: note: the condition is the same within a warp, but not across the warps of the block
// CHECK-DAG: barrier-balanced.cu:54:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
// CHECK-DAG: barrier-balanced.cu:54:5: note: move the barrier out of the conditional code so that every thread of the block executes it
