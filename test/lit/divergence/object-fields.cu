// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The fields of an object the kernel builds keep their own values, whatever else the
// constructor takes: FlashAttention's fmha kernels (flash_attention_inference, flash-attn 1.x)
// build `BlockInfoPadded binfo(params, bidb, bidh, tidx)`, whose constructor reads the
// sequence's length from `params.cu_seqlens_q[bidb]` and also keeps `tidx_global`, and return
// when `(begin + blockIdx.z) * M >= binfo.actual_seqlen_q`, before the kernel's barriers: the
// whole block returns or none of it. That return was reported as one only some threads take,
// because the object as a whole took the thread index it was given.

struct Params {
  const int *cu_seqlens;
  float *o;
  int h;
};

struct BlockInfo {
  __device__ BlockInfo(const Params &p, int bidb, int tidx) : bidb(bidb), h(p.h) {
    sum_s = p.cu_seqlens[bidb];
    actual_seqlen = p.cu_seqlens[bidb + 1] - sum_s;
    tidx_global = (bidb * p.h) * 128 + tidx;
  }
  __device__ bool stop_early(int start) const { return actual_seqlen <= start; }
  int actual_seqlen;
  int sum_s;
  int tidx_global;
  int bidb;
  int h;
};

// Silent: every condition reads fields the block shares.
__global__ void fmhaLike(Params p, int step) {
  __shared__ float s[128];
  const int tidx = threadIdx.x;
  const BlockInfo binfo(p, blockIdx.x, tidx);
  if (binfo.stop_early(step * 64))
    return;
  if (blockIdx.z * 64 >= binfo.actual_seqlen)
    return;
  s[tidx] = p.o[binfo.tidx_global];
  __syncthreads();
  p.o[binfo.tidx_global] = s[127 - tidx];
}

// Still an error: the field that holds the thread index, and a field the thread changes.
__global__ void ownFields(Params p, int n) {
  __shared__ float s[128];
  BlockInfo binfo(p, blockIdx.x, threadIdx.x);
  if (binfo.tidx_global >= n)
    return;
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  // CHECK-DAG: object-fields.cu:[[@LINE-1]]:3: error: __syncthreads() comes after the 'return' at line [[@LINE-3]] that some threads take [barrier-in-divergent-branch]
  // CHECK-DAG: object-fields.cu:[[@LINE-2]]:3: note: the return is taken by threads for which 'binfo.tidx_global >= n' is true: they never reach this barrier, which CUDA does not allow (code that relies on exited threads counting as arrived is undefined behaviour)
  // CHECK-DAG: object-fields.cu:[[@LINE-3]]:3: note: instead of returning early, guard the work with the opposite condition and let every thread reach the barrier
  binfo.h = threadIdx.x;
  if (binfo.h > 3)
    __syncthreads();
  // CHECK-DAG: object-fields.cu:[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'binfo.h > 3' is true [barrier-in-divergent-branch]
  // CHECK-DAG: object-fields.cu:[[@LINE-2]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-DAG: object-fields.cu:[[@LINE-3]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
}

// An aggregate's fields, in the order of its init list.
struct Span {
  int first;
  int count;
};
__global__ void spans(const int *starts, float *out) {
  __shared__ float s[256];
  Span sp = {starts[blockIdx.x] + (int)threadIdx.x, starts[blockIdx.x + 1] - starts[blockIdx.x]};
  if (sp.count == 0)
    return;
  s[threadIdx.x] = out[sp.first];
  __syncthreads();
  if (sp.first < 7)
    __syncthreads();
  // CHECK-DAG: object-fields.cu:[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'sp.first < 7' is true [barrier-in-divergent-branch]
  // CHECK-DAG: object-fields.cu:[[@LINE-2]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-DAG: object-fields.cu:[[@LINE-3]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  out[sp.first] = s[255 - threadIdx.x];
}

// A scalar's braces keep its value: cuCollections' kernels step `idx = global_thread_id()`,
// `index_type{threadIdx.x} + index_type{blockDim.x} * index_type{blockIdx.x}`, while `idx -
// thread_idx < n`, the same trips in the whole block (silent); `idx < n` is not (an error).
using index_type = long long;
__device__ index_type global_thread_id() {
  return index_type{threadIdx.x} + index_type{blockDim.x} * index_type{blockIdx.x};
}
__global__ void containsLike(const int *in, index_type n, bool *out) {
  __shared__ bool buf[128];
  const index_type thread_idx{threadIdx.x};
  for (index_type idx = global_thread_id(); idx - thread_idx < n; idx += gridDim.x * 128) {
    if (idx < n)
      buf[thread_idx] = in[idx] > 0;
    __syncthreads();
    if (idx < n)
      out[idx] = buf[thread_idx];
  }
  for (index_type idx = global_thread_id(); idx < n; idx += gridDim.x * 128)
    __syncthreads();
  // CHECK-DAG: object-fields.cu:[[@LINE-1]]:5: error: __syncthreads() is in a loop whose condition 'idx < n' differs between threads [barrier-in-divergent-branch]
  // CHECK-DAG: object-fields.cu:[[@LINE-2]]:5: note: threads that leave the loop early miss the barriers of the later iterations, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // CHECK-DAG: object-fields.cu:[[@LINE-3]]:5: note: make the trip count block-uniform (e.g. step a block-wide base by blockDim.x while it is below the bound) and guard only the work inside the loop
}

void launch(Params p, const int *starts, float *out, cudaStream_t st) {
  fmhaLike<<<dim3(8, 4, 2), 128, 0, st>>>(p, 1);
  ownFields<<<8, 128, 0, st>>>(p, 100);
  spans<<<8, 256, 0, st>>>(starts, out);
  containsLike<<<8, 128, 0, st>>>(starts, 1000, (bool *)out);
}
