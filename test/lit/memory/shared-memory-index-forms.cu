// shared-memory-bank-conflict on index forms of production kernels:
// - GPU Gems 3's `CONFLICT_FREE_OFFSET(n)`, `((n) >> LOG_NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))`,
//   parses as `(n >> (LOG_NUM_BANKS + n)) >> ...`: 0 for every n >= 0 (n < 2^n; PTX's shr clamps
//   an amount of 32 or more), so the padding never applies and the scan keeps its conflicts
//   (Parboil's mri-gridding scan, copied from the book); the fix note says why.
// - Two locals a constant apart when declared (`a = 2 * t`, `b = 2 * t + 1`) are no pair nvcc
//   merges once one of them changes (`a += ...`): each is an access of its own.
// - A counter each lane starts at a value of its own (`for (j = len; j > 0; --j)`, len read
//   from memory) holds different values in every trip: no trip is walked as the last.
// - A helper's loop that fills the thread's own array from shared memory (`loadx<8>(a, s, 66)`,
//   SHOC's FFT), called in a loop, accesses no global memory: shared memory bounds it.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

#define LOG_NUM_BANKS 4
#define CONFLICT_FREE_OFFSET(index) ((index) >> LOG_NUM_BANKS + (index) >> (2 * LOG_NUM_BANKS))

__global__ void gemsScan(unsigned *data) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x;
  unsigned a = 2 * t, b = 2 * t + 1;
  a += CONFLICT_FREE_OFFSET(a);
  b += CONFLICT_FREE_OFFSET(b);
  s[a] = data[2 * t];
  s[b] = data[2 * t + 1];
  unsigned stride = 1;
  for (unsigned d = blockDim.x; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned ai = 2 * stride * t + stride - 1;
      unsigned bi = ai + stride;
      ai += CONFLICT_FREE_OFFSET(ai);
      bi += CONFLICT_FREE_OFFSET(bi);
      s[bi] += s[ai];
    }
    stride *= 2;
  }
  __syncthreads();
  data[t] = s[t];
}

typedef unsigned char uchar;
__global__ void listShift(const uchar *in, uchar *lists, uchar *out) {
  __shared__ unsigned shared[16 * 64];
  uchar *my = (uchar *)&shared[16 * threadIdx.x];
  unsigned idx = blockIdx.x * 64 + threadIdx.x;
  unsigned short len = 0;
  for (int i = 0; i < 64; i++) {
    uchar v = in[blockIdx.x * 4096 + i * 64 + threadIdx.x];
    if (v > 10) {
      if (len < 64)
        my[len] = v;
      len++;
    } else {
      for (int j = (int)len; j > 0; j--) {
        if (j > 64) {
          if (idx > 0)
            lists[256 * idx + j] = lists[256 * idx + j - 1];
        } else if (j == 64) {
          lists[256 * idx + j] = my[j - 1];
        } else if (j < 64) {
          my[j] = my[j - 1];
        }
      }
      my[0] = v;
    }
  }
  out[idx] = my[0];
}
template <int N> __device__ void loadx(float2 *a, const float *x, int sx) {
  for (int i = 0; i < N; i++)
    a[i].x = x[i * sx];
}
__global__ void fftTranspose(const float2 *in, float2 *out, int passes) {
  __shared__ float smem[8 * 66];
  float2 a[8];
  int t = threadIdx.x;
  smem[t] = in[blockIdx.x * 64 + t].x;
  __syncthreads();
  float acc = 0.f;
  for (int p = 0; p < passes; ++p) {
    loadx<8>(a, smem + (t & 7) * 66 + (t >> 3), 8);
    acc += a[p & 7].x;
  }
  out[blockIdx.x * 64 + t].x = acc;
}

void host(unsigned *d, const uchar *sz, uchar *l, uchar *o, const float2 *i, float2 *f) {
  gemsScan<<<16, 256>>>(d);
  listShift<<<16, 64>>>(sz, l, o);
  fftTranspose<<<16, 64>>>(i, f, 32);
}

// The trips of the scan tree, each access of the pair of locals on its own, the first trip of
// the list loop (every list empty) and its stores outside the shift loop, whose counter each
// lane starts from its own list's length (silent), and the helper's loop over shared memory.
// CHECK: shared-memory-index-forms.cu:34:7: warning: 's[bi]' puts up to 16 lanes of a warp in one bank: a 2- to 16-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: per trip: d = 256: 2-way; d = 128: 4-way; d = 64: 8-way; d = 32: 16-way; d = 16: 16-way; d = 8: 8-way; d = 4: 4-way; d = 2: 2-way
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: 'CONFLICT_FREE_OFFSET(bi)' is 0 for every value: '>>' binds looser than '+', so '(n) >> K + (n)' is 'n >> (K + n)' and the padding never applies; put each shift in parentheses, '((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS))'
// CHECK: shared-memory-index-forms.cu:34:16: warning: 's[ai]' puts up to 16 lanes of a warp in one bank: a 2- to 16-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: per trip: d = 256: 2-way; d = 128: 4-way; d = 64: 8-way; d = 32: 16-way; d = 16: 16-way; d = 8: 8-way; d = 4: 4-way; d = 2: 2-way
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: 'CONFLICT_FREE_OFFSET(ai)' is 0 for every value: '>>' binds looser than '+', so '(n) >> K + (n)' is 'n >> (K + n)' and the padding never applies; put each shift in parentheses, '((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS))'
// CHECK: shared-memory-index-forms.cu:52:9: warning: 'my[len]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: in the loop's trip where i = 0
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even in a kernel bound by global memory (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-index-forms.cu:65:7: warning: 'my[0]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even in a kernel bound by global memory (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-index-forms.cu:68:14: warning: 'my[0]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-index-forms.cu:72:14: warning: 'x[i * sx]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-index-forms.cu:24:3: note: 's[a]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: 'CONFLICT_FREE_OFFSET(a)' is 0 for every value: '>>' binds looser than '+', so '(n) >> K + (n)' is 'n >> (K + n)' and the padding never applies; put each shift in parentheses, '((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS))'
// CHECK: shared-memory-index-forms.cu:25:3: note: 's[b]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: 'CONFLICT_FREE_OFFSET(b)' is 0 for every value: '>>' binds looser than '+', so '(n) >> K + (n)' is 'n >> (K + n)' and the padding never applies; put each shift in parentheses, '((n) >> LOG_NUM_BANKS) + ((n) >> (2 * LOG_NUM_BANKS))'
// CHECK: cuda-lint: 6 warnings and 0 errors (2 notes) in 1 file; 1 file analysed
