// Idioms of FasterTransformer's attention, normalisation and beam-search kernels (2026-11-29
// trial), each a warning before.
// A block-stride loop written with a trip counter, `for (i = 0; blockDim.x * i + threadIdx.x <
// n; i++)`, advances every lane by the block's width per trip: the lanes' trip counts differ by
// one at most (a tail, as in `for (i = threadIdx.x; i < n; i += blockDim.x)`), not each lane its
// own. A `?:` whose arm converts a __half or __nv_bfloat16 (`float(h)`, the type's conversion
// operator returning `__half2float(*this)`) is one conversion instruction: a select. A
// block-stride loop over a record shorter than a warp splits one warp's last trip, the lanes past
// the bound only leaving the loop (a tail, as the `if` form); a leader lane's store whose `else`
// only returns leaves the other lanes nothing to do. The --pedantic notes say so (RUN 3).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefix=PED --input-file=%t.ped
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void softmaxRow(const float *qk, float *out, long k_length) {
  for (long i = 0; blockDim.x * i + threadIdx.x < k_length; i++) { // a tail
  // PED: trip-counters-and-conversions.cu:[[@LINE-1]]:20: note: thread-dependent loop condition (tail-guard): 'blockDim.x * i + threadIdx.x < k_length' splits at most one warp [warp-divergent-branch]
  // PED: trip-counters-and-conversions.cu:[[@LINE-2]]:20: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    long ki = blockDim.x * i + threadIdx.x;
    out[ki] = qk[ki] * 2.f;
  }
  for (int i = 0; threadIdx.x + i * 128 < k_length; ++i) // a tail: 128 a trip
  // PED: trip-counters-and-conversions.cu:[[@LINE-1]]:19: note: thread-dependent loop condition (tail-guard): 'threadIdx.x + i * 128 < k_length' splits at most one warp [warp-divergent-branch]
  // PED: trip-counters-and-conversions.cu:[[@LINE-2]]:19: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    out[threadIdx.x + i * 128] = 0.f;
}

__global__ void perLaneStart(const float *qk, float *out, int n) {
  for (int i = 0; i + threadIdx.x < n; i++)
  // CHECK: trip-counters-and-conversions.cu:[[@LINE-1]]:19: warning: warp-divergent loop condition (lane-split): 'i + threadIdx.x < n' gives each lane its own trip count [warp-divergent-branch]
  // CHECK: trip-counters-and-conversions.cu:[[@LINE-2]]:19: note: 'i + threadIdx.x' differs across the warp, so lanes leave the loop at different iterations and the warp keeps issuing it, finished lanes idle, until its last lane is done
  // CHECK-NEXT: trip-counters-and-conversions.cu:[[@LINE-3]]:19: note: give the lanes of a warp equal trip counts (loop to a warp-uniform bound and guard the work inside), or map work so that lanes with similar trip counts share a warp
    out[i] = qk[i];
}

struct Slow {
  float v;
  __device__ operator float() const {
    float s = 0.f;
    for (int k = 0; k < 64; ++k)
      s += __sinf(v * k);
    return s;
  }
};

template <typename T>
__global__ void logitScale(const T *scales, float *out) {
  const bool is_q = (threadIdx.x % 8) < 4;
  // Silent in each instantiation: a conversion and a multiply, selected.
  float s = is_q ? float(scales[blockIdx.x]) * 2.f : 1.f;
  out[threadIdx.x] = s;
}

__global__ void slowConversion(const Slow *scales, float *out) {
  const bool is_q = (threadIdx.x % 8) < 4;
  out[threadIdx.x] = is_q ? float(scales[blockIdx.x]) : 1.f;
  // CHECK: trip-counters-and-conversions.cu:[[@LINE-1]]:22: warning: warp-divergent '?:' (lane-split): 'is_q' splits every warp [warp-divergent-branch]
  // CHECK: trip-counters-and-conversions.cu:[[@LINE-2]]:22: note: it is true for lanes 0-3, 8-11, 16-19 and 24-27 and false for lanes 4-7, 12-15, 20-23 and 28-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: trip-counters-and-conversions.cu:[[@LINE-3]]:22: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
}

template <int N, int TB>
__global__ void recordCopy(float *t, const float *g) {
  __shared__ float s[N];
  if (threadIdx.x < N)
  // PED: trip-counters-and-conversions.cu:[[@LINE-1]]:7: note: thread-dependent branch (tail-guard): 'threadIdx.x < N' splits only a few warps [warp-divergent-branch]
  // PED: note: 'threadIdx.x < N' splits only lanes 0-17 from the rest of the warp where 'threadIdx.x' is 0-31: those threads already fill the fewest warps they can
  // PED-NEXT: note: only one side of the branch does work: no regrouping would save anything
    s[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  for (int e = threadIdx.x; e < N; e += TB)
    t[blockIdx.x * N + e] = s[e];
}
// PED: trip-counters-and-conversions.cu:[[@LINE-3]]:29: note: thread-dependent loop condition (tail-guard): 'e < N' splits only a few warps [warp-divergent-branch]
// PED: note: 'e < N' splits only lanes 0-17 from the rest of the warp where 'e' is 0-31: those threads already fill the fewest warps they can
// PED-NEXT: note: the lanes past the bound only leave the loop: no regrouping would save anything

__global__ void leaderOrLeave(float *t, const int *beams, int k) {
  if (beams[blockIdx.x] == 0 && threadIdx.x == 0) {
    t[blockIdx.x] = 1.f;
  } else if (beams[blockIdx.x] == k) {
    return;
  }
  t[blockIdx.x * 32 + threadIdx.x] = 2.f;
}
// PED: trip-counters-and-conversions.cu:[[@LINE-7]]:7: note: thread-dependent branch (single-lane): 'beams[blockIdx.x] == 0 && threadIdx.x ...' is true only for lane 0 of every warp [warp-divergent-branch]
// PED: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work

void launch(const float *f, const half *h, const __nv_bfloat16 *b, const Slow *s, float *o,
            int n, cudaStream_t st) {
  softmaxRow<<<8, 128, 0, st>>>(f, o, n);
  perLaneStart<<<8, 128, 0, st>>>(f, o, n);
  logitScale<<<8, 128, 0, st>>>(f, o);
  logitScale<<<8, 128, 0, st>>>(h, o);
  logitScale<<<8, 128, 0, st>>>(b, o);
  slowConversion<<<8, 128, 0, st>>>(s, o);
  recordCopy<18, 64><<<8, 64, 0, st>>>(o, f);
  leaderOrLeave<<<8, 32, 0, st>>>(o, reinterpret_cast<const int *>(f), n);
}
