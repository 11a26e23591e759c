// A value that the lanes of a group read at one address, or receive from one lane, is the same
// in those lanes; an address computed from it is too (xmrig-cuda's cuda_core.cu:625, blind
// production set of 2026-11-25: `idx0 = shuffle<4>(sPtr, sub, a, 0)`, a broadcast through shared
// memory, then `if (sub & 1) storeGlobal64(long_state + ((idx0 & MASK) >> 3), n ^ q)`: lanes 1
// and 3 of each group of four store one value to one address, a leader store). Not so for a
// value each lane reads at its own address, received from a lane that differs within the group,
// or returned per lane (an atomic).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
template <typename T> __device__ __forceinline__ void storeGlobal64(T *addr, T const &val) { *addr = val; }

template <unsigned group_n>
__device__ __forceinline__ unsigned shuffle(volatile unsigned *ptr, unsigned sub, unsigned val, unsigned src) {
  ptr[sub] = val;
  return ptr[src & (group_n - 1)];
}

__global__ void throughShared(unsigned long long *state, const unsigned *in) {
  extern __shared__ unsigned mem[];
  const unsigned sub = threadIdx.x & 3;
  volatile unsigned *sPtr = (volatile unsigned *)(mem + (threadIdx.x & 0xFFFFFFFC));
  unsigned idx0 = shuffle<4>(sPtr, sub, in[threadIdx.x], 0);
  unsigned long long n = state[(idx0 & 0xFFF0) >> 3];
  unsigned long long q = n / 7;
  if (sub & 1)
    storeGlobal64(state + ((idx0 & 0xFFF0) >> 3), n ^ q);
  // CHECK-DAG: group-shared-values.cu:[[@LINE-2]]:7: note: thread-dependent branch (single-lane): 'sub & 1' picks one leader lane in each group of 2 [warp-divergent-branch]
  // CHECK-DAG: group-shared-values.cu:[[@LINE-3]]:7: note: it is true for odd lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
}

__global__ void throughShuffle(unsigned *state, const unsigned *in) {
  const unsigned sub = threadIdx.x & 3;
  unsigned v = __shfl_sync(0xffffffff, in[threadIdx.x], 0, 4);
  if (sub & 1)
    state[v] = v + 1;
  // CHECK-DAG: group-shared-values.cu:[[@LINE-2]]:7: note: thread-dependent branch (single-lane): 'sub & 1' picks one leader lane in each group of 2 [warp-divergent-branch]
  // CHECK-DAG: group-shared-values.cu:[[@LINE-3]]:7: note: it is true for odd lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
}

// The store helper is inline assembly (xmrig's storeGlobal64 below sm_70): the address operand.
__device__ __forceinline__ void storeAsm(unsigned *addr, unsigned v) {
  asm volatile("st.global.u32 [%0], %1;" : : "l"(addr), "r"(v));
}
__global__ void throughAsmStore(unsigned *state, const unsigned *in) {
  const unsigned sub = threadIdx.x & 3;
  unsigned v = __shfl_sync(0xffffffff, in[threadIdx.x], 0, 4);
  if (sub & 1)
    storeAsm(state + v, v + 1);
  // CHECK-DAG: group-shared-values.cu:[[@LINE-2]]:7: note: thread-dependent branch (single-lane): 'sub & 1' picks one leader lane in each group of 2 [warp-divergent-branch]
  // CHECK-DAG: group-shared-values.cu:[[@LINE-3]]:7: note: it is true for odd lanes, and the branch only stores to memory: each leader writes its group's result, the other lanes have nothing to store, so no regrouping would save anything
}

__global__ void ownAddress(unsigned *state, const unsigned *in) {
  const unsigned sub = threadIdx.x & 3;
  unsigned v = in[threadIdx.x];
  if (sub & 1)
    state[v] = 1;
  // CHECK-DAG: group-shared-values.cu:[[@LINE-2]]:7: warning: warp-divergent branch (lane-split): 'sub & 1' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: group-shared-values.cu:[[@LINE-3]]:7: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: group-shared-values.cu:[[@LINE-4]]:7: note: the branch's arms access elements indexed by the same thread index
}

__global__ void otherLane(unsigned *state, const unsigned *in) {
  const unsigned sub = threadIdx.x & 3;
  unsigned v = __shfl_sync(0xffffffff, in[threadIdx.x], sub ^ 1, 4);
  if (sub & 1)
    state[v] = 1;
  // CHECK-DAG: group-shared-values.cu:[[@LINE-2]]:7: warning: warp-divergent branch (lane-split): 'sub & 1' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: group-shared-values.cu:[[@LINE-3]]:7: note: it is true for odd lanes and false for even lanes in every warp
  // CHECK-DAG: group-shared-values.cu:[[@LINE-4]]:7: note: the branch's arms access elements indexed by the same thread index
}

__global__ void perLaneAtomic(unsigned *state, unsigned *counter) {
  const unsigned sub = threadIdx.x & 3;
  unsigned v = atomicAdd(counter + threadIdx.x / 4, 1u);
  if (sub & 1)
    state[v] = 1;
  // CHECK-DAG: group-shared-values.cu:[[@LINE-2]]:7: warning: warp-divergent branch (lane-split): 'sub & 1' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK-DAG: group-shared-values.cu:[[@LINE-3]]:7: note: it is true for odd lanes and false for even lanes in every warp
  // CHECK-DAG: group-shared-values.cu:[[@LINE-4]]:7: note: the branch's arms access elements indexed by the same thread index
}

void run(unsigned long long *s64, unsigned *s, unsigned *c, const unsigned *in, cudaStream_t st) {
  throughShared<<<64, 128, 512, st>>>(s64, in);
  throughShuffle<<<64, 128, 0, st>>>(s, in);
  throughAsmStore<<<64, 128, 0, st>>>(s, in);
  ownAddress<<<64, 128, 0, st>>>(s, in);
  otherLane<<<64, 128, 0, st>>>(s, in);
  perLaneAtomic<<<64, 128, 0, st>>>(s, c);
}
// CHECK: cuda-lint: 3 warnings and 0 errors (3 notes) in 1 file; 1 file analysed
