// Accesses count together only when they are of one kind: a store does not use the bytes a load
// fetched (DualSPHysics's KerComputeStepSymplecticCor, blind memory set of 2026-11-26: `velrho[p].w`
// read, then `velrho[p] = make_float4(...)` written; a struct's implicit assignment is a store).
// Left silent, as measured (docs/rules/uncoalesced-global-access.md): a thread's adjacent stores
// (CudaSift's ScaleUp, 0.99x against a float2 store) and the other fields read under a guard on
// one of them (DualSPHysics's `nopenshift[p].w > 5.f`, 0.92x against the flag in its own array).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void readThenStore(const float *ar, float4 *velrho, unsigned n, double dt) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    const double e = -double(ar[p]) / double(velrho[p].w) * dt;
    // CHECK: uncoalesced-store-siblings.cu:[[@LINE-1]]:46: warning: lanes of a warp read 'velrho[p].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK-NEXT: {{^}}    const double e = -double(ar[p]) / double(velrho[p].w) * dt;
    // CHECK-NEXT: {{^}}                                             ^~~~~~~~~~~{{$}}
    // CHECK-NEXT: uncoalesced-store-siblings.cu:[[@LINE-4]]:46: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK-NEXT: uncoalesced-store-siblings.cu:[[@LINE-5]]:46: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
    velrho[p] = make_float4(0, 0, 0, float(e));
  }
}

// A field written after the whole element was read: the write is reported, the read is not.
__global__ void storeAfterRead(float4 *v, float *out, unsigned n) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    float4 r = v[p];
    v[p].y = 0.f;
    // CHECK: uncoalesced-store-siblings.cu:[[@LINE-1]]:5: warning: lanes of a warp write 'v[p].y' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK: note: each 32-byte sector
    // CHECK-NEXT: note: the lanes use one 4-byte field
    out[p] = r.x + r.w;
  }
}

// Silent: two adjacent stores of one thread fill each other's sectors.
__global__ void adjacentStores(const float *in, float *out, int width) {
  int x = blockIdx.x * 64 + 2 * threadIdx.x;
  int y = blockIdx.y * 2 + 2 * threadIdx.y;
  float v = in[blockIdx.x * 32 + threadIdx.x];
  out[(y + 0) * width + x + 0] = v;
  out[(y + 0) * width + x + 1] = 0.5f * v;
  out[(y + 1) * width + x + 0] = 0.5f * v;
  out[(y + 1) * width + x + 1] = 0.25f * v;
}

// Silent: the flag's request brings the other fields, read where it passes.
__global__ void guardedFields(const float4 *p, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float r = 0.f;
    if (p[i].w > 5.f) {
      if (p[i].x != 0.f)
        r += p[i].x;
      if (p[i].y != 0.f)
        r += p[i].y;
      if (p[i].z != 0.f)
        r += p[i].z;
    }
    out[i] = r;
  }
}

// A thread's own elements read and written back over a 4-trip loop (cudpp's huffman histogram
// merge): the later trips' loads find their sectors in L1, but a store reaches L2 trip by trip
// unless the trips' stores come back to back (the loop unrolled, nothing looping between them):
// measured 1.62x with `#pragma unroll 1` against consecutive lanes, 0.88x unrolled, loads 0.73x
// (kernels/studies/loop_sweep.cu). Reported: the store after an inner loop, and with unroll 1.
__global__ void loopSweep(const unsigned *in, unsigned *block) {
  __shared__ unsigned hist[64 * 256];
  unsigned lid = threadIdx.x;
  for (unsigned i = lid; i < 64 * 256; i += 64)
    hist[i] = in[i];
  __syncthreads();
  for (unsigned i = 0; i < 4; ++i) {
    unsigned count = 0;
    for (unsigned j = 0; j < 64; ++j)
      count += hist[lid * 4 + i + j * 256];
    block[lid * 4 + i] += count;
  }
#pragma unroll 1
  for (int i = 0; i < 4; ++i)
    block[1024 + lid * 4 + i] += 1u;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    block[2048 + lid * 4 + i] += 2u;
}
// CHECK: uncoalesced-store-siblings.cu:[[@LINE-9]]:5: warning: lanes of a warp write 'block[lid * 4 + i]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
// CHECK: uncoalesced-store-siblings.cu:[[@LINE-8]]:5: warning: lanes of a warp write 'block[1024 + lid * 4 + i]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)

// Three adjacent fields of a record per thread, read again in each trip of a short loop whose
// index does not name its counter (Rodinia myocyte's `d_finavalu[offset_ecc + 35]` in the
// 13-trip Runge-Kutta stage loop): the trips sweep nothing, and 12 bytes of each 32-byte sector
// are used. Reported (the sweep took them for 13 consecutive elements before 2026-11-27).
__global__ void recordFields(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.f;
  for (int j = 0; j < 13; ++j)
    acc += in[1183 * i + 35] * j + in[1183 * i + 36] + in[1183 * i + 37];
  out[i] = acc;
}
// CHECK: uncoalesced-store-siblings.cu:[[@LINE-3]]:12: warning: lanes of a warp read 'in[1183 * i + 35]' 4732 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: with the 2 other elements of 'in' each thread reads beside it, the warp uses 384 of the 2256 bytes DRAM moves for them in 64-byte segments (17%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// CHECK: uncoalesced-store-siblings.cu:[[@LINE-7]]:36: warning: lanes of a warp read 'in[1183 * i + 36]' 4732 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: with the 2 other elements of 'in'
// CHECK: note: keep the fields each thread uses
// CHECK: uncoalesced-store-siblings.cu:[[@LINE-11]]:56: warning: lanes of a warp read 'in[1183 * i + 37]' 4732 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: with the 2 other elements of 'in'
// CHECK: note: keep the fields each thread uses

void run(const float *ar, float4 *v, float *o, const float *in, unsigned n) {
  readThenStore<<<n / 256, 256>>>(ar, v, n, 0.5);
  storeAfterRead<<<n / 256, 256>>>(v, o, n);
  adjacentStores<<<dim3(64, 64), dim3(32, 1)>>>(in, o, 4096);
  guardedFields<<<n / 256, 256>>>(v, o, n);
  recordFields<<<n / 256, 256>>>(in, o);
  loopSweep<<<64, 64>>>(reinterpret_cast<const unsigned *>(in), reinterpret_cast<unsigned *>(o));
}
