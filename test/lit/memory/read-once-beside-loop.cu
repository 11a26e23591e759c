// uncoalesced-global-access weighs a load against the loop around it: a load whose address is
// the same on every trip of a loop that stores nothing to global memory is kept in a register by
// nvcc, read once per thread, and the loop's trips take the time (an all-pairs n-body loop 1.00x
// and 1.01x, OpenPCDet's nms_normal_kernel 0.99x and 1.01x against a struct of arrays on an
// H100: kernels/studies/invariant_reads.cu, nms_boxes.cu): a --pedantic note, through a device
// function's parameter bound to a pointer the loop leaves alone too, beside a callee that turns
// corners in an array of the thread's own. Still warnings: the same
// read in a loop that stores a row of outputs (or a field of each) each trip (nvcc loads it again each trip: 1.35x to
// 1.87x), beside a load that moves with the loop's counter, in a loop of 20 counted trips, and a
// read whose index the loop changes (also through a reference parameter).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.def -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.def --implicit-check-not=warning: --implicit-check-not=note:

struct Body {
  float x, y, z, m, vx, vy, vz, pad;
};

__global__ void rows(int n, int trips, const Body *r, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int j = 0; j < trips; ++j)
    out[j * n + i] = r[i].x * w[j] + r[i].m;
}

struct Hit {
  int pos, len;
};

__global__ void fieldStores(int n, int trips, const Body *r, Hit *hits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < trips; ++j)
    hits[j * n + i].len = static_cast<int>(r[i].x) + j;
}

__global__ void streams(int n, int k, const Body *r, const float *a, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int j = 0; j < k; ++j)
    s += a[j * n + i] * r[i].x;
  out[i] = s;
}

__global__ void few(int n, const Body *r, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int j = 0; j < 20; ++j)
    s += w[j] * r[i].x;
  out[i] = s;
}

__global__ void moved(int n, const float *v, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.f;
  for (int j = 0; j < n; ++j)
    s += v[i * 32 + j % 2];
  out[i] = s;
}

__device__ inline void advance(int &k, int n) { k += n; }

__global__ void byReference(int n, const Body *r, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = i;
  float s = 0.f;
  for (int j = 0; j < n; ++j) {
    s += r[k].x * w[j];
    advance(k, n);
  }
  out[i] = s;
}

__global__ void nbody(int n, const Body *p, float *acc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = 0.f;
  for (int j = 0; j < n; ++j) {
    float dx = p[j].x - p[i].x, dy = p[j].y - p[i].y, dz = p[j].z - p[i].z;
    a += p[j].m * rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
  }
  acc[i] = a;
}

__device__ inline float iou(const float *a, const float *b) {
  float w = fmaxf(fminf(a[0] + a[3], b[0] + b[3]) - fmaxf(a[0], b[0]), 0.f);
  float h = fmaxf(fminf(a[1] + a[4], b[1] + b[4]) - fmaxf(a[1], b[1]), 0.f);
  return w * h / (a[3] * a[4] + b[3] * b[4] - w * h);
}

__global__ void nms(int n, float thresh, const float *boxes, unsigned long long *mask) {
  __shared__ float block[64 * 7];
  int col = blockIdx.x * 64 + threadIdx.x;
  if (col < n)
    for (int f = 0; f < 7; ++f)
      block[threadIdx.x * 7 + f] = boxes[col * 7 + f];
  __syncthreads();
  int idx = blockIdx.y * 64 + threadIdx.x;
  if (idx >= n)
    return;
  const float *cur = boxes + idx * 7;
  unsigned long long t = 0;
  int cols = min(n - blockIdx.x * 64, 64);
  for (int i = 0; i < cols; i++)
    if (iou(cur, block + i * 7) > thresh)
      t |= 1ULL << i;
  mask[idx * gridDim.x + blockIdx.x] = t;
}

// A rotated box's corners turned in an array of the thread's own, through a reference parameter
// and struct assignments (CUDA-PointPillars' devIoU): no store to global memory.
__device__ inline void turn(float c, float s, float2 &p) {
  p = float2{p.x * c - p.y * s, p.x * s + p.y * c};
}

__device__ inline float overlap(const float *a, const float *b) {
  float2 corners[4];
  for (int k = 0; k < 4; ++k) {
    corners[k] = make_float2(b[0] + (k & 1 ? b[3] : -b[3]), b[1] + (k & 2 ? b[4] : -b[4]));
    turn(cosf(a[6]), sinf(a[6]), corners[k]);
  }
  float s = 0.f;
  for (int k = 0; k < 4; ++k)
    s += fabsf(corners[k].x - a[0]) * fabsf(corners[k].y - a[1]);
  return s;
}

