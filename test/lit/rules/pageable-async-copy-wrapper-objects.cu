// Wrappers given a container or an object rather than a pointer (issue 37, blind copy set
// 2026-11-25: faiss's Tensor::copyFrom, DeviceVector::setAt/append and toDeviceTemporary,
// xgboost's CopyDeviceSpanToVector and dh::CopyTo): a `const std::vector<T> &` or
// `std::vector<T> *` parameter whose data the wrapper copies, a `const T &` parameter whose
// address it copies from. Each call is reported where the argument shows the buffer (a vector,
// a stack variable, a by-value parameter, a temporary bound to the reference); the copy inside
// is reported too when the wrapper's own signature says pageable (a std::vector parameter), not
// when the type comes from a template parameter (`const Src &`) or the argument is a pointer.
// A device-to-device copy beside the host-device one leaves a wrapper a wrapper.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note: \
// RUN:   -D'MSG=, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]' \
// RUN:   -D'H2D=the copy engines read only page-locked memory, so the driver stages the data through a pinned buffer with the CPU: the call blocks the host until the copy is done, and the copy runs several times slower than from pinned memory' \
// RUN:   -D'D2H=the copy engines write only page-locked memory, so the data goes through a pinned staging buffer: the call blocks the host until the copy is done, and the copy runs several times slower than into pinned memory' \
// RUN:   -D'FIX=allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer'
#include <initializer_list>
#include <vector>

template <typename T> class DeviceVector {
  T *data_ = nullptr;
  size_t num_ = 0;
public:
  T *data() { return data_; }
  void setAt(size_t idx, const T &value, cudaStream_t s) {
    cudaMemcpyAsync(data() + idx, &value, sizeof(T), cudaMemcpyHostToDevice, s);
  }
  void append(const T *d, size_t n, cudaStream_t s, bool onHost) {
    if (onHost)
      cudaMemcpyAsync(data() + num_, d, n * sizeof(T), cudaMemcpyHostToDevice, s);
    else
      cudaMemcpyAsync(data() + num_, d, n * sizeof(T), cudaMemcpyDeviceToDevice, s);
    num_ += n;
  }
};

template <typename T> struct Tensor {
  T *data_ = nullptr;
  void copyFrom(const std::vector<T> &v, cudaStream_t s) {
    cudaMemcpyAsync(data_, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice, s);
  }
};
template <typename T> Tensor<T> toDeviceTemporary(const std::vector<T> &src, cudaStream_t s) {
  Tensor<T> out;
  out.copyFrom(src, s);
  return out;
}

template <typename T> void copyDeviceSpanToVector(std::vector<T> *dst, const T *src) {
  cudaMemcpyAsync(dst->data(), src, dst->size() * sizeof(T), cudaMemcpyDeviceToHost);
}

template <typename T> class DeviceUVector {
  T *p_ = nullptr;
public:
  T *data() { return p_; }
  const T *data() const { return p_; }
  size_t size() const;
};
template <typename Src, typename Dst> void copyTo(const Src &src, Dst *dst, cudaStream_t s) {
  cudaMemcpyAsync(dst->data(), src.data(), src.size() * sizeof(int), cudaMemcpyDefault, s);
}

void callers(DeviceVector<void *> &pointers, DeviceVector<int> &lengths, int numVecs,
             const float *dsrc, cudaStream_t s) {
  std::vector<float> codes(64), out(64);
  std::vector<int> ids(64);
  pointers.setAt(0, (void *)codes.data(), s);
  lengths.setAt(1, numVecs, s);
  int count = 3;
  lengths.setAt(2, count, s);
  lengths.append(ids.data(), ids.size(), s, true);
  Tensor<float> t = toDeviceTemporary(codes, s);
  t.copyFrom(out, s);
  copyDeviceSpanToVector(&out, dsrc);
  DeviceUVector<int> dids;
  copyTo(ids, &dids, s);
}

// Not flagged: an object or a container whose origin is not known, device to device.
void unknownCallers(DeviceVector<int> &lengths, const int &x, const int *maybe,
                    DeviceVector<int> &other, cudaStream_t s) {
  lengths.setAt(0, x, s);
  lengths.setAt(1, *maybe, s);
  lengths.append(maybe, 4, s, true);
  DeviceUVector<int> a, b;
  copyTo(a, &b, s);
}

// CHECK: pageable-async-copy-wrapper-objects.cu:39:5: warning: 'v.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:38:39: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:39:5: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:39:5: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:44:3: warning: 'src' is a std::vector[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:42:73: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:39:5: note: the copy is made by cudaMemcpyAsync in 'copyFrom'
// CHECK: pageable-async-copy-wrapper-objects.cu:44:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:44:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:49:3: warning: 'dst->data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:48:67: note: the pointer to the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:49:3: note: [[D2H]]
// CHECK: pageable-async-copy-wrapper-objects.cu:49:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:67:3: warning: '(void *)codes....' is a stack temporary[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:67:21: note: the temporary is made here
// CHECK: pageable-async-copy-wrapper-objects.cu:25:5: note: the copy is made by cudaMemcpyAsync in 'setAt', from the object this call binds to its reference parameter
// CHECK: pageable-async-copy-wrapper-objects.cu:67:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:67:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:68:3: warning: 'numVecs' is on the host stack[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:63:78: note: the by-value parameter is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:25:5: note: the copy is made by cudaMemcpyAsync in 'setAt', from the object this call binds to its reference parameter
// CHECK: pageable-async-copy-wrapper-objects.cu:68:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:68:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:70:3: warning: 'count' is a stack variable[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:69:7: note: the stack variable is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:25:5: note: the copy is made by cudaMemcpyAsync in 'setAt', from the object this call binds to its reference parameter
// CHECK: pageable-async-copy-wrapper-objects.cu:70:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:70:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:71:3: warning: 'ids.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:66:20: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:29:7: note: the copy is made by cudaMemcpyAsync in 'append'
// CHECK: pageable-async-copy-wrapper-objects.cu:71:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:71:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:72:21: warning: 'codes' is a std::vector[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:65:22: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:39:5: note: the copy is made by cudaMemcpyAsync in 'toDeviceTemporary'
// CHECK: pageable-async-copy-wrapper-objects.cu:72:21: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:72:21: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:73:3: warning: 'out' is a std::vector[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:65:33: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:39:5: note: the copy is made by cudaMemcpyAsync in 'copyFrom'
// CHECK: pageable-async-copy-wrapper-objects.cu:73:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:73:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:74:3: warning: '&out' points to a std::vector[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:65:33: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:49:3: note: the copy is made by cudaMemcpyAsync in 'copyDeviceSpanToVector'
// CHECK: pageable-async-copy-wrapper-objects.cu:74:3: note: [[D2H]]
// CHECK: pageable-async-copy-wrapper-objects.cu:74:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-objects.cu:76:3: warning: 'ids' is a std::vector[[MSG]]
// CHECK: pageable-async-copy-wrapper-objects.cu:66:20: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-objects.cu:60:3: note: the copy is made by cudaMemcpyAsync in 'copyTo'
// CHECK: pageable-async-copy-wrapper-objects.cu:75:22: note: with cudaMemcpyDefault the direction comes from the pointers: '&dids' points to a DeviceUVector, whose storage is device memory, so this copy is host-to-device
// CHECK: pageable-async-copy-wrapper-objects.cu:76:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-objects.cu:76:3: note: [[FIX]]
// CHECK: cuda-lint: 11 warnings and 0 errors in 1 file
