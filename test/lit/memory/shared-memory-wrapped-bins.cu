// shared-memory-bank-conflict on indices that wrap at a bound that is not a multiple of 32, in
// blocks of one warp: popsift's orientation histogram of 36 bins smoothed by 32 threads,
// `prev = bin == 0 ? 35 : bin - 1`. Lane 0 reads word 35, in the bank of lane 4's word 3: a
// 2-way conflict, which each thread's exact value shows (the lane pattern alone does not hold
// a wrap). Silent: the neighbour whose wrap falls outside the warp (`bin == 35 ? 0 : bin + 1`
// with bins 0-31 reads words 1-32, 32 banks).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

#define NBINS 36

__global__ void smoothBins(float *hist, int passes) {
  __shared__ float bins[64];
  __shared__ float smooth[64];
  bins[threadIdx.x] = hist[blockIdx.x * 64 + threadIdx.x];
  bins[threadIdx.x + 32] = hist[blockIdx.x * 64 + threadIdx.x + 32];
  __syncthreads();
  int bin = threadIdx.x;
  int prev = bin == 0 ? NBINS - 1 : bin - 1;
  int next = bin == NBINS - 1 ? 0 : bin + 1;
  for (int pass = 0; pass < passes; ++pass) {
    smooth[bin] = (bins[prev] + bins[bin] + bins[next]) / 3.0f;
    // CHECK: shared-memory-wrapped-bins.cu:[[@LINE-1]]:20: warning: 'bins[prev]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
    // CHECK-NEXT: {{^}}    smooth[bin] = (bins[prev] + bins[bin] + bins[next]) / 3.0f;
    // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
    // CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
    // CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
    __syncthreads();
    bins[bin] = smooth[bin];
    __syncthreads();
  }
  hist[blockIdx.x * 64 + threadIdx.x] = bins[threadIdx.x];
}

void smooth(float *hist, int n, cudaStream_t s) { smoothBins<<<n, 32, 0, s>>>(hist, 40); }
