__global__ void __launch_bounds__(32) k(float *x) { x[threadIdx.x] = 1.0f; }

void host(float *p) {
  k<<<1, 32>>>(p); // NOLINT(default-stream-launch
  k<<<1, 32>>>(p); /* NOLINT(missing-launch-bounds */
  k<<<1, 32>>>(p); // NOLINT(no-such-rule)
  k<<<1, 32>>>(p); // NOLINT(default-stream-launch, no-such-rule, bugprone-foo)
  k<<<1, 32>>>(p); // NOLINT(readability-*, cppcoreguidelines-pro-type-vararg)
  // NOLINTNEXTLINE(default-stream-lunch)
  k<<<1, 32>>>(p);
}
