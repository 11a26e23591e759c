// Marlin's reduction (vLLM, mistral.rs and others vendor it) reads each thread's int4 of a
// shared int4 array through a float pointer, four floats in an unrolled loop:
//   float *c_rd = reinterpret_cast<float *>(&sh_red[red_sh_delta * j + red_sh_rd]);
//   for (int k = 0; k < 4; k++) frag_c[j][k] += c_rd[k];
// nvcc reads the four with one 16-byte access (ld.shared.v4.f32 in the PTX of nvcc 13, sm_90),
// whose conflicts the hardware counts per quarter-warp: consecutive int4s, none. It was
// reported as four 4-byte loads 16 bytes apart, a 4-way conflict. Silent now; the same loop
// from a float one past the element's start (scalar ld.shared.f32) is still reported.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct FragC {
  float v[4];
  __device__ float &operator[](int k) { return v[k]; }
};

__global__ void reduceWide(float *out, int red_off) {
  extern __shared__ int4 sh_red[];
  FragC frag_c[8];
  int tid = threadIdx.x;
  int red_sh_rd = 32 * (tid / 8) + tid % 8;
  for (int i = 4; i > 0; i /= 2) {
#pragma unroll
    for (int j = 0; j < 8; j++) {
      if (i < red_off) {
        float *c_rd = reinterpret_cast<float *>(&sh_red[16 * j + red_sh_rd]);
#pragma unroll
        for (int k = 0; k < 4; k++)
          frag_c[j][k] += c_rd[k];
      }
      sh_red[16 * j + red_sh_rd] = reinterpret_cast<int4 *>(&frag_c)[j];
    }
    __syncthreads();
  }
  out[tid] = frag_c[0][0];
}

__global__ void reduceShifted(float *out) {
  __shared__ float sh[32 * 17];
  float acc = 0;
  float *c_rd = &sh[threadIdx.x * 16 + 1];
#pragma unroll
  for (int k = 0; k < 4; k++)
    acc += c_rd[k];
  // CHECK: shared-memory-wide-element-pointer.cu:[[@LINE-1]]:12: warning: 'c_rd[k]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
  // CHECK: shared-memory-wide-element-pointer.cu:[[@LINE-2]]:12: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
  // CHECK-NEXT: shared-memory-wide-element-pointer.cu:[[@LINE-3]]:12: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
  // CHECK-NEXT: shared-memory-wide-element-pointer.cu:[[@LINE-4]]:12: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  out[threadIdx.x] = acc;
}

void launch(float *o, cudaStream_t s) {
  reduceWide<<<1, 256, 8192, s>>>(o, 2);
  reduceShifted<<<1, 32, 0, s>>>(o);
}
