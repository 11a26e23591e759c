// A function qualifier that a project defines once per compilation pass (InfiniTAM's ORUtils:
// `__device__` where __CUDA_ARCH__ is defined, nothing in the host pass). nvcc accepts kernels
// that call such functions; Clang's host parse rejected every call ("no matching function"), and
// the whole file was lost. The macro is read as `__host__ __device__` with the rest of its body,
// in either order of the branches; the kernels then parse and their accesses are analysed.
// A macro whose two bodies differ in more than `__host__` and `__device__` is left as written:
// the host parse's only error is then in the kernel's body, device code nvcc's host pass does
// not compile, and the file is parsed on the device side alone (DeviceRootedErrors.h, RUN 2),
// with the same findings and no error.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --no-cache --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.neg --stderr %t.neg.err -- %cuda-lint --no-cache --color=never --verbose --format=concise --rules=uncoalesced-global-access --extra-arg=-DOTHER_BODY %s
// RUN: FileCheck %s --check-prefix=OTHER --input-file=%t.neg
// RUN: FileCheck %s --check-prefix=OTHER-WHY --input-file=%t.neg.err

#if defined(__CUDACC__) && defined(__CUDA_ARCH__)
#define CPU_AND_GPU __device__ // for CUDA device code
#else
#define CPU_AND_GPU
#endif

#ifndef __CUDA_ARCH__
#define HOST_OR_DEVICE inline
#else
#define HOST_OR_DEVICE __device__ \
  inline
#endif

#ifdef OTHER_BODY
#ifdef __CUDA_ARCH__
#define DEVICE_INLINE __device__ __forceinline__
#else
#define DEVICE_INLINE inline
#endif
#else
#define DEVICE_INLINE CPU_AND_GPU
#endif

struct Vec4 {
  float x, y, z, w;
  CPU_AND_GPU Vec4 &operator=(const Vec4 &o) {
    x = o.x, y = o.y, z = o.z, w = o.w;
    return *this;
  }
};

CPU_AND_GPU inline float depthOf(const Vec4 *points, int i) { return points[i].z; }
// CHECK: space-macros.cu:[[@LINE-1]]:70: warning: lanes of a warp read 'points[i].z' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches

HOST_OR_DEVICE void markInvalid(Vec4 *normals, int i) { normals[i].w = -1.0f; }
// CHECK: space-macros.cu:[[@LINE-1]]:57: warning: lanes of a warp write 'normals[i].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches

DEVICE_INLINE int clampIndex(int i, int n) { return i < n ? i : n - 1; }
// OTHER: space-macros.cu:47:70: warning: lanes of a warp read 'points[i].z' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// OTHER-NEXT: space-macros.cu:52:57: warning: lanes of a warp write 'normals[i].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// OTHER-NEXT: cuda-lint: 2 warnings and 0 errors in 1 file; 1 file analysed
// OTHER-WHY: cuda-lint: parsed {{.*}}space-macros.cu again for the device (sm_75), alone: every error of the host side's parse arose in device code, which nvcc's host pass does not compile

__global__ void depths(const Vec4 *points, Vec4 *normals, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[clampIndex(i, n)] = depthOf(points, i);
  markInvalid(normals, i);
}

void run(const Vec4 *points, Vec4 *normals, float *out, int n, cudaStream_t s) {
  depths<<<(n + 255) / 256, 256, 0, s>>>(points, normals, out, n);
  Vec4 a{}, b{};
  a = b; // the host uses the same operator
}
