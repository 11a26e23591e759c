// What nvcc provides implicitly and Clang's CUDA headers lack (analyzer/compat): unqualified
// isfinite in host code, host min/max, cache-hinted stores. Real code (llm.c) relies on them.
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
