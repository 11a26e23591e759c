// A thread that reads the whole of its own record element by element: the later loads find
// their sectors in L1 and DRAM moves no more than the records, but every load of the warp
// touches 32 sectors there. Measured on an H200 (kernels/studies/record_sweep.cu) against a
// struct of arrays: up to 12 loads a record cost nothing (0.99x to 1.08x), 16 and more 1.13x to
// 6.08x. Found on production code: gsplat's SH encoder reads each Gaussian's 48 coefficients as
// `src[k * 3 + c]` over 16 trips (2.20x as measured), which the rule reported three times with
// a fill of 19% (it took the trips' steps of 3 elements for no sweep).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

// 48 floats a thread, three loads a trip of 16: one finding, at the load of the lowest address.
__global__ void coefficients(int n, const float *__restrict__ in, float *out) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= n)
    return;
  const float *src = in + idx * 48;
  float c[3][16];
#pragma unroll
  for (int k = 0; k < 16; k++) {
    c[0][k] = src[k * 3 + 0];
    c[1][k] = src[k * 3 + 1];
    c[2][k] = src[k * 3 + 2];
  }
  float s = 0.f;
  for (int k = 0; k < 16; k++)
    s += c[0][k] * c[1][k] + c[2][k];
  out[idx] = s;
}
// CHECK: record-sweeps.cu:[[@LINE-9]]:15: warning: lanes of a warp read 'src[k * 3 + 0]' 192 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: each thread reads the whole of its record, 192 bytes, in 48 loads (this one and 2 others, over the trips of its loop): DRAM moves little more than the warp uses, but each load touches 32 sectors in L1
// CHECK: note: measured against a struct of arrays, records read in up to 12 loads cost nothing (0.99x to 1.08x), in 16 loads and more 1.13x to 6.08x (16 floats 1.93x, 48 floats 2.20x; kernels/studies/record_sweep.cu)
// CHECK: note: read each thread's record in 16-byte vectors (float4, uint4: 1.00x to 1.28x against a struct of arrays), or keep its elements in arrays of their own (a struct of arrays)

// Every field of a 64-byte struct, one load each.
struct Particle {
  float x, y, z, w, vx, vy, vz, vw, fx, fy, fz, fw, m, q, r, t;
};
__global__ void fields(const Particle *__restrict__ p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const Particle &a = p[i];
  out[i] = a.x + a.y + a.z + a.w + a.vx + a.vy + a.vz + a.vw + a.fx + a.fy + a.fz + a.fw + a.m +
           a.q + a.r + a.t;
}
// CHECK: record-sweeps.cu:[[@LINE-3]]:12: warning: lanes of a warp read 'a.x' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: each thread reads the whole of its record, 64 bytes, in 16 loads (this one and 15 others): DRAM moves little more than the warp uses, but each load touches 32 sectors in L1
// CHECK: note: measured against a struct of arrays
// CHECK: note: read each thread's record in 16-byte vectors

// 16 trips of one load: the record of 16 floats measured 1.93x.
__global__ void row16(const float *__restrict__ in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 16; ++k)
    s += in[i * 16 + k];
  out[i] = s;
}
// CHECK: record-sweeps.cu:[[@LINE-3]]:10: warning: lanes of a warp read 'in[i * 16 + k]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: each thread reads the whole of its record, 64 bytes, in 16 loads (over the trips of its loop): DRAM moves little more than the warp uses, but each load touches 32 sectors in L1
// CHECK: note: measured against a struct of arrays
// CHECK: note: read each thread's record in 16-byte vectors

// Two short loops, one inside the other, sweep the record together: 8 trips of 4 floats, 32
// loads of a 128-byte record (before, only the inner loop's 16 bytes counted: "26%" used). Three
// trips of 4, 12 loads: silent.
__global__ void nested(const float *__restrict__ in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int j = 0; j < 8; j++)
    for (int k = 0; k < 4; k++)
      s += in[i * 32 + j * 4 + k];
  for (int j = 0; j < 3; j++)
    for (int k = 0; k < 4; k++)
      s += in[n + i * 12 + j * 4 + k];
  out[i] = s;
}
// CHECK: record-sweeps.cu:[[@LINE-6]]:12: warning: lanes of a warp read 'in[i * 32 + j * 4 + k]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: each thread reads the whole of its record, 128 bytes, in 32 loads (over the trips of its loop): DRAM moves little more than the warp uses, but each load touches 32 sectors in L1
// CHECK: note: measured against a struct of arrays
// CHECK: note: read each thread's record in 16-byte vectors

// Up to 12 loads a record: silent (12 floats in 4 trips of three, 8 fields, 12 trips of one).
struct Body {
  float x, y, z, w, vx, vy, vz, vw;
};
__global__ void short_records(const float *__restrict__ in, const Body *__restrict__ p,
                              float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *src = in + i * 12;
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 4; k++)
    s += src[k * 3 + 0] * src[k * 3 + 1] + src[k * 3 + 2];
  const Body &a = p[i];
  s += a.x + a.y + a.z + a.w + a.vx + a.vy + a.vz + a.vw;
#pragma unroll
  for (int k = 0; k < 12; ++k)
    s += in[i * 12 + k];
  out[i] = s;
}

// A record written whole: stores are not loads (their trips merge in L2 back to back): silent.
__global__ void store_row16(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 16; ++k)
    out[i * 16 + k] = float(k);
}

// The record read as 16-byte vectors: silent.
__global__ void vectors(const float4 *__restrict__ in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 12; ++k) {
    float4 v = in[i * 12 + k];
    s += v.x + v.y + v.z + v.w;
  }
  out[i] = s;
}

void launch(const float *in, const Particle *p, const Body *b, const float4 *v, float *out,
            int n) {
  coefficients<<<(n + 255) / 256, 256>>>(n, in, out);
  fields<<<(n + 255) / 256, 256>>>(p, out, n);
  row16<<<n / 256, 256>>>(in, out, n);
  nested<<<n / 256, 256>>>(in, out, n);
  short_records<<<(n + 255) / 256, 256>>>(in, b, out, n);
  store_row16<<<n / 256, 256>>>(out, n);
  vectors<<<n / 256, 256>>>(v, out, n);
}
