// Grids held in variables that a lambda captures by reference (the timing lambdas of
// kernels/divergence.cu): the variable's value is still known where nothing else writes it.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) k(float *p) { p[threadIdx.x] = 0.f; }

template <typename F> void timed(F f) { f(); }

void captured(float *p, cudaStream_t s) {
  const dim3 grid(32);
  k<<<grid, 256, 0, s>>>(p);
  timed([&] { k<<<grid, 256, 0, s>>>(p); });
  dim3 byCopy(16);
  timed([=] { k<<<byCopy, 256, 0, s>>>(p); });
}

void written(float *p, cudaStream_t s, int n) {
  dim3 grid(32);
  timed([&] { grid.x = n; });
  k<<<grid, 256, 0, s>>>(p);
  dim3 later(8);
  timed([&] { k<<<later, 256, 0, s>>>(p); });
  later = dim3(n);
}
