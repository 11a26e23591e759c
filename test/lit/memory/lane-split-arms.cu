// A variable assigned in `if` arms that split a warp holds, in each thread, the value of the arm
// that thread took, where the launches give the block's shape and each arm's value is known in
// each thread (ExactThreads). Found on a blind set: uSonifier's brain3 fills a 6x6x64 tile of
// `unsigned short` from four quadrants, `thread8idx` set in four `if`s on threadIdx.x and
// threadIdx.y. Degrees and sectors checked against a direct count of each warp's banks and
// sectors.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict,uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

// Lanes 0-15 read consecutive words, lanes 16-31 words 32 apart: bank 0 holds lane 0's word and
// the 16 of the upper half, a 17-way conflict, in a loop that touches no global memory.
__global__ void halves(float *out, int n) {
  __shared__ float s[32 * 32];
  int t = threadIdx.x;
  int i;
  if (t < 16)
    i = t;
  else
    i = 32 * t;
  s[t] = 0.f;
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += s[i] * k;
  out[blockIdx.x * 32 + t] = acc;
}
// CHECK: lane-split-arms.cu:[[@LINE-3]]:12: warning: 's[i]' puts 17 lanes of a warp in one bank: a 17-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 17 different words of one bank are served one after another, so the access takes 17 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory
// CHECK: note: make consecutive lanes use consecutive words

// The same halves reading global memory: lanes 0-15 share 2 sectors, lanes 16-31 one each.
__global__ void halvesGlobal(const float *in, float *out) {
  int t = threadIdx.x;
  int i;
  if (t < 16)
    i = t;
  else
    i = 32 * t;
  out[blockIdx.x * 32 + t] = in[blockIdx.x * 1024 + i];
}
// CHECK: lane-split-arms.cu:[[@LINE-2]]:30: warning: lanes of a warp read 'in[blockIdx.x * 1024 + i]' spread over 3972 bytes: 18 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 576 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// uSonifier's quadrants (16x16x2 blocks: a warp is two rows of 16): six lanes of each row store
// 64 `unsigned short`s (32 words) apart, so the 12 of a warp share a bank. `(int)threadIdx.x - 6`
// meets the unsigned threadIdx.y: the conversion keeps each thread's value.
__global__ void quadrants(const unsigned short *in, unsigned short *out) {
  __shared__ unsigned short tile[6 * 6 * 64];
  int idx = 0;
  if (threadIdx.x < 6 && threadIdx.y < 6)
    idx = 64 * (threadIdx.y * 6 + threadIdx.x) + threadIdx.z;
  if (threadIdx.x >= 6 && threadIdx.x < 12 && threadIdx.y < 6)
    idx = 64 * (threadIdx.y * 6 + ((int)threadIdx.x) - 6) + threadIdx.z + 16;
  if (threadIdx.x < 12 && threadIdx.y < 6)
    tile[idx] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}
// CHECK: lane-split-arms.cu:[[@LINE-4]]:5: note: 'tile[idx]' puts 12 lanes of a warp in one bank: a 12-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 16 has lanes of its own here (the lanes' addresses differ from warp to warp): every one of the 6 that reach it alike
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: make consecutive lanes use consecutive words

// Not flagged: the upper half's words are 32 further on, each lane still in a bank of its own.
__global__ void shiftedHalf(float *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  int i = t;
  if (t >= 16)
    i = t + 32;
  s[t] = 0.f;
  s[t + 32] = 0.f;
  __syncthreads();
  out[t] = s[i];
}

// Not flagged: the arm is chosen by data, so no thread's value is known.
__global__ void chosenByData(const float *in, float *out) {
  __shared__ float s[32 * 32];
  int t = threadIdx.x;
  int i = t;
  if (in[t] > 0.f)
    i = 32 * t;
  s[t] = 0.f;
  __syncthreads();
  out[t] = s[i];
}

void launch(float *f, const float *cf, const unsigned short *u, unsigned short *v, int n) {
  halves<<<1, 32>>>(f, n);
  halvesGlobal<<<64, 32>>>(cf, f);
  quadrants<<<1, dim3(16, 16, 2)>>>(u, v);
  shiftedHalf<<<1, 32>>>(f);
  chosenByData<<<1, 32>>>(cf, f);
}
