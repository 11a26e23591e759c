// Long kernel names and conditions: every message line still fits in 120 characters, a quoted
// name counting as at most 40 since names are never cut (message_lines.py checks every file
// here); the notes carry what the line leaves out of a condition.
template <int BlockSize>
__global__ void softmax_autoregressive_backward_kernel_number_seven(float *x, int n) {
  int tid = threadIdx.x;
  if ((tid + blockIdx.x * BlockSize + n * 3) % 2 == (blockIdx.y + gridDim.x * 7 + n) % 2 + 0)
    x[tid] = 0;
  if (tid % 2 == 0 && tid + BlockSize * blockIdx.x + n * gridDim.y < n * 1024 + BlockSize * 3)
    x[tid] = 1;
}
void run_with_a_long_name(float *p, cudaStream_t s, int n) {
  softmax_autoregressive_backward_kernel_number_seven<256><<<1, 256, 0, s>>>(p, n);
  softmax_autoregressive_backward_kernel_number_seven<100><<<1, 100>>>(p, n);
}
