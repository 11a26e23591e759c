// A launch configuration in file-static host variables that `main` sets once (Madagascar's RTM
// programs: `static dim3 dimb0;`, `dimb0 = dim3(Block_Size1, Block_Size2);` in main, the
// time-step launches in other functions): nothing outside this file can write them, so the one
// write in the file is their value at every launch, as a local's is. Not where they may hold
// another value: written twice, through a reference, or visible to other files.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=block-size-not-multiple-of-32,shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#define BS 16
static dim3 dimb0, dimg0;
static dim3 oddBlock;
namespace {
dim3 twice;
}
dim3 visible;
static dim3 byReference;
void resize(dim3 &b);

__global__ void stencil(float *out, const float *in, int n) {
  __shared__ float s[BS][BS];
  s[threadIdx.x][threadIdx.y] = in[(blockIdx.y * BS + threadIdx.y) * n + threadIdx.x];
  __syncthreads();
  out[(blockIdx.y * BS + threadIdx.y) * n + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

__global__ void rows(float *out, int n) { out[threadIdx.y * n + threadIdx.x] = 0.f; }

void step(float *p0, const float *p1, int n, cudaStream_t s) {
  stencil<<<dimg0, dimb0, 0, s>>>(p0, p1, n);
  rows<<<1, oddBlock, 0, s>>>(p0, n);
  rows<<<1, twice, 0, s>>>(p0, n);
  rows<<<1, visible, 0, s>>>(p0, n);
  rows<<<1, byReference, 0, s>>>(p0, n);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  dimb0 = dim3(BS, BS);
  dimg0 = dim3(n / BS, n / BS);
  oddBlock = dim3(40, 2);
  twice = dim3(40, 2);
  if (argc > 2)
    twice = dim3(64, 2);
  visible = dim3(40, 2);
  byReference = dim3(40, 2);
  resize(byReference);
  float *p0, *p1;
  cudaMalloc(&p0, n * n * sizeof(float));
  cudaMalloc(&p1, n * n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);
  for (int it = 0; it < 100; ++it)
    step(p0, p1, n, s);
}
// A __managed__ variable may be written through cudaMemcpyToSymbol, which takes it by const
// reference: no value (Clang drops the attribute outside HIP; the declaration says it).
static __managed__ int managedWidth;
void managed(float *p0, cudaStream_t s) {
  managedWidth = 40;
  rows<<<1, dim3(managedWidth, 2), 0, s>>>(p0, 8);
}
// CHECK: file-static-config.cu:29:3: warning: block of 80 threads (40x2x1) fills 3 warps: 16 of 96 lanes (16.7%) idle [block-size-not-multiple-of-32]
// CHECK: file-static-config.cu:29:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
// CHECK: file-static-config.cu:29:3: note: use 64 or 96 threads per block
// CHECK: file-static-config.cu:20:3: note: 's[threadIdx.x][threadIdx.y]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: file-static-config.cu:20:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: file-static-config.cu:20:3: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: file-static-config.cu:20:3: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: cuda-lint: 1 warning and 0 errors (1 note) in 1 file; 1 file analysed
