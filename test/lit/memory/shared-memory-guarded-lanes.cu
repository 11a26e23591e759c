// shared-memory-bank-conflict counts only the lanes that reach the access. A guard on threadIdx
// that leaves part of a warp (around the access, or around the call that reaches it) leaves
// fewer lanes to meet in a bank. Found by `cuda-lint confirm` on programs nobody here wrote
// (docs/confirm-samples.md): cuda-samples dxtc's `covariance[6 * idx + k]` runs under
// `if (idx < 16)`, conflict-free (the finding said 2-way); Rodinia lud's perimeter kernel runs
// `peri_col[idx][i]` in the 16 lanes of `threadIdx.x >= 16`, 8-way (it said 16-way).
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__device__ void fill(float *cov, float v) {
  int idx = threadIdx.x;
  cov[6 * idx + 0] = v; // stride 6 words: 16 lanes in 16 banks
}
// Silent: the call runs in lanes 0-15 of the first warp only.
__global__ void guardedCall(const float *in, float *out) {
  __shared__ float cov[16 * 6];
  int idx = threadIdx.x;
  if (idx < 16)
    fill(cov, in[idx]);
  __syncthreads();
  out[idx] = cov[idx % 16];
}

// The else arm: lanes 16-31, 16 words apart, two banks of 8.
__global__ void halfWarpElse(float *m) {
  __shared__ float col[16][16];
  if (threadIdx.x < 16) {
    m[threadIdx.x] = 0.f;
  } else {
    int idx = threadIdx.x - 16;
    for (int i = 0; i < 16; ++i)
      col[idx][i] = m[idx * 16 + i];
  }
  __syncthreads();
  m[threadIdx.x] = col[threadIdx.x % 16][0];
}
// CHECK: shared-memory-guarded-lanes.cu:[[@LINE-5]]:7: note: 'col[idx][i]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable
// CHECK: note: pad each row by one element
// All 32 lanes, two to a word (a broadcast), 8 words to a bank.
// CHECK: shared-memory-guarded-lanes.cu:[[@LINE-7]]:20: note: 'col[threadIdx.x % 16][0]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: pad each row by one element

// The same lane mask in every warp: lanes 0-15 at stride 6 meet in no bank.
__global__ void laneHalf(float *out) {
  __shared__ float s[64 * 6];
  int lane = threadIdx.x & 31;
  if (lane < 16)
    s[6 * threadIdx.x] = 1.f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// threadIdx.x < 48 leaves the first warp whole: its 32 lanes at stride 6 are 2-way.
__global__ void wholeWarpStillRuns(float *out) {
  __shared__ float s[64 * 6];
  if (threadIdx.x < 48)
    s[6 * threadIdx.x] = 1.f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// CHECK: shared-memory-guarded-lanes.cu:[[@LINE-4]]:5: note: 's[6 * threadIdx.x]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: make consecutive lanes use consecutive words

// Silent: in blocks 16 threads wide no thread has threadIdx.x >= 16 (or threadIdx.y >= 16 in
// blocks 16 rows high), so the 16-way column read never runs; the guard is false in every thread
// whatever warp of the block it is in (before, the walk took it for a warp-uniform condition and
// walked the read).
__global__ void neverTaken(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.y][threadIdx.x + 16] = 1.f;
  __syncthreads();
  if (threadIdx.x >= 16)
    out[threadIdx.x] = s[threadIdx.x][0];
  if (threadIdx.y >= 16)
    out[threadIdx.y] = s[threadIdx.x][1];
}
// CHECK: shared-memory-guarded-lanes.cu:[[@LINE-7]]:3: note: 's[threadIdx.y][threadIdx.x + 16]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: pad each row

// One lane of each row of a narrow block: in blocks 16 wide `threadIdx.x == 15` leaves lanes 15
// and 31 of a warp (found on uSonifier's stereo matcher, a search tile's edge column filled by
// the last thread of a row). The same word: one wavefront; rows 128 bytes apart: 2-way.
__global__ void rowLeader(float *out) {
  __shared__ float s[32][32];
  if (threadIdx.x == 15)
    s[threadIdx.x][0] = out[0];
  if (threadIdx.x == 15)
    s[threadIdx.y][0] = out[1];
  __syncthreads();
  out[threadIdx.x] = s[0][threadIdx.x];
}
// CHECK: shared-memory-guarded-lanes.cu:[[@LINE-4]]:5: note: 's[threadIdx.y][0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread
// CHECK: note: pad each row

int main() {
  float *p = nullptr;
  rowLeader<<<8, dim3(16, 16)>>>(p);
  guardedCall<<<8, 64>>>(p, p);
  halfWarpElse<<<8, 32>>>(p);
  laneHalf<<<8, 64>>>(p);
  wholeWarpStillRuns<<<8, 64>>>(p);
  neverTaken<<<8, dim3(16, 16)>>>(p);
}
