__global__ void __launch_bounds__(128) scale(float *x) { x[threadIdx.x] *= 2.0f; }
void run(float *p, cudaStream_t s) {
  scale<<<1, 128, 0, s>>>(p);
}
