__global__ void rootKernel(float *x) { x[threadIdx.x] = 1.0f; }
void rootHost(float *p) { rootKernel<<<1, 64>>>(p); }
#ifndef ROOT_FLAG
#error the root configuration's extra-args were not applied
#endif
