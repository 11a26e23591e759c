// A lambda held by a local variable that the code only calls (xgboost's allreduce: `auto
// recv_size = [&](std::int32_t peer, std::int64_t *n) { ... cudaMemcpyAsync(n, ...) ... };`,
// called with `&n` of a stack variable) has all its calls in view: its pointer parameter takes
// the kind every call passes. A lambda that is copied, stored or passed on may be called where
// no call shows it, and calls that disagree (one pinned buffer) leave the copy silent.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=pageable-async-copy %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note: \
// RUN:   -D'MSG=, so this copy is staged through a pinned buffer and does not run asynchronously [pageable-async-copy]' \
// RUN:   -D'D2H=the copy engines write only page-locked memory, so the data goes through a pinned staging buffer: the call blocks the host until the copy is done, and the copy runs several times slower than into pinned memory' \
// RUN:   -D'FIX=allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), cudaHostRegister a buffer you do not own, or copy a large one through a reusable pinned staging buffer'
#include <functional>

void exchangeSizes(cudaStream_t s, long long *dsize) {
  auto recvSize = [&](int peer, long long *n) {
    return cudaMemcpyAsync(n, dsize + peer, sizeof(*n), cudaMemcpyDeviceToHost, s);
    // CHECK: pageable-async-copy-lambda.cu:[[@LINE-1]]:12: warning: 'n' is a stack variable[[MSG]]
    // CHECK-NEXT: {{^}}    return cudaMemcpyAsync(n, dsize + peer, sizeof(*n), cudaMemcpyDeviceToHost, s);
    // CHECK-NEXT: {{^}}           ^{{~+$}}
    // CHECK-NEXT: pageable-async-copy-lambda.cu:[[@LINE+4]]:13: note: the stack variable is declared here (and 1 more place)
    // CHECK-NEXT: pageable-async-copy-lambda.cu:[[@LINE-5]]:12: note: [[D2H]]
    // CHECK-NEXT: pageable-async-copy-lambda.cu:[[@LINE-6]]:12: note: [[FIX]]
  };
  long long got = 0;
  recvSize(1, &got);
  long long more = 0;
  recvSize(2, &more);
}

// Stored in a std::function: called where no call here shows it.
void storedAway(cudaStream_t s, long long *dsize, std::function<void(long long *)> *out) {
  auto recvSize = [&](long long *n) { cudaMemcpyAsync(n, dsize, 8, cudaMemcpyDeviceToHost, s); };
  long long got = 0;
  recvSize(&got);
  *out = recvSize;
}

// One call passes a buffer of unknown origin.
void mixed(cudaStream_t s, long long *dsize, long long *elsewhere) {
  auto recvSize = [&](long long *n) { cudaMemcpyAsync(n, dsize, 8, cudaMemcpyDeviceToHost, s); };
  long long got = 0;
  recvSize(&got);
  recvSize(elsewhere);
}

// Passed straight to another function: not held by a variable, so not followed (silent).
template <typename F> void withRetry(F f, long long *p) { f(p); }
void passedOn(cudaStream_t s, long long *dsize) {
  long long got = 0;
  withRetry([&](long long *n) { cudaMemcpyAsync(n, dsize, 8, cudaMemcpyDeviceToHost, s); }, &got);
}
