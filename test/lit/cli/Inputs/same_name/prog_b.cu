// Program B: its own softmax, launched with 256 threads.
__global__ void softmax(float *x) { x[threadIdx.x] = 1; }
void b(float *x) { softmax<<<1, 256>>>(x); }
