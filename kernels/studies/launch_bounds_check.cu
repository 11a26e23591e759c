// What the three outcomes of missing-launch-bounds' checked fix-it cost on a GPU (issue 36,
// item 5): the kernels of test/lit/ptxas-rules/Inputs/bounds.cu without a bound (namespace
// plain) and with the bound cuda-lint proposes (namespace bounded: the copy
// launch_bounds_check.sh makes, as cuda-lint --resource-usage compiles it):
//   stencil  16x16 threads; ptxas (CUDA 13.0, sm_90): 36 -> 31 registers, theoretical occupancy
//            75% -> 100% ("raises-occupancy", the fix-it is offered)
//   mix40    256 threads; 56 -> 64 registers, 50% either way ("no-change", offered)
//   mix64    launched with 768 threads here (the most that fit without the bound), the bound
//            being 1024 (its largest launch in bounds.cu): 79 -> 64 registers and spills
//            ("adds-spills", not offered)
// Each line of output is one case's JSON (kernels/common/bench.cuh), plus the registers and
// local memory the GPU reports for each kernel (cudaFuncGetAttributes). Self-checking: each
// bounded kernel's output is compared with its plain twin's (exit 1 on a mismatch).
// Build: see launch_bounds_check.sh.
#include "common/bench.cuh"

namespace plain {
#include "bounds.cu"
}
namespace bounded {
#include "bounds_bounded.cu"
}

#include <vector>

template <typename K> void attributes(const char *name, K kernel) {
  cudaFuncAttributes a;
  CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  std::printf("{\"kernel\": \"%s\", \"registers\": %d, \"local_bytes\": %zu}\n", name, a.numRegs,
              a.localSizeBytes);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  const char *prog = "launch_bounds_check";
  cudaStream_t s;
  CUDA_CHECK(cudaStreamCreate(&s));
  attributes("plain::stencil", plain::stencil);
  attributes("bounded::stencil", bounded::stencil);
  attributes("plain::mix40", plain::mix40);
  attributes("bounded::mix40", bounded::mix40);
  attributes("plain::mix64", plain::mix64);
  attributes("bounded::mix64", bounded::mix64);

  const int n = 1 << 24, cols = 4096; // the stencil works on a 4096 x 4096 grid
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = float((i * 37) % 101) * 0.01f + 1.0f;
  float *in, *pw, *out;
  CUDA_CHECK(cudaMalloc(&in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&pw, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(pw, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  int failures = 0;
  std::vector<float> want(n), got(n);
  // The stencil's last tile column and row read shared memory that no thread of the block wrote
  // (cells past the grid's edge), so only the cells away from them are compared.
  auto interior = [&](std::vector<float> &v) {
    for (int i = 0; i < n; ++i)
      if (i % cols >= cols - 16 || i / cols >= cols - 16)
        v[i] = 0;
  };
  auto twins = [&](const char *name, dim3 grid, dim3 block, auto plainLaunch, auto boundedLaunch,
                   bool edges = true) {
    CUDA_CHECK(cudaMemset(out, 0, n * sizeof(float)));
    bench::Timing a = bench::timeLaunches(opts, s, plainLaunch);
    CUDA_CHECK(cudaMemcpy(want.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemset(out, 0, n * sizeof(float)));
    bench::Timing b = bench::timeLaunches(opts, s, boundedLaunch);
    CUDA_CHECK(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
    if (!edges) {
      interior(want);
      interior(got);
    }
    bool same = bench::countMismatches(name, got, want) == 0;
    failures += same && a.error == cudaSuccess && b.error == cudaSuccess ? 0 : 1;
    std::string plainName = std::string(name) + " plain";
    std::string boundedName = std::string(name) + " bounded";
    bench::report(prog, plainName.c_str(), "without-bound", grid, block, 1, a, true);
    bench::report(prog, boundedName.c_str(), "with-bound", grid, block, 1, b, same);
  };
  // 2 steps per launch: each 16x16 block computes a 12x12 tile.
  dim3 sg((cols + 11) / 12, (cols + 11) / 12), sb(16, 16);
  twins("stencil", sg, sb,
        [&] { plain::stencil<<<sg, sb, 0, s>>>(2, in, out, pw, cols, cols, 0.1f, 0.2f, 1.f, 2.f,
                                                3.f, 4.f, 5.f, 6.f); },
        [&] { bounded::stencil<<<sg, sb, 0, s>>>(2, in, out, pw, cols, cols, 0.1f, 0.2f, 1.f, 2.f,
                                                  3.f, 4.f, 5.f, 6.f); },
        false);
  twins("mix40", dim3(n / 256), dim3(256),
        [&] { plain::mix40<<<n / 256, 256, 0, s>>>(out, in, n); },
        [&] { bounded::mix40<<<n / 256, 256, 0, s>>>(out, in, n); });
  twins("mix64", dim3(n / 768), dim3(768),
        [&] { plain::mix64<<<n / 768, 768, 0, s>>>(out, in, n); },
        [&] { bounded::mix64<<<n / 768, 768, 0, s>>>(out, in, n); });
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(pw));
  CUDA_CHECK(cudaFree(out));
  return failures ? 1 : 0;
}
