// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Shared host-side helpers for the reference programs in kernels/: error checks, command-line
// options, CUDA-event timing (warm-up + median of repeats) and the one-JSON-line-per-case report
// that kernels/harness/cuda_lint_bench.py collects. No kernels live here.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CUDA_CHECK(call)                                                                           \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,                    \
                   cudaGetErrorString(err_));                                                      \
      std::exit(2);                                                                                \
    }                                                                                              \
  } while (0)

namespace bench {

struct Options {
  int warmup = 3;
  int repeats = 20;
};

// Accepts --warmup N and --repeats N (also --warmup=N); anything else is a usage error.
inline Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string value;
    auto take = [&](const char *name, int &dst) {
      std::string n = name;
      if (a == n && i + 1 < argc) {
        value = argv[++i];
      } else if (a.rfind(n + "=", 0) == 0) {
        value = a.substr(n.size() + 1);
      } else {
        return false;
      }
      dst = std::atoi(value.c_str());
      return true;
    };
    if (take("--warmup", o.warmup) || take("--repeats", o.repeats))
      continue;
    std::fprintf(stderr, "usage: %s [--warmup N] [--repeats N]\n", argv[0]);
    std::exit(2);
  }
  o.warmup = std::max(0, o.warmup);
  o.repeats = std::max(1, o.repeats);
  return o;
}

struct Timing {
  cudaError_t error = cudaSuccess; // first launch error, if the launch itself failed
  float medianMs = 0, minMs = 0, maxMs = 0;
  int repeats = 0;
  std::vector<float> samples;
};

// Runs `launch` opts.warmup times, then opts.repeats times between two events recorded on
// `timingStream`, and returns the median elapsed time. `launch` enqueues the work; launch errors
// are caught with cudaGetLastError right after the first call and stop the measurement.
template <typename Launch>
Timing timeLaunches(const Options &opts, cudaStream_t timingStream, Launch launch) {
  Timing t;
  for (int i = 0; i < opts.warmup + opts.repeats && t.error == cudaSuccess; ++i) {
    if (i < opts.warmup) {
      launch();
      t.error = cudaGetLastError();
      continue;
    }
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start, timingStream));
    launch();
    t.error = cudaGetLastError();
    CUDA_CHECK(cudaEventRecord(stop, timingStream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    if (t.error == cudaSuccess)
      t.samples.push_back(ms);
  }
  CUDA_CHECK(cudaDeviceSynchronize());
  if (!t.samples.empty()) {
    std::vector<float> s = t.samples;
    std::sort(s.begin(), s.end());
    size_t n = s.size();
    t.medianMs = n % 2 ? s[n / 2] : 0.5f * (s[n / 2 - 1] + s[n / 2]);
    t.minMs = s.front();
    t.maxMs = s.back();
    t.repeats = static_cast<int>(n);
  }
  return t;
}

// One JSON object per measured case on stdout. `status` is "ok", "launch-failed" or "wrong-result".
inline void report(const char *program, const char *caseName, const char *role, dim3 grid,
                   dim3 block, int launchesPerRepeat, const Timing &t, bool verified) {
  const char *status = t.error != cudaSuccess ? "launch-failed" : verified ? "ok" : "wrong-result";
  std::printf("{\"program\": \"%s\", \"case\": \"%s\", \"role\": \"%s\", "
              "\"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], \"launches_per_repeat\": %d, "
              "\"status\": \"%s\", \"median_ms\": %.6f, \"min_ms\": %.6f, \"max_ms\": %.6f, "
              "\"repeats\": %d",
              program, caseName, role, grid.x, grid.y, grid.z, block.x, block.y, block.z,
              launchesPerRepeat, status, t.medianMs, t.minMs, t.maxMs, t.repeats);
  if (t.error != cudaSuccess)
    std::printf(", \"error\": \"%s\", \"error_name\": \"%s\"", cudaGetErrorString(t.error),
                cudaGetErrorName(t.error));
  std::printf("}\n");
  std::fflush(stdout);
}

// The studies' (kernels/studies) one line per case: its name, role and timing, no launch shape.
inline void studyLine(const char *name, const char *role, const Timing &t) {
  std::printf("{\"case\": \"%s\", \"role\": \"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, "
              "\"max_ms\": %.4f}\n",
              name, role, t.medianMs, t.minMs, t.maxMs);
}

// Counts mismatches between two host arrays and prints the first few to stderr.
template <typename T>
size_t countMismatches(const char *what, const std::vector<T> &got, const std::vector<T> &want) {
  size_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    if (got[i] == want[i])
      continue;
    if (bad++ < 5)
      std::fprintf(stderr, "%s: mismatch at %zu: got %.9g, want %.9g\n", what, i,
                   static_cast<double>(got[i]), static_cast<double>(want[i]));
  }
  return bad;
}

} // namespace bench
