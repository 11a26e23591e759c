// uncoalesced-global-access through the forms production kernels write their accesses in:
// pointer arithmetic (`*(p + i)`, `(p + i)->x`), local pointers set once (`const float *row =
// in + r * COLS`), pointer fields of a struct the kernel takes by value and the member
// functions called on it (`view.get(row, col)`), casts between pointer types. Silent: a thread
// that uses the bytes between its lanes (pairs, every field, a short loop over consecutive
// elements), a pointer the kernel moves other than by whole elements (stepped-pointers.cu).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Particle {
  float x, y, z, vx, vy, vz, m, q; // 32 bytes
};

__global__ void arith(const float *in, const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = *(in + 32 * i);
  out[i] += (p + i)->y;
  *(out + 8 * i) = 0.f;
}
// CHECK: pointer-forms.cu:[[@LINE-4]]:12: warning: lanes of a warp read '*(in + 32 * i)' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
// CHECK: pointer-forms.cu:[[@LINE-6]]:13: warning: lanes of a warp read '(p + i)->y' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 32-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
// CHECK: pointer-forms.cu:[[@LINE-8]]:3: warning: lanes of a warp write '*(out + 8 * i)' 32 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// A row per thread through a local pointer set once.
__global__ void localRow(const float *in, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = in + r * 64;
  float v = 0.f;
  for (int c = 0; c < 64; ++c)
    v += row[c];
  out[r] = v;
}
// CHECK: pointer-forms.cu:[[@LINE-3]]:10: warning: lanes of a warp read 'row[c]' 256 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// A pitched matrix view passed by value; its accessor is a member function.
struct View {
  float *data;
  __device__ float get(int r, int c) const { return *((const float *)((const char *)data + r * 1024) + c); }
};
__global__ void viewColumn(View v, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = v.get(i, 0);
  out[i] += v.data[i];
}
// The access is reported in the accessor, with the lanes of the kernel that calls it; the unit
// stride 'v.data[i]' is silent.
// CHECK: pointer-forms.cu:[[@LINE-9]]:53: warning: lanes of a warp read '*((const float *)((const char *)data + r...' 1024 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// Its operator returning a reference, written through: the object is the call's first argument.
template <int LD> struct Grid {
  float *data;
  __device__ float &operator()(int r, int c) { return data[r * LD + c]; }
};
__global__ void gridColumn(Grid<1024> g) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  g(i, 0) = 1.0f;
  g(0, i) = 2.0f;
}
// CHECK: pointer-forms.cu:[[@LINE-3]]:3: warning: lanes of a warp write 'g(i, 0)' 4096 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension

// Silent: pairs and every field through pointers, a short loop of consecutive elements split
// around its first trip, a pointer moved through a cast to bytes.
__global__ void silent(const float *in, const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = *(in + 2 * i) + *(in + 2 * i + 1);
  const Particle *q = p + i;
  out[i] += q->x + q->y + q->z + q->vx + q->vy + q->vz + q->m + q->q;
  const float *src = in + 4 * i;
  float t = src[0];
  for (int j = 1; j < 4; ++j)
    t += src[j];
  out[i] += t;
  const float *moved = in;
  moved = (const float *)((const char *)moved + 4 * i); // through bytes: not followed
  out[i] += moved[32 * i];
}

void host(const float *a, const Particle *p, float *b, View v, int n) {
  arith<<<64, 256>>>(a, p, b);
  localRow<<<64, 256>>>(a, b);
  viewColumn<<<64, 256>>>(v, b);
  gridColumn<<<64, 256>>>(Grid<1024>{b});
  silent<<<64, 256>>>(a, p, b, n);
}

// A kernel's parameter struct passed on by value to a helper (nvdiffrast's
// `RasterizeGradKernelTemplate<ENABLE_DB>(p)`): the copy's pointer fields point to global memory
// as the kernel's do; the last channel of each float4 pixel is read 16 bytes apart.
struct GradParams {
  const float *out;
  float *grad;
  int width;
};
template <bool DB> __device__ void gradTemplate(const GradParams p) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  if (px >= p.width)
    return;
  p.grad[px] = ((const float *)p.out)[px * 4 + 3];
}
// CHECK: pointer-forms.cu:[[@LINE-2]]:16: warning: lanes of a warp read '((const float *)p.out)[px * 4 + 3]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
__global__ void gradKernel(const GradParams p) { gradTemplate<false>(p); }
void gradHost(GradParams p) { gradKernel<<<64, 256>>>(p); }
// CHECK: cuda-lint: 7 warnings and 0 errors in 1 file; 1 file analysed
