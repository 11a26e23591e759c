// A cudaMemcpyKind chosen at run time between a host-host kind and a host-device one (faiss's
// Tensor::copyFrom: `dev == -1 ? cudaMemcpyHostToHost : cudaMemcpyHostToDevice`, blind copy set
// 2026-11-25): only the host-device arm stages through pinned memory, so that is the direction.
// A choice between two host-device kinds is not known.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
#include <vector>
int deviceOf(const void *p);
void upload(float *data, const std::vector<float> &v, cudaStream_t s) {
  int dev = deviceOf(data);
  cudaMemcpyAsync(data, v.data(), v.size() * sizeof(float),
                  dev == -1 ? cudaMemcpyHostToHost : cudaMemcpyHostToDevice, s);
}
// CHECK: pageable-async-copy-kind-select.cu:11:3: warning: 'v.data()' is a std::vector's storage, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]
// CHECK: pageable-async-copy-kind-select.cu:9:52: note: the std::vector is declared here
// CHECK: pageable-async-copy-kind-select.cu:11:3: note: the copy engines read only page-locked memory, so the driver stages the data through a pinned buffer with the CPU: the call blocks the host until the copy is done, and the copy runs several times slower than from pinned memory
// CHECK: pageable-async-copy-kind-select.cu:11:3: note: allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer
void either(float *a, float *b, bool up, cudaStream_t s) {
  std::vector<float> h(8);
  cudaMemcpyAsync(up ? a : h.data(), up ? h.data() : b, 32,
                  up ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost, s);
}
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file
