// Code that only some lanes reach (issue 34, item 7). A loop whose trip count
// differs by lane does not diverge when one lane of each warp runs it: under
// `if (threadIdx.x == best)`, or after `if (threadIdx.x != 0) return;`. A
// barrier in a block-stride loop whose bound is rounded up to a multiple of
// the block size runs the same trips in every thread: not a barrier error.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

// One lane (the block's chosen one) walks a prefix of its own length.
__global__ void serialOne(const float *x, float *out, const int *pick) {
  __shared__ int best;
  if (threadIdx.x == 0)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'threadIdx.x == 0' is true only for lane 0 of one warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    best = pick[blockIdx.x] % blockDim.x;
  __syncthreads();
  if (threadIdx.x == best) {
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'threadIdx.x == best' is true for at most one lane of each warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    float acc = 0.0f;
    for (int k = 0; k < (int)threadIdx.x; ++k)
      acc += x[k];
    out[blockIdx.x] = acc;
  }
}

// Every lane but lane 0 of each warp leaves first.
__global__ void serialLeader(const float *x, float *out, int n) {
  int lane = threadIdx.x % 32;
  if (lane != 0)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 'lane != 0' is false only for lane 0 of every warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    return;
  float acc = 0.0f;
  for (int k = threadIdx.x; k < n; k += 32)
    if (x[k] > 0.0f)
      acc += x[k];
  out[threadIdx.x / 32] = acc;
}

// Two lanes of each warp run the loop: their trip counts differ.
__global__ void twoLanes(const float *x, float *out) {
  int lane = threadIdx.x % 32;
  if (lane < 2) {
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'lane < 2' splits every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it is true for lanes 0-1 and false for lanes 2-31 in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: :[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    float acc = 0.0f;
    for (int k = 0; k < lane; ++k)
    // CHECK-DAG: :[[@LINE-1]]:21: warning: warp-divergent loop condition (lane-split): 'k < lane' gives each lane its own trip count [warp-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:21: note: 'lane' differs across the warp, so lanes leave the loop at different iterations and the warp keeps issuing it, finished lanes idle, until its last lane is done
    // CHECK-DAG: :[[@LINE-3]]:21: note: give the lanes of a warp equal trip counts (loop to a warp-uniform bound and guard the work inside), or map work so that lanes with similar trip counts share a warp
      acc += x[k];
    out[threadIdx.x] = acc;
  }
}

// A block-stride loop to the bound rounded up to a multiple of blockDim.x:
// every thread runs the same trips, and the barriers are met by all.
__global__ void tiledRounded(const float *x, float *out, int n) {
  __shared__ float tile[256];
  int rounded = (n + blockDim.x - 1) / blockDim.x * blockDim.x;
  float acc = 0.0f;
  for (int i = threadIdx.x; i < rounded; i += blockDim.x) {
    tile[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int j = 0; j < 256; ++j)
      acc += tile[j];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The same over the grid, rounded with a literal block size.
__global__ void gridRounded(const float *x, float *out, int n) {
  __shared__ float tile[128];
  float acc = 0.0f;
  for (int i = blockIdx.x * 128 + threadIdx.x; i < (n + 127) / 128 * 128;
       i += 128 * gridDim.x) {
    tile[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    acc += tile[127 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// No launch gives the block size: rounded to blockDim.x whatever it is.
__global__ void unlaunchedRounded(const float *x, float *out, int n) {
  extern __shared__ float buf[];
  float acc = 0.0f;
  for (int i = threadIdx.x; i < (n + blockDim.x - 1) / blockDim.x * blockDim.x;
       i += blockDim.x) {
    buf[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    acc += buf[0];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// Not rounded, rounded to a warp only, or compared with '<=': the last trip
// splits the block, and the barrier error stands.
__global__ void notRounded(const float *x, float *out, int n) {
  __shared__ float tile[256];
  float acc = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
  // PED-DAG: :[[@LINE-1]]:29: note: thread-dependent loop condition (tail-guard): 'i < n' splits at most one warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:29: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    tile[threadIdx.x] = x[i];
    __syncthreads();
    // CHECK-DAG: :[[@LINE-1]]:5: error: __syncthreads() is in a loop whose condition 'i < n' differs between threads [barrier-in-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:5: note: threads that leave the loop early miss the barriers of the later iterations, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-DAG: :[[@LINE-3]]:5: note: make the trip count block-uniform (e.g. step a block-wide base by blockDim.x while it is below the bound) and guard only the work inside the loop
    acc += tile[0];
  }
  for (int i = threadIdx.x; i < (n + 31) / 32 * 32; i += blockDim.x) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    // CHECK-DAG: :[[@LINE-1]]:5: error: __syncthreads() is in a loop whose condition 'i < (n + 31) / 32 * 32' differs between threads [barrier-in-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:5: note: the condition is the same within a warp, but not across the warps of the block
    // CHECK-DAG: :[[@LINE-3]]:5: note: threads that leave the loop early miss the barriers of the later iterations, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-DAG: :[[@LINE-4]]:5: note: make the trip count block-uniform (e.g. step a block-wide base by blockDim.x while it is below the bound) and guard only the work inside the loop
    acc += tile[1];
  }
  int rounded = (n + blockDim.x - 1) / blockDim.x * blockDim.x;
  for (int i = threadIdx.x; i <= rounded; i += blockDim.x) {
  // PED-DAG: :[[@LINE-1]]:29: note: thread-dependent loop condition (tail-guard): 'i <= rounded' splits at most one warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:29: note: only the warp where the thread index crosses the bound splits; expected for bounds checks and grid-stride loops
    tile[threadIdx.x] = x[i];
    __syncthreads();
    // CHECK-DAG: :[[@LINE-1]]:5: error: __syncthreads() is in a loop whose condition 'i <= rounded' differs between threads [barrier-in-divergent-branch]
    // CHECK-DAG: :[[@LINE-2]]:5: note: threads that leave the loop early miss the barriers of the later iterations, and a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
    // CHECK-DAG: :[[@LINE-3]]:5: note: make the trip count block-uniform (e.g. step a block-wide base by blockDim.x while it is below the bound) and guard only the work inside the loop
    acc += tile[2];
  }
  out[threadIdx.x] = acc;
}

void host(const float *x, float *o, const int *p, int n) {
  serialOne<<<4, 256>>>(x, o, p);
  serialLeader<<<4, 256>>>(x, o, n);
  twoLanes<<<4, 256>>>(x, o);
  tiledRounded<<<4, 256>>>(x, o, n);
  gridRounded<<<4, 128>>>(x, o, n);
  notRounded<<<4, 256>>>(x, o, n);
}
// CHECK: cuda-lint: 2 warnings and 3 errors{{( \(5 notes\))?}} in 1 file; 1 file analysed
