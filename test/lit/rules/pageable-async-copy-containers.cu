// pageable-async-copy on containers, judged by their type (issue 37, blind copy set 2026-11-25:
// xgboost, faiss, TensorRT): the storage of a std::vector reached through a pointer, a
// std::initializer_list's backing array, a std::unique_ptr<T[]> that only lends what new[] or
// std::make_unique made, and the address of a by-value parameter are pageable; thrust's
// device_vector and device_ptr, and a class whose name has `device` as its first word
// (xgboost's DeviceUVector, faiss's DeviceVector, RMM's device_uvector) or whose allocator's
// does, are device memory, which gives a cudaMemcpyDefault copy its direction. Not flagged: a
// class that also says host (HostDeviceVector), a unique_ptr that is reset or moved, a vector
// with another allocator, a cudaMemcpyDefault copy whose other side is not known or is also on
// the host, and a vector reached through a pointer in a TU that registers the data of a vector.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note: \
// RUN:   -D'MSG=, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]' \
// RUN:   -D'H2D=the copy engines read only page-locked memory, so the driver stages the data through a pinned buffer with the CPU: the call blocks the host until the copy is done, and the copy runs several times slower than from pinned memory' \
// RUN:   -D'D2H=the copy engines write only page-locked memory, so the data goes through a pinned staging buffer: the call blocks the host until the copy is done, and the copy runs several times slower than into pinned memory' \
// RUN:   -D'FIX=allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer'
#include <thrust/device_vector.h>

#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

// A library's own containers, as xgboost and faiss write them.
template <typename T> class DeviceUVectorImpl {
  T *p_ = nullptr;
public:
  T *data() { return p_; }
};
template <typename T> using CachingDeviceUVector = DeviceUVectorImpl<T>;
template <typename T> class HostDeviceVector {
  T *p_ = nullptr;
public:
  T *data() { return p_; }
};
template <typename T> struct XGBDeviceAllocator {
  using value_type = T;
  T *allocate(size_t n);
  void deallocate(T *p, size_t n);
};
template <typename T> struct MyAllocator {
  using value_type = T;
  T *allocate(size_t n);
  void deallocate(T *p, size_t n);
};

void defaultDirection(std::vector<int> &out, cudaStream_t s) {
  std::vector<int> h(64);
  CachingDeviceUVector<int> du;
  thrust::device_vector<int> tv(64);
  std::vector<int, XGBDeviceAllocator<int>> dv(64);
  cudaMemcpyAsync(du.data(), h.data(), 256, cudaMemcpyDefault, s);
  cudaMemcpyAsync(h.data(), thrust::raw_pointer_cast(tv.data()), 256, cudaMemcpyDefault, s);
  cudaMemcpyAsync(tv.data().get(), h.data(), 256, cudaMemcpyDefault, s);
  cudaMemcpyAsync(out.data(), dv.data(), 256, cudaMemcpyDefault, s);
  // Not flagged: both sides on the device, a class that also says host, the other side unknown.
  cudaMemcpyAsync(du.data(), tv.data().get(), 256, cudaMemcpyDefault, s);
  HostDeviceVector<int> hd;
  cudaMemcpyAsync(hd.data(), h.data(), 256, cudaMemcpyDefault, s);
  std::vector<int, MyAllocator<int>> mine(64);
  cudaMemcpyAsync(mine.data(), h.data(), 256, cudaMemcpyDefault, s);
  cudaMemcpyAsync(du.data(), mine.data(), 256, cudaMemcpyHostToDevice, s);
}

// The vector a pointer parameter points to (xgboost's CopyDeviceSpanToVector).
template <typename T> void toVector(std::vector<T> *dst, const T *src, cudaStream_t s) {
  cudaMemcpyAsync(dst->data(), src, dst->size() * sizeof(T), cudaMemcpyDeviceToHost, s);
}
template void toVector<float>(std::vector<float> *, const float *, cudaStream_t);

// A std::initializer_list's backing array.
void fromList(int *d, std::initializer_list<int> l, cudaStream_t s) {
  cudaMemcpyAsync(d, l.begin(), l.size() * sizeof(int), cudaMemcpyHostToDevice, s);
}

// The address of a by-value parameter, on the host stack (xgboost's allreduce_v.cuh).
void sendSize(long long *d, long long n, cudaStream_t s) {
  cudaMemcpyAsync(d, &n, sizeof(n), cudaMemcpyHostToDevice, s);
  auto send = [&](long long m) { cudaMemcpyAsync(d, &m, sizeof(m), cudaMemcpyHostToDevice, s); };
  send(n);
}

