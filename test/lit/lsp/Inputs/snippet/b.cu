__global__ void twice(float *x) { x[threadIdx.x] *= 2.0f; }
void go(float *x, int n, cudaStream_t st) {
  twice<<<n, 48, 0, st>>>(x);
}
