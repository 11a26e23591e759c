// uncoalesced-global-access on a struct element copied whole into a local that the thread then
// reads only through some of its fields (InfiniTAM's surfels: `TSurfel surfel = surfels[id];`
// and only `confidence` and `timestamp` read): nvcc loads those fields alone, each lane's from a
// 36-byte struct of its own; the fields read are judged together, with a note saying how much of
// the 64-byte segments DRAM moves for them they use. Silent: a copy whose every field is read,
// one whose fields read fill two thirds of their segments (`x` and `y` of a 12-byte point), one
// that is also written, passed on or read through a nested field. A vector type (`float2`, `float4`, aligned as a whole) read through one field is
// loaded as that field alone (`ld.global.f32`); read through two it stays one vector load.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Surfel {
  float pos[3], normal[3];
  float confidence, radius;
  int timestamp;
};
struct Point {
  float x, y, z;
};

template <typename T>
__device__ inline void markUnstable(int id, const T *surfels, int now, float minConfidence,
                                    unsigned *mask) {
  T surfel = surfels[id];
  // CHECK: copied-structs.cu:[[@LINE-1]]:14: warning: lanes of a warp read 'surfels[id].confidence' 36 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  T surfel = surfels[id];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK: note: the copy 'surfel' of the whole 36-byte struct is read only through 'confidence' and 'timestamp': the compiler loads those fields alone, each lane's from a struct of its own
  // CHECK: note: together the fields use 256 of the 1128 bytes DRAM moves for them in 64-byte segments (23%): later requests hit L1, but the unused bytes still cross from DRAM
  // CHECK: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
  if (surfel.confidence < minConfidence && now - surfel.timestamp > 10)
    mask[id] = 1;
}

__device__ float length(Point p) { return sqrtf(p.x * p.x + p.y * p.y + p.z * p.z); }

__global__ void markKernel(const Surfel *surfels, int n, int now, float minConfidence,
                           unsigned *mask) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < n)
    markUnstable(id, surfels, now, minConfidence, mask);
}

__global__ void silentCopies(const Point *points, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n)
    return;
  Point all = points[id];
  Point pair = points[id];
  Point written = points[id];
  written.y = 0.0f;
  Point passed = points[id];
  out[id] = all.x + all.y + all.z + pair.x + pair.y + written.x + length(passed);
}

__global__ void vectorCopies(const float2 *depth, const float4 *colour, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n)
    return;
  const float2 d = depth[id];
  // CHECK: copied-structs.cu:[[@LINE-1]]:20: warning: lanes of a warp read 'depth[id].x' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  const float2 d = depth[id];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
  // CHECK: note: the copy 'd' of the whole 8-byte struct is read only through 'x': the compiler loads that field alone, each lane's from a struct of its own
  // CHECK: note: the lanes use one 4-byte field of 8-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
  const float4 c = colour[id];
  if (d.x > 0.0f)
    out[id] = d.x + c.x + c.z;
}

void run(const Surfel *s, const Point *p, float *out, unsigned *mask, int n, cudaStream_t st) {
  markKernel<<<(n + 255) / 256, 256, 0, st>>>(s, n, 1, 0.5f, mask);
  silentCopies<<<(n + 255) / 256, 256, 0, st>>>(p, out, n);
  vectorCopies<<<(n + 255) / 256, 256, 0, st>>>((const float2 *)p, (const float4 *)s, out, n);
}
