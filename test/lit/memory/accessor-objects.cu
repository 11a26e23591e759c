// uncoalesced-global-access through accessor objects, the way image libraries address pitched
// 2-D buffers: a small class holds the pointer (as bytes) and the row pitch, its constructor's
// member initialisers set them, and member functions compute `(T *)(ptr + y * pitch) + x`. The
// walk follows the fields of an object it built (a temporary, a local, an aggregate, one passed
// by value or by reference), a pointer a device function returns, and the member functions
// called on it. Silent: every field of the element used, a field the code changes after the
// constructor (its address is then not known), a helper whose returns name different places.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

template <typename T> class Pitched {
public:
  __host__ __device__ Pitched(T *ptr, size_t pitch) : bytes_((unsigned char *)ptr), pitch_(pitch) {}
  __host__ __device__ T *row(size_t y) { return (T *)(bytes_ + y * pitch_); }
  __host__ __device__ T &at(size_t x, size_t y) { return row(y)[x]; }

private:
  unsigned char *const bytes_;
  const size_t pitch_;
};

template <typename T> __device__ inline T *elementAt(T *ptr, size_t pitch, size_t x, size_t y) {
  return &(Pitched<T>(ptr, pitch).at(x, y));
}

__global__ void copyDepth(float2 *out, int outPitch, const float2 *in, int inPitch, unsigned w,
                          unsigned h, float fill) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float2 *o = elementAt(out, outPitch, x, y);
  o->x = elementAt(in, inPitch, x, y)->x;
  // CHECK: accessor-objects.cu:[[@LINE-1]]:10: warning: lanes of a warp read 'elementAt(in, inPitch, x, y)->x' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  o->x = elementAt(in, inPitch, x, y)->x;
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
  // CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
  // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 16 lanes is counted in sectors of its own
  // CHECK: note: the lanes use one 4-byte field of 8-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
  o->y = fill;
}

// A neighbour's element copied whole and read through one field: nvcc loads that field alone.
__global__ void neighbours(float2 *map, int pitch, int w, int h, float *out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (x + dx < 0 || x + dx >= w || y + dy < 0 || y + dy >= h)
        continue;
      const float2 n = *elementAt(map, pitch, x + dx, y + dy);
      // CHECK: accessor-objects.cu:[[@LINE-1]]:24: warning: lanes of a warp read 'elementAt(map, pitch, x + dx, y + dy)->x' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
      // CHECK-NEXT: {{^}}      const float2 n = *elementAt(map, pitch, x + dx, y + dy);
      // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
      // CHECK: note: the copy 'n' of the whole 8-byte struct is read only through 'x': the compiler loads that field alone, each lane's from a struct of its own
      // CHECK: note: with blocks of 8x8 threads, one warp spans 4 values of threadIdx.y
      // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 8 lanes is counted in sectors of its own
      // CHECK: note: the lanes use one 4-byte field of 8-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
      if (n.x > 0.0f)
        sum += n.x;
    }
  out[y * w + x] = sum;
}

// A local accessor, and one passed to a helper by value and by reference.
__device__ float firstOf(Pitched<const float4> img, unsigned x, unsigned y) { return img.at(x, y).x; }
// CHECK: accessor-objects.cu:[[@LINE-1]]:86: warning: lanes of a warp read 'img.at(x, y).x' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
// CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 16 lanes is counted in sectors of its own
// CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
__device__ float4 wholeOf(Pitched<const float4> &img, unsigned x, unsigned y) { return img.at(x, y); }

__global__ void sample(float *out, const float4 *colour, size_t pitch, unsigned w) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  Pitched<const float4> img(colour, pitch);
  float4 c = wholeOf(img, x, y); // every field: silent
  out[y * w + x] = firstOf(img, x, y) + c.x + c.y + c.z + c.w;
}

// An aggregate: `{ptr, pitch}` read through its fields.
struct Plane {
  float *data;
  int stride; // in elements
};

