// pageable-async-copy: a translation unit that passes a buffer of unknown origin to
// cudaHostRegister may have registered any of its buffers, so its pageable-looking copies are not
// reported; one that registers only known buffers keeps its findings (pageable-async-copy.cu).
// RUN: %expect-exit 0 --stdout %t.out -- %cuda-lint --color=never --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: cuda-lint: 0 warnings and 0 errors in 0 files; 1 file analysed
#include <cstdlib>

void pinForever(void *p, size_t n) { cudaHostRegister(p, n, cudaHostRegisterDefault); }

void upload(float *d, size_t bytes, cudaStream_t s) {
  float *h = (float *)malloc(bytes);
  cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, s);
}
