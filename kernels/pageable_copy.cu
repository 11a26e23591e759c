// An asynchronous copy from or to pageable host memory beside a kernel in another stream (seeds:
// "memory copies with the Async suffix are asynchronous if the host memory is pinned"). A team
// that moved its work onto streams expects the copy to hide behind the kernel; from malloc'ed
// memory the driver stages it through a pinned buffer of its own and it does not. Each case
// launches a busy kernel (about 15 ms) on stream A and copies 256 MiB on stream B:
// uploadPageable / downloadPageable copy from / to malloc'ed memory (pageable-async-copy), their
// fixed twins uploadPinned / downloadPinned the same bytes from / to cudaMallocHost memory. One
// timed repeat is the kernel and the copy, between events on stream A that waits for stream B.
// Self-checking: the bytes that arrive are compared with those sent; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <cstdlib>
#include <vector>

constexpr size_t kBytes = size_t(256) << 20;
constexpr size_t kWords = kBytes / sizeof(unsigned);
constexpr int kBlock = 32;
constexpr int kSpinCalibration = 1 << 20;
constexpr float kKernelMs = 15.0f;

__device__ inline void spinBody(unsigned *out, int iters) {
  unsigned x = threadIdx.x;
  for (int i = 0; i < iters; ++i)
    x = x * 747796405u + 2891336453u;
  out[threadIdx.x] = x;
}

__global__ void __launch_bounds__(kBlock) busyUploadPageable(unsigned *out, int iters) {
  spinBody(out, iters);
}
__global__ void __launch_bounds__(kBlock) busyUploadPinned(unsigned *out, int iters) {
  spinBody(out, iters);
}
__global__ void __launch_bounds__(kBlock) busyDownloadPageable(unsigned *out, int iters) {
  spinBody(out, iters);
}
__global__ void __launch_bounds__(kBlock) busyDownloadPinned(unsigned *out, int iters) {
  spinBody(out, iters);
}

struct Setup {
  bench::Options opts;
  cudaStream_t kernelStream, copyStream;
  cudaEvent_t fork, join;
  unsigned *spinOut, *device;
  int iters;
};

// Stream B starts with stream A (fork) and stream A ends after stream B (join), so that events on
// stream A time the pair.
void forkCopyStream(const Setup &s) {
  CUDA_CHECK(cudaEventRecord(s.fork, s.kernelStream));
  CUDA_CHECK(cudaStreamWaitEvent(s.copyStream, s.fork, 0));
}
void joinCopyStream(const Setup &s) {
  CUDA_CHECK(cudaEventRecord(s.join, s.copyStream));
  CUDA_CHECK(cudaStreamWaitEvent(s.kernelStream, s.join, 0));
}

void fill(unsigned *h, unsigned seed) {
  for (size_t i = 0; i < kWords; ++i)
    h[i] = static_cast<unsigned>(i) * 2654435761u + seed;
}

bool arrived(const unsigned *h, unsigned seed) {
  for (size_t i = 0; i < kWords; ++i)
    if (h[i] != static_cast<unsigned>(i) * 2654435761u + seed)
      return false;
  return true;
}

// The device buffer, read back into pageable memory with a synchronous copy (not measured).
bool deviceHolds(const Setup &s, unsigned seed) {
  std::vector<unsigned> back(kWords);
  CUDA_CHECK(cudaMemcpy(back.data(), s.device, kBytes, cudaMemcpyDeviceToHost));
  return arrived(back.data(), seed);
}

bool uploadPageable(const Setup &s, bench::Timing &t) {
  unsigned *host = static_cast<unsigned *>(std::malloc(kBytes));
  fill(host, 1);
  t = bench::timeLaunches(s.opts, s.kernelStream, [&] {
    forkCopyStream(s);
    busyUploadPageable<<<1, kBlock, 0, s.kernelStream>>>(s.spinOut, s.iters);
    cudaMemcpyAsync(s.device, host, kBytes, cudaMemcpyHostToDevice, s.copyStream);
    joinCopyStream(s);
  });
  std::free(host);
  return deviceHolds(s, 1);
}

