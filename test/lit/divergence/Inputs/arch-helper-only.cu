// Only a device helper has an arch-specific body, with no kernel or barrier in it: no second
// parse (its cost is paid for kernels and barriers), and its lane split stays unseen.
__device__ float scale(float v) {
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x % 2 == 0)
    v *= 2.0f;
  else
    v = sqrtf(v);
#endif
  return v;
}

__global__ void apply(float *x) { x[threadIdx.x] = scale(x[threadIdx.x]); }
