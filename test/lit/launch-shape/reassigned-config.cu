// A local dim3 given a new value before each launch (FasterTransformer's `dim3 block{512};` then
// `block = 128;` or `block = 256;` in the two arms that launch `find_context_dups<128>` and
// `<256>`): the value at a launch is that of the last assignment that runs on every path to it,
// when no other assignment can run between the two. Not known when one might: an assignment in a
// branch between, one after the launch in a loop around it, or a `case` label between.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=missing-launch-bounds %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__global__ void k(float *p) { p[threadIdx.x] = 0.f; }
// CHECK: reassigned-config.cu:[[@LINE-1]]:17: warning: kernel 'k' has no __launch_bounds__ [missing-launch-bounds]
// CHECK: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: note: the block sizes of launches are not known from the source, so no block size could be inferred
// CHECK-NEXT: note: add __launch_bounds__(N) with the largest block size it is launched with
// CHECK-NEXT: reassigned-config.cu:44:3: note: launched here with a block size not known from the source
// CHECK-NEXT: reassigned-config.cu:51:5: note: launched here with a block size not known from the source
// CHECK-NEXT: reassigned-config.cu:62:5: note: launched here with a block size not known from the source

__global__ void known(float *p) { p[threadIdx.x] = 0.f; }
// CHECK: reassigned-config.cu:[[@LINE-1]]:17: warning: kernel 'known' has no __launch_bounds__ (its launches use at most 256 threads per block) [missing-launch-bounds]
// CHECK: note: ptxas cannot budget registers for its block size, so a large block may fail to launch (too many resources requested) or run at low occupancy
// CHECK-NEXT: note: add __launch_bounds__(256) (not checked with ptxas: cuda-lint --resource-usage compiles the kernel with the bound and compares ptxas's registers, spills and occupancy)
// CHECK-NEXT: reassigned-config.cu:31:5: note: launched with 128 threads per block here
// CHECK-NEXT: reassigned-config.cu:34:5: note: launched with 256 threads per block here
// CHECK-NEXT: reassigned-config.cu:37:3: note: launched with 64 threads per block here

void arms(float *p, int n, cudaStream_t s) {
  dim3 block{512};
  dim3 grid{(unsigned)n};
  if (n <= 128) {
    block = 128;
    known<<<grid, block, 0, s>>>(p);
  } else {
    block = 256;
    known<<<grid, block, 0, s>>>(p);
  }
  block = dim3(64);
  known<<<grid, block, 0, s>>>(p);
}

void branchBetween(float *p, int n, cudaStream_t s) {
  dim3 block(128);
  if (n > 4)
    block = 32;
  k<<<1, block, 0, s>>>(p);
}

void loopAfter(float *p, int n, cudaStream_t s) {
  dim3 block(128);
  block = 64;
  for (int i = 0; i < n; ++i) {
    k<<<1, block, 0, s>>>(p);
    block = 96;
  }
}

void caseBetween(float *p, int n, cudaStream_t s) {
  dim3 block;
  switch (n) {
  case 0:
    block = 64;
  case 1:
    k<<<1, block, 0, s>>>(p);
    break;
  }
}
