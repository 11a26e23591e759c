// A kernel whose every launch has a known block: --fix --unsafe-fixes bounds it to 128 threads.
__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }

void run(float *x, cudaStream_t s) { scale<<<4, 128, 0, s>>>(x); }
