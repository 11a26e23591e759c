// uncoalesced-global-access counts the fields a thread reads beside an access also where a
// device function it calls reads them through a pointer bound to the same address (OpenPCDet's
// iou_bev: `box_a[3] * box_a[4]` beside box_overlap(box_a, ...) reading fields 0, 1, 3, 4 and 6
// of the same 7-float box): the pointers are one (AccessEvent::Origin), whatever function each
// access is in. Silent: five of seven floats used, and every field of a point read once in a
// callee and once more in the kernel, through a local or the kernel's parameter stepped to it.
// Reported: two of seven floats, and a callee's fields of
// another element (a pointer computed apart, not bound to the same address).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__device__ inline float overlap(const float *a, const float *b) {
  float w = fminf(a[0] + a[3], b[0] + b[3]) - fmaxf(a[0], b[0]);
  float h = fminf(a[1] + a[4], b[1] + b[4]) - fmaxf(a[1], b[1]);
  return w * h * cosf(a[6] - b[6]);
}

__device__ inline float iou(const float *a, const float *b) {
  float sa = a[3] * a[4]; // with overlap's reads: 5 of 7 floats of the box, silent
  float sb = b[3] * b[4];
  float s = overlap(a, b);
  return s / (sa + sb - s);
}

__device__ inline float area(const float *a) { return a[3] * a[4]; }
// CHECK: siblings-across-calls.cu:[[@LINE-1]]:55: warning: lanes of a warp read 'a[3]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK:: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: with the other element of 'a' each thread reads beside it, the warp uses 256 of the 876 bytes DRAM moves for them in 64-byte segments (29%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// CHECK: siblings-across-calls.cu:[[@LINE-5]]:62: warning: lanes of a warp read 'a[4]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK:: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
// CHECK-NEXT: note: with the other element of 'a' each thread reads beside it, the warp uses 256 of the 876 bytes DRAM moves for them in 64-byte segments (29%): later requests hit L1, but the unused bytes still cross from DRAM
// CHECK-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)

__device__ inline int inside(const float *pt, const float *box) {
  float x = pt[0], y = pt[1], z = pt[2];
  return x < box[0] && y < box[1] && z < box[2];
}

__global__ void pairIou(int n, const float *boxes, const float *ref, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *cur = boxes + i * 7;
  out[i] = iou(cur, ref);
}

__global__ void areas(int n, const float *boxes, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *cur = boxes + i * 7;
  out[i] = area(cur);
}

__global__ void insideDepth(int n, const float *pts, const float *box, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *p = pts + i * 3;
  out[i] = inside(p, box) ? p[2] - box[2] : 0.0f; // p[2] read again: silent
}

// The kernel's own parameter, stepped to the thread's point and passed on: the same.
__global__ void insideDepthStepped(int n, const float *pts, const float *box, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  pts += i * 3;
  out[i] = inside(pts, box) ? pts[2] - box[2] : 0.0f; // silent
}

__global__ void otherBox(int n, int k, const float *boxes, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *cur = boxes + i * 7;
  const float *next = boxes + (i + k) * 7;
  out[i] = cur[3] * cur[4] - area(next);
  // CHECK: siblings-across-calls.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'cur[3]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK:: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
  // CHECK-NEXT: note: with the other element of 'boxes' each thread reads beside it, the warp uses 256 of the 876 bytes DRAM moves for them in 64-byte segments (29%): later requests hit L1, but the unused bytes still cross from DRAM
  // CHECK-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
  // CHECK: siblings-across-calls.cu:[[@LINE-5]]:21: warning: lanes of a warp read 'cur[4]' 28 bytes apart: 28 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK:: note: each 32-byte sector is a separate transfer: one request of the warp moves 896 bytes to use 128
  // CHECK-NEXT: note: with the other element of 'boxes' each thread reads beside it, the warp uses 256 of the 876 bytes DRAM moves for them in 64-byte segments (29%): later requests hit L1, but the unused bytes still cross from DRAM
  // CHECK-NEXT: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
}

// InfiniTAM's atomicMin(&pixel.x, ...) and atomicMax(&pixel.y, ...) on `Vector2f &pixel =
// minmax[i]`: each call reads its field through a pointer to it, the two fields of one element
// (silent); one field alone is reported, in the callee.
__device__ inline float readFirst(float *address) {
  int *a = (int *)address;
  return __int_as_float(*a);
  // CHECK: siblings-across-calls.cu:[[@LINE-1]]:25: warning: lanes of a warp read '*a' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK:: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
  // CHECK-NEXT: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
}
__device__ inline float readSecond(float *address) {
  int *a = (int *)address;
  return __int_as_float(*a);
}

__global__ void minmaxBoth(float2 *minmax, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float2 &pixel = minmax[i];
  out[i] = readFirst(&pixel.x) + readSecond(&pixel.y);
}

__global__ void minOnly(float2 *minmax, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = readFirst(&minmax[i].x);
}

void run(int n, int k, const float *boxes, const float *ref, const float *pts, float *out) {
  pairIou<<<(n + 255) / 256, 256>>>(n, boxes, ref, out);
  areas<<<(n + 255) / 256, 256>>>(n, boxes, out);
  insideDepth<<<(n + 255) / 256, 256>>>(n, pts, ref, out);
  insideDepthStepped<<<(n + 255) / 256, 256>>>(n, pts, ref, out);
  otherBox<<<(n + 255) / 256, 256>>>(n, k, boxes, out);
  minmaxBoth<<<(n + 255) / 256, 256>>>((float2 *)out, out, n);
  minOnly<<<(n + 255) / 256, 256>>>((float2 *)out, out, n);
}


