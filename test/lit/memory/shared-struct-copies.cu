// A struct copied into shared memory moves in the widest accesses its addresses allow, and the
// banks meet per phase of those accesses. ptxas copies a 64-byte struct of floats with four
// STS.128 where the array's address is 16-byte aligned: `extern __shared__` memory (declared
// .align 16) and a kernel's static arrays placed, in the order declared, at offsets that are
// multiples of 16; after a 12-byte array it keeps sixteen STS (H100 SASS and ncu, nvcc 13:
// kernels/studies/struct_copy_banks.cu). Lanes 64 bytes apart are then 4-way per quarter-warp (a
// note outside a loop) where sixteen 4-byte stores are 16-way each (a warning). Found on a blind
// set: cufinufft's `kerevals[i] = ker` was reported 16-way; its labels, from the PTX, say 4-way.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Taps {
  float a[16];
};

// After a 12-byte array: sixteen 4-byte stores, 16-way each.
__global__ void afterPad(const Taps *in, float *out, int k) {
  __shared__ float pad[3];
  __shared__ Taps st[64];
  if (threadIdx.x < 3)
    pad[threadIdx.x] = k;
  st[threadIdx.x] = in[blockIdx.x];
  __syncthreads();
  out[threadIdx.x] = st[0].a[threadIdx.x % 16] + pad[threadIdx.x % 3];
}
// CHECK: shared-struct-copies.cu:[[@LINE-4]]:3: warning: 'st[threadIdx.x]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

// 4 bytes into dynamic memory: not 16-byte aligned, 4-byte stores.
__global__ void offsetCopy(const Taps *in, float *out) {
  extern __shared__ float fbuf[];
  Taps *s = reinterpret_cast<Taps *>(fbuf + 1);
  s[threadIdx.x] = in[blockIdx.x];
  __syncthreads();
  out[threadIdx.x] = fbuf[threadIdx.x];
}
// CHECK: shared-struct-copies.cu:[[@LINE-4]]:3: warning: 's[threadIdx.x]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x
// CHECK: note: make consecutive lanes use consecutive words

__global__ void dynamicCopy(const Taps *in, float *out) {
  extern __shared__ char buf[];
  Taps *s = reinterpret_cast<Taps *>(buf);
  s[threadIdx.x] = in[blockIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[threadIdx.x];
}
// CHECK: shared-struct-copies.cu:[[@LINE-4]]:3: note: 's[threadIdx.x]' puts 4 lanes of a quarter-warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 4
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

// The kernel's first __shared__ variable: placed at offset 0, four 16-byte stores (reading
// threadIdx before it allocates nothing).
__global__ void staticFirst(const Taps *in, float *out) {
  const unsigned t = threadIdx.x;
  __shared__ Taps st[64];
  st[t] = in[blockIdx.x];
  __syncthreads();
  out[t] = st[0].a[t % 16];
}
// CHECK: shared-struct-copies.cu:[[@LINE-4]]:3: note: 'st[t]' puts 4 lanes of a quarter-warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: make consecutive lanes use consecutive words

// Placed after another array whose size keeps it 16-byte aligned (Rodinia lavaMD's rB_shared
// after the 3,200 bytes of rA_shared: two STS.128 a lane in its SASS): four 16-byte stores.
__global__ void secondAligned(const Taps *in, float *out) {
  __shared__ Taps first[64];
  __shared__ Taps second[64];
  first[threadIdx.x] = in[blockIdx.x];
  second[threadIdx.x] = in[blockIdx.x + 1];
  __syncthreads();
  out[threadIdx.x] = first[0].a[threadIdx.x % 16] + second[1].a[threadIdx.x % 16];
}
// CHECK: shared-struct-copies.cu:[[@LINE-5]]:3: note: 'first[threadIdx.x]' puts 4 lanes of a quarter-warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: make consecutive lanes use consecutive words
// CHECK: shared-struct-copies.cu:[[@LINE-8]]:3: note: 'second[threadIdx.x]' puts 4 lanes of a quarter-warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: make consecutive lanes use consecutive words

int main() {
  Taps *t = nullptr;
  float *p = nullptr;
  afterPad<<<8, 64>>>(t, p, 1);
  offsetCopy<<<8, 64, 64 * sizeof(Taps) + 4>>>(t, p);
  dynamicCopy<<<8, 64, 64 * sizeof(Taps)>>>(t, p);
  staticFirst<<<8, 64>>>(t, p);
  secondAligned<<<8, 64>>>(t, p);
}
