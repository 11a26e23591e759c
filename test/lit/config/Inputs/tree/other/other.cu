__global__ void otherKernel(float *x) { x[threadIdx.x] = 4.0f; }
void otherHost(float *p) { otherKernel<<<1, 64>>>(p); }
#ifdef ROOT_FLAG
#error a configuration without inherit must not get the root's extra-args
#endif
