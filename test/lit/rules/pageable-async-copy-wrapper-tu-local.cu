// A copy wrapper no other translation unit can call (static, in an anonymous namespace, or a
// member of a class the .cu file defines: xgboost's HostDeviceVectorImpl::CopyToDevice) has all
// its calls in this TU: when every one passes pageable memory, the copy inside is reported too,
// besides each call. A wrapper other TUs may call (external linkage) is reported at its calls
// only, and so is a TU-local one with a call whose buffer is not known.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note: \
// RUN:   -D'MSG=, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]' \
// RUN:   -D'H2D=the copy engines read only page-locked memory, so the driver stages the data through a pinned buffer with the CPU: the call blocks the host until the copy is done, and the copy runs several times slower than from pinned memory' \
// RUN:   -D'D2H=the copy engines write only page-locked memory, so the data goes through a pinned staging buffer: the call blocks the host until the copy is done, and the copy runs several times slower than into pinned memory' \
// RUN:   -D'FIX=allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer'
#include <initializer_list>
#include <vector>

template <typename T> class Mirror {
  T *device_ = nullptr;
public:
  void assign(const std::vector<T> &v) { copyToDevice(v.data(), v.size()); }
  void assign(std::initializer_list<T> l) { copyToDevice(l.begin(), l.size()); }
private:
  void copyToDevice(const T *begin, size_t n) {
    cudaMemcpyAsync(device_, begin, n * sizeof(T), cudaMemcpyHostToDevice);
  }
};
template class Mirror<float>;

static void upload(float *d, const float *h, size_t n, cudaStream_t s) {
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s);
}
void uploadShared(float *d, const float *h, size_t n, cudaStream_t s) {
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s);
}
static void uploadAny(float *d, const float *h, size_t n, cudaStream_t s) {
  cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s);
}

void callers(float *d, const float *unknown, cudaStream_t s) {
  std::vector<float> h(64);
  upload(d, h.data(), h.size(), s);
  uploadShared(d, h.data(), h.size(), s);
  uploadAny(d, h.data(), h.size(), s);
  uploadAny(d, unknown, 64, s);
}

// CHECK: pageable-async-copy-wrapper-tu-local.cu:18:42: warning: 'v.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:18:37: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-tu-local.cu:22:5: note: the copy is made by cudaMemcpyAsync in 'copyToDevice'
// CHECK: pageable-async-copy-wrapper-tu-local.cu:18:42: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:18:42: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:19:45: warning: 'l.begin()' is in an initializer list[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:19:40: note: the std::initializer_list is declared here
// CHECK: pageable-async-copy-wrapper-tu-local.cu:22:5: note: the copy is made by cudaMemcpyAsync in 'copyToDevice'
// CHECK: pageable-async-copy-wrapper-tu-local.cu:19:45: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:19:45: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:22:5: warning: 'begin' is pageable in every call[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:18:37: note: the std::vector is declared here (and 1 more place)
// CHECK: pageable-async-copy-wrapper-tu-local.cu:22:5: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:22:5: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:28:3: warning: 'h' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:38:22: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-tu-local.cu:28:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:28:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:39:3: warning: 'h.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:38:22: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-tu-local.cu:28:3: note: the copy is made by cudaMemcpyAsync in 'upload'
// CHECK: pageable-async-copy-wrapper-tu-local.cu:39:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:39:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:40:3: warning: 'h.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:38:22: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-tu-local.cu:31:3: note: the copy is made by cudaMemcpyAsync in 'uploadShared'
// CHECK: pageable-async-copy-wrapper-tu-local.cu:40:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:40:3: note: [[FIX]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:41:3: warning: 'h.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:38:22: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-tu-local.cu:34:3: note: the copy is made by cudaMemcpyAsync in 'uploadAny'
// CHECK: pageable-async-copy-wrapper-tu-local.cu:41:3: note: [[H2D]]
// CHECK: pageable-async-copy-wrapper-tu-local.cu:41:3: note: [[FIX]]
// CHECK: cuda-lint: 7 warnings and 0 errors in 1 file
