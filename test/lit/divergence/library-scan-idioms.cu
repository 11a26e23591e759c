// Library scan idioms of production code (moderngpu's CTAScan in warp-ctc, blind production set
// of 2026-11-25): a Kogge-Stone step whose update calls an operator functor
// (`x = op(shared[first + tid - offset], x)`) is one predicated update, and a leader lane per
// segment storing into a member array of a shared struct passed by reference
// (`storage.shared[segment] = scan`) has nothing to regroup: both are notes, not warnings.
// RUN: %expect-exit 1 --stdout %t.default -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.default
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// DEFAULT-NOT: warning:
// DEFAULT: library-scan-idioms.cu:62:7: warning: warp-divergent branch (lane-split): 'lane == 1' splits every warp into even and odd lanes [warp-divergent-branch]
// DEFAULT-NOT: warning:
// DEFAULT: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
template <typename T> struct plus { __device__ T operator()(T a, T b) { return a + b; } };
__device__ int shfl_add(int x, int offset, int width) {
  int result = 0;
  asm volatile("{.reg .s32 r0; .reg .pred p; shfl.up.b32 r0|p, %1, %2, %3; @p add.s32 r0, r0, %4; mov.s32 %0, r0;}"
               : "=r"(result) : "r"(x), "r"(offset), "r"(width), "r"(x));
  return result;
}
template <int NT, typename Op> struct Scan {
  struct Storage { int shared[2 * NT]; };
  __device__ static int run(int tid, int x, Storage &storage, Op op = Op()) {
    storage.shared[tid] = x;
    int first = 0;
    __syncthreads();
    for (int offset = 1; offset < NT; offset += offset) {
      if (tid >= offset)
        x = op(storage.shared[first + tid - offset], x);
      first = NT - first;
      storage.shared[first + tid] = x;
      __syncthreads();
    }
    return x;
  }
};
template <int NT> struct Seg {
  enum { NumSegments = 32, SegSize = NT / NumSegments };
  struct Storage { int shared[NumSegments + 2]; };
  __device__ static int run(int tid, int x, Storage &storage) {
    int lane = (SegSize - 1) & tid;
    int segment = tid / SegSize;
    int scan = x;
    for (int offset = 1; offset < SegSize; offset *= 2)
      scan = shfl_add(scan, offset, SegSize);
    if (SegSize - 1 == lane) storage.shared[segment] = scan;
    __syncthreads();
    return scan;
  }
};
template <int NT> __global__ void k(int *out) {
  __shared__ typename Scan<NT, plus<int>>::Storage s;
  __shared__ typename Seg<NT>::Storage s2;
  out[threadIdx.x] = Scan<NT, plus<int>>::run(threadIdx.x, out[threadIdx.x], s) +
                     Seg<NT>::run(threadIdx.x, 1, s2);
}
void host(int *o, cudaStream_t st) { k<64><<<1, 64, 0, st>>>(o); k<128><<<1, 128, 0, st>>>(o); }
// A store through a struct that is a local variable (registers) is no leader store.
__global__ void local_struct(int *out) {
  struct { int v[64]; } mine;
  int lane = threadIdx.x & 1;
  if (lane == 1) mine.v[threadIdx.x / 2] = 1;
  out[threadIdx.x] = mine.v[threadIdx.x / 2];
}
void host2(int *o, cudaStream_t st) { local_struct<<<1, 64, 0, st>>>(o); }
// CHECK: library-scan-idioms.cu:62:7: warning: warp-divergent branch (lane-split): 'lane == 1' splits every warp into even and odd lanes [warp-divergent-branch]
// CHECK: library-scan-idioms.cu:62:7: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
// CHECK: library-scan-idioms.cu:62:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
// CHECK: library-scan-idioms.cu:28:11: note: thread-dependent branch (scan step): 'tid >= offset' guards a Kogge-Stone step [warp-divergent-branch]
// CHECK: library-scan-idioms.cu:28:11: note: it adds the element 'offset' places below to each thread's own (a Kogge-Stone scan step): the one guarded update is predicated, so the threads below the bound sit out that update and there is no second path to serialise
// CHECK: library-scan-idioms.cu:46:9: note: thread-dependent branch (single-lane): 'SegSize - 1 == lane' picks one leader lane in each group of 2 [warp-divergent-branch]
// CHECK: library-scan-idioms.cu:46:9: note: it is true for odd lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
// CHECK: library-scan-idioms.cu:46:9: note: thread-dependent branch (single-lane): 'SegSize - 1 ==...' is true only for every 4th lane (3, 7, 11, ...) of every warp [warp-divergent-branch]
// CHECK: library-scan-idioms.cu:46:9: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
// CHECK: cuda-lint: 1 warning and 0 errors (3 notes) in 1 file; 1 file analysed
