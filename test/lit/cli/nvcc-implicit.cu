// What nvcc provides implicitly and Clang's CUDA headers lack (analyzer/compat): unqualified
// isfinite in host code, host min/max, cache-hinted stores, and what nvcc's cuda_runtime.h
// includes (<string.h>, <time.h>, <stdio.h>, <stdlib.h>: clock, time, memset, strlen, printf).
// Real code (llm.c, Rodinia, the CUDA samples) relies on them.
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --rules=invalid-launch-config %s
// RUN: FileCheck %s --input-file=%t.out
// CHECK: cuda-lint: 0 warnings and 0 errors in 0 files; 1 file analysed
#include <cuda_runtime.h>
__global__ void store(float4 *out, float4 v, float *f) {
  __stcs(out + threadIdx.x, v);
  __stcg(f + threadIdx.x, 1.0f);
  f[0] = __ldlu(f + 1);
}
template <class T> bool allFinite(const T *v, int n) {
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i]))
      return false;
  return max(n, 1) > 0 && min(2u, 3u) == 2u;
}
bool check(const float *v) { return allFinite(v, 4); }
__global__ void timed(float *out, clock_t *t) {
  clock_t start = clock();
  out[threadIdx.x] = 1.0f;
  t[threadIdx.x] = clock() - start;
}
int hostSide() {
  char buf[16];
  memset(buf, 0, sizeof buf);
  time_t now = time(NULL);
  printf("%zu %ld\n", strlen(buf), (long)now);
  return (int)(clock() / CLOCKS_PER_SEC) + atoi("1");
}
