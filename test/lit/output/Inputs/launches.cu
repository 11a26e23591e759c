__global__ void __launch_bounds__(96) k(float *x) { x[threadIdx.x] = 0; }
void run(float *p) {
  k<<<dim3(4, 2), dim3(40, 2), 128>>>(p);
}
