// A shared-memory access whose pattern a loop's joined values leave unknown is
// judged in the trips walked with their own values, the last included: the
// odd-even merge of cuda-samples' sortingNetworks (`pos = 2 * tid - (tid &
// (stride - 1))`, stride halved to 1 at run time) reads words 2 apart in its
// last trip, a 2-way conflict, and the finding says in which trip.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void oddEvenMerge(float *data, unsigned size) {
  __shared__ float s[1024];
  s[threadIdx.x] = data[threadIdx.x];
  s[threadIdx.x + 512] = data[threadIdx.x + 512];
  unsigned stride = size / 2;
  unsigned offset = threadIdx.x & (stride - 1);
  stride >>= 1;
  for (; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    if (offset >= stride) {
      float a = s[pos - stride];
      // CHECK: shared-memory-last-trip.cu:[[@LINE-1]]:17: warning: 's[pos - stride]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: shared-memory-last-trip.cu:[[@LINE-2]]:17: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
      // CHECK-NEXT: shared-memory-last-trip.cu:[[@LINE-3]]:17: note: in the loop's trip where stride = 1
      // CHECK-NEXT: shared-memory-last-trip.cu:[[@LINE-4]]:17: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
      // CHECK-NEXT: shared-memory-last-trip.cu:[[@LINE-5]]:17: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
      float b = s[pos];
      // CHECK: shared-memory-last-trip.cu:[[@LINE-1]]:17: warning: 's[pos]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: note: shared memory has 32 banks
      // CHECK-NEXT: note: in the loop's trip where stride = 1
      // CHECK-NEXT: note: it runs in a loop
      // CHECK-NEXT: note: make consecutive lanes
      s[pos - stride] = a < b ? a : b;
      // CHECK: shared-memory-last-trip.cu:[[@LINE-1]]:7: warning: 's[pos - stride]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
      // CHECK: note: shared memory has 32 banks
      // CHECK-NEXT: note: in the loop's trip where stride = 1
      // CHECK-NEXT: note: it runs in a loop
      // CHECK-NEXT: note: make consecutive lanes
    }
  }
  __syncthreads();
  data[threadIdx.x] = s[threadIdx.x];
}

void sortBlock(float *d, unsigned size) { oddEvenMerge<<<1, 512>>>(d, size); }
