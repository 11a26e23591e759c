// shared-memory-bank-conflict: a thread's adjacent elements written as separate statements, the
// way ptxas and nvcc's PTX merge them (kernels/studies/adjacent_stores.cu, SASS and ncu on an
// H100). Four plain stores of a kernel's first array (placed at 0) from a 16-byte aligned index
// are one STS.128, conflict-free per quarter-warp (pointnet2's cumsum); two are one STS.64, 2-way
// per half-warp when the lanes are 16 bytes apart, even with the loop's counter as the index. The
// same elements read-modified-written (`+=`) stay scalar accesses of a kernel's own array, 4-way
// each; in dynamic shared memory (declared 16-byte aligned) the PTX already holds them as one
// vector. An array placed 12 bytes in keeps its four stores scalar.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

constexpr int kN = 8192;

// Silent: one STS.128 a lane.
__global__ void quadStore(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    float v1 = in[k], v2 = in[k + 1];
    b4[k] = v1;
    b4[k + 1] = v2;
    b4[k + 2] = v1 * v2;
    b4[k + 3] = v2 - v1;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k];
}

// Reported: read-modify-writes of a kernel's own array stay four-byte accesses (pointnet2's
// `buffer4[k] += buffer[k2]`).
__global__ void pairRmw(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    b4[k] = in[k];
  __syncthreads();
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    b4[k] += 1.f;
    b4[k + 1] += 2.f;
  }
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-3]]:5: warning: 'b4[k]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK-NEXT: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-6]]:5: warning: 'b4[k + 1]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs in a loop that accesses no global memory
// CHECK-NEXT: note: make consecutive lanes use consecutive words
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k];
}

// Reported: one STS.64 a lane, 16 bytes apart.
__global__ void pairStore(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    b4[k] = in[k];
    b4[k + 1] = in[k + 1];
  }
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-3]]:5: note: 'b4[k]' puts 2 lanes of a half-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 2
// CHECK-NEXT: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), 16-way 1.20x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-6]]:5: note: 'b4[k + 1]' puts 2 lanes of a half-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 2
// CHECK-NEXT: note: the loop around it also accesses global memory
// CHECK-NEXT: note: make consecutive lanes use consecutive words
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = k % 4 < 2 ? b4[k] : 0.f;
}

// Silent: in dynamic shared memory the four read-modify-writes are one ld.shared.v4.f32 and one
// st.shared.v4.f32 in the PTX.
__global__ void quadRmwDynamic(float *out) {
  extern __shared__ float d4[];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    d4[k] += 1.f;
    d4[k + 1] += 2.f;
    d4[k + 2] += 3.f;
    d4[k + 3] += 4.f;
  }
  __syncthreads();
  out[threadIdx.x] = d4[threadIdx.x];
}

// Reported: placed 12 bytes in, the four stores stay four STS.
__global__ void quadStoreAfterPad(const float *in, float *out) {
  __shared__ float pad[3];
  __shared__ float b4[kN];
  if (threadIdx.x < 3)
    pad[threadIdx.x] = in[threadIdx.x];
  int k = threadIdx.x * 4;
  b4[k] = in[k];
  b4[k + 1] = in[k + 1];
  b4[k + 2] = in[k + 2];
  b4[k + 3] = in[k + 3];
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-4]]:3: note: 'b4[k]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-7]]:3: note: 'b4[k + 1]' puts 4 lanes
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-10]]:3: note: 'b4[k + 2]' puts 4 lanes
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-13]]:3: note: 'b4[k + 3]' puts 4 lanes
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words
  __syncthreads();
  out[threadIdx.x] = b4[threadIdx.x] + pad[threadIdx.x % 3];
}

// The fields of a struct of two floats (4-byte aligned) in a kernel's first array: ptxas stores
// both with one STS.64 (InfiniTAM's `out_shared[t].x = 0; out_shared[t].y = 0;`,
// kernels/studies/tree_share.cu), conflict-free; placed 4 bytes in, two 2-way stores.
struct V2 {
  float x, y;
};

// Silent: one STS.64 a lane.
__global__ void fieldStores(const float *in, float *out) {
  __shared__ V2 s2[128];
  const int t = threadIdx.x;
  s2[t].x = in[t];
  s2[t].y = 1.f;
  __syncthreads();
  out[t] = s2[127 - t].x + s2[127 - t].y;
}

// Reported: placed 4 bytes in.
__global__ void fieldStoresAfterPad(const float *in, float *out) {
  __shared__ float pad[1];
  __shared__ V2 s2[128];
  const int t = threadIdx.x;
  if (t == 0)
    pad[0] = in[0];
  s2[t].x = in[t];
  s2[t].y = 1.f;
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-2]]:3: note: 's2[t].x' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK-NEXT: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK-NEXT: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-5]]:3: note: 's2[t].y' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words
  __syncthreads();
  out[t] = s2[127 - t].x + s2[127 - t].y + pad[0];
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-1]]:12: note: 's2[127 - t].x' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words
// CHECK: shared-memory-adjacent-stores.cu:[[@LINE-5]]:28: note: 's2[127 - t].y' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK-NEXT: note: it runs once per thread
// CHECK-NEXT: note: make consecutive lanes use consecutive words
}

int main() {
  float *p = nullptr;
  quadStore<<<1, 256>>>(p, p);
  pairStore<<<1, 256>>>(p, p);
  pairRmw<<<1, 256>>>(p, p);
  quadRmwDynamic<<<1, 256, kN * sizeof(float)>>>(p);
  quadStoreAfterPad<<<1, 256>>>(p, p);
  fieldStores<<<1, 128>>>(p, p);
  fieldStoresAfterPad<<<1, 128>>>(p, p);
}
