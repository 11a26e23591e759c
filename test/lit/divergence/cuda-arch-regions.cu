// Code under a condition on __CUDA_ARCH__ is not in the host-side parse the rules run on: when
// such a region holds a kernel or a barrier, or lies in a kernel's body, the TU is parsed once
// more for the device (the newest architecture the command names, sm_75 without one) and the
// findings inside the regions are added. A macro defined in such a region (FAST_PATH) makes a condition on it one on the
// architecture too. What the host parse saw is reported once, from the host parse.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --no-cache --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: FileCheck %s --check-prefixes=CHECK,SM75 --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// The same through nvcc commands: -arch=sm_90 also parses the sm_90 region; -arch=sm_70 only
// the code below sm_80 (the sm_75 default is not used when the build names its targets).
// RUN: rm -rf %t.db && mkdir -p %t.db
// RUN: printf '[{"directory": "%%s", "command": "nvcc -arch=sm_90 -c %%s", "file": "%%s"}]' %S %s %s > %t.db/compile_commands.json
// RUN: %expect-exit 1 --stdout %t.90 --stderr %t.90.err -- %cuda-lint --no-cache --verbose --rules=warp-divergent-branch,barrier-in-divergent-branch -p %t.db %s
// RUN: FileCheck %s --check-prefix=VERBOSE --input-file=%t.90.err
// VERBOSE: cuda-lint: parsed {{.*}}cuda-arch-regions.cu again for the device (sm_90): kernel code or a barrier under #if __CUDA_ARCH__
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 --input-file=%t.90 --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// An architecture Clang 22 does not know (nvcc 12.9's family-specific sm_100f) is parsed as its
// base, sm_100, which has the sm_90 paths; before, the device parse failed and found nothing.
// RUN: printf '[{"directory": "%%s", "command": "nvcc -arch=sm_100f -c %%s", "file": "%%s"}]' %S %s %s > %t.db/compile_commands.json
// RUN: %expect-exit 1 --stdout %t.100 --stderr %t.100.err -- %cuda-lint --no-cache --verbose --rules=warp-divergent-branch,barrier-in-divergent-branch -p %t.db %s
// RUN: FileCheck %s --check-prefix=VERBOSE100 --input-file=%t.100.err
// VERBOSE100: cuda-lint: parsed {{.*}}cuda-arch-regions.cu again for the device (sm_100): kernel code or a barrier under #if __CUDA_ARCH__
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 --input-file=%t.100 --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: printf '[{"directory": "%%s", "command": "nvcc -gencode arch=compute_70,code=sm_70 -c %%s", "file": "%%s"}]' %S %s %s > %t.db/compile_commands.json
// RUN: %expect-exit 1 --stdout %t.70 -- %cuda-lint --no-cache --rules=warp-divergent-branch,barrier-in-divergent-branch -p %t.db %s
// RUN: FileCheck %s --check-prefixes=CHECK,SM70 --input-file=%t.70 --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// A kernel whose body is all under the condition, with a stub for the host (ggml's
// NO_DEVICE_CODE): the only region holds neither a kernel nor a barrier, but lies in a kernel's
// body (Inputs/arch-kernel-body.cu).
// RUN: %expect-exit 1 --stdout %t.body -- %cuda-lint --no-cache --rules=warp-divergent-branch %S/Inputs/arch-kernel-body.cu
// RUN: FileCheck %S/Inputs/arch-kernel-body.cu --input-file=%t.body --implicit-check-not=warning: --implicit-check-not=note:
// A region with only a device helper in it costs no second parse (Inputs/arch-helper-only.cu).
// RUN: %cuda-lint --no-cache --rules=warp-divergent-branch %S/Inputs/arch-helper-only.cu 2>&1 | FileCheck %s --check-prefix=HELPER --implicit-check-not=warning: --implicit-check-not=note:
// HELPER: cuda-lint: 0 warnings and 0 errors in 0 files; 1 file analysed
// The cache keeps the device parse's findings: a second run reads them back.
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 --stdout %t.cold -- env -u CUDA_LINT_NO_CACHE %cuda-lint --cache-dir=%t.cache --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: %expect-exit 1 --stdout %t.warm -- env -u CUDA_LINT_NO_CACHE %cuda-lint --cache-dir=%t.cache --rules=warp-divergent-branch,barrier-in-divergent-branch %s
// RUN: diff %t.out %t.cold
// RUN: FileCheck %s --check-prefixes=CHECK,SM75,WARM --input-file=%t.warm --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

