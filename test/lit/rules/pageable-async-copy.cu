// pageable-async-copy (issue 37): every kind of pageable host buffer an asynchronous copy can use
// (malloc, calloc, realloc, new[], new, std::vector, std::array, std::string, stack, global and
// static arrays), followed through assignments, casts, pointer arithmetic, a helper that returns
// it, struct and class members, parameters and wrappers; every copy API; cudaMemcpyDefault; each
// way a buffer is pinned; and what stays silent (unknown origin, pinned or registered on one path
// only, device-to-device, host-to-host, synchronous copies, NOLINT).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note: \
// RUN:   -D'MSG=, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]' \
// RUN:   -D'H2D=the copy engines read only page-locked memory, so the driver stages the data through a pinned buffer with the CPU: the call blocks the host until the copy is done, and the copy runs several times slower than from pinned memory' \
// RUN:   -D'D2H=the copy engines write only page-locked memory, so the data goes through a pinned staging buffer: the call blocks the host until the copy is done, and the copy runs several times slower than into pinned memory' \
// RUN:   -D'FIX=allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer'
// JSON names the rule on every finding (what the accuracy scoring reads).
// RUN: %expect-exit 1 --stdout %t.json -- %cuda-lint --format=json --rules=pageable-async-copy %s
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// JSON-COUNT-37: "rule": "pageable-async-copy"
// JSON-NOT: "rule":
#include <cuda.h>

#include <array>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    if ((call) != cudaSuccess)                                                                     \
      std::abort();                                                                                \
  } while (0)

constexpr size_t N = 1 << 20;
constexpr size_t Bytes = N * sizeof(float);

__device__ float symbol[256];
__managed__ float managed[256];
float globalTable[256];
float globalInput[256];
static float staticTable[256];

