// nvcc takes a launch's configuration as the arguments of a call, where a braced list
// initialises the grid or block (`<<<grid, {bx, by, 1}, 0, stream>>>`: NVIDIA's
// multi-gpu-programming-models); Clang alone reports "expected expression" and loses the file.
// cuda-lint reads each braced grid or block as a call of its compat header's `$`, which makes
// the same dim3, without moving the code that follows the configuration (a blank before the
// brace, else the first one after it in the configuration, makes room): the block shapes are
// known (40x2 fills 3 warps), and the findings after the launch keep their columns.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=block-size-not-multiple-of-32,default-stream-launch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
template <int BX> __global__ void column(float *out, const float *in, int n) {
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * n + y] = in[y * n + x];
}

void host(float *out, const float *in, int n, cudaStream_t s) {
  dim3 grid(n / 32, n / 8);
  column<32><<<grid, {32, 8, 1}, 0, s>>>(out, in, n);
  column<40><<<{n / 40,n / 2},{40,2}, 0, s>>>(out, in, n);
  column<32><<<grid, {32, 8}>>>(out, in, n); int after = 0; (void)after;
}
// CHECK: braced-launch-config.cu:18:3: warning: block of 80 threads (40x2x1) fills 3 warps: 16 of 96 lanes (16.7%) idle [block-size-not-multiple-of-32]
// CHECK: braced-launch-config.cu:18:3: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
// CHECK: braced-launch-config.cu:18:3: note: use 64 or 96 threads per block
// CHECK: braced-launch-config.cu:19:3: warning: kernel 'column' is launched on the legacy default stream (no stream argument) [default-stream-launch]
// CHECK: braced-launch-config.cu:19:3: note: it waits for all earlier work in every blocking stream and later work waits for it, so nothing overlaps with this kernel
// CHECK: braced-launch-config.cu:19:3: note: pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), or compile with --default-stream per-thread
// CHECK: cuda-lint: 2 warnings and 0 errors in 1 file
