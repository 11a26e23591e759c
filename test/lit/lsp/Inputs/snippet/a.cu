__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }
void run(float *x, cudaStream_t st) {
  scale<<<8, 100, 0, st>>>(x, 2.0f);
}
