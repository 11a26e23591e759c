__global__ void genKernel(float *x) { x[threadIdx.x] = 5.0f; }
void genHost(float *p) { genKernel<<<1, 64>>>(p); }
