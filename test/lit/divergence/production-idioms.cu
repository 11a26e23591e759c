// Idioms of production code (issue 34, item 8), each decided by its measured
// cost against a rewrite (kernels/studies/divergence_store_idioms.cu, H100, 2026-11-25):
// a few lanes storing a warp's result after a reduction (1.00x: a note); the
// halo lanes of a shuffle filter (1.10x for every lane storing: a warning that
// says so); a bitonic network (1.39x for the select form: a warning whose
// rewrite keeps the compared pairs); warp primitives behind helper templates
// (the predicated scan step, a note). Even/odd arms that index memory by the
// thread index are never told to branch on '(tid / warpSize) % 2'.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
#define FULL 0xffffffffu

// A 9-tap filter over shuffles: 32 lanes load, lanes 24-31 are the halo.
__global__ void shuffleFilter(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  int base = (blockIdx.x * blockDim.x + threadIdx.x) / 32 * 24;
  float v = in[base + lane];
  float s = v;
  for (int o = 1; o < 9; ++o)
    s += __shfl_down_sync(FULL, v, o);
  if (lane < 24) {
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lane < 24' leaves lanes 24-31 of every warp without output [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: after the warp's shuffles, only lanes 0-23 store: the other 8 lanes load and shuffle like the rest only to feed them (a halo), so 8 of every 32 lanes' work yields no output; the store itself is predicated
  // CHECK-DAG: :[[@LINE-3]]:7: note: let every lane produce an output: load the halo into a second register (e.g. the element 32 places on) and take each tap from one of two shuffles, so that all 32 lanes store (24 outputs per warp become 32)
    out[base + lane] = s;
  } else {
  }
}

template <typename T> __device__ T warpSum(T v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_xor_sync(FULL, v, o);
  return v;
}

// Two lanes store the sum and the sum of squares the whole warp reduced.
__global__ void rowStats(const float *x, float *stats, int cols) {
  int lane = threadIdx.x % 32;
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  float s = 0.f, q = 0.f;
  for (int c = lane; c < cols; c += 32) {
  // PED-DAG: :[[@LINE-1]]:22: note: thread-dependent loop condition (tail-guard): 'c < cols' compares a lane value with a bound [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:22: note: the bound is not known here; if it falls inside a warp, every warp splits at the same lane
    float v = x[row * cols + c];
    s += v;
    q += v * v;
  }
  s = warpSum(s);
  q = warpSum(q);
  if (lane < 2)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (predicated store): 'lane < 2' lets 2 lanes store the warp's result [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: after a warp shuffle or reduction, lanes 0-1 of each warp store values the whole warp computed, and the branch only stores: the compiler predicates the store, so there is no second path to serialise (one lane storing them all measured no faster)
    stats[row * 2 + lane] = lane == 0 ? s : q;
}

// Without a reduction before it, the same store is a lane split as before.
__global__ void copyTwo(const float *x, float *stats) {
  int lane = threadIdx.x % 32;
  if (lane < 2)
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lane < 2' splits every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 0-1 and false for lanes 2-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    stats[lane] = x[lane];
}

// The same after cg::reduce over a tile.
__global__ void tileStats(float *x) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int lane = warp.thread_rank();
  float total = cg::reduce(warp, x[threadIdx.x], cg::plus<float>());
  if (lane < 4)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (predicated store): 'lane < 4' lets 4 lanes store the warp's result [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: after a warp shuffle or reduction, lanes 0-3 of each warp store values the whole warp computed, and the branch only stores: the compiler predicates the store, so there is no second path to serialise (one lane storing them all measured no faster)
    x[blockIdx.x * 4 + lane] = total;
}

