// shared-memory-bank-conflict: a short loop bounded by a constant and a run-time value, and an
// access whose kernels weigh it differently. Found on warp-ctc (reduce.cu's reduce_cols, and
// moderngpu's DeviceThreadToShared reached from a short loop and from a merge sort's passes).
// `for (i = 1; i < warps_per_block && i < num_cols; ++i)` with `warps_per_block = NT / 32` runs
// at most 3 trips: over a thread's own row of 4 floats nvcc reads the three with one LDS.128,
// conflict-free (kernels/studies/adjacent_stores.cu, windowThree; two of them stay two LDS);
// over rows 128 floats apart it is straight-line code once unrolled, where conflicts up to 4-way
// measured 1.00x to 1.06x: a note. The same loop bounded by the run-time value alone is a loop
// over shared memory. An access reported because one of its kernels runs it in such a loop says
// so.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

template <int NT>
__global__ void reduceCols(const float *input, float *output, int num_rows, int num_cols) {
  __shared__ float s[NT];
  int warps_per_block = NT / 32;
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  float curr = input[row + threadIdx.y * num_rows];
  s[threadIdx.x * warps_per_block + threadIdx.y] = curr;
  __syncthreads();
  if (threadIdx.y == 0 && row < num_rows) {
#pragma unroll
    for (int i = 1; i < warps_per_block && i < num_cols; ++i)
      curr += s[i + threadIdx.x * warps_per_block];
    output[row] = curr;
  }
}

// The same bound over rows 128 floats apart: 4-way in each of at most 3 trips, a note; two
// floats from the row's second stay two 4-byte loads (4-way), a note.
template <int NT>
__global__ void reduceRows(const float *input, float *output, int num_rows, int num_cols) {
  __shared__ float s[4 * NT];
  int warps_per_block = NT / 32;
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  for (int k = 0; k < 4; ++k)
    s[k * NT + threadIdx.y * 32 + threadIdx.x] = input[row + k * num_rows];
  __syncthreads();
  float curr = 0.f;
  if (threadIdx.y == 0 && row < num_rows) {
    for (int i = 1; i < warps_per_block && i < num_cols; ++i)
      curr += s[i * NT + threadIdx.x * warps_per_block];
#pragma unroll
    for (int i = 1; i < 3 && i < num_cols; ++i)
      curr += s[i + threadIdx.x * warps_per_block];
    output[row] = curr;
  }
}

// The run-time bound alone: as many trips as there are columns, over shared memory.
template <int NT>
__global__ void reduceAllCols(const float *input, float *output, int num_rows, int num_cols) {
  __shared__ float s[NT];
  int warps_per_block = NT / 32;
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  float curr = 0.f;
  s[threadIdx.x * warps_per_block + threadIdx.y] = input[row + threadIdx.y * num_rows];
  __syncthreads();
  if (threadIdx.y == 0 && row < num_rows) {
    for (int i = 1; i < num_cols; ++i)
      curr += s[i % warps_per_block + threadIdx.x * warps_per_block];
    output[row] = curr;
  }
}

// One helper, 2-way: in a short loop of one kernel, in a loop over shared memory of another.
__device__ void storePairs(float *shared, int tid, const float *v) {
#pragma unroll
  for (int i = 0; i < 2; ++i)
    shared[4 * tid + 2 * i] = v[i];
}

__global__ void once(const float *in, float *out) {
  __shared__ float s[512];
  float v[2] = {in[threadIdx.x], in[threadIdx.x + 128]};
  storePairs(s, threadIdx.x, v);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void passes(const float *in, float *out, int n) {
  __shared__ float s[512];
  float v[2] = {in[threadIdx.x], in[threadIdx.x + 128]};
  for (int pass = 0; pass < n; ++pass) {
    storePairs(s, threadIdx.x, v);
    __syncthreads();
    v[0] += s[threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = v[0];
}

void launch(const float *in, float *out, int rows, int cols) {
  reduceCols<128><<<64, dim3(32, 4)>>>(in, out, rows, cols);
  reduceRows<128><<<64, dim3(32, 4)>>>(in, out, rows, cols);
  reduceAllCols<128><<<64, dim3(32, 4)>>>(in, out, rows, cols);
  once<<<1, 128>>>(in, out);
  passes<<<1, 128>>>(in, out, rows);
}

// CHECK: shared-memory-short-loop-bounds.cu:62:15: warning: 's[i % warps_per_block + threadIdx.x * warps_per_block]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-short-loop-bounds.cu:71:5: warning: 'shared[4 * tid + 2 * i]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: per kernel: 'once': 4-way; 'passes': 4-way
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-short-loop-bounds.cu:20:3: note: 's[threadIdx.x * warps_per_block + threadIdx.y]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-short-loop-bounds.cu:43:15: note: 's[i * NT + threadIdx.x * warps_per_block]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-short-loop-bounds.cu:46:15: note: 's[i + threadIdx.x * warps_per_block]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-short-loop-bounds.cu:58:3: note: 's[threadIdx.x * warps_per_block + threadIdx.y]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
