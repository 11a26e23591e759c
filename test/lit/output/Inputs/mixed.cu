// Findings of every severity and several rules, written in an order that is not the ranked one.
__global__ void k(float *x) { x[threadIdx.x] = 0; }
__global__ void sync(float *x) {
  if (threadIdx.x < 16) {
    x[threadIdx.x] = 1;
    __syncthreads();
  }
}
void run(float *p, cudaStream_t s) {
  k<<<1, 80, 0, s>>>(p);
  k<<<1, 64>>>(p);
  sync<<<1, 64, 0, s>>>(p);
  cudaThreadSynchronize();
}
