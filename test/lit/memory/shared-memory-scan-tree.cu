// shared-memory-bank-conflict in a work-efficient scan's tree (HeCBench scan-cuda, GPU Gems 3
// ch. 39): the up-sweep's `offset` doubles each level, so `temp[offset * (2 * tid + 1) - 1]` is
// 2-, 4-, ... 32-way; the down-sweep starts from the `offset` the up-sweep leaves (N), which the
// walk knows once it has walked every level (up to 16). The padded version (`ai += ai >> 5`) is
// conflict-free for 4-byte elements and 2-way at some levels for 8-byte ones. Silent: a level
// that only one lane runs (`thid < d` with d = 1).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

template <typename T, int N>
__global__ void scan(T *g_odata, const T *g_idata) {
  __shared__ T temp[N];
  int thid = threadIdx.x;
  int offset = 1;
  temp[2 * thid] = g_idata[2 * thid];
  temp[2 * thid + 1] = g_idata[2 * thid + 1];
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[N - 1] = 0;
  for (int d = 1; d < N; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      T t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[2 * thid] = temp[2 * thid];
  g_odata[2 * thid + 1] = temp[2 * thid + 1];
}

#define OFFSET(n) ((n) >> 5)
template <typename T, int N>
__global__ void scanPadded(T *g_odata, const T *g_idata) {
  __shared__ T temp[2 * N];
  int thid = threadIdx.x;
  int a = thid, b = thid + N / 2;
  temp[a + OFFSET(a)] = g_idata[a];
  temp[b + OFFSET(b)] = g_idata[b];
  int offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      ai += OFFSET(ai);
      bi += OFFSET(bi);
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  __syncthreads();
  g_odata[a] = temp[a + OFFSET(a)];
  g_odata[b] = temp[b + OFFSET(b)];
}

void host(int *o, const int *i, long *lo, const long *li) {
  scan<int, 1024><<<16, 512>>>(o, i);
  scanPadded<int, 1024><<<16, 512>>>(o, i);
  scanPadded<long, 1024><<<16, 512>>>(lo, li);
}
// CHECK: shared-memory-scan-tree.cu:22:7: warning: 'temp[bi]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:22:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: shared-memory-scan-tree.cu:22:7: note: per trip: d = 512: 2-way; d = 256: 4-way; d = 128: 8-way; d = 64: 16-way; d = 32: 32-way; d = 16: 16-way; d = 8: 8-way; d = 4: 4-way; d = 2: 2-way
// CHECK: shared-memory-scan-tree.cu:22:7: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:22:7: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-scan-tree.cu:22:19: warning: 'temp[ai]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:22:19: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: shared-memory-scan-tree.cu:22:19: note: per trip: d = 512: 2-way; d = 256: 4-way; d = 128: 8-way; d = 64: 16-way; d = 32: 32-way; d = 16: 16-way; d = 8: 8-way; d = 4: 4-way; d = 2: 2-way
// CHECK: shared-memory-scan-tree.cu:22:19: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:22:19: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-scan-tree.cu:34:13: warning: 'temp[ai]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:34:13: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: shared-memory-scan-tree.cu:34:13: note: per trip: d = 2: 2-way; d = 4: 4-way; d = 8: 8-way; d = 16: 16-way; d = 32: 32-way; d = 64: 16-way; d = 128: 8-way; d = 256: 4-way; d = 512: 2-way
// CHECK: shared-memory-scan-tree.cu:34:13: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:34:13: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-scan-tree.cu:35:7: warning: 'temp[ai]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:35:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: shared-memory-scan-tree.cu:35:7: note: per trip: d = 2: 2-way; d = 4: 4-way; d = 8: 8-way; d = 16: 16-way; d = 32: 32-way; d = 64: 16-way; d = 128: 8-way; d = 256: 4-way; d = 512: 2-way
// CHECK: shared-memory-scan-tree.cu:35:7: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:35:7: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-scan-tree.cu:35:18: warning: 'temp[bi]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:35:18: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: shared-memory-scan-tree.cu:35:18: note: per trip: d = 2: 2-way; d = 4: 4-way; d = 8: 8-way; d = 16: 16-way; d = 32: 32-way; d = 64: 16-way; d = 128: 8-way; d = 256: 4-way; d = 512: 2-way
// CHECK: shared-memory-scan-tree.cu:35:18: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:35:18: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-scan-tree.cu:36:7: warning: 'temp[bi]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:36:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: shared-memory-scan-tree.cu:36:7: note: per trip: d = 2: 2-way; d = 4: 4-way; d = 8: 8-way; d = 16: 16-way; d = 32: 32-way; d = 64: 16-way; d = 128: 8-way; d = 256: 4-way; d = 512: 2-way
// CHECK: shared-memory-scan-tree.cu:36:7: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:36:7: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-scan-tree.cu:60:7: warning: 'temp[bi]' puts 2 lanes of a half-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:60:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 2
// CHECK: shared-memory-scan-tree.cu:60:7: note: in the loop's trips where d = 512; d = 256; d = 128; d = 64; d = 16; d = 8; d = 4; d = 2
// CHECK: shared-memory-scan-tree.cu:60:7: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:60:7: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-scan-tree.cu:60:19: warning: 'temp[ai]' puts 2 lanes of a half-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: shared-memory-scan-tree.cu:60:19: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 2
// CHECK: shared-memory-scan-tree.cu:60:19: note: in the loop's trips where d = 512; d = 256; d = 128; d = 64; d = 16; d = 8; d = 4; d = 2
// CHECK: shared-memory-scan-tree.cu:60:19: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: shared-memory-scan-tree.cu:60:19: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// Only lane 0 of warp 0 runs `thid < d` when d is 1 (the up-sweep's last level, the down-sweep's
// first): no trip of d = 1 in the notes above, and `t < 1` below is silent. `t >= 31` leaves
// lane 31 alone in warp 0 but runs every other warp whole: 32-way there.
__global__ void oneLane(float *o) {
  __shared__ float s[32 * 512];
  int t = threadIdx.x;
  if (t < 1)
    s[t * 32] = 0.f;
  if (t >= 31)
    s[t * 32 + 1] = 1.f;
  __syncthreads();
  o[t] = s[t];
}
void host2(float *o) { oneLane<<<1, 512>>>(o); }
// CHECK: shared-memory-scan-tree.cu:[[@LINE-5]]:5: warning: 's[t * 32 + 1]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: cuda-lint: 9 warnings and 0 errors in 1 file; 1 file analysed

// The divergence note says which side one lane takes, and that other warps run `t >= 31` whole.
// RUN: %expect-exit 1 --stdout %t.div -- %cuda-lint --color=never --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.div --check-prefix=DIV
// DIV: shared-memory-scan-tree.cu:[[@LINE-17]]:7: note: thread-dependent branch (single-lane): 't < 1' is true only for lane 0 of one warp [warp-divergent-branch]
// DIV: shared-memory-scan-tree.cu:[[@LINE-16]]:7: note: thread-dependent branch (single-lane): 't >= 31' splits one warp, where it is true only for lane 31 [warp-divergent-branch]
