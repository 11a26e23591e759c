// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How a struct copied whole into shared memory meets the banks (issue 35; cufinufft's `kerevals[i]
// = ker`, a 64-byte array of arrays per lane, in a blind set). The PTX copies a 64-byte struct of
// floats (4-byte alignment) with sixteen st.shared.f32 except into `extern __shared__` memory
// (declared .align 16); ptxas then copies it with four STS.128 wherever the address it places the
// array at is 16-byte aligned: dynamic memory, and a static array placed first (at offset 0); after
// a 12-byte `__shared__ float pad[3]`, or after an inlined call that declares one, it keeps sixteen
// STS. Lanes 64 bytes apart are then 4-way per quarter-warp (16 wavefronts for each STS.128's 4)
// instead of 16-way per STS. Result (results/struct_copy_banks_h100.txt, H100, nvcc 13 -O3
// -arch=sm_90, ncu): dynamicCopy and staticCopy 32,768 STS.128, 524,288 wavefronts (16 per
// instruction, 4 ideal: 4-way); afterPad 139,264 shared stores (sixteen STS a lane), 2,098,176
// wavefronts (16 each: 16-way); offsetCopy, 4 bytes off, a mix of STS.128, STS.64 and STS, 786,436
// wavefronts for 49,152 instructions. Rodinia lavaMD's 32-byte rB_shared, declared after the 3,200
// bytes of rA_shared, is copied with two STS.128 a lane too: ptxas places a kernel's static arrays
// in the order declared, each at the next multiple of its alignment. shared-memory-bank-conflict
// follows that placement (rules/MemoryAccessRule.cpp, accessUnit; test/lit/memory/shared-struct-
// copies.cu).
// Build and run: nvcc -std=c++17 -O3 -arch=sm_90 -o scb kernels/studies/struct_copy_banks.cu &&
// cuobjdump -sass scb | grep -E 'Function|STS' && ncu --metrics
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_st.sum ./scb
#include <cstdio>

struct S {
  float a[16];
};

__global__ void dynamicCopy(const S *in, float *out) {
  extern __shared__ char buf[];
  S *s = reinterpret_cast<S *>(buf);
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      s[(threadIdx.x + 1) % blockDim.x].a[threadIdx.x % 16];
}

__global__ void staticCopy(const S *in, float *out) {
  __shared__ S st[256];
  st[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      st[(threadIdx.x + 1) % blockDim.x].a[threadIdx.x % 16];
}

__global__ void afterPad(const S *in, float *out, int k) {
  __shared__ float pad[3];
  __shared__ S st[256];
  if (threadIdx.x < 3)
    pad[threadIdx.x] = k;
  st[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      st[(threadIdx.x + 1) % blockDim.x].a[threadIdx.x % 16] + pad[threadIdx.x % 3];
}

__global__ void offsetCopy(const S *in, float *out) {
  extern __shared__ float fbuf[];
  S *s = reinterpret_cast<S *>(fbuf + 1);
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      s[(threadIdx.x + 1) % blockDim.x].a[threadIdx.x % 16];
}

int main() {
  const int B = 256, G = 1024;
  S *in;
  float *out;
  cudaMalloc(&in, sizeof(S) * B * G);
  cudaMalloc(&out, sizeof(float) * B * G);
  cudaMemset(in, 0, sizeof(S) * B * G);
  dynamicCopy<<<G, B, B * sizeof(S)>>>(in, out);
  staticCopy<<<G, B>>>(in, out);
  afterPad<<<G, B>>>(in, out, 1);
  offsetCopy<<<G, B, B * sizeof(S) + 4>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
