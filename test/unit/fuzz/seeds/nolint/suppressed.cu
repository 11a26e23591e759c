__global__ void __launch_bounds__(32) k(float *x) { x[threadIdx.x] = 1.0f; }
__global__ void unbounded(float *x) { x[threadIdx.x] = 2.0f; } // NOLINT(missing-*)
__global__ void alsoUnbounded(float *x) { x[threadIdx.x] = 3.0f; }

void host(float *p) {
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p); // NOLINT
  k<<<1, 32>>>(p); // NOLINT(default-stream-launch)
  k<<<1, 32>>>(p); // NOLINT(missing-launch-bounds)
  k<<<1, 32>>>(p); // NOLINT(default-*)
  k<<<1, 32>>>(p); // NOLINT(bugprone-foo, default-stream-launch)
  k<<<1, 32>>>(p); // NOLINT()
  // NOLINTNEXTLINE(default-stream-launch)
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  // NOLINTBEGIN(default-stream-launch)
  k<<<1, 32>>>(p);
  unbounded<<<1, 32>>>(p);
  // NOLINTEND(default-stream-launch)
  alsoUnbounded<<<1, 32>>>(p);
  k<<<1, 32>>>(p); /* NOLINT(default-stream-launch */
  // NOLINTNEXTLINE
  k<<<1, 32>>>(p);
}
