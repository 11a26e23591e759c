// Findings of every kind for the SARIF validation: fix-its, suppression diagnostics, non-ASCII text.
__global__ void noBounds(float *x) { x[threadIdx.x] = 1.0f; }
void host(float *p) {
  /* π ≈ 3.14159 */ noBounds<<<1, 128>>>(p);
  noBounds<<<1, 128>>>(p); // NOLINT(default-stream-launch, missing-launch-bounds)
}
// NOLINTBEGIN(default-stream-launch)
