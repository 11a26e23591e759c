__global__ void deeperKernel(float *x) { x[threadIdx.x] = 3.0f; }
void deeperHost(float *p) { deeperKernel<<<1, 64>>>(p); }
