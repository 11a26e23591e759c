// A class template's member function that names a member its class lacks, and that no code
// instantiates: CUTLASS up to 3.4's `Matrix<Element, 3, 3>::rotation` calls
// `m.set_slice3x3(...)` on a `Matrix` (cutlass/matrix.h, included by cutlass/core_io.h), which
// nvcc compiles (it looks the member up at instantiation) and Clang rejected ("no member named
// 'set_slice3x3' in 'Matrix<Element, 3, 3>'"): an error and exit status 1 on every file that
// includes it. And a member of a dependent base class called unqualified, CuTe 3.0 to 3.2's
// `ThrMMA<TiledMMA> : TiledMMA` calling `make_fragment_A(...)` (every flash-attention 2 kernel
// that vendors it): nvcc finds it when the template is instantiated, Clang reported "explicit
// qualification required to use member 'make_fragment_A' from dependent base class" and then
// called it all the same. Neither error is reported; the kernels are analysed, the second
// through the base's member (RUN 1). The same missing member in a class that is not a template
// stays an error (RUN 2), as under nvcc.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.plain -- %cuda-lint --color=never --format=concise --rules=uncoalesced-global-access -extra-arg=-DPLAIN %s
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t.plain

template <typename Element, int Rows, int Columns> struct Matrix {
  Element data[Rows * Columns];
  __host__ __device__ void set_slice_3x3(Element v) { data[0] = v; }
  __host__ __device__ static Matrix rotation(Element c) {
    Matrix m;
    m.set_slice3x3(c);
    return m;
  }
};

struct MmaAtom {
  template <class T> __host__ __device__ static T make_fragment_A(T t) { return t * 4; }
};
template <class TiledMma> struct ThrMma : TiledMma {
  template <class T> __host__ __device__ T partition_fragment_A(T t) const {
    return make_fragment_A(t);
  }
};

#ifdef PLAIN
struct Plain {
  float data[4];
  __host__ __device__ void reset() { this->clear(); }
  // PLAIN: nvcc-template-members.cu:[[@LINE-1]]:44: error: no member named 'clear' in 'Plain' [clang-diagnostic-error]
};
#endif

__global__ void scale(const Matrix<float, 3, 3> *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].data[4];
  // CHECK: nvcc-template-members.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'in[i].data[4]' 36 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: nvcc-template-members.cu:[[@LINE-2]]:12: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // CHECK-NEXT: nvcc-template-members.cu:[[@LINE-3]]:12: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
}
__global__ void fragments(float *out) {
  ThrMma<MmaAtom> thr;
  int f = thr.partition_fragment_A((int)threadIdx.x);
  out[f] = 0;
  // CHECK: nvcc-template-members.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'out[f]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: nvcc-template-members.cu:[[@LINE-2]]:3: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK-NEXT: nvcc-template-members.cu:[[@LINE-3]]:3: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
}

void run(const Matrix<float, 3, 3> *a, float *b, cudaStream_t s) {
  scale<<<64, 256, 0, s>>>(a, b);
  fragments<<<64, 256, 0, s>>>(b);
}
// CHECK: cuda-lint: 2 warnings and 0 errors in 1 file; 1 file analysed