// A kernel whose real body exists only for the device (the host sees a stub).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 300
__global__ void triangle(float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < i; j++)
  // CHECK-DAG: cuda-arch-regions.cu:[[@LINE-1]]:19: warning: warp-divergent loop condition (lane-split): 'j < i' gives each lane its own trip count [warp-divergent-branch]
  // CHECK-DAG: cuda-arch-regions.cu:[[@LINE-2]]:19: note: 'i' differs across the warp, so lanes leave the loop at different iterations and the warp keeps issuing it, finished lanes idle, until its last lane is done
  // CHECK-DAG: cuda-arch-regions.cu:[[@LINE-3]]:19: note: give the lanes of a warp equal trip counts (loop to a warp-uniform bound and guard the work inside), or map work so that lanes with similar trip counts share a warp
    atomicAdd(&f[j], 1.0f);
}
#else
__global__ void triangle(float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) // a tail guard: nothing to report
    f[i] = 0.0f;
}
#endif

#if __CUDA_ARCH__ >= 800
#define FAST_PATH 1
#endif

__global__ void staged(float *x) {
  __shared__ float s[256];
  s[threadIdx.x] = x[threadIdx.x];
#ifdef FAST_PATH
  if (threadIdx.x % 2 == 0)
  // SM90-DAG: cuda-arch-regions.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // SM90-DAG: cuda-arch-regions.cu:[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // SM90-DAG: cuda-arch-regions.cu:[[@LINE-3]]:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
    s[threadIdx.x] *= 2.0f;
  else
    s[threadIdx.x] = sqrtf(s[threadIdx.x]);
#elif defined(__CUDA_ARCH__)
  if (threadIdx.x < 16) {
    s[threadIdx.x] += s[threadIdx.x + 16];
    __syncthreads();
  // SM75-DAG: cuda-arch-regions.cu:[[@LINE-1]]:5: error: __syncthreads() is reached only by threads for which 'threadIdx.x < 16' is true [barrier-in-divergent-branch]
  // SM70-DAG: cuda-arch-regions.cu:[[@LINE-2]]:5: error: __syncthreads() is reached only by threads for which 'threadIdx.x < 16' is true [barrier-in-divergent-branch]
  // SM75-DAG: cuda-arch-regions.cu:[[@LINE-3]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // SM70-DAG: cuda-arch-regions.cu:[[@LINE-4]]:5: note: a block barrier that some threads of the block never reach is undefined behaviour (in practice a hang, or a barrier that completes early)
  // SM75-DAG: cuda-arch-regions.cu:[[@LINE-5]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  // SM70-DAG: cuda-arch-regions.cu:[[@LINE-6]]:5: note: move the barrier out of the conditional code so that every thread of the block executes it
  }
#else
  if (threadIdx.x == 0) // the host's version: one lane, no finding
    s[0] = 0.0f;
#endif
  x[threadIdx.x] = s[threadIdx.x];
}

// The cause inside a region, the finding outside it: the barrier is outside, the early return
// that some threads take is inside. Reported once (the host parse saw no return).
__global__ void guarded(float *x, int n) {
  __shared__ float s[128];
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x >= n)
    return;
#endif
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  // CHECK-DAG: cuda-arch-regions.cu:[[@LINE-1]]:3: error: __syncthreads() comes after the 'return' at line [[#@LINE-4]] that some threads take [barrier-in-divergent-branch]
  // CHECK-DAG: cuda-arch-regions.cu:[[@LINE-2]]:3: note: the return is taken by threads for which 'threadIdx.x >= n' is true: they never reach this barrier, which CUDA does not allow (code that relies on exited threads counting as arrived is undefined behaviour)
  // CHECK-DAG: cuda-arch-regions.cu:[[@LINE-3]]:3: note: instead of returning early, guard the work with the opposite condition and let every thread reach the barrier
  x[threadIdx.x] = s[127 - threadIdx.x];
}

// Regions without device code cost no second parse and change nothing.
#ifdef __CUDA_ARCH__
#define HOST_OR_DEVICE "device"
#else
#define HOST_OR_DEVICE "host"
#endif

int main() {
  float *f = nullptr;
  triangle<<<4, 128>>>(f, 512);
  staged<<<1, 256>>>(f);
  guarded<<<1, 128>>>(f, 100);
}
// WARM: 1 file analysed (1 from cache)