__global__ void transposePlane(Plane dst, const float *src, unsigned w) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  Plane p = {dst.data, 64};
  p.data[x * p.stride + y] = src[y * w + x];
  // CHECK: accessor-objects.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'p.data[x * p.stride + y]' spread over 3848 bytes: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  p.data[x * p.stride + y] = src[y * w + x];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
  // CHECK: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  Plane q = {dst.data, 64};
  q.stride = 1; // changed after it was made: what the init list set is forgotten
  q.data[x * q.stride + y] = 0.0f;
}

// Fields set in the constructor's body; one set twice (under a condition) is not known.
struct Strided {
  __device__ Strided(float *p, int s, bool wide) {
    base = p;
    step = s;
    if (wide)
      step = 2 * s;
  }
  __device__ float &operator[](int i) { return base[i * step]; }
  __device__ float &at(int i) { return base[i * 3]; }
  float *base;
  int step;
};

__global__ void strided(float *a, bool wide) {
  Strided s(a, 1, wide);
  s[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
  s.at(blockIdx.x * blockDim.x + threadIdx.x) = 1.0f;
  // CHECK: accessor-objects.cu:[[@LINE-1]]:3: warning: lanes of a warp write 's.at(blockIdx.x * blockDim.x + threadIdx.x)' 12 bytes apart: 12 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  s.at(blockIdx.x * blockDim.x + threadIdx.x) = 1.0f;
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 384 bytes to use 128
  // CHECK: note: make consecutive lanes use consecutive elements
}

// A by-value image view whose member function returns a row (ElasticFusion's PtrStepSz): a
// stencil's centre two elements apart is silent where the thread reads its window in a loop
// that moves one element a trip, reported where nothing else reads between the lanes.
template <typename T> struct View {
  __device__ T *ptr(int y) const { return (T *)((char *)data + y * step); }
  T *data;
  size_t step;
  int cols, rows;
};

__global__ void pyrDown(const View<unsigned short> src, View<unsigned short> dst, float sigma) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= dst.cols || y >= dst.rows)
    return;
  int centre = src.ptr(2 * y)[2 * x];
  float sum = 0.0f;
  for (int yi = -2; yi <= 2; ++yi)
    for (int xi = max(0, 2 * x - 2) - 2 * x; xi < min(src.cols, 2 * x + 3) - 2 * x; ++xi) {
      int v = src.ptr(2 * y + yi)[2 * x + xi];
      sum += abs(v - centre) < sigma ? v : 0;
    }
  dst.ptr(y)[x] = sum;
}

__global__ void decimate(const View<float> src, View<float> dst) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  dst.ptr(y)[x] = src.ptr(2 * y)[2 * x];
  // CHECK: accessor-objects.cu:[[@LINE-1]]:19: warning: lanes of a warp read 'src.ptr(2 * y)[2 * x]' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  dst.ptr(y)[x] = src.ptr(2 * y)[2 * x];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
  // CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
}

// A helper whose returns name different places: nothing is known of the pointer it returns.
__device__ float *pick(float *a, float *b, unsigned i, bool first) {
  if (first)
    return &a[i * 4];
  return &b[i];
}

__global__ void picked(float *a, float *b, bool first) {
  *pick(a, b, blockIdx.x * blockDim.x + threadIdx.x, first) = 1.0f;
}

void launch(float2 *o, const float2 *i, int pitch, float *out, const float4 *c, Plane p,
            const float *s, float *a, float *b) {
  dim3 block(16, 16), grid(64, 64);
  copyDepth<<<grid, block>>>(o, pitch, i, pitch, 1024, 1024, 0.0f);
  sample<<<grid, block>>>(out, c, 16384, 1024);
  transposePlane<<<grid, block>>>(p, s, 1024);
  neighbours<<<grid, dim3(8, 8)>>>(o, pitch, 1000, 1000, out);
  picked<<<64, 256>>>(a, b, true);
  strided<<<64, 256>>>(a, true);
  View<unsigned short> u{}, v{};
  pyrDown<<<grid, dim3(32, 8)>>>(u, v, 3.0f);
  View<float> f{}, g{};
  decimate<<<grid, dim3(32, 8)>>>(f, g);
}
