// uncoalesced-global-access on a tree over global memory (a work-efficient scan's up-sweep and
// down-sweep in place, BART's kern_exclusive_scan): lanes 2 * l elements apart, l doubled or
// halved each level, so each level has a pattern of its own and the loop is walked level by
// level. A bound the same in every thread but not known here (the row's length a kernel
// argument) does not stop the walk: its first levels run wherever the row is that long. The
// lanes a level's loop leaves make its request (16 of them where `i < s / 2` and s is 32).
// Silent: pairs that cover each other (l = 1 alone), one level. An access written in a macro's
// argument is named as written there.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#define MAX(a, b) ((a) > (b) ? (a) : (b))
typedef unsigned long long u64;

__global__ void upSweep(long n, u64 *dat) {
  u64 *ldat = dat + blockIdx.x * n;
  int l = 1;
  for (int s = n / 2; s > 0; s /= 2, l *= 2) {
    for (int i = threadIdx.x; i < s; i += blockDim.x) {
      int lo = l - 1 + 2 * l * i, hi = 2 * l - 1 + 2 * l * i;
      ldat[hi] += ldat[lo];
    }
    __syncthreads();
  }
}
// CHECK: global-trees.cu:[[@LINE-5]]:7: warning: lanes of a warp read and write 'ldat[hi]' 32 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
// CHECK-NEXT: ldat[hi] += ldat[lo];
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
// CHECK-NEXT: note: with the other element of 'dat' each thread reads beside it, the warp uses 512 of the 1016 bytes DRAM moves for them in 64-byte segments (50%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: in the loop's trip where l = 2
// CHECK-NEXT: note: the lanes spread further apart each trip, as a tree's levels do: run the tree in shared memory (each block loads its part with consecutive lanes, runs every level there and writes the result back once), or use cub::BlockScan or cub::BlockReduce
// CHECK: global-trees.cu:[[@LINE-11]]:19: warning: lanes of a warp read 'ldat[lo]' 32 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
// CHECK-NEXT: note: with the other element of 'dat' each thread reads beside it, the warp uses 512 of the 1016 bytes DRAM moves for them in 64-byte segments (50%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: in the loop's trip where l = 2
// CHECK-NEXT: note: the lanes spread further apart each trip, as a tree's levels do: run the tree in shared memory (each block loads its part with consecutive lanes, runs every level there and writes the result back once), or use cub::BlockScan or cub::BlockReduce

__global__ void downSweep(u64 *dat) {
  u64 *ldat = dat + blockIdx.x * 2048;
  int l = 1024;
  for (int s = 2; s / 2 < 2048; s *= 2, l /= 2) {
    for (int i = threadIdx.x; i < s / 2; i += blockDim.x) {
      int lo = l - 1 + 2 * l * i, hi = 2 * l - 1 + 2 * l * i;
      u64 t = ldat[hi];
      ldat[hi] += ldat[lo];
      ldat[lo] = t;
    }
    __syncthreads();
  }
}
// CHECK: global-trees.cu:[[@LINE-7]]:15: warning: lanes of a warp read 'ldat[hi]' 1024 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK-NEXT: note: with the other element of 'dat' each thread reads beside it, the warp uses 256 of the 1992 bytes DRAM moves for them in 64-byte segments (13%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: in the loop's trip where s = 32
// CHECK-NEXT: note: the lanes spread further apart each trip
// CHECK: global-trees.cu:[[@LINE-11]]:7: warning: lanes of a warp read and write 'ldat[hi]' 1024 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK-NEXT: note: with the other element of 'dat' each thread reads beside it, the warp uses 256 of the 1992 bytes DRAM moves for them in 64-byte segments (13%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: in the loop's trip where s = 32
// CHECK-NEXT: note: the lanes spread further apart each trip
// CHECK: global-trees.cu:[[@LINE-16]]:19: warning: lanes of a warp read 'ldat[lo]' 1024 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK-NEXT: note: with the other element of 'dat' each thread reads beside it, the warp uses 256 of the 1992 bytes DRAM moves for them in 64-byte segments (13%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: in the loop's trip where s = 32
// CHECK-NEXT: note: the lanes spread further apart each trip
// CHECK: global-trees.cu:[[@LINE-20]]:7: warning: lanes of a warp write 'ldat[lo]' 1024 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK-NEXT: note: in the loop's trip where s = 32
// CHECK-NEXT: note: the lanes spread further apart each trip

// One level, pairs that cover each other: silent.
__global__ void firstLevel(long n, const u64 *dat, u64 *out) {
  for (int i = threadIdx.x; i < n / 2; i += blockDim.x)
    out[i] = dat[2 * i + 1] + dat[2 * i];
}

__global__ void macroArg(const float2 *src, float *dst, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dst[i] = MAX(src[i].x, v);
}
// CHECK: global-trees.cu:[[@LINE-2]]:12: warning: lanes of a warp read 'src[i].x' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
// CHECK-NEXT: note: the lanes use one 4-byte field of 8-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches

void run(long n, u64 *d, const float2 *s, float *o) {
  upSweep<<<64, 1024>>>(n, d);
  downSweep<<<64, 1024>>>(d);
  firstLevel<<<64, 1024>>>(n, d, d + n);
  macroArg<<<64, 256>>>(s, o, 1.0f);
}
// CHECK: cuda-lint: 7 warnings and 0 errors in 1 file; 1 file analysed
