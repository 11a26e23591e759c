// uncoalesced-global-access in blocks whose rows do not fill their last warp (deepmd-kit's
// `dim3 thread_grid(16, 9)`: rows 2w and 2w + 1 in warps 0-3, row 8 alone in lanes 0-15 of warp
// 4, whose other lanes do not exist): threadIdx.y is known in each lane as in a block of whole
// warps. Reported: lanes 12 floats apart in each row; silent: the block's threads in order.
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
  out[blockIdx.y * 144 + threadIdx.y * 16 + threadIdx.x] = v; // in order: silent
}

void run(float *out, const float *in, const int *nlist, int nloc, int nnei) {
  virial<<<dim3(nloc, (nnei + 15) / 16), dim3(16, 9)>>>(out, in, nlist, nnei);
}
