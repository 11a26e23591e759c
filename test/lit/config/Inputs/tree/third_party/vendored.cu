__global__ void vendoredKernel(float *x) { x[threadIdx.x] = 5.0f; }
void vendoredHost(float *p) { vendoredKernel<<<1, 64>>>(p); }