// std::unique_ptr<T[]> from new[] or std::make_unique (TensorRT's stream reader).
void uniquePtrs(char *d, size_t n, cudaStream_t s, char *pinned) {
  std::unique_ptr<char[]> tmp{new char[n]};
  cudaMemcpyAsync(d, tmp.get(), n, cudaMemcpyHostToDevice, s);
  auto made = std::make_unique<char[]>(n);
  cudaMemcpyAsync(&made[0], d, n, cudaMemcpyDeviceToHost, s);
  // Not flagged: what it owns may have changed.
  std::unique_ptr<char[]> reset{new char[n]};
  reset.reset(pinned);
  cudaMemcpyAsync(d, reset.get(), n, cudaMemcpyHostToDevice, s);
  std::unique_ptr<char[]> moved{new char[n]};
  std::unique_ptr<char[]> other = std::move(moved);
  cudaMemcpyAsync(d, moved.get(), n, cudaMemcpyHostToDevice, s);
}

// CHECK: pageable-async-copy-containers.cu:52:3: warning: 'h.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-containers.cu:48:20: note: the std::vector is declared here
// CHECK: pageable-async-copy-containers.cu:49:29: note: with cudaMemcpyDefault the direction comes from the pointers: 'du.data()' is device memory (the storage of a DeviceUVectorImpl), so this copy is host-to-device
// CHECK: pageable-async-copy-containers.cu:52:3: note: [[H2D]]
// CHECK: pageable-async-copy-containers.cu:52:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:53:3: warning: 'h.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-containers.cu:48:20: note: the std::vector is declared here
// CHECK: pageable-async-copy-containers.cu:50:30: note: with cudaMemcpyDefault the direction comes from the pointers: 'thrust::raw_pointer_cast(tv.data())' is device memory (the storage of a thrust::device_vector), so this copy is device-to-host
// CHECK: pageable-async-copy-containers.cu:53:3: note: [[D2H]]
// CHECK: pageable-async-copy-containers.cu:53:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:54:3: warning: 'h.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-containers.cu:48:20: note: the std::vector is declared here
// CHECK: pageable-async-copy-containers.cu:54:19: note: with cudaMemcpyDefault the direction comes from the pointers: 'tv.data().get()' is device memory (the storage of a thrust::device_ptr), so this copy is host-to-device
// CHECK: pageable-async-copy-containers.cu:54:3: note: [[H2D]]
// CHECK: pageable-async-copy-containers.cu:54:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:55:3: warning: 'out.data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-containers.cu:47:41: note: the std::vector is declared here
// CHECK: pageable-async-copy-containers.cu:51:45: note: with cudaMemcpyDefault the direction comes from the pointers: 'dv.data()' is device memory (the storage of a std::vector with the allocator XGBDeviceAllocator), so this copy is device-to-host
// CHECK: pageable-async-copy-containers.cu:55:3: note: [[D2H]]
// CHECK: pageable-async-copy-containers.cu:55:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:67:3: warning: 'dst->data()' is a std::vector's storage[[MSG]]
// CHECK: pageable-async-copy-containers.cu:66:53: note: the pointer to the std::vector is declared here
// CHECK: pageable-async-copy-containers.cu:67:3: note: [[D2H]]
// CHECK: pageable-async-copy-containers.cu:67:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:73:3: warning: 'l.begin()' is in an initializer list[[MSG]]
// CHECK: pageable-async-copy-containers.cu:72:50: note: the std::initializer_list is declared here
// CHECK: pageable-async-copy-containers.cu:73:3: note: [[H2D]]
// CHECK: pageable-async-copy-containers.cu:73:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:78:3: warning: '&n' points to the host stack[[MSG]]
// CHECK: pageable-async-copy-containers.cu:77:39: note: the by-value parameter is declared here
// CHECK: pageable-async-copy-containers.cu:78:3: note: [[H2D]]
// CHECK: pageable-async-copy-containers.cu:78:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:79:34: warning: '&m' points to the host stack[[MSG]]
// CHECK: pageable-async-copy-containers.cu:79:29: note: the by-value parameter is declared here
// CHECK: pageable-async-copy-containers.cu:79:34: note: [[H2D]]
// CHECK: pageable-async-copy-containers.cu:79:34: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:86:3: warning: 'tmp.get()' comes from new[][[MSG]]
// CHECK: pageable-async-copy-containers.cu:85:31: note: the buffer is allocated here with new[]
// CHECK: pageable-async-copy-containers.cu:86:3: note: [[H2D]]
// CHECK: pageable-async-copy-containers.cu:86:3: note: [[FIX]]
// CHECK: pageable-async-copy-containers.cu:88:3: warning: '&made[0]' comes from make_unique[[MSG]]
// CHECK: pageable-async-copy-containers.cu:87:15: note: the buffer is allocated here with std::make_unique
// CHECK: pageable-async-copy-containers.cu:88:3: note: [[D2H]]
// CHECK: pageable-async-copy-containers.cu:88:3: note: [[FIX]]
// CHECK: cuda-lint: 10 warnings and 0 errors in 1 file
