// uncoalesced-global-access where a thread's quotient or remainder by a constant that the
// block's offset does not divide picks its element (cuda-bundle-adjustment's diagonal of
// per-thread blocks: `j = i / DIM; k = i % DIM; (D + j * DIM * DIM)[k * DIM + k]`, blocks of
// 512 threads): the lanes' pattern changes with blockIdx.x % 3, so each thread's value is
// taken in one block for each remainder and a finding holds in all of them (the warp that
// costs least). Reported: the diagonal, lanes in blocks of 72 or 288 bytes. Silent: `a[i / 3]`
// (a run of 11 or 12 consecutive floats) and `a[i % 3]` (three floats).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

template <int DIM>
__global__ void addLambda(int size, double *D, double lambda, double *backup) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  const int j = i / DIM;
  const int k = i % DIM;
  double *ptrBlock = D + j * DIM * DIM;
  backup[i] = ptrBlock[k * DIM + k];
  // CHECK: block-residues.cu:[[@LINE-1]]:15: warning: lanes of a warp read 'ptrBlock[k * DIM + k]' spread over 736 bytes: 23 sectors per request instead of 8 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 736 bytes to use 256
  // CHECK-NEXT: note: each warp of the block's 16 has lanes of its own here (the lanes' addresses differ from warp to warp, and from block to block with the remainder modulo 1536 of the index's part a whole block shares; counted over 3 blocks, one for each remainder): warp 1 of one costs the least (16 of the 48 that reach it alike), the others up to 24 sectors for 8
  // CHECK-NEXT: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  ptrBlock[k * DIM + k] += lambda;
  // CHECK: block-residues.cu:[[@LINE-1]]:3: warning: lanes of a warp read and write 'ptrBlock[k * DIM + k]' spread over 736 bytes: 23 sectors per request instead of 8 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 736 bytes to use 256
  // CHECK-NEXT: note: each warp of the block's 16 has lanes of its own here (the lanes' addresses differ from warp to warp, and from block to block with the remainder modulo 1536 of the index's part a whole block shares; counted over 3 blocks, one for each remainder): warp 1 of one costs the least (16 of the 48 that reach it alike), the others up to 24 sectors for 8
  // CHECK-NEXT: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
}

template <int DIM>
__global__ void restoreDiagonal(int size, double *D, const double *backup) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  const int j = i / DIM;
  const int k = i % DIM;
  double *ptrBlock = D + j * DIM * DIM;
  ptrBlock[k * DIM + k] = backup[i];
  // CHECK: block-residues.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'ptrBlock[k * DIM + k]' spread over 1504 bytes: 27 sectors per request instead of 8 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 864 bytes to use 256
  // CHECK-NEXT: note: each warp of the block's 16 has lanes of its own here (the lanes' addresses differ from warp to warp, and from block to block with the remainder modulo 1536 of the index's part a whole block shares; counted over 3 blocks, one for each remainder): warp 1 of one costs the least (16 of the 48 that reach it alike), the others up to 32 sectors for 8
  // CHECK-NEXT: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
}

__global__ void quotients(int size, const float *a, float *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  float v = a[i / 3]; // 11 or 12 consecutive floats: silent
  v += a[i % 3];      // three floats: silent
  out[i] = v;
}

void run(int size, double *D, double *backup, const float *a, float *out) {
  addLambda<3><<<(size + 511) / 512, 512>>>(size, D, 1.0, backup);
  restoreDiagonal<6><<<(size + 511) / 512, 512>>>(size, D, backup);
  quotients<<<(size + 255) / 256, 256>>>(size, a, out);
}
