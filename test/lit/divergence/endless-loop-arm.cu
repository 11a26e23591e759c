// A branch whose one side never ends for the walk: thread 0 spins on a counter that inline asm
// reads (`do { asm("ld.global.cg.b32 %0, [%1];" : "=r"(r) : "l"(p)); } while (r != 0);`, TensorRT's
// instance-norm grid sync). The walk does not model the asm's output, so the loop's condition is
// constant and the path ends without a return, break or continue. That is not an exit the other
// threads' barrier comes after: no finding, and no crash (barrier-in-divergent-branch described
// the missing 'return' and crashed the file's analysis on e128205).
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --color=never --rules=barrier-in-divergent-branch,warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__global__ void gridSync(int *retired, float *out) {
  if (threadIdx.x == 0) {
    int r = -1;
    do {
      __threadfence();
      asm volatile("ld.global.cg.b32 %0, [%1];" : "=r"(r) : "l"(retired));
    } while (r != 0);
  }
  __syncthreads();
  out[threadIdx.x] = 1.f;
}

void host(int *retired, float *out, cudaStream_t s) { gridSync<<<4, 256, 0, s>>>(retired, out); }
// CHECK: cuda-lint: 0 warnings and 0 errors in 0 files; 1 file analysed
