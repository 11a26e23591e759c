// A container written through an alias whose name says device memory is device memory, whatever
// the class behind it is called (GenomeWorks' `device_buffer<T>`, an alias of
// `details::buffer<T, CudaMallocAllocator<T>>`): a cudaMemcpyDefault copy between it and a
// std::vector is host-to-device. The same class through an alias that does not say so, or that
// also says host, gives the copy no direction (silent).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#include <vector>

namespace details {
template <typename T, typename Allocator> class buffer {
  T *data_ = nullptr;
public:
  T *data() { return data_; }
};
} // namespace details
template <typename T> struct CudaMallocAllocator {};
template <typename T> using device_buffer = details::buffer<T, CudaMallocAllocator<T>>;
template <typename T> using scratch_buffer = details::buffer<T, CudaMallocAllocator<T>>;
typedef details::buffer<int, CudaMallocAllocator<int>> host_device_ints;

template <typename Type> void device_copy_n_async(const Type *src, size_t n, Type *dst, cudaStream_t s) {
  cudaMemcpyAsync(dst, src, n * sizeof(Type), cudaMemcpyDefault, s);
}

void upload(std::vector<int> &h, device_buffer<int> &d, scratch_buffer<int> &x,
            host_device_ints &hd, cudaStream_t s) {
  device_copy_n_async(h.data(), h.size(), d.data(), s);
  // CHECK: pageable-async-copy-device-alias.cu:[[@LINE-1]]:3: warning: 'h.data()' is a std::vector's storage, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]
  // CHECK: pageable-async-copy-device-alias.cu:26:31: note: the std::vector is declared here
  // CHECK-NEXT: pageable-async-copy-device-alias.cu:23:3: note: the copy is made by cudaMemcpyAsync in 'device_copy_n_async'
  // CHECK-NEXT: pageable-async-copy-device-alias.cu:26:54: note: with cudaMemcpyDefault the direction comes from the pointers: 'd.data()' is device memory (the storage of a device_buffer), so this copy is host-to-device
  // CHECK-NEXT: pageable-async-copy-device-alias.cu:[[@LINE-5]]:3: note: the copy engines read only page-locked memory
  // CHECK-NEXT: pageable-async-copy-device-alias.cu:[[@LINE-6]]:3: note: allocate it with cudaMallocHost
  device_copy_n_async(h.data(), h.size(), x.data(), s);
  device_copy_n_async(h.data(), h.size(), hd.data(), s);
}
