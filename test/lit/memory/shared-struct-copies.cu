// A struct copied into shared memory moves in the widest accesses its addresses allow, and the
// banks meet per phase of those accesses. Into `extern __shared__` memory, which nvcc declares
// `.align 16` whatever its type, a 64-byte struct at addresses 64 bytes apart is four 16-byte
// stores per lane (st.shared.v4.f32, checked with nvcc 13 -arch=sm_90): 8 lanes per phase, 4 of
// them on the same 4 banks, a 4-way conflict, a note outside a loop. Into a static array of the
// struct's own 4-byte alignment, or at addresses 4 bytes off, it is sixteen 4-byte stores, each
// 16-way. Found on a blind set: cufinufft's `kerevals[i] = ker` was reported 16-way (a warning);
// its labels, from the PTX, say 4-way (a note).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Taps {
  float a[16];
};

__global__ void staticCopy(const Taps *in, float *out) {
  __shared__ Taps st[64];
  st[threadIdx.x] = in[blockIdx.x];
  __syncthreads();
  out[threadIdx.x] = st[0].a[threadIdx.x % 16];
}
// CHECK: shared-struct-copies.cu:[[@LINE-4]]:3: warning: 'st[threadIdx.x]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

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

int main() {
  Taps *t = nullptr;
  float *p = nullptr;
  dynamicCopy<<<8, 64, 64 * sizeof(Taps)>>>(t, p);
  staticCopy<<<8, 64>>>(t, p);
  offsetCopy<<<8, 64, 64 * sizeof(Taps) + 4>>>(t, p);
}
