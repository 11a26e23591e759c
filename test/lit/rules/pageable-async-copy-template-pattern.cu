// A copy in a member function of a class template that this file never instantiates (GenomeWorks'
// IndexGPU<Minimizer>::generate_index, instantiated in another .cu file), made through a function
// template wrapper whose specialization is therefore not instantiated either: the wrapper is read
// in its template, and the copy is reported where its buffers are not template-dependent. Copies
// whose buffers depend on the template's parameters stay silent; an instantiated template is
// reported once.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#include <vector>

template <typename T> struct CudaMallocAllocator {};
namespace details {
template <typename T, typename A> struct buffer {
  T *p = nullptr;
  T *data() { return p; }
};
} // namespace details
template <typename T> using device_buffer = details::buffer<T, CudaMallocAllocator<T>>;

template <typename Type> void device_copy_n_async(const Type *src, size_t n, Type *dst, cudaStream_t s) {
  cudaMemcpyAsync(dst, src, n * sizeof(Type), cudaMemcpyDefault, s);
}

template <typename Element> struct Index {
  void generate(cudaStream_t s) {
    std::vector<char> bases(100);
    device_buffer<decltype(bases)::value_type> bases_d;
    device_copy_n_async(bases.data(), bases.size(), bases_d.data(), s);
    // CHECK: pageable-async-copy-template-pattern.cu:[[@LINE-1]]:5: warning: 'bases.da...' is a std::vector's storage, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]
    // CHECK-NEXT: {{^}}    device_copy_n_async(bases.data(), bases.size(), bases_d.data(), s);
    // CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
    // CHECK-NEXT: pageable-async-copy-template-pattern.cu:26:23: note: the std::vector is declared here
    // CHECK-NEXT: pageable-async-copy-template-pattern.cu:21:3: note: the copy is made by cudaMemcpyAsync in 'device_copy_n_async'
    // CHECK-NEXT: pageable-async-copy-template-pattern.cu:27:48: note: with cudaMemcpyDefault the direction comes from the pointers: 'bases_d.data()' is device memory (the storage of a device_buffer), so this copy is host-to-device
    // CHECK-NEXT: pageable-async-copy-template-pattern.cu:[[@LINE-7]]:5: note: the copy engines read only page-locked memory
    // CHECK-NEXT: pageable-async-copy-template-pattern.cu:[[@LINE-8]]:5: note: allocate it with cudaMallocHost
    std::vector<Element> items(10);
    device_buffer<Element> items_d;
    device_copy_n_async(items.data(), items.size(), items_d.data(), s);
  }
};

// Instantiated here: one finding at the line, not one for the template and one for the instance.
template <typename Element> struct Used {
  void generate(cudaStream_t s) {
    std::vector<int> ints(100);
    device_buffer<int> ints_d;
    device_copy_n_async(ints.data(), ints.size(), ints_d.data(), s);
    // CHECK: pageable-async-copy-template-pattern.cu:[[@LINE-1]]:5: warning: 'ints.data()' is a std::vector's storage
    // CHECK: pageable-async-copy-template-pattern.cu:46:22: note: the std::vector is declared here
    // CHECK-NEXT: note: the copy is made by cudaMemcpyAsync in 'device_copy_n_async'
    // CHECK-NEXT: pageable-async-copy-template-pattern.cu:47:24: note: with cudaMemcpyDefault the direction comes from the pointers: 'ints_d.data()' is device memory
    // CHECK-NEXT: note: the copy engines read only page-locked memory
    // CHECK-NEXT: note: allocate it with cudaMallocHost
  }
};
void use(cudaStream_t s) { Used<float>().generate(s); }
