__global__ void twice(float *x) { x[threadIdx.x] *= 2.0f; }
void go(float *x, cudaStream_t st) {
  twice<<<4, 48, 0, st>>>(x);
}
