// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=block-size-not-multiple-of-32 %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
// Every way the launch-site model knows a block size, each with a silent twin.
#include <algorithm>
#include <cstdlib>

__global__ void k(float *x) { x[threadIdx.x] = 1.0f; }

#define BLOCK_BAD 100
#define BLOCK_OK 128
const int kConstBad = 48;
constexpr int kConstexprOk = 256;
enum Sizes { EnumBad = 200, EnumOk = 224 };
constexpr int ceilDiv(int a, int b) { return (a + b - 1) / b; }
constexpr int roundUp(int a, int m) { return ceilDiv(a, m) * m; }

template <int B> void launchTemplate(float *p, cudaStream_t s) {
  k<<<1, B, 0, s>>>(p);
  // CHECK-DAG: block-size-not-multiple-of-32.cu:[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: block-size-not-multiple-of-32.cu:[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: block-size-not-multiple-of-32.cu:[[@LINE-3]]:3: note: use 96 or 128 threads per block
  // CHECK-DAG: block-size-not-multiple-of-32.cu:[[@LINE-4]]:3: warning: block of 20 threads (20x1x1) fills 1 warp: 12 of 32 lanes (37.5%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: block-size-not-multiple-of-32.cu:[[@LINE-5]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: block-size-not-multiple-of-32.cu:[[@LINE-6]]:3: note: use 32 threads per block
}

void host(int argc, char **argv, float *p, cudaStream_t s, int n) {
  k<<<1, 40 * 2, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 80 threads (80x1x1) fills 3 warps: 16 of 96 lanes (16.7%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 64 or 96 threads per block
  k<<<1, dim3(40, 2), 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 80 threads (40x2x1) fills 3 warps: 16 of 96 lanes (16.7%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 64 or 96 threads per block
  k<<<1, dim3(10, 3, 2), 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 60 threads (10x3x2) fills 2 warps: 4 of 64 lanes (6.2%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 32 or 64 threads per block
  k<<<1, BLOCK_BAD, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 96 or 128 threads per block
  k<<<1, kConstBad, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 48 threads (48x1x1) fills 2 warps: 16 of 64 lanes (25.0%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 32 or 64 threads per block
  k<<<1, EnumBad, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 200 threads (200x1x1) fills 7 warps: 24 of 224 lanes (10.7%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 192 or 224 threads per block
  int once = 96 + 4;
  k<<<1, once, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 96 or 128 threads per block
  int assigned;
  assigned = 50;
  k<<<1, assigned, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 50 threads (50x1x1) fills 2 warps: 14 of 64 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 32 or 64 threads per block
  dim3 block(16, 5);
  k<<<1, block, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 80 threads (16x5x1) fills 3 warps: 16 of 96 lanes (16.7%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 64 or 96 threads per block
  dim3 fields;
  fields.x = 24;
  fields.y = 3;
  k<<<1, fields, 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 72 threads (24x3x1) fills 3 warps: 24 of 96 lanes (25.0%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 64 or 96 threads per block
  k<<<1, std::min(1000, 300), 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 300 threads (300x1x1) fills 10 warps: 20 of 320 lanes (6.2%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 288 or 320 threads per block
  k<<<1, std::max(once, 10), 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 96 or 128 threads per block
  k<<<1, ceilDiv(300, 2), 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 150 threads (150x1x1) fills 5 warps: 10 of 160 lanes (6.2%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 128 or 160 threads per block
  k<<<1, (sizeof(float) == 4 ? 33 : 64), 0, s>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 33 threads (33x1x1) fills 2 warps: 31 of 64 lanes (48.4%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 32 or 64 threads per block
  launchTemplate<100>(p, s);
  launchTemplate<20>(p, s);
  launchTemplate<128>(p, s);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(65);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, k, p);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 65 threads (65x1x1) fills 3 warps: 31 of 96 lanes (32.3%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 64 or 96 threads per block
  void *args[] = {&p};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(100), args, 0, s);
  // CHECK-DAG: :[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK-DAG: :[[@LINE-2]]:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK-DAG: :[[@LINE-3]]:3: note: use 96 or 128 threads per block

  // Silent: multiples of 32, and every value the source does not determine.
  k<<<1, BLOCK_OK, 0, s>>>(p);
  k<<<1, 1, 0, s>>>(p); // a deliberate single-thread kernel
  k<<<1, kConstexprOk, 0, s>>>(p);
  k<<<1, EnumOk, 0, s>>>(p);
  k<<<1, dim3(32, 3), 0, s>>>(p);
  k<<<1, roundUp(100, 32), 0, s>>>(p);
  k<<<1, atoi(argv[1]), 0, s>>>(p);
  k<<<1, n, 0, s>>>(p);
  int twice = 100;
  twice = 128;
  k<<<1, twice, 0, s>>>(p);
  int branch = 128;
  if (argc > 2)
    branch = 100;
  k<<<1, branch, 0, s>>>(p);
  int escaped = 100;
  int *alias = &escaped;
  *alias = 128;
  k<<<1, escaped, 0, s>>>(p);
  int inLoop;
  for (int i = 0; i < 2; ++i)
    inLoop = 100;
  k<<<1, inLoop, 0, s>>>(p);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  k<<<1, prop.maxThreadsPerBlock / 3, 0, s>>>(p);
  k<<<1, (argc > 1 ? 33 : 64), 0, s>>>(p);
  dim3 grown(32);
  grown.x += 1;
  k<<<1, grown, 0, s>>>(p);
}
// CHECK: cuda-lint: 18 warnings and 0 errors in 1 file; 1 file analysed
