// shared-memory-bank-conflict under a guard that stays within one warp while its loop shrinks the
// bound (`tid < s` with s from 32 down in blocks of 64: fastllm's top-k merge of per-thread rows,
// `maxData[tid][pos]` of a [64][50] float array, rows 50 words apart, so lanes t and t + 16 meet
// in one bank). The trip where s is 32 lets the whole first warp through: 2-way there, and in no
// later trip (16 lanes or fewer have 16 banks of their own). Before, the guard's lanes were taken
// from its first splitting trip (s = 16) for every trip, and the walk of a loop inside the guard
// (the merge's `while (pos >= 0)`) did not leave the access to the trips of the loop around it.
// Silent: rows padded to an odd number of words, and the same merge from s = 16 down. The
// merge's conflicts are notes (`--pedantic`): 1 of the 5 trips walked conflicts, each trip run by
// one warp, and fastllm's merge measured 1.01x against padded rows
// (kernels/studies/topk_merge_rows.cu); GPUMD's reduction below conflicts in 3 of its 5 trips
// and stays a warning.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --check-prefix=PED --input-file=%t.ped
template <int THREADS, int MAXK, int FIRST>
__global__ void __launch_bounds__(64) mergeTopK(float *output, int K) {
  __shared__ float maxData[THREADS][MAXK];
  int tid = threadIdx.x;
  for (int s = FIRST; s > 0; s >>= 1) {
    if (tid < s) {
      int pos0 = K - 1, pos1 = K - 1;
      int pos = K - 1;
      while (pos >= 0) {
        if (pos1 < 0 || (pos0 >= 0 && maxData[tid][pos0] < maxData[tid + s][pos1])) {
          maxData[tid][pos] = maxData[tid][pos0];
          // PED: shared-memory-warp-finish.cu:[[@LINE-1]]:11: note: 'maxData[tid][pos]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
          // PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
          // PED-NEXT: note: in the loop's trip where s = 32
          // PED-NEXT: note: it runs in a loop that accesses no global memory, but only 1 of the 5 trips walked conflicts (1 of the 5 warps they run): measured on an H100, a 2-way conflict in one trip of six cost 1.01x (a top-k merge), where one in every trip costs 1.26x
          // PED-NEXT: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
          pos0--;
        } else {
          maxData[tid][pos] = maxData[tid + s][pos1];
          // PED: shared-memory-warp-finish.cu:[[@LINE-1]]:11: note: 'maxData[tid][pos]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
          // PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
          // PED-NEXT: note: in the loop's trip where s = 32
          // PED-NEXT: note: it runs in a loop that accesses no global memory, but only 1 of the 5 trips walked conflicts (1 of the 5 warps they run): measured on an H100, a 2-way conflict in one trip of six cost 1.01x (a top-k merge), where one in every trip costs 1.26x
          // PED-NEXT: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
          pos1--;
        }
        pos--;
      }
    }
    __syncthreads();
  }
  if (tid < 2)
    output[blockIdx.x * 2 + tid] = maxData[0][tid];
}

// The guard alone, the slot a constant: the trip where s = 32 only.
__global__ void __launch_bounds__(64) firstSlots(float *output) {
  __shared__ float best[64][50];
  int tid = threadIdx.x;
  best[tid][0] = output[tid];
  __syncthreads();
  for (int s = 32; s > 0; s >>= 1) {
    if (tid < s)
      best[tid][3] = best[tid][0] + best[tid + s][0];
    // PED: shared-memory-warp-finish.cu:[[@LINE-1]]:7: note: 'best[tid][3]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
    // PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
    // PED-NEXT: note: in the loop's trip where s = 32
    // PED-NEXT: note: it runs in a loop that accesses no global memory, but only 1 of the 5 trips walked conflicts (1 of the 5 warps they run): measured on an H100, a 2-way conflict in one trip of six cost 1.01x (a top-k merge), where one in every trip costs 1.26x
    // PED-NEXT: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
    // PED: shared-memory-warp-finish.cu:[[@LINE-6]]:22: note: 'best[tid][0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
    // PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
    // PED-NEXT: note: in the loop's trip where s = 32
    // PED-NEXT: note: it runs in a loop that accesses no global memory, but only 1 of the 5 trips walked conflicts (1 of the 5 warps they run): measured on an H100, a 2-way conflict in one trip of six cost 1.01x (a top-k merge), where one in every trip costs 1.26x
    // PED-NEXT: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
    // PED: shared-memory-warp-finish.cu:[[@LINE-11]]:37: note: 'best[tid + s][0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
    // PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
    // PED-NEXT: note: in the loop's trip where s = 32
    // PED-NEXT: note: it runs in a loop that accesses no global memory, but only 1 of the 5 trips walked conflicts (1 of the 5 warps they run): measured on an H100, a 2-way conflict in one trip of six cost 1.01x (a top-k merge), where one in every trip costs 1.26x
    // PED-NEXT: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
    __syncthreads();
  }
  output[tid] = best[tid][3];
}

// GPUMD's centre-of-mass reduction (add_spring.cu): four doubles a thread, 32 bytes apart, in
// blocks of 64. nvcc pairs `s[lid * 4 + 0]` with `+ 1` (and `+ 2` with `+ 3`) into 16-byte
// accesses, served per quarter-warp: 2-way in the trips where s is 32, 16 and 8, none after. A
// pair written with two constant addends stays a pair in a trip walked on its own.
__global__ void __launch_bounds__(64) massSums(double *out) {
  extern __shared__ double s[];
  int lid = threadIdx.x;
  s[lid * 4 + 0] = out[lid];
  s[lid * 4 + 1] = out[lid + 64];
  __syncthreads();
  for (int stride = blockDim.x >> 1; stride > 0; stride >>= 1) {
    if (lid < stride) {
      s[lid * 4 + 0] += s[(lid + stride) * 4 + 0];
      // CHECK: shared-memory-warp-finish.cu:[[@LINE-1]]:7: warning: 's[lid * 4 + 0]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
      // CHECK-NEXT: note: in the loop's trips where stride = 32; stride = 16; stride = 8
      // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
      // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
      // CHECK: shared-memory-warp-finish.cu:[[@LINE-6]]:25: warning: 's[(lid + stride) * 4 + 0]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
      // CHECK-NEXT: note: in the loop's trips where stride = 32; stride = 16; stride = 8
      // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
      // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
      s[lid * 4 + 1] += s[(lid + stride) * 4 + 1];
      // CHECK: shared-memory-warp-finish.cu:[[@LINE-1]]:7: warning: 's[lid * 4 + 1]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
      // CHECK-NEXT: note: in the loop's trips where stride = 32; stride = 16; stride = 8
      // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
      // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
      // CHECK: shared-memory-warp-finish.cu:[[@LINE-6]]:25: warning: 's[(lid + stride) * 4 + 1]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
      // CHECK-NEXT: note: in the loop's trips where stride = 32; stride = 16; stride = 8
      // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
      // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
    }
    __syncthreads();
  }
  if (lid == 0)
    out[blockIdx.x] = s[0];
}

void run(float *out, int k) {
  massSums<<<8, 64, 64 * 4 * sizeof(double)>>>(reinterpret_cast<double *>(out));
  mergeTopK<64, 50, 32><<<8, 64>>>(out, k);
  mergeTopK<64, 51, 32><<<8, 64>>>(out, k); // rows of 51 words: 32 banks for 32 lanes
  mergeTopK<64, 50, 16><<<8, 64>>>(out, k); // 16 lanes at most: 16 banks
  firstSlots<<<8, 64>>>(out);
}
