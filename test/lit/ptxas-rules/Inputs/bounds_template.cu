// A template kernel whose block size is its parameter at every launch: the proposed bound is
// __launch_bounds__(B), and ptxas checks each instantiation (launch-bounds-check.test).
template <int B> __global__ void scaleBy(float *x, float a) {
  __shared__ float tile[B];
  tile[threadIdx.x] = x[blockIdx.x * B + threadIdx.x] * a;
  __syncthreads();
  x[blockIdx.x * B + threadIdx.x] = tile[B - 1 - threadIdx.x];
}

void run(float *x, int n, cudaStream_t s) {
  scaleBy<128><<<n / 128, 128, 0, s>>>(x, 2.f);
  scaleBy<512><<<n / 512, 512, 0, s>>>(x, 2.f);
}