__global__ void rotated(const float *boxes, float *out) {
  __shared__ float block[64 * 7];
  for (int f = 0; f < 7; ++f)
    block[threadIdx.x * 7 + f] = boxes[(blockIdx.x * 64 + threadIdx.x) * 7 + f];
  __syncthreads();
  const float *cur = boxes + (blockIdx.y * 64 + threadIdx.x) * 7;
  float s = 0.f;
  for (int i = 0; i < 64; i++)
    s += overlap(cur, block + i * 7);
  out[blockIdx.y * 64 + threadIdx.x] = s;
}

void run(int n, const Body *p, float *f, const float *b, unsigned long long *m, const float *w,
         Hit *h) {
  nbody<<<(n + 255) / 256, 256>>>(n, p, f);
  nms<<<dim3(n / 64, n / 64), 64>>>(n, 0.5f, b, m);
  rows<<<n / 256, 256>>>(n, 64, p, w, f);
  streams<<<n / 256, 256>>>(n, 64, p, w, f);
  few<<<n / 256, 256>>>(n, p, w, f);
  moved<<<n / 256, 256>>>(n, w, f);
  byReference<<<n / 256, 256>>>(n, p, w, f);
  fieldStores<<<n / 256, 256>>>(n, 64, p, h);
  rotated<<<dim3(n / 64, n / 64), 64>>>(b, f);
}

// CHECK: read-once-beside-loop.cu:25:22: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: with the other element of 'r' each thread reads beside it, the warp uses 256 of the 1008 bytes DRAM moves for them in 64-byte segments (25%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// CHECK: read-once-beside-loop.cu:25:38: warning: lanes of a warp read 'r[i].m' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: with the other element of 'r' each thread reads beside it, the warp uses 256 of the 1008 bytes DRAM moves for them in 64-byte segments (25%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// CHECK: read-once-beside-loop.cu:35:5: warning: lanes of a warp write 'hits[j * n + i].len' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
// CHECK-NEXT: note: the lanes use one 4-byte field of 8-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// CHECK: read-once-beside-loop.cu:35:44: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// CHECK: read-once-beside-loop.cu:42:25: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// CHECK: read-once-beside-loop.cu:50:17: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// CHECK: read-once-beside-loop.cu:58:10: warning: lanes of a warp read 'v[i * 32 + j % 2]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
// CHECK: read-once-beside-loop.cu:69:10: warning: lanes of a warp read 'r[k].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// CHECK: read-once-beside-loop.cu:81:25: note: lanes of a warp read 'p[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 80, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:81:47: note: lanes of a warp read 'p[i].y' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 80, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:81:69: note: lanes of a warp read 'p[i].z' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 80, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:88:25: note: lanes of a warp read 'a[0]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:88:32: note: lanes of a warp read 'a[3]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:88:59: note: lanes of a warp read 'a[0]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:89:25: note: lanes of a warp read 'a[1]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:89:32: note: lanes of a warp read 'a[4]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:89:59: note: lanes of a warp read 'a[1]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:90:19: note: lanes of a warp read 'a[3]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:90:26: note: lanes of a warp read 'a[4]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 106, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:122:15: note: lanes of a warp read 'a[6]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 137, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:122:27: note: lanes of a warp read 'a[6]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 137, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:126:31: note: lanes of a warp read 'a[0]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 137, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays
// CHECK: read-once-beside-loop.cu:126:60: note: lanes of a warp read 'a[1]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: its address is the same on every trip of the loop at line 137, which stores nothing to global memory and reads none that moves from trip to trip: nvcc keeps the value in a register, so each thread reads it once and the loop's trips take the time
// CHECK-NEXT: note: measured, such reads cost nothing against a struct of arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a note; where the loop takes few trips, the read is the kernel's traffic and a struct of arrays pays

// DEFAULT: read-once-beside-loop.cu:25:22: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: with the other element of 'r' each thread reads beside it, the warp uses 256 of the 1008 bytes DRAM moves for them in 64-byte segments (25%): later requests hit L1, but the unused bytes still cross from DRAM
// DEFAULT-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// DEFAULT: read-once-beside-loop.cu:25:38: warning: lanes of a warp read 'r[i].m' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: with the other element of 'r' each thread reads beside it, the warp uses 256 of the 1008 bytes DRAM moves for them in 64-byte segments (25%): later requests hit L1, but the unused bytes still cross from DRAM
// DEFAULT-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// DEFAULT: read-once-beside-loop.cu:35:5: warning: lanes of a warp write 'hits[j * n + i].len' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
// DEFAULT-NEXT: note: the lanes use one 4-byte field of 8-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// DEFAULT: read-once-beside-loop.cu:35:44: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// DEFAULT: read-once-beside-loop.cu:42:25: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// DEFAULT: read-once-beside-loop.cu:50:17: warning: lanes of a warp read 'r[i].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// DEFAULT: read-once-beside-loop.cu:58:10: warning: lanes of a warp read 'v[i * 32 + j % 2]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
// DEFAULT: read-once-beside-loop.cu:69:10: warning: lanes of a warp read 'r[k].x' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// DEFAULT: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// DEFAULT-NEXT: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
