// A condition on the thread index that precedence makes constant: its own rule, not a
// divergence finding (it never splits a warp).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=thread-condition-precedence %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// The divergence rule does not report the constant conditions, only the branches that split.
// RUN: %expect-exit 1 --stdout %t.div -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefix=DIV --input-file=%t.div --implicit-check-not=warning:
// DIV: thread-condition-precedence.cu:47:7: warning: warp-divergent branch (lane-split): '(tid & 0x01) == 0' splits every warp into even and odd lanes [warp-divergent-branch]
// DIV: thread-condition-precedence.cu:47:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
// DIV: thread-condition-precedence.cu:47:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
// DIV: thread-condition-precedence.cu:56:7: warning: warp-divergent branch (lane-split): 'tid & 3 != 0' splits every warp into even and odd lanes [warp-divergent-branch]
// DIV: thread-condition-precedence.cu:56:7: note: it is true for odd lanes and false for even lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
// DIV: thread-condition-precedence.cu:56:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
// DIV: cuda-lint: 2 warnings and 0 errors in 1 file; 1 file analysed

__global__ void evenWarps(float *c) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = tid >> 5;
  float v = 0.0f;
  if (warp & 0x01 == 0)
    v = 100.0f;
  else
    v = 200.0f;
  // CHECK: thread-condition-precedence.cu:[[@LINE-4]]:7: warning: branch condition 'warp & 0x01 == 0' is always false: '==' binds tighter than '&' [thread-condition-precedence]
  // CHECK: thread-condition-precedence.cu:[[@LINE-5]]:7: note: it reads 'warp & (0x01 == 0)': it does not diverge, but the else branch always runs
  // CHECK: thread-condition-precedence.cu:[[@LINE-6]]:7: note: write '(warp & 0x01) == 0'
  c[tid] = v;
}

__global__ void oddLanes(float *c) {
  unsigned lane = threadIdx.x % 32;
  if (lane & 2 == 0)
    c[threadIdx.x] = 1.0f;
  // CHECK: thread-condition-precedence.cu:[[@LINE-2]]:7: warning: branch condition 'lane & 2 == 0' is always false: '==' binds tighter than '&' [thread-condition-precedence]
  // CHECK: thread-condition-precedence.cu:[[@LINE-3]]:7: note: it reads 'lane & (2 == 0)': it does not diverge, but the branch never runs
  // CHECK: thread-condition-precedence.cu:[[@LINE-4]]:7: note: write '(lane & 2) == 0'
  while (lane & 4 == 1)
    c[0] += 1.0f;
  // CHECK: thread-condition-precedence.cu:[[@LINE-2]]:10: warning: branch condition 'lane & 4 == 1' is always false: '==' binds tighter than '&' [thread-condition-precedence]
  // CHECK: thread-condition-precedence.cu:[[@LINE-3]]:10: note: it reads 'lane & (4 == 1)': it does not diverge, but the loop body never runs
  // CHECK: thread-condition-precedence.cu:[[@LINE-4]]:10: note: write '(lane & 4) == 1'
}

// Not flagged: parenthesised as meant, or nothing thread-dependent in it.
__global__ void meant(float *c, int flags) {
  int tid = threadIdx.x;
  if ((tid & 0x01) == 0)
    c[tid] = 1.0f;
  if (flags & 4 == 4) // no thread index: Clang's -Wparentheses territory, not ours
    c[0] = 2.0f;
  if (tid & (1 == flags))
    c[1] = 3.0f;
  // Also precedence slips, but not constant: they split warps (warp-divergent-branch).
  if (1 == tid | 0)
    c[2] = 4.0f;
  if (tid & 3 != 0) // (odd lanes storing one value to one address would be a leader store)
    c[tid] = 5.0f;
}

__global__ void doLoop(float *c) {
  int i = 0;
  do {
    c[i++] = 1.0f;
  } while (threadIdx.x & 8 == 1);
  // CHECK: thread-condition-precedence.cu:[[@LINE-1]]:12: warning: branch condition 'threadIdx.x & 8 == 1' is always false: '==' binds tighter than '&' [thread-condition-precedence]
  // CHECK: thread-condition-precedence.cu:[[@LINE-2]]:12: note: it reads 'threadIdx.x & (8 == 1)': it does not diverge, but the loop body runs only once
  // CHECK: thread-condition-precedence.cu:[[@LINE-3]]:12: note: write '(threadIdx.x & 8) == 1'
}

template <int B> __global__ void inst(float *c) {
  if (threadIdx.x & B == 0)
    c[threadIdx.x] = 1.0f;
  // CHECK: thread-condition-precedence.cu:[[@LINE-2]]:7: warning: branch condition 'threadIdx.x & B == 0' is always false: '==' binds tighter than '&' [thread-condition-precedence]
  // CHECK: thread-condition-precedence.cu:[[@LINE-3]]:7: note: it reads 'threadIdx.x & (B == 0)': it does not diverge, but the branch never runs
  // CHECK: thread-condition-precedence.cu:[[@LINE-4]]:7: note: write '(threadIdx.x & B) == 0'
}
template __global__ void inst<1>(float *);
template __global__ void inst<2>(float *);
