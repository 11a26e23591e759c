// Values flow into __device__ functions through their arguments: a helper
// called with a thread index is as divergent as the inline test. A `?:` that
// selects between side-effect-free values compiles to a select, not a branch;
// one whose arms call functions or have side effects is a branch, and so is a
// short-circuit operator with such an operand.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__device__ bool is_even(int t) { return t % 2 == 0; }
__device__ int lane_id() { return threadIdx.x & 31; }
__device__ void store_if_low(float *x, int v) {
  if (v < 8)
  // CHECK: helpers-and-selects.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'v < 8' splits every warp [warp-divergent-branch]
  // CHECK: helpers-and-selects.cu:[[@LINE-2]]:7: note: it is true for lanes 0-7 and false for lanes 8-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: helpers-and-selects.cu:[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    x[v] = 0.f;
}

__global__ void helpers(float *x) {
  int tid = threadIdx.x;
  if (is_even(tid))
  // CHECK: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'is_even(tid)' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:7: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
    x[tid] = 1.f;
  if (is_even(tid / warpSize)) // the warp index: the same across a warp
    x[tid] = 2.f;
  if (is_even(blockIdx.x)) // block-uniform
    x[tid] = 3.f;
  store_if_low(x, lane_id());
  store_if_low(x, tid / 32); // warp-uniform argument: the same helper is silent here
}

__device__ float heavy(float v) { return v * v + 1.f; }

__global__ void selects(float *x, const float *y) {
  int tid = threadIdx.x;
  float v = (tid & 1) ? y[0] : y[1]; // a select between two loads
  x[tid] = tid % 2 == 0 ? v : -v;   // a select
  x[tid] = (tid & 1) ? heavy(v) : v;
  // CHECK: :[[@LINE-1]]:12: warning: warp-divergent '?:' (lane-split): '(tid & 1)' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:12: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:12: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
  x[tid] = tid % 2 ? expf(v) : v;
  // CHECK: :[[@LINE-1]]:12: warning: warp-divergent '?:' (lane-split): 'tid % 2' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:12: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:12: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
  x[tid] = tid % 2 ? fmaxf(v, 0.f) : v; // a single instruction: a select
  tid % 2 == 0 && (x[tid] = 3.f);
  // CHECK: :[[@LINE-1]]:3: warning: warp-divergent short-circuit operand (lane-split): 'tid % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:3: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:3: note: partition the work by warp instead, e.g. '(tid / warpSize) % 2 == 0'
  bool ok = tid < 64 && y[tid] > 0.f; // no side effects: a value, not a branch
  x[tid] = ok;
}

// Templates are analysed per instantiation and reported once, at the template.
template <int Stride> __global__ void strided(float *x) {
  if (threadIdx.x % Stride == 0)
  // CHECK: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % Stride == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: :[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: :[[@LINE-3]]:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
    x[threadIdx.x] = 1.f;
}
template __global__ void strided<2>(float *);
template __global__ void strided<32>(float *); // lane 0 of each warp: single-lane, silent

// Arms that read the thread index or call an inline accessor are loads, not calls: selects
// (HeCBench attentionMultiHeadKVCache pos_enc.cuh). An arm calling a function that does more
// than return a load is a branch.
template <typename T, int N> struct vec4 {
  T data[N];
  __device__ T &operator[](int i) { return data[i]; }
};
__device__ int counter;
__device__ int bump() { return atomicAdd(&counter, 1); }
__global__ void rope(const float *x, float *out, unsigned rotary_dim) {
  vec4<float, 4> p;
  // threadIdx.x < 16 splits the first warp, but both arms are values.
  unsigned idx = (threadIdx.x * 4 < 64) ? threadIdx.x * 4 + 32 : threadIdx.x * 4 - 32;
  for (int i = 0; i < 4; ++i)
    p[i] = x[idx + i];
  float v = (threadIdx.x * 4 < 64) ? -p[0] : p[0];
  float w = (threadIdx.x % 2) ? bump() : 0;
  // CHECK: helpers-and-selects.cu:[[@LINE-1]]:13: warning: warp-divergent '?:' (lane-split): '(threadIdx.x % 2)' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: helpers-and-selects.cu:[[@LINE-2]]:13: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-NEXT: helpers-and-selects.cu:[[@LINE-3]]:13: note: partition the work by warp instead, e.g. '(threadIdx.x / warpSize) % 2 == 0'
  out[threadIdx.x] = v + w;
}
// CHECK: cuda-lint: 7 warnings and 0 errors in 1 file; 1 file analysed
