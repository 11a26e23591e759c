// The reduction family of the seeds' book (reduceInteger.cu): the neighbored pairs
// split every warp (lane-split), the "less divergence" and interleaved versions
// still split the first warp once fewer than 32 threads remain
// (shrinking-threshold), and the unrolled last warp (`if (tid < 32)`) and a loop
// that stops at 32 are warp-uniform.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#include <cuda_runtime.h>

__global__ void reduceNeighbored(int *g_idata, int *g_odata, unsigned int n) {
  unsigned int tid = threadIdx.x;
  unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int *idata = g_idata + blockIdx.x * blockDim.x;
  if (idx >= n)
    return;
  for (int stride = 1; stride < blockDim.x; stride *= 2) {
    if ((tid % (2 * stride)) == 0) {
    // CHECK: seeds-reduction.cu:[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): '(tid % (2 * stride)) == 0' leaves most lanes of every warp idle [warp-divergent-branch]
    // CHECK: seeds-reduction.cu:[[@LINE-2]]:9: note: it holds only for threads whose 'tid' is a multiple of '2 * stride' (every other lane when it is 2), so the threads still working are scattered over every warp and each warp runs the branch with most of its lanes idle in every iteration
    // CHECK-NEXT: seeds-reduction.cu:[[@LINE-3]]:9: note: make the working threads contiguous so that whole warps drop out: 'if (tid < stride)' with stride halving from blockDim.x / 2 (interleaved pairs), and finish the last warp with '__shfl_down_sync'
      idata[tid] += idata[tid + stride];
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = idata[0];
}

__global__ void reduceNeighboredLess(int *g_idata, int *g_odata, unsigned int n) {
  unsigned int tid = threadIdx.x;
  unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int *idata = g_idata + blockIdx.x * blockDim.x;
  if (idx >= n)
    return;
  for (int stride = 1; stride < blockDim.x; stride *= 2) {
    int index = 2 * stride * tid;
    if (index < blockDim.x) {
    // CHECK: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'index < blockDim.x' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK: :[[@LINE-2]]:9: note: 'stride' grows every iteration and scales the thread index: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-NEXT: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      idata[index] += idata[index + stride];
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = idata[0];
}

__global__ void reduceInterleaved(int *g_idata, int *g_odata, unsigned int n) {
  unsigned int tid = threadIdx.x;
  unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int *idata = g_idata + blockIdx.x * blockDim.x;
  if (idx >= n)
    return;
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
    // CHECK: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'tid < stride' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK: :[[@LINE-2]]:9: note: 'stride' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-NEXT: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      idata[tid] += idata[tid + stride];
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = idata[0];
}

// The fix: the tree stops while whole warps are active, the last warp is
// unrolled; neither `tid < stride` (stride > 32) nor `tid < 32` splits a warp.
__global__ void reduceUnrollWarps8(int *g_idata, int *g_odata, unsigned int n) {
  unsigned int tid = threadIdx.x;
  unsigned int idx = blockIdx.x * blockDim.x * 8 + threadIdx.x;
  int *idata = g_idata + blockIdx.x * blockDim.x * 8;
  if (idx + 7 * blockDim.x < n) {
    int a1 = g_idata[idx];
    int a2 = g_idata[idx + blockDim.x];
    g_idata[idx] = a1 + a2;
  }
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride)
      idata[tid] += idata[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    volatile int *vmem = idata;
    vmem[tid] += vmem[tid + 32];
    vmem[tid] += vmem[tid + 16];
    vmem[tid] += vmem[tid + 8];
    vmem[tid] += vmem[tid + 4];
    vmem[tid] += vmem[tid + 2];
    vmem[tid] += vmem[tid + 1];
  }
  if (tid == 0)
    g_odata[blockIdx.x] = idata[0];
}

// Complete unrolling with the block size as a template parameter: every test
// is on a constant multiple of 32.
template <unsigned int iBlockSize>
__global__ void reduceCompleteUnroll(int *g_idata, int *g_odata, unsigned int n) {
  unsigned int tid = threadIdx.x;
  int *idata = g_idata + blockIdx.x * blockDim.x * 8;
  if (iBlockSize >= 1024 && tid < 512)
    idata[tid] += idata[tid + 512];
  __syncthreads();
  if (iBlockSize >= 512 && tid < 256)
    idata[tid] += idata[tid + 256];
  __syncthreads();
  if (iBlockSize >= 256 && tid < 128)
    idata[tid] += idata[tid + 128];
  __syncthreads();
  if (iBlockSize >= 128 && tid < 64)
    idata[tid] += idata[tid + 64];
  __syncthreads();
  if (tid < 32) {
    volatile int *vsmem = idata;
    vsmem[tid] += vsmem[tid + 32];
    vsmem[tid] += vsmem[tid + 16];
  }
  if (tid == 0)
    g_odata[blockIdx.x] = idata[0];
}

void launch(int *in, int *out, unsigned n) {
  reduceCompleteUnroll<512><<<n / 512, 512>>>(in, out, n);
  reduceCompleteUnroll<256><<<n / 256, 256>>>(in, out, n);
}
// CHECK: cuda-lint: 3 warnings and 0 errors in 1 file; 1 file analysed
