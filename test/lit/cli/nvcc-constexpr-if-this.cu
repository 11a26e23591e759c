// A static member named through `this` in an `if constexpr` condition, as cuCollections'
// open addressing does (`if constexpr (this->has_payload)`, 12 of its 14 examples): nvcc and
// GCC take it; Clang reported "constexpr if condition is not a constant expression", a compile
// error in every file that includes it (and exit status 1 for that alone on code that compiles).
// The condition is read as naming the class's member. A non-static member (RUN 2), which nvcc
// rejects as well, is still an error.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.bad -- %cuda-lint --color=never --format=concise --rules=barrier-in-divergent-branch --extra-arg=-DNONSTATIC %s
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad

#include <type_traits>

template <class K> struct payload_base {
  static constexpr bool has_payload = !std::is_same_v<K, int>;
#ifdef NONSTATIC
  bool runtime_flag = true;
#endif
};

template <class K> struct ref : payload_base<K> {
  __device__ float load(const float *p) const {
    if constexpr (this->has_payload) { // a member of a dependent base: `this->` is needed
      if (threadIdx.x < 16)
        __syncthreads();
      // CHECK: nvcc-constexpr-if-this.cu:[[@LINE-1]]:9: error: __syncthreads() is reached only by threads for which 'threadIdx.x < 16' is true [barrier-in-divergent-branch]
      // CHECK: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
      // CHECK: note: move the barrier out of the conditional code so that every thread of the block executes it
      return p[threadIdx.x];
    } else {
      return 0.f;
    }
  }
#ifdef NONSTATIC
  __device__ bool flag() const {
    // BAD: nvcc-constexpr-if-this.cu:[[@LINE+1]]:19: error: constexpr if condition is not a constant expression [clang-diagnostic-error]
    if constexpr (this->runtime_flag)
      return true;
    return false;
  }
#endif
};

__global__ void __launch_bounds__(128) gather(const float *in, float *out) {
  ref<float> r;
  out[threadIdx.x] = r.load(in);
#ifdef NONSTATIC
  out[0] = r.flag();
#endif
}

void run(const float *in, float *out, cudaStream_t s) { gather<<<1, 128, 0, s>>>(in, out); }
// CHECK: cuda-lint: 0 warnings and 1 error in 1 file; 1 file analysed