// A bitonic network in shared memory: both arms compare and swap.
__global__ void bitonic(float *data) {
  __shared__ float s[256];
  unsigned i = threadIdx.x;
  s[i] = data[blockIdx.x * 256 + i];
  __syncthreads();
  for (unsigned k = 2; k <= 256; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned ixj = i ^ j;
      if (ixj > i) {
        if ((i & k) == 0) {
        // CHECK-DAG: :[[@LINE-1]]:13: warning: warp-divergent branch (lane-split): '(i & k) == 0' splits every warp while its bit is below 32 [warp-divergent-branch]
        // CHECK-DAG: :[[@LINE-2]]:13: note: it tests bit 'k' of the thread index, which changes every iteration: while it is below 32, the lanes with the bit set and those without take different paths in every warp, and each warp runs both paths one after the other with the lanes of the other path idle
        // CHECK-DAG: :[[@LINE-3]]:13: note: compute the direction as a value and order each pair without branching on it (e.g. min/max and a select, as in a branch-free bitonic compare-and-swap)
          if (s[i] > s[ixj]) {
          // PED-DAG: :[[@LINE-1]]:15: note: thread-dependent branch (data-dependent): 's[i] > s[ixj]' depends on loaded data [warp-divergent-branch]
          // PED-DAG: :[[@LINE-2]]:15: note: it depends on 's[i]', read through a thread-dependent address; lanes diverge only where the data differ
            float t = s[i];
            s[i] = s[ixj];
            s[ixj] = t;
          }
        } else if (s[i] < s[ixj]) {
        // PED-DAG: :[[@LINE-1]]:20: note: thread-dependent branch (data-dependent): 's[i] < s[ixj]' depends on loaded data [warp-divergent-branch]
        // PED-DAG: :[[@LINE-2]]:20: note: it depends on 's[i]', read through a thread-dependent address; lanes diverge only where the data differ
          float t = s[i];
          s[i] = s[ixj];
          s[ixj] = t;
        }
      }
      __syncthreads();
    }
  }
  data[blockIdx.x * 256 + i] = s[i];
}

// An odd-even transposition sort: branching on '(tid / warpSize) % 2' would
// compare other pairs and break the sort.
__global__ void oddEven(float *data) {
  __shared__ float s[257];
  unsigned tid = threadIdx.x;
  s[tid] = data[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int phase = 0; phase < 256; ++phase) {
    if (tid % 2 == 0) {
    // CHECK-DAG: :[[@LINE-1]]:9: warning: warp-divergent branch (lane-split): 'tid % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:9: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK-DAG: :[[@LINE-3]]:9: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
      float a = s[tid], b = s[tid + 1];
      s[tid] = fminf(a, b);
      s[tid + 1] = fmaxf(a, b);
    } else {
      float a = s[tid], b = s[tid + 1];
      s[tid] = fmaxf(a, b);
      s[tid + 1] = fminf(a, b);
    }
    __syncthreads();
  }
  data[blockIdx.x * 256 + tid] = s[tid];
}

// Warp primitives three helpers deep, and through a class template's member
// in a template nothing instantiates: the scan step is still predicated.
template <typename T> struct Shfl {
  static __device__ T up(T v, int o) { return __shfl_up_sync(FULL, v, o); }
};
template <typename T> __device__ T shiftUp3(T v, int o) { return Shfl<T>::up(v, o); }
template <typename T> __device__ T shiftUp2(T v, int o) { return shiftUp3(v, o); }
template <typename T> __device__ T shiftUp(T v, int o) { return shiftUp2(v, o); }

template <typename T> __global__ void deepHelperScan(T *x) {
  int lane = threadIdx.x & 31;
  T v = x[threadIdx.x];
  for (int o = 1; o < 32; o <<= 1) {
    T t = shiftUp(v, o);
    if (lane >= o)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (warp-synchronous step): 'lane >= o' guards a shuffle step [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: it guards only updates of registers beside a warp shuffle in the same loop (a scan step): the compiler predicates them, and every lane runs the shuffle anyway, so there is no second path to serialise
      v += t;
  }
  x[threadIdx.x] = v;
}

template <typename T> __global__ void uninstantiatedScan(T *x) {
  int lane = threadIdx.x & 31;
  T v = x[threadIdx.x];
  for (int o = 1; o < 32; o <<= 1) {
    T t = Shfl<T>::up(v, o);
    if (lane >= o)
    // PED-DAG: :[[@LINE-1]]:9: note: thread-dependent branch (warp-synchronous step): 'lane >= o' guards a shuffle step [warp-divergent-branch]
    // PED-DAG: :[[@LINE-2]]:9: note: it guards only updates of registers beside a warp shuffle in the same loop (a scan step): the compiler predicates them, and every lane runs the shuffle anyway, so there is no second path to serialise
      v += t;
  }
  x[threadIdx.x] = v;
}

void host(const float *x, float *o, int n) {
  shuffleFilter<<<64, 256>>>(x, o);
  rowStats<<<64, 256>>>(x, o, n);
  copyTwo<<<64, 256>>>(x, o);
  tileStats<<<64, 256>>>(o);
  bitonic<<<64, 256>>>(o);
  oddEven<<<64, 256>>>(o);
  deepHelperScan<<<64, 256>>>(o);
}
// CHECK: cuda-lint: 4 warnings and 0 errors{{( \([0-9]+ notes\))?}} in 1 file; 1 file analysed
