// A file built with `nvcc --ptx` (candle's kernels: bindgen_cuda compiles every .cu so, for the
// GPU's arch) is compiled by nvcc's device pass alone. candle's compatibility.cuh defines
// `__hmax_nan` for `__CUDA_ARCH__ < 800`, which the host side (no __CUDA_ARCH__) takes for a
// redefinition of the toolkit's, and its GGML_ABORT is `__trap()` under __CUDA_ARCH__ in a host
// function's body, which nvcc's device pass does not compile: the host parse reported both
// (10 of candle's 26 files), and `nvcc -c` fails on them too. A device-only command is parsed
// on the device side, for its arch (RUN 1: from the compile database; RUN 2: --cuda-device-only
// among the extra arguments, for files without one; RUN 3: from a .cuda-lint.yaml). For sm_75
// (RUN 4) the redefinition is an error, as nvcc --ptx -arch=sm_75 reports it.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: printf '[{"directory": "%t", "file": "k.cu", "command": "%cuda_path/bin/nvcc --ptx --gpu-architecture=sm_90 -std=c++17 k.cu -o k.ptx"}]' > %t/compile_commands.json
// RUN: cd %t && %expect-exit 1 --stdout %t/db.out -- %cuda-lint --no-cache --color=never --format=concise -p . k.cu
// RUN: FileCheck %s --input-file=%t/db.out --implicit-check-not=error
// RUN: rm %t/compile_commands.json
// RUN: cd %t && %expect-exit 1 --stdout %t/extra.out -- %cuda-lint --no-cache --color=never --format=concise --extra-arg=--cuda-device-only --extra-arg=--cuda-gpu-arch=sm_90 k.cu
// RUN: FileCheck %s --input-file=%t/extra.out --implicit-check-not=error
// RUN: printf 'extra-args: [--cuda-device-only, --cuda-gpu-arch=sm_90]\n' > %t/.cuda-lint.yaml
// RUN: cd %t && %expect-exit 1 --stdout %t/config.out -- %cuda-lint --no-cache --color=never --format=concise k.cu
// RUN: FileCheck %s --input-file=%t/config.out --implicit-check-not=error
// RUN: rm %t/.cuda-lint.yaml
// RUN: printf '[{"directory": "%t", "file": "k.cu", "command": "%cuda_path/bin/nvcc --ptx -arch=sm_75 -std=c++17 k.cu -o k.ptx"}]' > %t/compile_commands.json
// RUN: cd %t && %expect-exit 1 --stdout %t/sm75.out -- %cuda-lint --no-cache --color=never --format=concise -p . k.cu
// RUN: FileCheck %s --check-prefix=SM75 --input-file=%t/sm75.out

#include <cuda_fp16.h>
#include <cstdio>
#include <cstdlib>

#if __CUDA_ARCH__ < 800
// SM75: k.cu:[[@LINE+1]]:35: error: __device__ function '__hmax_nan' cannot overload __host__ __device__ function '__hmax_nan' [clang-diagnostic-error]
__device__ __forceinline__ __half __hmax_nan(__half a, __half b) {
  return __hisnan(a) ? a : (__hisnan(b) ? b : __hmax(a, b));
}
#endif

#ifdef __CUDA_ARCH__
#define ABORT(msg) do { printf("%s\n", msg); __trap(); } while (0)
#else
#define ABORT(msg) do { fprintf(stderr, "%s\n", msg); abort(); } while (0)
#endif

static int layout(int type) { // a host function
  if (type == 0)
    return 4;
  ABORT("fatal error");
  return 0;
}

extern "C" __global__ void hmax(const __half *a, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __hmax_nan(a[i], a[0]);
}
// CHECK: k.cu:[[@LINE-5]]:28: warning: kernel 'hmax' has no __launch_bounds__ [missing-launch-bounds]
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