bool uploadPinned(const Setup &s, bench::Timing &t) {
  unsigned *host;
  CUDA_CHECK(cudaMallocHost(&host, kBytes));
  fill(host, 2);
  t = bench::timeLaunches(s.opts, s.kernelStream, [&] {
    forkCopyStream(s);
    busyUploadPinned<<<1, kBlock, 0, s.kernelStream>>>(s.spinOut, s.iters);
    cudaMemcpyAsync(s.device, host, kBytes, cudaMemcpyHostToDevice, s.copyStream);
    joinCopyStream(s);
  });
  CUDA_CHECK(cudaFreeHost(host));
  return deviceHolds(s, 2);
}

bool downloadPageable(const Setup &s, bench::Timing &t) {
  unsigned *host = static_cast<unsigned *>(std::malloc(kBytes));
  t = bench::timeLaunches(s.opts, s.kernelStream, [&] {
    forkCopyStream(s);
    busyDownloadPageable<<<1, kBlock, 0, s.kernelStream>>>(s.spinOut, s.iters);
    cudaMemcpyAsync(host, s.device, kBytes, cudaMemcpyDeviceToHost, s.copyStream);
    joinCopyStream(s);
  });
  bool ok = arrived(host, 2);
  std::free(host);
  return ok;
}

bool downloadPinned(const Setup &s, bench::Timing &t) {
  unsigned *host;
  CUDA_CHECK(cudaMallocHost(&host, kBytes));
  t = bench::timeLaunches(s.opts, s.kernelStream, [&] {
    forkCopyStream(s);
    busyDownloadPinned<<<1, kBlock, 0, s.kernelStream>>>(s.spinOut, s.iters);
    cudaMemcpyAsync(host, s.device, kBytes, cudaMemcpyDeviceToHost, s.copyStream);
    joinCopyStream(s);
  });
  bool ok = arrived(host, 2);
  CUDA_CHECK(cudaFreeHost(host));
  return ok;
}

int main(int argc, char **argv) {
  Setup s;
  s.opts = bench::parseOptions(argc, argv);
  CUDA_CHECK(cudaStreamCreateWithFlags(&s.kernelStream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaStreamCreateWithFlags(&s.copyStream, cudaStreamNonBlocking));
  CUDA_CHECK(cudaEventCreateWithFlags(&s.fork, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventCreateWithFlags(&s.join, cudaEventDisableTiming));
  CUDA_CHECK(cudaMalloc(&s.spinOut, kBlock * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&s.device, kBytes));

  // The kernel's spin count for about kKernelMs on this GPU.
  s.iters = kSpinCalibration;
  bench::Timing calib = bench::timeLaunches(s.opts, s.kernelStream, [&] {
    busyUploadPinned<<<1, kBlock, 0, s.kernelStream>>>(s.spinOut, s.iters);
  });
  if (calib.error != cudaSuccess || calib.medianMs <= 0)
    return 2;
  s.iters = static_cast<int>(kSpinCalibration * (kKernelMs / calib.medianMs));
  bench::Timing kernelAlone = bench::timeLaunches(s.opts, s.kernelStream, [&] {
    busyUploadPinned<<<1, kBlock, 0, s.kernelStream>>>(s.spinOut, s.iters);
  });
  std::fprintf(stderr, "pageable_copy: %d spin iterations, kernel alone %.3f ms\n", s.iters,
               kernelAlone.medianMs);

  int failures = 0;
  struct Case {
    const char *name, *role;
    bool (*run)(const Setup &, bench::Timing &);
  };
  const Case cases[] = {{"uploadPageable", "anti", uploadPageable},
                        {"uploadPinned", "fixed", uploadPinned},
                        {"downloadPageable", "anti", downloadPageable},
                        {"downloadPinned", "fixed", downloadPinned}};
  for (const Case &c : cases) {
    bench::Timing t;
    bool ok = c.run(s, t);
    failures += ok ? 0 : 1;
    bench::report("pageable_copy", c.name, c.role, dim3(1), dim3(kBlock), 1, t, ok);
  }

  CUDA_CHECK(cudaFree(s.device));
  CUDA_CHECK(cudaFree(s.spinOut));
  CUDA_CHECK(cudaStreamDestroy(s.kernelStream));
  CUDA_CHECK(cudaStreamDestroy(s.copyStream));
  return failures == 0 ? 0 : 1;
}
