// nvcc matches an explicit specialization by its signature and gives it the execution space it
// is written with; Clang also matches the execution space, so a host-only specialization of a
// __host__ __device__ template (arrayfire's math.hpp: `template <> bool is_nan<cfloat>(const
// cfloat &)`, in every file of its CUDA backend) is "no function template matches" there, a
// compile error in every file that includes it. cuda-lint drops that error when every candidate
// was ignored only for its target attributes, and the file is analysed without compile errors.
// A specialization nvcc rejects too (no template of that signature) is still reported (RUN 2).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.bad -- %cuda-lint --color=never --rules=uncoalesced-global-access -extra-arg=-DWRONG_SIGNATURE %s
// RUN: FileCheck %s --check-prefixes=CHECK,BAD --input-file=%t.bad --implicit-check-not=warning: --implicit-check-not=error:

struct cfloat {
  float re, im;
};

template <typename T> static inline __host__ __device__ bool is_nan(const T &v) { return v != v; }
template <> inline __host__ __device__ bool is_nan<float>(const float &v) { return v != v; }
template <> inline bool is_nan<cfloat>(const cfloat &v) { return v.re != v.re || v.im != v.im; }
template <> inline __device__ bool is_nan<double>(const double &v) { return v != v; }

#ifdef WRONG_SIGNATURE
template <> inline bool is_nan<int>(const float &v) { return v != v; }
// BAD: specialization-targets.cu:[[@LINE-1]]:25: error: no function template matches function template specialization 'is_nan' [clang-diagnostic-error]
#endif

__global__ void nans(const float *in, bool *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = is_nan(in[i * 32]);
}
// CHECK: specialization-targets.cu:[[@LINE-2]]:19: warning: lanes of a warp read 'in[i * 32]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements

bool anyNan(const float *in, bool *out, cfloat c) {
  nans<<<64, 256>>>(in, out);
  return is_nan(c);
}
