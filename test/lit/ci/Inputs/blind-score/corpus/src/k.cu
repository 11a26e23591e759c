__global__ void a(float *x) {
  if (threadIdx.x % 2) x[0] = 1;
  __syncthreads();
}
__global__ void b(float *x) {
  if (threadIdx.x < 7) return;
  __syncthreads();
  __syncthreads();
}
void host(float *x) {
  a<<<1,
      100>>>(x);
  b<<<1, 64>>>(x);
}
