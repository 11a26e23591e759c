// uncoalesced-global-access in blocks whose rows do not fill their last warp (deepmd-kit's
// `dim3 thread_grid(16, 9)`: rows 2w and 2w + 1 in warps 0-3, row 8 alone in lanes 0-15 of warp
// 4, whose other lanes do not exist): threadIdx.y is known in each lane as in a block of whole
// warps. Reported: lanes 12 floats apart in each row; silent: the block's threads in order.
// `idz / 3` takes one value in some warps (rows 0 and 1) and two in others (rows 2 and 3): each
// warp has lanes of its own, judged by the warp that costs least; silent where that warp's
// request is coalesced (`idz % 3` of triples, rows of 16 consecutive floats).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void virial(float *out, const float *in_deriv, const int *nlist, int nnei) {
  const unsigned idy = blockIdx.y * blockDim.x + threadIdx.x;
  const unsigned idz = threadIdx.y;
  if (idy >= nnei)
    return;
  float v = 0.0f;
  for (int idw = 0; idw < 4; ++idw)
    v += in_deriv[(idy * 4 + idw) * 3 + idz];
  // CHECK: uneven-rows.cu:[[@LINE-1]]:10: warning: lanes of a warp read 'in_deriv[(idy * 4 + idw) * 3 + idz]' spread over 728 bytes: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK: note: with blocks of 16x9 threads, one warp spans 2 values of threadIdx.y
  // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  float w = 0.0f;
  for (int idw = 0; idw < 4; ++idw)
    w += in_deriv[(idy * 4 + idw) * 3 + idz / 3];
  // CHECK: uneven-rows.cu:[[@LINE-1]]:10: warning: lanes of a warp read 'in_deriv[(idy * 4 + idw) * 3 + idz ...' spread over 728 bytes: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK: note: with blocks of 16x9 threads, one warp spans 2 values of threadIdx.y
  // CHECK: note: each warp of the block's 5 has lanes of its own here (the lanes' addresses differ from warp to warp): warp 1 costs the least of the 5 that reach it, the others up to 16 sectors for 2
  // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  w += in_deriv[idy * 3 + idz % 3];        // 6 or 7 sectors for 4: silent
  w += in_deriv[idz / 3 * 4096 + idy];     // a row of 16 floats or two: silent
  out[blockIdx.y * 144 + threadIdx.y * 16 + threadIdx.x] = w;
  out[blockIdx.y * 144 + threadIdx.y * 16 + threadIdx.x] = v; // in order: silent
}

void run(float *out, const float *in, const int *nlist, int nloc, int nnei) {
  virial<<<dim3(nloc, (nnei + 15) / 16), dim3(16, 9)>>>(out, in, nlist, nnei);
}
