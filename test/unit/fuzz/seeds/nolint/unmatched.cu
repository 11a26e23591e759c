// NOLINTBEGIN(default-stream-launch)
__global__ void __launch_bounds__(32) k(float *x) { x[threadIdx.x] = 1.0f; }
void f(float *p) {
  k<<<1, 32>>>(p);
}
// NOLINTEND(default-*)
// NOLINTBEGIN(missing-launch-bounds)
// NOLINTEND(missing-launch-bounds)
// NOLINTEND(missing-launch-bounds)
