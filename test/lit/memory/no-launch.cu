// Kernels with no launch in the file (launched from another file, or from another language):
// the walk takes blocks of at least 32 threads in x. A kernel that never reads threadIdx.y/z or
// blockDim.y/z has 1-D blocks in practice: its findings say the assumption in a note. One that
// reads them may run with blocks as narrow as 8 threads, a warp over 4 rows: only a verdict that
// holds then too is given, with the least it can be.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access,shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --check-prefixes=CHECK,WARN --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access,shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.ped --check-prefixes=CHECK,PED --implicit-check-not=warning: --implicit-check-not=note:

// 1-D: the lanes' stride is that of threadIdx.x.
__global__ void strided1d(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}
// CHECK: no-launch.cu:[[@LINE-2]]:12: warning: lanes of a warp read 'in[32 * i]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: assuming blocks of at least 32 threads in x: no launch of 'strided1d' in this file gives the block shape
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements

// 2-D, the x stride large enough that every lane of a row has its own sector: blocks 8 or 16
// wide still touch at least 8 and 16 sectors for the 4 of 32 consecutive floats.
__global__ void column2d(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * 4096 + y] = in[y * 4096 + x];
}
// CHECK: no-launch.cu:[[@LINE-2]]:3: warning: lanes of a warp write 'out[x * 4096 + y]' 16384 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: assuming blocks of at least 32 threads in x: no launch of 'column2d' in this file gives the block shape; with blocks 8 or 16 threads wide (a warp over several rows) it still touches at least 8 and 16 sectors
// CHECK: note: make threadIdx.x index the contiguous dimension

// 2-D, a verdict that depends on the shape: with blocks 32 wide 'in[2 * x + y]' touches 8
// sectors for 4; with blocks 8 wide the 4 rows of a warp fill 18 consecutive floats, 3
// sectors. Silent.
__global__ void shapeDependent(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = threadIdx.y;
  out[x] = in[2 * x + y];
}

// Shared memory, 2-D: a column of a [32][32] tile is 32-way with blocks 32 wide, and at least
// 8-way with blocks 8 wide (8 lanes of one row): a --pedantic note, as conflicts up to 8-way
// beside global memory are. A stride of 2 words with threadIdx.y added is 2-way with blocks 32
// wide and none with blocks 8 wide: silent.
__global__ void tile2d(float *out) {
  __shared__ float tile[32][32];
  __shared__ float s[128];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  s[threadIdx.x * 2 + threadIdx.y] = 1.f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y] + s[threadIdx.x];
}

// A kernel launched here keeps the shapes of its launches: no note of an assumption.
__global__ void launched(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}
// CHECK: no-launch.cu:[[@LINE-2]]:12: warning: lanes of a warp read 'in[32 * i]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
// A column index that is right only with blocks 32 threads wide (`blockIdx.x * 32 +
// threadIdx.x`, nvdiffrast's antialias kernels): a warp is one row, though the kernel reads
// threadIdx.y and no launch gives the shape; the lone last channel of each RGBA pixel is read
// 16 bytes apart.
__global__ void lastChannel(const float *rgba, float *out, int w, int h) {
  int px = blockIdx.x * 32 + threadIdx.x, py = blockIdx.y * 8 + threadIdx.y;
  if (px >= w || py >= h)
    return;
  out[px + w * py] = rgba[((px + w * py) << 2) + 3];
}
// CHECK: no-launch.cu:[[@LINE-2]]:22: warning: lanes of a warp read 'rgba[((px + w * py) << 2) + 3]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: assuming blocks of at least 32 threads in x: no launch of 'lastChannel' in this file gives the block shape; 'blockIdx.x * 32 + threadIdx.x' is right only with blocks that wide, so a warp is one row of the block
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
// With blockDim.x the block may be 8 wide, a warp over 4 rows; but each row reads every 16
// bytes and the rows lie a multiple of 16 bytes apart (w pixels), so a sector holds at most two
// lanes' floats wherever the rows are: at least 16 sectors for 4, reported with that bound
// (`in[2 * x + y]` above, whose rows are 4 bytes apart, stays silent).
__global__ void lastChannelAnyWidth(const float *rgba, float *out, int w, int h) {
  int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= w || py >= h)
    return;
  out[px + w * py] = rgba[((px + w * py) << 2) + 3];
}
// CHECK: no-launch.cu:[[@LINE-2]]:22: warning: lanes of a warp read 'rgba[((px + w * py) << 2) + 3]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: assuming blocks of at least 32 threads in x: no launch of 'lastChannelAnyWidth' in this file gives the block shape; with blocks as narrow as 8 threads (a warp over several rows) it still touches at least 16 sectors: each row reads every 16 bytes, and the rows lie a multiple of that apart
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
// `threadIdx.x + threadIdx.y * 32` in the helper that holds the access (nvdiffrast's triangle
// setup) says the same of a 2-D block; a place read again in the same block (nvcc loads it once)
// is reported where it is first read.
__device__ float rowSum(const float *in) {
  __shared__ float s[64][18];
  float *row = s[threadIdx.x + threadIdx.y * 32];
  row[0] = in[threadIdx.x];
  return in[1] * row[0] + in[2] * row[0];
}
__global__ void setup(const float *in, float *out) { out[threadIdx.x] = rowSum(in); }
void host(const float *a, float *b) { launched<<<64, 256>>>(a, b); }
// The shared-memory finding comes after the global ones (rules in order).
// PED: no-launch.cu:52:22: note: 'tile[threadIdx.x][threadIdx.y]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// PED: note: assuming blocks of at least 32 threads in x: no launch of 'tile2d' in this file gives the block shape; with blocks 8 threads wide (a warp over 4 rows) it is at least an 8-way conflict
// PED: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// PED: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// PED: no-launch.cu:97:3: note: 'row[0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// PED: note: assuming blocks of at least 32 threads in x: no launch of 'setup' in this file gives the block shape; 'threadIdx.x + threadIdx.y * 32' is right only with blocks that wide, so a warp is one row of the block
// PED: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// PED: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// PED: no-launch.cu:98:18: note: 'row[0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// PED: note: assuming blocks of at least 32 threads in x: no launch of 'setup' in this file gives the block shape; 'threadIdx.x + threadIdx.y * 32' is right only with blocks that wide, so a warp is one row of the block
// PED: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// PED: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// WARN: cuda-lint: 5 warnings and 0 errors in 1 file; 1 file analysed
// PED: cuda-lint: 5 warnings and 0 errors (3 notes) in 1 file; 1 file analysed

