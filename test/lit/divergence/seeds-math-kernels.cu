// The seeds' mathKernel1..4 (Professional CUDA C Programming, simpleDivergence.cu):
// mathKernel1 and mathKernel3 split even and odd lanes, mathKernel2 partitions by
// warp, and mathKernel4's `itid & 0x01 == 0` is a precedence bug that makes the
// condition constant (never divergent, but reported as such a bug).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch,thread-condition-precedence %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch,thread-condition-precedence %s
// RUN: FileCheck %s --check-prefix=PED --input-file=%t.ped
#include <cuda_runtime.h>
#include <stdlib.h>

// The findings come grouped by rule: thread-condition-precedence first.
// CHECK: :[[@LINE+55]]:7: warning: branch condition 'itid & 0x01 == 0' is always false: '==' binds tighter than '&' [thread-condition-precedence]
// CHECK: :[[@LINE+54]]:7: note: it reads 'itid & (0x01 == 0)': it does not diverge, but the else branch always runs
// CHECK-NEXT: :[[@LINE+53]]:7: note: write '(itid & 0x01) == 0'
__global__ void mathKernel1(float *c) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a, b;
  a = b = 0.0f;
  if (tid % 2 == 0) {
  // CHECK: seeds-math-kernels.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'tid % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: seeds-math-kernels.cu:[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: seeds-math-kernels.cu:[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
    a = 100.0f;
  } else {
    b = 200.0f;
  }
  c[tid] = a + b;
}

__global__ void mathKernel2(float *c) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float a, b;
  a = b = 0.0f;
  if ((tid / warpSize) % 2 == 0) { // the same in every lane of a warp
    a = 100.0f;
  } else {
    b = 200.0f;
  }
  c[tid] = a + b;
}

__global__ void mathKernel3(float *c) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float ia, ib;
  ia = ib = 0.0f;
  bool ipred = (tid % 2 == 0);
  if (ipred) {
  // CHECK: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'ipred' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
    ia = 100.0f;
  }
  if (!ipred) {
  // CHECK: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): '!ipred' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
    ib = 200.0f;
  }
  c[tid] = ia + ib;
}

__global__ void mathKernel4(float *c) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float ia, ib;
  ia = ib = 0.0f;
  int itid = tid >> 5;
  if (itid & 0x01 == 0) {
    ia = 100.0f;
  } else {
    ib = 200.0f;
  }
  c[tid] = ia + ib;
}

// The fixed twin of mathKernel4: warp-uniform, silent.
__global__ void mathKernel4Fixed(float *c) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int itid = tid >> 5;
  if ((itid & 0x01) == 0)
    c[tid] = 100.0f;
  else
    c[tid] = 200.0f;
}

int main(int argc, char **argv) {
  int size = 64;
  int blocksize = 64;
  if (argc > 1)
    blocksize = atoi(argv[1]); // the block shape is not known: x assumed a multiple of 32
  dim3 block(blocksize, 1);
  dim3 grid((size + block.x - 1) / block.x, 1);
  float *d_C;
  cudaMalloc((float **)&d_C, size * sizeof(float));
  mathKernel1<<<grid, block>>>(d_C);
  mathKernel2<<<grid, block>>>(d_C);
  mathKernel3<<<grid, block>>>(d_C);
  mathKernel4<<<grid, block>>>(d_C);
  mathKernel4Fixed<<<grid, block>>>(d_C);
  cudaFree(d_C);
  return 0;
}
// CHECK: cuda-lint: 4 warnings and 0 errors in 1 file; 1 file analysed
// No tail guards, single-lane or data-dependent branches here: --pedantic adds nothing.
// PED: cuda-lint: 4 warnings and 0 errors in 1 file; 1 file analysed
