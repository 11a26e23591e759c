// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A store through a pointer that a struct's field holds (`args.blocks[i] = v`) writes the memory
// it points to, not the struct: its other fields keep their values. Found on production code:
// gsplat's segmented sort calls WriteOverflowBlocks(args, ...), which stores each thread's
// descriptor through `args.overflow_blocks`, and then `if (args.merge_queue_state)
// WriteMergeTree(args, ...)` (a helper with __syncthreads()) on its kernel's by-value struct,
// which was reported as a barrier only some threads reach.

struct Args {
  int *counter;
  int2 *blocks;
  int *queue;
  int n;
};

template <int CTA> __device__ void writeBlocks(const Args &args, int n, int *smem) {
  if (threadIdx.x == 0)
    smem[0] = atomicAdd(args.counter, n);
  __syncthreads();
  const int base = smem[0];
  for (int c = threadIdx.x; c < n; c += CTA)
    args.blocks[base + c] = make_int2(c, n);
}

template <int CTA> __device__ void writeTree(const Args &args, int *smem) {
  __syncthreads();
  if (threadIdx.x == 0)
    args.queue[0] = smem[0];
}

// Silent: `args.queue` is the same in every thread after the helper's stores.
template <int CTA>
__global__ void __launch_bounds__(CTA) sortKernel(const Args args, const int *sizes) {
  __shared__ int smem[CTA];
  int n = sizes[blockIdx.x];
  if (n > 100) {
    writeBlocks<CTA>(args, n, smem);
    if (args.queue)
      writeTree<CTA>(args, smem);
  }
}

// A field the thread sets itself, and the memory the stores wrote, read back where each thread
// reads its own element: thread-dependent, an error each.
__global__ void ownFields(Args args) {
  __shared__ int smem[256];
  Args mine = args;
  mine.n = threadIdx.x;
  if (mine.n < 5)
    __syncthreads();
  writeBlocks<256>(args, 256, smem);
  if (args.blocks[threadIdx.x].x > 3)
    __syncthreads();
}
// CHECK-DAG: stores-through-fields.cu:[[@LINE-5]]:5: error: __syncthreads() is reached only by threads for which 'mine.n < 5' is true [barrier-in-divergent-branch]
// CHECK-DAG: stores-through-fields.cu:[[@LINE-6]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
// CHECK-DAG: stores-through-fields.cu:[[@LINE-7]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
// CHECK-DAG: stores-through-fields.cu:[[@LINE-5]]:5: error: __syncthreads() is reached only by threads for which 'args.blocks[threadIdx.x].x > 3' is true [barrier-in-divergent-branch]
// CHECK-DAG: stores-through-fields.cu:[[@LINE-6]]:5: note: the condition depends on data read through a thread-dependent address
// CHECK-DAG: stores-through-fields.cu:[[@LINE-7]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
// CHECK-DAG: stores-through-fields.cu:[[@LINE-8]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it

void launch(Args a, const int *s, cudaStream_t st) {
  sortKernel<256><<<64, 256, 0, st>>>(a, s);
  ownFields<<<64, 256, 0, st>>>(a);
}
