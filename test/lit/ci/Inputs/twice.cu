// Two launches with the same text: their fingerprints differ only by occurrence.
__global__ void __launch_bounds__(64) tick(int *n) { atomicAdd(n, 1); }

void twice(int *n) {
  tick<<<1, 64>>>(n);
  tick<<<1, 64>>>(n);
}

__global__ void fixable(float *x) { x[threadIdx.x] = 0; }
void launchFixable(float *x, cudaStream_t s) { fixable<<<2, 256, 0, s>>>(x); }
