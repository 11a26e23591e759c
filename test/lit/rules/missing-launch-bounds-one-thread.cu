// A kernel only ever launched with one thread per block (issue 34, item 9):
// __launch_bounds__(1) buys nothing, since ptxas can always give one thread
// every register it may use, so the kernel is not reported. One launch with
// more threads brings the finding back, with the largest block size.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=missing-launch-bounds %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__global__ void initFlag(int *flag) { *flag = 0; }
__global__ void initDim3(int *flag) { flag[1] = 0; }

__global__ void mixedOne(int *x) { x[threadIdx.x] = 0; }
// CHECK: missing-launch-bounds-one-thread.cu:[[@LINE-1]]:17: warning: kernel 'mixedOne' has no __launch_bounds__ (its launches use at most 64 threads per block) [missing-launch-bounds]
// CHECK: missing-launch-bounds-one-thread.cu:[[@LINE-2]]:17: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: missing-launch-bounds-one-thread.cu:[[@LINE-3]]:17: note: add __launch_bounds__(64)
// CHECK-NEXT: missing-launch-bounds-one-thread.cu:[[@LINE+15]]:3: note: launched with 1 thread per block here
// CHECK-NEXT: missing-launch-bounds-one-thread.cu:[[@LINE+15]]:3: note: launched with 64 threads per block here

// A launch whose block size is not known keeps the finding.
__global__ void oneAndUnknown(int *x) { x[0] = 0; }
// CHECK: missing-launch-bounds-one-thread.cu:[[@LINE-1]]:17: warning: kernel 'oneAndUnknown' has no __launch_bounds__ [missing-launch-bounds]
// CHECK: missing-launch-bounds-one-thread.cu:[[@LINE-2]]:17: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: missing-launch-bounds-one-thread.cu:[[@LINE-3]]:17: note: the block size of a launch is not known from the source, so no block size could be inferred
// CHECK-NEXT: missing-launch-bounds-one-thread.cu:[[@LINE-4]]:17: note: add __launch_bounds__(N) with the largest block size it is launched with
// CHECK-NEXT: missing-launch-bounds-one-thread.cu:[[@LINE+9]]:3: note: launched here with a block size not known from the source

void host(int *p, int n, cudaStream_t s) {
  initFlag<<<1, 1, 0, s>>>(p);
  initDim3<<<1, dim3(1, 1, 1), 0, s>>>(p);
  initDim3<<<8, 1, 0, s>>>(p);
  mixedOne<<<1, 1, 0, s>>>(p);
  mixedOne<<<1, 64, 0, s>>>(p);
  oneAndUnknown<<<1, 1, 0, s>>>(p);
  oneAndUnknown<<<1, n, 0, s>>>(p);
}
// CHECK: cuda-lint: 2 warnings and 0 errors in 1 file; 1 file analysed
