// uncoalesced-global-access on a thread reading some fields of its own record, lanes a record
// apart (CUDA-CenterPoint's `nms_cuda`: fields 0-6 of an 11-float box): the fields read
// together are judged together, and reported when they fill less than two thirds of the 64-byte
// segments in which L2 reads them from DRAM; the bytes no thread uses still cross from DRAM
// (measured on an H200, kernels/studies/partial_records.cu: 6 and 7 of 11 floats 1.61x and 1.41x
// against arrays of their own, 2 of 3 1.14x, below the cheapest stride the rule reports, 1.22x).
// Silent: two thirds or more (x and y of 12-byte points, 6 of 8 floats, `.x`, `.y`, `.z` of a
// float4, 9 of 11 in a loop, every field). Three doubles of a 512-byte record use 24 bytes of
// each 64-byte segment (measured 2.53x, kernels/studies/padded_points.cu): reported.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

constexpr int kBox = 11;

__global__ void seven(const float *boxes, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float cx = boxes[i * kBox + 0];
  // CHECK: partial-fields.cu:[[@LINE-1]]:14: warning: lanes of a warp read 'boxes[i * kBox + 0]' 44 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  float cx = boxes[i * kBox + 0];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK: note: with the 6 other elements of 'boxes' each thread reads beside it, the warp uses 896 of the 1392 bytes DRAM moves for them in 64-byte segments (64%): later requests hit L1, but the unused bytes still cross from DRAM
  // CHECK: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
  float cy = boxes[i * kBox + 1];
  // CHECK: partial-fields.cu:[[@LINE-1]]:14: warning: lanes of a warp read 'boxes[i * kBox + 1]' 44 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 6 other elements of 'boxes' each thread reads beside it, the warp uses 896 of the 1392 bytes
  // CHECK: note: keep the fields each thread uses in arrays of their own
  float cz = boxes[i * kBox + 2];
  // CHECK: partial-fields.cu:[[@LINE-1]]:14: warning: lanes of a warp read 'boxes[i * kBox + 2]' 44 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 6 other elements
  // CHECK: note: keep the fields each thread uses
  float w = boxes[i * kBox + 3];
  // CHECK: partial-fields.cu:[[@LINE-1]]:13: warning: lanes of a warp read 'boxes[i * kBox + 3]' 44 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 6 other elements
  // CHECK: note: keep the fields each thread uses
  float l = boxes[i * kBox + 4];
  // CHECK: partial-fields.cu:[[@LINE-1]]:13: warning: lanes of a warp read 'boxes[i * kBox + 4]' 44 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 6 other elements
  // CHECK: note: keep the fields each thread uses
  float h = boxes[i * kBox + 5];
  // CHECK: partial-fields.cu:[[@LINE-1]]:13: warning: lanes of a warp read 'boxes[i * kBox + 5]' 44 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 6 other elements
  // CHECK: note: keep the fields each thread uses
  float r = boxes[i * kBox + 6];
  // CHECK: partial-fields.cu:[[@LINE-1]]:13: warning: lanes of a warp read 'boxes[i * kBox + 6]' 44 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 6 other elements
  // CHECK: note: keep the fields each thread uses
  out[i] = cx + cy + cz + w * l * h + r;
}

// Six of eleven in a loop (55%): one finding for the loop's access, every trip alike.
__global__ void six(const float *boxes, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < 6; ++k)
    s += boxes[i * kBox + k];
  // CHECK: partial-fields.cu:[[@LINE-1]]:10: warning: lanes of a warp read 'boxes[i * kBox + k]' 44 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK: note: over the trips of its loop the warp uses 768 of the 1388 bytes DRAM moves for it in 64-byte segments (55%): later requests hit L1, but the unused bytes still cross from DRAM
  // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  out[i] = s;
}

// Three doubles of a 512-byte record (cuSPH's normal): 24 bytes within one 32-byte sector, but
// L2 reads DRAM in 64-byte segments (measured 2.53x against three arrays,
// kernels/studies/padded_points.cu).
struct Particle512 {
  double pad[20];
  double n[3];
  double rest[41];
};

__global__ void normals(const Particle512 *p, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].n[0] * p[i].n[1] + p[i].n[2];
  // CHECK: partial-fields.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'p[i].n[0]' 512 bytes apart: 32 sectors per request instead of 8 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 256
  // CHECK: note: with the 2 other elements of 'p' each thread reads beside it, the warp uses 768 of the 2008 bytes DRAM moves for them in 64-byte segments (38%): later requests hit L1, but the unused bytes still cross from DRAM
  // CHECK: note: keep the fields each thread uses
  // CHECK: partial-fields.cu:[[@LINE-5]]:24: warning: lanes of a warp read 'p[i].n[1]' 512 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 2 other elements of 'p'
  // CHECK: note: keep the fields each thread uses
  // CHECK: partial-fields.cu:[[@LINE-9]]:36: warning: lanes of a warp read 'p[i].n[2]' 512 bytes apart
  // CHECK: note: each 32-byte sector
  // CHECK: note: with the 2 other elements of 'p'
  // CHECK: note: keep the fields each thread uses
}

// Silent: two thirds and more.
struct Particle {
  float x, y, z, vx, vy, vz, m, q; // 32 bytes
};

__global__ void silent(const float *boxes, const Particle *p, const float4 *pos, const float3 *g,
                       float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = p[i].x + p[i].y + p[i].z + p[i].vx + p[i].vy + p[i].vz; // 6 of 8 floats: 75%
  s += pos[i].x * pos[i].y * pos[i].z;                                  // 12 of 16 bytes
  for (int k = 0; k < 9; ++k)                                           // 9 of 11: 82%
    s += boxes[i * kBox + k];
  s += g[i].x * g[i].y;                                                 // 8 of 12 bytes
  out[i] = s;
}

void run(const float *boxes, const Particle *p, const float4 *pos, float *out, int n) {
  seven<<<(n + 255) / 256, 256>>>(boxes, out, n);
  six<<<(n + 255) / 256, 256>>>(boxes, out, n);
  silent<<<(n + 255) / 256, 256>>>(boxes, p, pos, (const float3 *)pos, out, n);
  normals<<<(n + 255) / 256, 256>>>((const Particle512 *)p, (double *)out, n);
}
