// A counted loop's last trip, walked with the counter's last value even where
// the bound is known only at run time (LightGBM's bitonic sorts, blind
// production set of 2026-11-25): in `for (inner = outer; inner < depth;
// ++inner)` the last trip has inner = depth - 1, so `1 << (depth - inner)` is 2
// whatever the depth, and `(tid / half) % 2` splits every warp into even and
// odd lanes. A first trip is walked in terms of its start (`depth = max_depth -
// 1`), and a halving loop's last trip has the value 1. Nothing is walked where
// the last value is not known: a counter updated twice a trip, a bound the loop
// changes; and a value that named a variable's old value is forgotten when the
// variable changes.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

// The depth comes from the number of items, at run time.
__global__ void bitonicRuntimeDepth(const float *scores, int *idx, int num_items) {
  int depth = 1;
  for (int rest = num_items - 1; rest > 0; rest >>= 1)
    ++depth;
  for (int outer = depth - 1; outer >= 1; --outer) {
    for (int inner = outer; inner < depth; ++inner) {
      const int half = (1 << (depth - inner)) >> 1;
      const int segment = threadIdx.x / half;
      if (segment % 2 == 0) {
        // CHECK: loop-last-trip.cu:[[@LINE-1]]:11: warning: warp-divergent branch (lane-split): 'segment % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
        // CHECK: loop-last-trip.cu:[[@LINE-2]]:11: note: this is in the trip of its loop where inner = depth - 1
        // CHECK: loop-last-trip.cu:[[@LINE-3]]:11: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
        // CHECK: loop-last-trip.cu:[[@LINE-4]]:11: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
        const int other = threadIdx.x + half;
        if (scores[idx[threadIdx.x]] > scores[idx[other]]) {
          int t = idx[threadIdx.x];
          idx[threadIdx.x] = idx[other];
          idx[other] = t;
        }
      }
      __syncthreads();
    }
  }
}

// The first trip of each stage, in terms of max_depth; the inner steps' last trip.
__global__ void bitonicStages(int *a, int max_depth) {
  for (int depth = max_depth - 1; depth > max_depth - 10; --depth) {
    const int half = (1 << (max_depth - depth)) >> 1;
    if ((threadIdx.x / half) % 2 == 0)
      a[threadIdx.x] += a[threadIdx.x + half];
    // CHECK: loop-last-trip.cu:[[@LINE-2]]:9: warning: warp-divergent branch (lane-split): '(threadIdx.x / half) % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
    // CHECK: loop-last-trip.cu:[[@LINE-3]]:9: note: this is in the trip of its loop where depth = max_depth - 1
    // CHECK: loop-last-trip.cu:[[@LINE-4]]:9: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
    // CHECK: loop-last-trip.cu:[[@LINE-5]]:9: note: the branch's arms access elements indexed by the same thread index
    __syncthreads();
    for (int inner = depth + 1; inner < max_depth; ++inner) {
      const int h = 1 << (max_depth - inner - 1);
      if ((threadIdx.x / h) % 2 == 0)
        a[threadIdx.x] += a[threadIdx.x + h];
      // CHECK: loop-last-trip.cu:[[@LINE-2]]:11: warning: warp-divergent branch (lane-split): '(threadIdx.x / h) % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
      // CHECK: loop-last-trip.cu:[[@LINE-3]]:11: note: this is in the trip of its loop where inner = max_depth - 1
      // CHECK: loop-last-trip.cu:[[@LINE-4]]:11: note: it is true for even lanes
      // CHECK: loop-last-trip.cu:[[@LINE-5]]:11: note: the branch's arms access elements indexed by the same thread index
      __syncthreads();
    }
  }
}

// A halving loop with constant values: its first trips (512 .. 64) keep whole
// warps together; its last (h = 1) does not.
__global__ void mergeHalving(int *a) {
  int h = 512;
  while (h >= 1) {
    if (((int)threadIdx.x / h) % 2 == 0)
      a[threadIdx.x] += a[threadIdx.x + h];
    // CHECK: loop-last-trip.cu:[[@LINE-2]]:9: warning: warp-divergent branch (lane-split): '((int)threadIdx.x / h) % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
    // CHECK: loop-last-trip.cu:[[@LINE-3]]:9: note: this is in the trip of its loop where h = 1
    // CHECK: loop-last-trip.cu:[[@LINE-4]]:9: note: it is true for even lanes
    // CHECK: loop-last-trip.cu:[[@LINE-5]]:9: note: the branch's arms access elements indexed by the same thread index
    __syncthreads();
    h >>= 1;
  }
}

// Not flagged: the last trip keeps half segments of 64 elements (whole warps).
__global__ void lastTripWide(int *a, int depth) {
  for (int inner = 0; inner < depth - 6; ++inner) {
    const int half = 1 << (depth - inner - 1);
    if ((threadIdx.x / half) % 2 == 0)
      a[threadIdx.x] += a[threadIdx.x + half];
    __syncthreads();
  }
}

// Not flagged: the counter moves twice a trip, so its last value is not known.
__global__ void twoSteps(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    const int half = n - i;
    if ((threadIdx.x / half) % 2 == 0)
      a[threadIdx.x] += 1;
    ++i;
  }
}

// Not flagged: k named lim's old value; once lim is reloaded, lim - k is not known.
__global__ void boundReloaded(int *a, const int *cfg, int n) {
  for (int i = 0; i < n; ++i) {
    int lim = cfg[1];
    int k = lim - 1;
    lim = cfg[0];
    const int half = lim - k;
    if ((threadIdx.x / half) % 2 == 0)
      a[threadIdx.x] += 1;
  }
}

void sort(const float *scores, int *idx, int *a, const int *cfg, int n) {
  bitonicRuntimeDepth<<<1, 1024>>>(scores, idx, n);
  bitonicStages<<<1, 1024>>>(a, n);
  mergeHalving<<<1, 1024>>>(a);
  lastTripWide<<<1, 1024>>>(a, n);
  twoSteps<<<1, 1024>>>(a, n);
  boundReloaded<<<1, 1024>>>(a, cfg, n);
}
