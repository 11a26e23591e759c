// 2D matrix add with several block shapes (seeds: sumMatrixOnGPU2D with (32,32), (32,16), (16,32),
// (16,16)). sumMatrix2D<40, 2> is the anti-pattern (block-size-not-multiple-of-32: 80 threads in 3
// warps, 16 of 96 lanes idle); every other shape fills whole warps and is a fixed twin. 48x2 is the
// direct one (96 threads: the same 3 warps per block with no idle lane), 32x2 the other fix the
// rule suggests (64 threads). The kernel is memory-bound, so the shapes also differ in achieved
// occupancy and in how many blocks the SMs must schedule. Self-checking: C == A + B elementwise;
// exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kNx = 1 << 13;
constexpr int kNy = 1 << 13;

template <int BX, int BY>
__global__ void __launch_bounds__(BX *BY)
    sumMatrix2D(const float *a, const float *b, float *c, int nx, int ny) {
  unsigned ix = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned iy = threadIdx.y + blockIdx.y * blockDim.y;
  if (ix < static_cast<unsigned>(nx) && iy < static_cast<unsigned>(ny)) {
    unsigned idx = iy * nx + ix;
    c[idx] = a[idx] + b[idx];
  }
}

static dim3 gridFor(dim3 block) {
  return dim3((kNx + block.x - 1) / block.x, (kNy + block.y - 1) / block.y);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  const size_t count = static_cast<size_t>(kNx) * kNy;
  const size_t bytes = count * sizeof(float);

  std::vector<float> a(count), b(count), got(count);
  for (size_t i = 0; i < count; ++i) {
    a[i] = static_cast<float>(i % 1000) * 0.5f;
    b[i] = static_cast<float>(i % 777) * 0.25f;
  }
  std::vector<float> want(count);
  for (size_t i = 0; i < count; ++i)
    want[i] = a[i] + b[i];

  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMalloc(&dc, bytes));
  CUDA_CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, dim3 block, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), dc, bytes, cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("matrix_add", name, role, gridFor(block), block, 1, t, ok);
    CUDA_CHECK(cudaMemsetAsync(dc, 0, bytes, stream));
  };

  CUDA_CHECK(cudaMemsetAsync(dc, 0, bytes, stream));
  check("sumMatrix2D<40,2>", "anti", dim3(40, 2), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<40, 2>
              <<<gridFor(dim3(40, 2)), dim3(40, 2), 0, stream>>>(da, db, dc, kNx, kNy);
        }));
  check("sumMatrix2D<48,2>", "fixed", dim3(48, 2), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<48, 2>
              <<<gridFor(dim3(48, 2)), dim3(48, 2), 0, stream>>>(da, db, dc, kNx, kNy);
        }));
  check("sumMatrix2D<32,2>", "fixed", dim3(32, 2), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<32, 2>
              <<<gridFor(dim3(32, 2)), dim3(32, 2), 0, stream>>>(da, db, dc, kNx, kNy);
        }));
  check("sumMatrix2D<32,32>", "fixed", dim3(32, 32), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<32, 32>
              <<<gridFor(dim3(32, 32)), dim3(32, 32), 0, stream>>>(da, db, dc, kNx, kNy);
        }));
  check("sumMatrix2D<32,16>", "fixed", dim3(32, 16), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<32, 16>
              <<<gridFor(dim3(32, 16)), dim3(32, 16), 0, stream>>>(da, db, dc, kNx, kNy);
        }));
  check("sumMatrix2D<16,32>", "fixed", dim3(16, 32), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<16, 32>
              <<<gridFor(dim3(16, 32)), dim3(16, 32), 0, stream>>>(da, db, dc, kNx, kNy);
        }));
  check("sumMatrix2D<16,16>", "fixed", dim3(16, 16), bench::timeLaunches(opts, stream, [&] {
          sumMatrix2D<16, 16>
              <<<gridFor(dim3(16, 16)), dim3(16, 16), 0, stream>>>(da, db, dc, kNx, kNy);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  return failures == 0 ? 0 : 1;
}
