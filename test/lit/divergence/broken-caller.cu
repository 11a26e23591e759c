// A kernel that compile errors leave with holes is not walked, but a call it
// makes in code that parsed leads into a device function that is: with what
// the call's own arguments say (threadIdx.x, blockDim.x), its locals unknown.
// Learn-CUDA-Programming's multi-node Gaussian elimination: the header declares
// its helpers only under nvcc's __NVCC__, so the kernel does not compile with
// Clang, but its call to the findMax reduction does.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
__device__ void findMax(int *s, unsigned tid, unsigned n) {
  for (unsigned stride = n / 2; stride >= 1; stride /= 2) {
    if (tid < stride)
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (shrinking-threshold): 'tid < stride' lets fewer threads through each iteration [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: 'stride' shrinks every iteration: once fewer than 32 pass, only the first lanes of the first warp run the branch while the rest of that warp idles
    // CHECK-DAG: :[[@LINE-3]]:9: note: in a reduction tree, stop the loop while whole warps remain (e.g. at 'stride > 32') and finish the last 32 values within one warp using '__shfl_down_sync'
      s[tid] = max(s[tid], s[tid + stride]);
    __syncthreads();
  }
}
// Called with a local of the broken kernel: its value is not known, so silent.
__device__ void parity(int *s, unsigned k) {
  if (k % 2 == 0)
    s[0] = 1;
}
__global__ void pivot(int *s) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int ok = undeclaredHelper(row);
  // CHECK-DAG: :[[@LINE-1]]:12: error: use of undeclared identifier 'undeclaredHelper' [clang-diagnostic-error]
  findMax(s, threadIdx.x, blockDim.x);
  parity(s, row);
  findMax(s, undeclaredHelper(2), blockDim.x); // an argument with an error: not followed
  // CHECK-DAG: :[[@LINE-1]]:14: error: use of undeclared identifier 'undeclaredHelper' [clang-diagnostic-error]
}
int main() {
  int *p = nullptr;
  pivot<<<1, 128>>>(p);
}
// CHECK: cuda-lint: 1 warning and 2 errors in 1 file; 1 file analysed, 1 with compile errors
