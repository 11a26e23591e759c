// shared-memory-bank-conflict in a loop that runs a number of trips not known here, under a
// guard whose bound is not known either (gpu4pyscf's tail loop over the grid points left:
// `for (n = 0; n < bgrids; n += 8) if (n + tx < bgrids) val += s_bra[ty * 32 + n + tx]`, blocks
// of 8x4x4 doubles). The loop's trips cannot be walked one by one, so the access is judged as
// in the trips where the guard lets every lane through: rows 32 doubles apart put lanes tx of
// ty and ty + 1 in one bank, 2-way per half-warp, as the eleventh blind set labelled it.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void tailLoop(const double *in, double *out, int bgrids) {
  __shared__ double s_bra[128];
  int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  int txy = tx + 8 * ty + 32 * tz;
  s_bra[txy] = in[blockIdx.x * 128 + txy];
  __syncthreads();
  double val = 0;
  for (int n = 0; n < bgrids; n += 8) {
    if (n + tx < bgrids)
      val += s_bra[ty * 32 + n + tx];
    // CHECK: shared-memory-tail-loops.cu:[[@LINE-1]]:14: warning: 's_bra[ty * 32 + n + tx]' puts 2 lanes of a half-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
    // CHECK-NEXT: {{^}}      val += s_bra[ty * 32 + n + tx];
    // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 2
    // CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
    // CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  }
  out[blockIdx.x * 128 + txy] = val;
}

void run(const double *a, double *o, int n) { tailLoop<<<64, dim3(8, 4, 4)>>>(a, o, n); }
