// Device-side launches (dynamic parallelism) parse only with relocatable device code: nvcc users
// pass -rdc=true, a file given alone has no flags, so cuda-lint parses again with -fgpu-rdc when
// Clang asks for it. The device-side launch is analysed like any other, except that its stream is
// the launching block's (no default-stream-launch finding).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
// With -rdc=true from a compile database the first parse succeeds: the same findings.
// RUN: rm -rf %t.db && mkdir -p %t.db
// RUN: printf '[{"directory": "%%s", "command": "nvcc -rdc=true -c %%s", "file": "%%s"}]' %S %s %s > %t.db/compile_commands.json
// RUN: %expect-exit 1 --stdout %t.db.out -- %cuda-lint --color=never -p %t.db %s
// RUN: FileCheck %s --input-file=%t.db.out --implicit-check-not=warning: --implicit-check-not=error:

__global__ void __launch_bounds__(128) child(float *a) { a[threadIdx.x] = 1.0f; }

__global__ void __launch_bounds__(64) parent(float *a) {
  if (threadIdx.x == 0)
    child<<<1, 100>>>(a);
  // CHECK-DAG: dynamic-parallelism.cu:[[@LINE-1]]:5: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: dynamic-parallelism.cu:[[@LINE-2]]:5: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: dynamic-parallelism.cu:[[@LINE-3]]:5: note: use 96 or 128 threads per block
  if (threadIdx.x == 1)
    child<<<1, 256>>>(a);
  // CHECK-DAG: dynamic-parallelism.cu:[[@LINE-1]]:5: error: block of 256 threads (256x1x1) exceeds __launch_bounds__(128) of 'child' [launch-exceeds-bounds]
  // CHECK-DAG: dynamic-parallelism.cu:[[@LINE-2]]:5: note: it was compiled for at most 128 threads per block, so the runtime rejects the launch (cudaErrorInvalidValue) and the kernel does not run
  // CHECK-DAG: dynamic-parallelism.cu:[[@LINE-3]]:5: note: launch at most 128 threads or raise the bound
}

int main() {
  float *a = nullptr;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  parent<<<1, 64, 0, s>>>(a);
}
// CHECK: cuda-lint: 1 warning and 1 error in 1 file; 1 file analysed
