// A TU that registers (cudaHostRegister) the data of a std::vector it reaches through a pointer
// or a reference may have registered any vector: every vector stays silent. One that registers
// a vector it names directly has pinned that one: another vector named directly is still
// pageable, one reached through a pointer or a reference may be the registered one.
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.named -- %cuda-lint --rules=pageable-async-copy --extra-arg=-DNAMED %s
// RUN: FileCheck %s --check-prefix=NAMED --input-file=%t.named --implicit-check-not=warning: --implicit-check-not=note:
#include <vector>
#ifndef NAMED
void pin(std::vector<float> &v) {
  cudaHostRegister(v.data(), v.size() * sizeof(float), cudaHostRegisterDefault);
}
#endif
void through(float *d, std::vector<float> *p, const std::vector<float> &r, cudaStream_t s) {
  cudaMemcpyAsync(d, p->data(), p->size() * sizeof(float), cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(d, r.data(), r.size() * sizeof(float), cudaMemcpyHostToDevice, s);
  std::vector<float> local(8);
  cudaMemcpyAsync(d, local.data(), 32, cudaMemcpyHostToDevice, s);
#ifdef NAMED
  std::vector<float> pinned(8);
  cudaHostRegister(pinned.data(), 32, cudaHostRegisterDefault);
  cudaMemcpyAsync(d, pinned.data(), 32, cudaMemcpyHostToDevice, s);
#endif
}

// CHECK: cuda-lint: 0 warnings and 0 errors in 0 files
// NAMED: pageable-async-copy-containers-register.cu:19:3: warning: 'local.da...' is a std::vector's storage, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]
// NAMED: pageable-async-copy-containers-register.cu:18:22: note: the std::vector is declared here
// NAMED: pageable-async-copy-containers-register.cu:19:3: note: the copy engines read only page-locked memory, so the driver stages the data through a pinned buffer with the CPU: the call blocks the host until the copy is done, and the copy runs several times slower than from pinned memory
// NAMED: pageable-async-copy-containers-register.cu:19:3: note: allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer
// NAMED: cuda-lint: 1 warning and 0 errors in 1 file
