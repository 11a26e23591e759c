// uncoalesced-global-access through member functions called on an element of a global array, the
// way small fixed-size vector types are written (cuda-bundle-adjustment's `Vec<T, N>` with
// `operator[]` returning `data[i]`, read as `blockpos[i][1]`): the body's `this->data[k]` is a
// place in element i, so one field of a 12-byte element per lane is 12 sectors for 4, as
// `blockpos[i].data[1]` is. Found by the sixteenth blind set. Silent: every field used (a loop
// over them, three stores), a function called on an object the kernel takes by value.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

template <typename T, int N> struct Vec {
  __host__ __device__ T &operator[](int i) { return data[i]; }
  __host__ __device__ const T &operator[](int i) const { return data[i]; }
  __host__ __device__ T sum() const {
    T s = 0;
    for (int i = 0; i < N; i++)
      s += data[i];
    return s;
  }
  __host__ __device__ T first() const { return data[0]; }
// CHECK: member-functions-of-elements.cu:[[@LINE-1]]:48: warning: lanes of a warp read 'data[0]' 12 bytes apart: 12 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 384 bytes to use 128
// CHECK-NEXT: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  __host__ __device__ T viaFirst() const { return first(); }
  T data[N];
};
using Vec3i = Vec<int, 3>;

// Reported: one field of each element, through the operator.
__global__ void nnzPerCol(const Vec3i *blockpos, int n, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = blockpos[i][1];
}
// CHECK: member-functions-of-elements.cu:[[@LINE-2]]:14: warning: lanes of a warp read 'blockpos[i][1]' 12 bytes apart: 12 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 384 bytes to use 128
// CHECK-NEXT: note: make consecutive lanes use consecutive elements

// Reported: the field is read in the body of a function that another member function calls
// (at that body's line, above).
__global__ void nested(const Vec3i *v, int n, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = v[i].viaFirst();
}

// Reported: a store of one field through a pointer to the element.
__global__ void storeOne(Vec3i *v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Vec3i *p = v + i;
  if (i < n)
    (*p)[2] = 3;
}
// CHECK: member-functions-of-elements.cu:[[@LINE-2]]:5: warning: lanes of a warp write '(*p)[2]' 12 bytes apart: 12 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 384 bytes to use 128
// CHECK-NEXT: note: make consecutive lanes use consecutive elements

// Silent: every field of the element read.
__global__ void sums(const Vec3i *v, int n, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = v[i].sum();
}

// Silent: every field written.
__global__ void storeAll(Vec3i *v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    v[i][0] = 1;
    v[i][1] = 2;
    v[i][2] = 3;
  }
}

// Silent: an object the kernel takes by value lives in its parameters, not in global memory.
__global__ void byValue(Vec3i w, int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = w[1]; }

int main() {
  Vec3i *v = nullptr;
  int *o = nullptr;
  nnzPerCol<<<64, 256>>>(v, 1 << 14, o);
  nested<<<64, 256>>>(v, 1 << 14, o);
  storeOne<<<64, 256>>>(v, 1 << 14);
  sums<<<64, 256>>>(v, 1 << 14, o);
  storeAll<<<64, 256>>>(v, 1 << 14);
  byValue<<<64, 256>>>(Vec3i(), o);
}
