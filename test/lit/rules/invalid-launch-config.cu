// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=invalid-launch-config %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }

void host(float *p, cudaStream_t s, int n) {
  k<<<1, 2048, 0, s>>>(p);
  // CHECK: invalid-launch-config.cu:[[@LINE-1]]:3: error: launch of 'k' can never run: block 2048x1x1 exceeds the limit of 1024 threads in x and y [invalid-launch-config]
  // CHECK: invalid-launch-config.cu:[[@LINE-2]]:3: note: the runtime rejects it (cudaErrorInvalidConfiguration) and the kernel does not execute
  k<<<1, dim3(64, 32), 0, s>>>(p);
  // CHECK: :[[@LINE-1]]:3: error: launch of 'k' can never run: block 64x32x1 has 2048 threads, more than the 1024 a block may have [invalid-launch-config]
  // CHECK: :[[@LINE-2]]:3: note: the runtime rejects it (cudaErrorInvalidConfiguration) and the kernel does not execute
  k<<<1, dim3(1, 1, 128), 0, s>>>(p);
  // CHECK: :[[@LINE-1]]:3: error: launch of 'k' can never run: block 1x1x128 exceeds the limit of 64 threads in z [invalid-launch-config]
  // CHECK: :[[@LINE-2]]:3: note: the runtime rejects it (cudaErrorInvalidConfiguration) and the kernel does not execute
  k<<<1, 0, 0, s>>>(p);
  // CHECK: :[[@LINE-1]]:3: error: launch of 'k' can never run: block 0x1x1 has a zero dimension [invalid-launch-config]
  // CHECK: :[[@LINE-2]]:3: note: the runtime rejects it (cudaErrorInvalidConfiguration) and the kernel does not execute
  k<<<dim3(1, 70000), 32, 0, s>>>(p);
  // CHECK: :[[@LINE-1]]:3: error: launch of 'k' can never run: grid 1x70000x1 exceeds the limit of 65535 blocks in y and z [invalid-launch-config]
  // CHECK: :[[@LINE-2]]:3: note: the runtime rejects it (cudaErrorInvalidConfiguration) and the kernel does not execute
  // Valid or unknown: silent.
  k<<<1, 1024, 0, s>>>(p);
  k<<<1, dim3(32, 32), 0, s>>>(p);
  k<<<1, dim3(1, 1, 64), 0, s>>>(p);
  k<<<2147483647, 32, 0, s>>>(p);
  k<<<1, n * 2048, 0, s>>>(p);
}
// CHECK: cuda-lint: 0 warnings and 5 errors in 1 file; 1 file analysed
