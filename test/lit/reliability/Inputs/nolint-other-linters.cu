__global__ void k(float *x) {
  int d[4];  // NOLINT(runtime/arrays)
  d[0] = 0;
  x[0] = d[0];
}
void host(float *x, cudaStream_t s) {
  // NOLINT_NEXT_LINE(whitespace/operators)
  k<<<1, 32, 0, s>>>(x);
  k<<<1, 32>>>(x);  // NOLINT(whitespace/operators)
  k<<<1, 32>>>(x);  // NOLINT(build/include_what_you_use, default-stream-launch)
  k<<<1, 32, 0, s>>>(x);  // NOLINT(runtime/int, default-stream-lunch)
}
void caffe_style(float *x) {
  k  // NOLINT_NEXT_LINE(whitespace/operators)
      <<<1, 32>>>(x);
}
