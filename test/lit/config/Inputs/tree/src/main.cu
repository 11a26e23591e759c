__global__ void mainKernel(float *x) { x[threadIdx.x] = 6.0f; }
void mainHost(float *p) { mainKernel<<<1, 64>>>(p); }
