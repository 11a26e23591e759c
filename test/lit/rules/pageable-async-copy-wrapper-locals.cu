// A copy wrapper that casts its parameters into locals first (LightGBM's
// CopyFromCUDADeviceToHostAsync, blind production set 2026-11-25) is still a wrapper: the finding
// is at its call, where the buffer is seen, not inside the shared helper. A local that the
// function changes afterwards is not the parameter.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#include <vector>
template <typename T>
void CopyToHostAsync(T *dst_ptr, const T *src_ptr, size_t size, cudaStream_t stream) {
  void *void_dst_ptr = reinterpret_cast<void *>(dst_ptr);
  const void *void_src_ptr = reinterpret_cast<const void *>(src_ptr);
  cudaMemcpyAsync(void_dst_ptr, void_src_ptr, size * sizeof(T), cudaMemcpyDeviceToHost, stream);
}
void useWrapper(const int *d, cudaStream_t s) {
  std::vector<int> buf(18);
  CopyToHostAsync<int>(buf.data(), d, 18, s);
}
// CHECK: pageable-async-copy-wrapper-locals.cu:16:3: warning: 'buf.data()' is a std::vector's storage, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]
// CHECK: pageable-async-copy-wrapper-locals.cu:15:20: note: the std::vector is declared here
// CHECK: pageable-async-copy-wrapper-locals.cu:12:3: note: the copy is made by cudaMemcpyAsync in 'CopyToHostAsync'
// CHECK: pageable-async-copy-wrapper-locals.cu:16:3: note: the copy engines write only page-locked memory, so the data goes through a pinned staging buffer: the call blocks the host until the copy is done, and the copy runs several times slower than into pinned memory
// CHECK: pageable-async-copy-wrapper-locals.cu:16:3: note: allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer

// The local is moved to a buffer of the function's own before the copy: not a wrapper, and the
// buffer's origin (a pinned staging buffer) is not the caller's.
void copyVia(float *dst, const float *d, size_t n, cudaStream_t s, float *staging) {
  float *p = dst;
  p = staging;
  cudaMemcpyAsync(p, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
}
void useVia(const float *d, cudaStream_t s, float *staging) {
  std::vector<float> out(32);
  copyVia(out.data(), d, 32, s, staging);
}
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file
