// Clean as it is; with -DBAD a kernel with a lane-split branch launched on the default stream
// without launch bounds: the runs of forged_cache_check.py differ only in their options.
#ifdef BAD
__global__ void halves(float *x) {
  if (threadIdx.x % 2 == 0)
    x[threadIdx.x] *= 2.0f;
  else
    x[threadIdx.x] = sqrtf(x[threadIdx.x]);
}

void launch(float *x) { halves<<<1, 64>>>(x); }
#endif
