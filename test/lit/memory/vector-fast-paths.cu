// The scalar tail of a vectorised fast path: each lane reads its row 16 bytes at a time where
// the row has four more floats, one float at a time at its end. Found on production code:
// bitsandbytes' kgemm_4bit_inference_naive (`reinterpret_cast<int4 *>(A)[...]`, else
// `A[inner_idx + k + ...]`), whose tail the rule reported as a record read in 32 loads; the
// fast path is judged on its own, and the same tail without one is reported.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void fastPath(const float *__restrict__ A, float *out, int K) {
  const int lane = threadIdx.x % 32;
  float local[4];
  float acc = 0.f;
  for (int inner = lane * 32; inner < K; inner += 32 * 32) {
    for (int i = 0; i < 8; i++) {
      if (inner + 4 + i * 4 < K) {
        reinterpret_cast<float4 &>(local) = reinterpret_cast<const float4 *>(A)[inner / 4 + i];
      } else
        for (int k = 0; k < 4; k++)
          if (inner + i * 4 + k < K)
            local[k] = A[inner + k + i * 4];
          else
            local[k] = 0.f;
      for (int k = 0; k < 4; k++)
        acc += local[k];
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The tail first: `if (tail) scalar; else vector;`, silent alike.
__global__ void tailFirst(const float *__restrict__ A, float *out, int K) {
  const int lane = threadIdx.x % 32;
  float local[4];
  float acc = 0.f;
  for (int inner = lane * 32; inner < K; inner += 32 * 32) {
    for (int i = 0; i < 8; i++) {
      if (inner + 4 + i * 4 >= K) {
        for (int k = 0; k < 4; k++)
          local[k] = inner + i * 4 + k < K ? A[inner + k + i * 4] : 0.f;
      } else {
        reinterpret_cast<float4 &>(local) = reinterpret_cast<const float4 *>(A)[inner / 4 + i];
      }
      for (int k = 0; k < 4; k++)
        acc += local[k];
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The tail after a fast path that leaves the trip (`if (full) { vector; continue; } scalar;`),
// and one that leaves the kernel: silent alike.
__global__ void leavesEarly(const float *__restrict__ A, float *out, int K) {
  const int lane = threadIdx.x % 32;
  float acc = 0.f;
  for (int inner = lane * 32; inner < K; inner += 32 * 32) {
    for (int i = 0; i < 8; i++) {
      if (inner + 4 + i * 4 < K) {
        float4 v = reinterpret_cast<const float4 *>(A)[inner / 4 + i];
        acc += v.x + v.y + v.z + v.w;
        continue;
      }
      for (int k = 0; k < 4; k++)
        if (inner + i * 4 + k < K)
          acc += A[inner + k + i * 4];
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void returnsEarly(float *a, int n) {
  int i = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (i + 3 < n) {
    float4 v = reinterpret_cast<float4 *>(a)[i / 4];
    reinterpret_cast<float4 *>(a)[i / 4] = make_float4(2 * v.x, 2 * v.y, 2 * v.z, 2 * v.w);
    return;
  }
  for (; i < n; ++i)
    a[i] *= 2.f;
}

// The same loads without the fast path: each thread reads its 128 bytes in 32 loads.
__global__ void scalarOnly(const float *__restrict__ A, float *out, int K) {
  const int lane = threadIdx.x % 32;
  float local[4];
  float acc = 0.f;
  for (int inner = lane * 32; inner < K; inner += 32 * 32) {
    for (int i = 0; i < 8; i++) {
      for (int k = 0; k < 4; k++)
        if (inner + i * 4 + k < K)
          local[k] = A[inner + k + i * 4];
        else
          local[k] = 0.f;
      for (int k = 0; k < 4; k++)
        acc += local[k];
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// CHECK: vector-fast-paths.cu:[[@LINE-9]]:22: warning: lanes of a warp read 'A[inner + k + i * 4]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: each thread reads the whole of its record, 128 bytes, in 32 loads (over the trips of its loop): DRAM moves little more than the warp uses, but each load touches 32 sectors in L1
// CHECK: note: measured against a struct of arrays, records read in up to 12 loads cost nothing (0.99x to 1.08x), in 16 loads and more 1.13x to 6.08x (16 floats 1.93x, 48 floats 2.20x; kernels/studies/record_sweep.cu)
// CHECK: note: read each thread's record in 16-byte vectors (float4, uint4: 1.00x to 1.28x against a struct of arrays), or keep its elements in arrays of their own (a struct of arrays)

// A fallback that reads another array is not the fast path's tail.
__global__ void otherTail(const float *__restrict__ A, const float *__restrict__ B, float *out,
                          int K) {
  const int lane = threadIdx.x % 32;
  float local[4];
  float acc = 0.f;
  for (int inner = lane * 32; inner < K; inner += 32 * 32) {
    for (int i = 0; i < 8; i++) {
      if (inner + 4 + i * 4 < K) {
        reinterpret_cast<float4 &>(local) = reinterpret_cast<const float4 *>(A)[inner / 4 + i];
      } else
        for (int k = 0; k < 4; k++)
          local[k] = B[inner + k + i * 4];
      for (int k = 0; k < 4; k++)
        acc += local[k];
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// CHECK: vector-fast-paths.cu:[[@LINE-7]]:22: warning: lanes of a warp read 'B[inner + k + i * 4]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer
// CHECK: note: each thread reads the whole of its record, 128 bytes, in 32 loads (over the trips of its loop)
// CHECK: note: measured against a struct of arrays
// CHECK: note: read each thread's record in 16-byte vectors

void launch(const float *A, const float *B, float *out, int K) {
  fastPath<<<64, 128>>>(A, out, K);
  tailFirst<<<64, 128>>>(A, out, K);
  scalarOnly<<<64, 128>>>(A, out, K);
  otherTail<<<64, 128>>>(A, B, out, K);
  leavesEarly<<<64, 128>>>(A, out, K);
  returnsEarly<<<64, 128>>>(out, K);
}
