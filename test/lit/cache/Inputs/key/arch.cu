// Findings that depend on the target arch alone: the lane split is in code for sm_90 and newer,
// which the device-side parse sees only when a configuration's archs name such an arch.
#define NO_DEVICE_CODE
__global__ void halves(float *x) {
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x % 2 == 0)
    x[threadIdx.x] *= 2.0f;
  else
    x[threadIdx.x] = sqrtf(x[threadIdx.x]);
#else
  NO_DEVICE_CODE;
#endif
}

int main() { halves<<<1, 64>>>(nullptr); }
