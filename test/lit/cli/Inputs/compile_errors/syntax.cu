// A syntax error drops its statement from the AST: the locals it names are not trusted.
#include <cuda_runtime.h>
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }
void run(float *x) {
  int b = 64;
  b = 100 +* ;
  k<<<1, b, 0, 0>>>(x);
}
void other(float *x) {
  int c = 100;
  k<<<1, c, 0, 0>>>(x);
}
__global__ void never(float *x) { x[0] = 1; }
void unrelated(float *x) {
  int d = 100;
  StopWatchInterface *timer;
  k<<<1, d, 0, 0>>>(x);
}
