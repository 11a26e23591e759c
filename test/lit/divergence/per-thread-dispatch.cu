// Per-thread dispatch (issue 34, item 6): a chain of equality tests hands a
// different scalar job to each of a few threads of a tiny launch. Nothing can
// be restructured: notes under --pedantic, never warnings. A grid-wide index
// (threadIdx.x + blockIdx.x * blockDim.x) picks one thread of the grid, not a
// lane of every warp, also in blocks that are not a multiple of 32.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --pedantic --rules=warp-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,PED --input-file=%t.ped --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__device__ float A[8];

__global__ void globalDispatch(float *out) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  if (t == 0) {
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (per-thread dispatch): 't == 0' picks the thread for one job [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: it picks lane 0 of one warp in a chain of 3 equality tests that hands a different job to each of a few threads, and the other threads have none: the jobs share no code that whole warps could run together, so there is nothing to restructure
    out[0] = A[0] * 2.0f;
  } else if (t == 1) {
  // PED-DAG: :[[@LINE-1]]:14: note: thread-dependent branch (per-thread dispatch): 't == 1' picks the thread for one job [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:14: note: it picks lane 1 of one warp in a chain of 3 equality tests that hands a different job to each of a few threads, and the other threads have none: the jobs share no code that whole warps could run together, so there is nothing to restructure
    out[1] = A[1] + 3.0f;
  } else if (t == 2) {
  // PED-DAG: :[[@LINE-1]]:14: note: thread-dependent branch (per-thread dispatch): 't == 2' picks the thread for one job [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:14: note: it picks lane 2 of one warp in a chain of 3 equality tests that hands a different job to each of a few threads, and the other threads have none: the jobs share no code that whole warps could run together, so there is nothing to restructure
    out[2] = sqrtf(A[2]);
  }
}

// The same chain on threadIdx.x: lane k of every (one-warp) block.
__global__ void blockDispatch(float *out) {
  if (threadIdx.x == 0) {
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (per-thread dispatch): 'threadIdx.x == 0' picks the thread for one job [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: it picks lane 0 of every warp in a chain of 2 equality tests that hands a different job to each of a few threads, and the other threads have none: the jobs share no code that whole warps could run together, so there is nothing to restructure
    out[blockIdx.x] = A[0];
  } else if (threadIdx.x == 1) {
  // PED-DAG: :[[@LINE-1]]:14: note: thread-dependent branch (per-thread dispatch): 'threadIdx.x == 1' picks the thread for one job [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:14: note: it picks lane 1 of every warp in a chain of 2 equality tests that hands a different job to each of a few threads, and the other threads have none: the jobs share no code that whole warps could run together, so there is nothing to restructure
    out[blockIdx.x + 8] = A[1] * A[2];
  } else {
  }
}

// The switch form: each case matches one lane at most, the default is idle.
__global__ void switchDispatch(float *out) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  switch (t) {
  // PED-DAG: :[[@LINE-1]]:11: note: thread-dependent switch (per-thread dispatch): 't' gives each of a few threads its own job [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:11: note: it differs in every lane of a warp, so each of its 2 cases runs at most one lane of each warp, a different job for each, and the other threads have none: the jobs share no code that whole warps could run together, so there is nothing to restructure
  case 0:
    out[0] = A[4];
    break;
  case 1:
    out[1] = A[5] * A[6];
    break;
  default:
    break;
  }
  // Every lane matches a case: four groups of lanes, each with work.
  switch (threadIdx.x % 4) {
  // CHECK-DAG: :[[@LINE-1]]:11: warning: warp-divergent switch (lane-split): 'threadIdx.x % 4' takes 4 values within every warp [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:11: note: each warp runs those cases one after the other with the other lanes idle
  // CHECK-DAG: :[[@LINE-3]]:11: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
  case 0:
    out[threadIdx.x] = A[0] * A[1];
    break;
  case 1:
    out[threadIdx.x] = A[1] * A[2];
    break;
  case 2:
    out[threadIdx.x] = A[2] * A[3];
    break;
  default:
    out[threadIdx.x] = A[3] * A[4];
  }
}

// A last else with work of its own runs beside the special cases in every
// warp (Rodinia srad's interior case): still a lane split.
__global__ void borderCases(float *out, const float *in) {
  float v;
  if (threadIdx.x == 0) {
  // CHECK-DAG: :[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x == 0' gives a few lanes of every warp their own path [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:7: note: it picks lane 0 of every warp, and the other lanes run the else branch: each warp runs both paths one after the other
  // CHECK-DAG: :[[@LINE-3]]:7: note: give every lane the same code (e.g. pad the data with a halo so that border threads need no special case), or hand the special case to whole warps
    v = in[0] + in[1];
    out[threadIdx.x] = v * 2.0f;
  } else if (threadIdx.x == 4) {
  // CHECK-DAG: :[[@LINE-1]]:14: warning: warp-divergent branch (lane-split): 'threadIdx.x == 4' gives a few lanes of every warp their own path [warp-divergent-branch]
  // CHECK-DAG: :[[@LINE-2]]:14: note: it picks lane 4 of every warp, and the other lanes run the else branch: each warp runs both paths one after the other
  // CHECK-DAG: :[[@LINE-3]]:14: note: give every lane the same code (e.g. pad the data with a halo so that border threads need no special case), or hand the special case to whole warps
    v = in[3] + in[4];
    out[threadIdx.x] = v * 3.0f;
  } else {
    v = in[threadIdx.x - 1] + in[threadIdx.x + 1];
    out[threadIdx.x] = v * 0.5f;
  }
}

// One test of a grid-wide index in blocks of 48 threads (a partial second
// warp): warps start 16 threads apart from block to block, so which lane it is
// depends on the warp, and it is one lane at most, not a lane of every warp.
__global__ void globalOne(float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t == 1)
  // PED-DAG: :[[@LINE-1]]:7: note: thread-dependent branch (single-lane): 't == 1' is true for at most one lane of each warp [warp-divergent-branch]
  // PED-DAG: :[[@LINE-2]]:7: note: a leader lane working while the rest of its warp waits is expected for per-warp or per-block work
    out[0] = A[3];
}

void host(float *o, const float *in) {
  globalDispatch<<<3, 5>>>(o);
  blockDispatch<<<3, 5>>>(o);
  borderCases<<<3, 5>>>(o, in);
  globalOne<<<4, 48>>>(o);
  switchDispatch<<<3, 5>>>(o);
}
// CHECK: cuda-lint: 3 warnings and 0 errors{{( \(7 notes\))?}} in 1 file; 1 file analysed
