__global__ void subKernel(float *x) { x[threadIdx.x] = 2.0f; }
void subHost(float *p) { subKernel<<<1, 64>>>(p); }
#if !defined(ROOT_FLAG) || !defined(SUB_FLAG)
#error inherited extra-args were not applied
#endif