// Every allocation kind.
void allocationKinds(float *d, cudaStream_t s) {
  float *h = (float *)malloc(Bytes);
  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  float *c = static_cast<float *>(calloc(N, sizeof(float)));
  cudaMemcpyAsync(c, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'c' comes from calloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(c, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:35: note: the buffer is allocated here with calloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  float *r = (float *)realloc(nullptr, Bytes);
  cudaMemcpyAsync(d, r, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'r' comes from realloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, r, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:23: note: the buffer is allocated here with realloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  float *a = new float[N];
  cudaMemcpyAsync(d, a, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'a' comes from new[][[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, a, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:14: note: the buffer is allocated here with new[]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  double *one = new double;
  cudaMemcpyAsync(one, d, sizeof(double), cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'one' comes from new[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(one, d, sizeof(double), cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:17: note: the buffer is allocated here with new
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  std::vector<float> v(N);
  cudaMemcpyAsync(v.data(), d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'v.data()' is a std::vector's storage[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(v.data(), d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:22: note: the std::vector is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyAsync(d, &v[0], Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: '&v[0]' is a std::vector's storage[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, &v[0], Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-12]]:22: note: the std::vector is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  std::array<float, 64> arr{};
  cudaMemcpyAsync(d, arr.data(), sizeof(arr), cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'arr.data()' is a std::array[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, arr.data(), sizeof(arr), cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:25: note: the std::array is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  std::string text(64, 'x');
  cudaMemcpyAsync(d, text.data(), text.size(), cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'text.data()' is a std::string's storage[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, text.data(), text.size(), cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:15: note: the std::string is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  float stack[256];
  cudaMemcpyAsync(stack, d, sizeof(stack), cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'stack' is a stack array[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(stack, d, sizeof(stack), cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:9: note: the stack array is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  int count = 0;
  cudaMemcpyAsync(&count, d, sizeof(int), cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: '&count' is a stack variable[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(&count, d, sizeof(int), cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:7: note: the stack variable is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyAsync(d, globalInput, sizeof(globalInput), cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'globalInput' is a global array[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, globalInput, sizeof(globalInput), cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-96]]:7: note: the global array is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  static float local[16];
  cudaMemcpyAsync(d, local, sizeof(local), cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'local' is a static array[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, local, sizeof(local), cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:16: note: the static array is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyToSymbolAsync(symbol, staticTable, sizeof(staticTable), 0, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'staticTable' is a static array[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyToSymbolAsync(symbol, staticTable, sizeof(staticTable), 0, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-110]]:14: note: the static array is declared here
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
}

// Followed through assignments, casts, pointer arithmetic and a helper that returns the buffer.
float *allocHost(size_t n) { return static_cast<float *>(std::malloc(n * sizeof(float))); }

void followed(float *d, cudaStream_t s) {
  float *h;
  h = (float *)malloc(Bytes);
  char *bytes = reinterpret_cast<char *>(h);
  cudaMemcpyAsync(d, bytes + 128, 64, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'bytes + 128' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, bytes + 128, 64, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:16: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyAsync(d, &h[16], 64, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: '&h[16]' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, &h[16], 64, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-13]]:16: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  float *fromHelper = allocHost(N);
  cudaMemcpyAsync(fromHelper, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'fromHelper' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(fromHelper, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-25]]:58: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  CHECK(cudaMemcpyAsync(d, h + 8, 64, cudaMemcpyHostToDevice, s));
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h + 8' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  CHECK(cudaMemcpyAsync(d, h + 8, 64, cudaMemcpyHostToDevice, s));
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-28]]:16: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
}

// Two callers up: the buffer of main-like code, through a loader, to the copy (rodinia huffman).
void streamChunks(float *d, const float *source, cudaStream_t s) {
  const char *bytes = reinterpret_cast<const char *>(source);
  for (size_t i = 0; i < Bytes; i += Bytes / 4)
    cudaMemcpyAsync(d, bytes + i, Bytes / 8, cudaMemcpyHostToDevice, s);
    // CHECK: pageable-async-copy.cu:[[@LINE-1]]:5: warning: 'bytes + i' comes from malloc[[MSG]]
    // CHECK-NEXT: {{^}}    cudaMemcpyAsync(d, bytes + i, Bytes / 8, cudaMemcpyHostToDevice, s);
    // CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
    // CHECK-NEXT: pageable-async-copy.cu:[[@LINE+13]]:26: note: the buffer is allocated here with malloc
    // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:5: note: [[H2D]]
    // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:5: note: [[FIX]]
  cudaMemcpyAsync(d, source, 64, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'source' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, source, 64, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE+6]]:26: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
}
void load(float *d, float *data, cudaStream_t s) { streamChunks(d, data, s); }
void loader(float *d, cudaStream_t s) {
  float *data = (float *)malloc(Bytes);
  load(d, data, s);
}

// Struct members set in the TU.
struct Buffers {
  float *host;
  float *pinned;
};

class Staging {
public:
  explicit Staging(size_t n) : buf_(new float[n]) {}
  void push(float *d, cudaStream_t s) { cudaMemcpyAsync(d, buf_, Bytes, cudaMemcpyHostToDevice, s); }
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:41: warning: 'buf_' comes from new[][[MSG]]
  // CHECK-NEXT: {{^}}  void push(float *d, cudaStream_t s) { cudaMemcpyAsync(d, buf_, Bytes, cudaMemcpyHostToDevice, s); }
  // CHECK-NEXT: {{^}}                                        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:37: note: the buffer is allocated here with new[]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:41: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:41: note: [[FIX]]

private:
  float *buf_;
};

void members(float *d, cudaStream_t s) {
  Buffers b;
  b.host = (float *)malloc(Bytes);
  CHECK(cudaMallocHost(&b.pinned, Bytes));
  cudaMemcpyAsync(d, b.host, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'b.host' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, b.host, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:21: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyAsync(d, b.pinned, Bytes, cudaMemcpyHostToDevice, s); // pinned: silent
  Staging st(N);
  st.push(d, s);
}

// A parameter whose every call passes malloc'ed memory (a function with two copies, not a wrapper).
void roundTrip(float *d, float *h, cudaStream_t s) {
  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE+30]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyAsync(h, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(h, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE+23]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
}

// A parameter whose calls disagree (one pinned): silent.
void roundTripMixed(float *d, float *h, cudaStream_t s) {
  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(h, d, Bytes, cudaMemcpyDeviceToHost, s);
}

// Wrappers: their calls are the copies.
void upload(float *dst, const float *src, size_t n, cudaStream_t s) {
  CHECK(cudaMemcpyAsync(dst, src, n * sizeof(float), cudaMemcpyHostToDevice, s));
}
cudaError_t copyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind, cudaStream_t s) {
  return cudaMemcpyAsync(dst, src, n, kind, s);
}
template <typename T> void download(T *dst, const T *src, size_t n, cudaStream_t s) {
  copyAsync(dst, src, n * sizeof(T), cudaMemcpyDeviceToHost, s);
}

void parametersAndWrappers(float *d, cudaStream_t s) {
  float *h = (float *)malloc(Bytes);
  float *p;
  CHECK(cudaMallocHost(&p, Bytes));
  roundTrip(d, h, s);
  roundTrip(d, h + N / 2, s);
  roundTripMixed(d, h, s);
  roundTripMixed(d, p, s);
  upload(d, h, N, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  upload(d, h, N, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-11]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-22]]:3: note: the copy is made by cudaMemcpyAsync in 'upload'
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-7]]:3: note: [[FIX]]
  upload(d, p, N, s); // pinned: silent
  copyAsync(h, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  copyAsync(h, d, Bytes, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-20]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-28]]:10: note: the copy is made by cudaMemcpyAsync in 'copyAsync'
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-7]]:3: note: [[FIX]]
  copyAsync(d, h, Bytes, cudaMemcpyDeviceToDevice, s); // not host-device: silent
  download(h, d, N, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  download(h, d, N, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-29]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-37]]:10: note: the copy is made by cudaMemcpyAsync in 'download'
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-7]]:3: note: [[FIX]]
  download(p, d, N, s); // pinned: silent
}

// cudaMemcpyDefault: the direction from the pointers' kinds.
void defaultKind(float *unknown, cudaStream_t s) {
  float *d;
  cudaMalloc(&d, Bytes);
  float *h = (float *)malloc(Bytes);
  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyDefault, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyDefault, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-7]]:3: note: with cudaMemcpyDefault the direction comes from the pointers: 'd' comes from cudaMalloc, so this copy is host-to-device
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-7]]:3: note: [[FIX]]
  cudaMemcpyAsync(h, d, Bytes, cudaMemcpyDefault, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(h, d, Bytes, cudaMemcpyDefault, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-13]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-15]]:3: note: with cudaMemcpyDefault the direction comes from the pointers: 'd' comes from cudaMalloc, so this copy is device-to-host
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-7]]:3: note: [[FIX]]
  cudaMemcpyAsync(unknown, h, Bytes, cudaMemcpyDefault, s); // the other side unknown: silent
}

// The other APIs.
void otherApis(float *d, cudaArray_t array, CUdeviceptr dptr, CUstream cs, cudaStream_t s) {
  float *h = (float *)malloc(Bytes);
  cudaMemcpy2DAsync(d, 1024, h, 1024, 1024, 16, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpy2DAsync(d, 1024, h, 1024, 1024, 16, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpy2DToArrayAsync(array, 0, 0, h, 1024, 1024, 16, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpy2DToArrayAsync(array, 0, 0, h, 1024, 1024, 16, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-12]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpy2DFromArrayAsync(h, 1024, array, 0, 0, 1024, 16, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpy2DFromArrayAsync(h, 1024, array, 0, 0, 1024, 16, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-19]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpyFromSymbolAsync(h, symbol, sizeof(symbol), 0, cudaMemcpyDeviceToHost, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyFromSymbolAsync(h, symbol, sizeof(symbol), 0, cudaMemcpyDeviceToHost, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-26]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr(h, 1024, 256, 16);
  p.dstPtr = make_cudaPitchedPtr(d, 1024, 256, 16);
  p.extent = make_cudaExtent(1024, 16, 1);
  p.kind = cudaMemcpyHostToDevice;
  cudaMemcpy3DAsync(&p, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpy3DAsync(&p, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-38]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cuMemcpyHtoDAsync(dptr, h, Bytes, cs);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cuMemcpyHtoDAsync(dptr, h, Bytes, cs);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-45]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cuMemcpyDtoHAsync(h, dptr, Bytes, cs);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cuMemcpyDtoHAsync(h, dptr, Bytes, cs);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-52]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[D2H]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
}

// Each way a buffer is pinned: never reported.
void pinned(float *d, cudaStream_t s) {
  float *a, *b, *m;
  CHECK(cudaMallocHost(&a, Bytes));
  cudaMemcpyAsync(d, a, Bytes, cudaMemcpyHostToDevice, s);
  CHECK(cudaHostAlloc((void **)&b, Bytes, cudaHostAllocDefault));
  cudaMemcpyAsync(b, d, Bytes, cudaMemcpyDeviceToHost, s);
  cudaMallocManaged(&m, Bytes);
  cudaMemcpyAsync(d, m, Bytes, cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(d, managed, sizeof(managed), cudaMemcpyHostToDevice, s);
  float *r = (float *)malloc(Bytes);
  CHECK(cudaHostRegister(r, Bytes, cudaHostRegisterDefault));
  cudaMemcpyAsync(d, r, Bytes, cudaMemcpyHostToDevice, s);
  std::vector<float> v(N);
  cudaHostRegister(v.data(), Bytes, 0);
  cudaMemcpyAsync(v.data(), d, Bytes, cudaMemcpyDeviceToHost, s);
  cudaHostRegister(globalTable, sizeof(globalTable), 0);
  cudaMemcpyAsync(d, globalTable, sizeof(globalTable), cudaMemcpyHostToDevice, s);
}

// Registered after the copy: the copy is still pageable. Registered on one path only: silent.
void registeredLate(float *d, cudaStream_t s, bool pin) {
  float *h = (float *)malloc(Bytes);
  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK: pageable-async-copy.cu:[[@LINE-1]]:3: warning: 'h' comes from malloc[[MSG]]
  // CHECK-NEXT: {{^}}  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s);
  // CHECK-NEXT: {{^}}  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:23: note: the buffer is allocated here with malloc
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-5]]:3: note: [[H2D]]
  // CHECK-NEXT: pageable-async-copy.cu:[[@LINE-6]]:3: note: [[FIX]]
  cudaHostRegister(h, Bytes, 0);
  float *maybe = (float *)malloc(Bytes);
  if (pin)
    cudaHostRegister(maybe, Bytes, 0);
  cudaMemcpyAsync(d, maybe, Bytes, cudaMemcpyHostToDevice, s);
}

// Buffers of unknown origin, device-to-device and host-to-host copies: silent.
extern float *externalBuffer();
template <typename T> struct PinnedAllocator {
  using value_type = T;
  T *allocate(size_t n) {
    T *p;
    cudaMallocHost(&p, n * sizeof(T));
    return p;
  }
  void deallocate(T *p, size_t) { cudaFreeHost(p); }
};
void takesAddress(float **p);

void silent(float *param, float *d, cudaStream_t s, bool which) {
  cudaMemcpyAsync(d, param, Bytes, cudaMemcpyHostToDevice, s); // a parameter nobody calls with
  cudaMemcpyAsync(d, externalBuffer(), Bytes, cudaMemcpyHostToDevice, s);
  float *mixed = (float *)malloc(Bytes);
  if (which)
    cudaMallocHost(&mixed, Bytes);
  cudaMemcpyAsync(d, mixed, Bytes, cudaMemcpyHostToDevice, s);
  float *escaped = (float *)malloc(Bytes);
  takesAddress(&escaped);
  cudaMemcpyAsync(d, escaped, Bytes, cudaMemcpyHostToDevice, s);
  std::vector<float, PinnedAllocator<float>> pv(N);
  cudaMemcpyAsync(d, pv.data(), Bytes, cudaMemcpyHostToDevice, s);
  alignas(float) static char arena[4096];
  float *placed = new (arena) float[16];
  cudaMemcpyAsync(d, placed, 64, cudaMemcpyHostToDevice, s);
  float *h = (float *)malloc(Bytes);
  cudaMemcpyAsync(d, d + N / 2, Bytes / 2, cudaMemcpyDeviceToDevice, s);
  cudaMemcpyAsync(h, h + N / 2, Bytes / 2, cudaMemcpyHostToHost, s);
  cudaMemcpy(d, h, Bytes, cudaMemcpyHostToDevice); // synchronous: another matter
  cudaMemcpyAsync(d, h, Bytes, cudaMemcpyHostToDevice, s); // NOLINT(pageable-async-copy)
}
// CHECK: cuda-lint: 37 warnings and 0 errors in 1 file; 1 file analysed
