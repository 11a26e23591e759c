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
  // CHECK: dynamic-parallelism.cu:[[@LINE-1]]:5: warning: block of 100 threads (100x1x1) fills 4 warps{{.*}} [block-size-not-multiple-of-32]
  if (threadIdx.x == 1)
    child<<<1, 256>>>(a);
  // CHECK: dynamic-parallelism.cu:[[@LINE-1]]:5: error: block of 256 threads (256x1x1) exceeds the __launch_bounds__(128) of kernel 'child'{{.*}} [launch-exceeds-bounds]
}

int main() {
  float *a = nullptr;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  parent<<<1, 64, 0, s>>>(a);
}
// CHECK: cuda-lint: 1 warning and 1 error in 1 file; 1 file analysed
