// A kernel whose body is all under a condition on __CUDA_ARCH__ calls its device helpers only
// in the device parse (MAGMA's gemv kernels: `#if (__CUDA_ARCH__ >= 200) ||
// defined(MAGMA_HAVE_HIP)` around the call of gemvn_template_device). The findings in a helper
// that the kernel reaches there are the kernel's, and are kept, although they lie outside the
// region; before, only findings inside the region or the kernel's body were, and the helper's
// 8-way conflict was lost.
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --no-cache --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
template <typename T, int DIM_X, int DIM_Y>
__device__ void columnSums(const T *A, T *y, int n) {
  __shared__ T sdata[DIM_X * DIM_Y];
  int tx = threadIdx.x, ty = threadIdx.y;
  T res = 0;
  for (int col = ty; col < n; col += DIM_Y)
    res += A[col * DIM_X + tx];
  sdata[ty + tx * DIM_Y] = res;
  __syncthreads();
  if (ty == 0)
    y[blockIdx.x * DIM_X + tx] = sdata[tx * DIM_Y];
}
// CHECK: arch-region-helpers.cu:[[@LINE-5]]:3: note: 'sdata[ty + tx * DIM_Y]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: arch-region-helpers.cu:[[@LINE-6]]:34: note: 'sdata[tx * DIM_Y]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

template <int DIM_X, int DIM_Y>
__global__ void columnSumsKernel(const float *A, float *y, int n) {
#if (__CUDA_ARCH__ >= 200) || defined(MAGMA_HAVE_HIP)
  columnSums<float, DIM_X, DIM_Y>(A, y, n);
#endif
}

void host(const float *A, float *y, int n, cudaStream_t s) {
  columnSumsKernel<32, 8><<<n / 32, dim3(32, 8), 0, s>>>(A, y, n);
}
// CHECK: cuda-lint: 0 warnings and 0 errors (2 notes) in 1 file
