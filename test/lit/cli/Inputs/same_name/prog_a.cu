// Program A: launches softmax with 64 threads.
__global__ void softmax(float *x) { x[threadIdx.x] = 0; }
void a(float *x) { softmax<<<1, 64>>>(x); }
