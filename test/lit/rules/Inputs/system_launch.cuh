#pragma clang system_header
// A launch inside a (system) library header: not reported.
__global__ void sysKernel(float *x) { x[0] = 0; }
inline void launchFromSystemHeader(float *p) { sysKernel<<<1, 32>>>(p); }
