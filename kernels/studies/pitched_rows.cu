// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the eighth blind set's InfiniTAM idioms cost (issue 35), each against its fixed twin:
//   normalsW:   16x16 blocks over a pitched image write only `.w` of 16-byte pixels (the view
//               builder's invalid-depth path, taken here by every pixel): lanes 16 bytes apart,
//               two rows a run-time pitch apart, 16 sectors per request for 4; fixed: `.w` in a
//               float array of its own. uncoalesced-global-access warns.
//   borderW:    the same store only in the image's border arm (`x < 2 || x > w - 2 || y < 2 ||
//               y > h - 2`), every other pixel writing all four fields; fixed: the border arm
//               writes all four fields too. The rule leaves such an edge-only path alone.
//   surfelCopy: `Surfel s = surfels[i]` (36 bytes) read only through `confidence` and `timestamp`
//               (the surfel engine's stability test); fixed: those two fields in arrays of their
//               own. uncoalesced-global-access warns.
// Result (results/pitched_rows_h100.txt, H100, 2026-11-27, medians of 5 runs): normalsW 3.01x,
// borderW 1.00x, surfelCopy 2.36x: the two warnings are right, and so is the silence on the
// border's path.
// Each line of output is one case's JSON (kernels/common/bench.cuh). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o pr kernels/studies/pitched_rows.cu && ./pr
#include "common/bench.cuh"

struct Vec4 {
  float x, y, z, w;
};
struct Surfel {
  float pos[3], normal[3];
  float confidence, radius;
  int timestamp;
};

constexpr int kW = 4096, kH = 4096;

__global__ void normalsW(const float *depth, Vec4 *normals, int width, int height) {
  int x = threadIdx.x + blockIdx.x * blockDim.x, y = threadIdx.y + blockIdx.y * blockDim.y;
  if (x >= width || y >= height)
    return;
  int idx = x + y * width;
  normals[idx].w = depth[idx] < 0.0f ? -1.0f : 1.0f;
}

__global__ void normalsWSoA(const float *depth, float *w, int width, int height) {
  int x = threadIdx.x + blockIdx.x * blockDim.x, y = threadIdx.y + blockIdx.y * blockDim.y;
  if (x >= width || y >= height)
    return;
  int idx = x + y * width;
  w[idx] = depth[idx] < 0.0f ? -1.0f : 1.0f;
}

template <bool AllFields>
__global__ void borderW(const float *depth, Vec4 *normals, int width, int height) {
  int x = threadIdx.x + blockIdx.x * blockDim.x, y = threadIdx.y + blockIdx.y * blockDim.y;
  if (x >= width || y >= height)
    return;
  int idx = x + y * width;
  if (x < 2 || x > width - 2 || y < 2 || y > height - 2) {
    if (AllFields)
      normals[idx] = Vec4{0.0f, 0.0f, 0.0f, -1.0f};
    else
      normals[idx].w = -1.0f;
    return;
  }
  float z = depth[idx];
  normals[idx] = Vec4{z, 2.0f * z, 3.0f * z, 1.0f};
}

__global__ void surfelCopy(const Surfel *surfels, int n, int now, float minConfidence,
                           unsigned *mask) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n)
    return;
  Surfel s = surfels[id];
  mask[id] = s.confidence < minConfidence && now - s.timestamp > 10;
}

__global__ void surfelSoA(const float *confidence, const int *timestamp, int n, int now,
                          float minConfidence, unsigned *mask) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id >= n)
    return;
  mask[id] = confidence[id] < minConfidence && now - timestamp[id] > 10;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  const size_t pixels = static_cast<size_t>(kW) * kH;
  std::vector<float> hDepth(pixels);
  for (size_t i = 0; i < pixels; ++i)
    hDepth[i] = (i % 7 == 0) ? -1.0f : static_cast<float>(i % 13);
  float *dDepth, *dW;
  Vec4 *dNormals;
  CUDA_CHECK(cudaMalloc(&dDepth, pixels * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dW, pixels * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dNormals, pixels * sizeof(Vec4)));
  CUDA_CHECK(cudaMemcpy(dDepth, hDepth.data(), pixels * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(16, 16), grid(kW / 16, kH / 16);

  // normalsW against its struct of arrays.
  CUDA_CHECK(cudaMemset(dNormals, 0, pixels * sizeof(Vec4)));
  bench::studyLine("normalsW", "anti", bench::timeLaunches(opts, stream, [&] {
         normalsW<<<grid, block, 0, stream>>>(dDepth, dNormals, kW, kH);
       }));
  bench::studyLine("normalsWSoA", "fixed", bench::timeLaunches(opts, stream, [&] {
         normalsWSoA<<<grid, block, 0, stream>>>(dDepth, dW, kW, kH);
       }));
  std::vector<Vec4> hN(pixels);
  std::vector<float> hW(pixels);
  CUDA_CHECK(cudaMemcpy(hN.data(), dNormals, pixels * sizeof(Vec4), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(hW.data(), dW, pixels * sizeof(float), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < pixels; ++i)
    if (hN[i].w != hW[i]) {
      std::fprintf(stderr, "normalsW: mismatch at %zu\n", i);
      ++failures;
      break;
    }

  // borderW: the border arm's lone `.w` against all four fields.
  std::vector<Vec4> hB[2];
  for (int all = 0; all < 2; ++all) {
    CUDA_CHECK(cudaMemset(dNormals, 0, pixels * sizeof(Vec4)));
    auto launch = [&] {
      if (all)
        borderW<true><<<grid, block, 0, stream>>>(dDepth, dNormals, kW, kH);
      else
        borderW<false><<<grid, block, 0, stream>>>(dDepth, dNormals, kW, kH);
    };
    bench::studyLine(all ? "borderAllFields" : "borderW", all ? "fixed" : "anti",
         bench::timeLaunches(opts, stream, launch));
    hB[all].resize(pixels);
    CUDA_CHECK(cudaMemcpy(hB[all].data(), dNormals, pixels * sizeof(Vec4),
                          cudaMemcpyDeviceToHost));
  }
  for (size_t i = 0; i < pixels; ++i)
    if (hB[0][i].w != hB[1][i].w) {
      std::fprintf(stderr, "borderW: mismatch at %zu\n", i);
      ++failures;
      break;
    }

  // surfelCopy against two arrays.
  const int n = 1 << 24;
  std::vector<Surfel> hS(n);
  std::vector<float> hC(n);
  std::vector<int> hT(n);
  for (int i = 0; i < n; ++i) {
    hS[i] = Surfel{};
    hS[i].confidence = hC[i] = static_cast<float>(i % 11);
    hS[i].timestamp = hT[i] = i % 37;
  }
  Surfel *dS;
  float *dC;
  int *dT;
  unsigned *dM[2];
  CUDA_CHECK(cudaMalloc(&dS, n * sizeof(Surfel)));
  CUDA_CHECK(cudaMalloc(&dC, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dT, n * sizeof(int)));
  for (unsigned *&M : dM)
    CUDA_CHECK(cudaMalloc(&M, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(dS, hS.data(), n * sizeof(Surfel), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dC, hC.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dT, hT.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  bench::studyLine("surfelCopy", "anti", bench::timeLaunches(opts, stream, [&] {
         surfelCopy<<<n / 256, 256, 0, stream>>>(dS, n, 40, 5.0f, dM[0]);
       }));
  bench::studyLine("surfelSoA", "fixed", bench::timeLaunches(opts, stream, [&] {
         surfelSoA<<<n / 256, 256, 0, stream>>>(dC, dT, n, 40, 5.0f, dM[1]);
       }));
  std::vector<unsigned> m0(n), m1(n);
  CUDA_CHECK(cudaMemcpy(m0.data(), dM[0], n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(m1.data(), dM[1], n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  if (m0 != m1) {
    std::fprintf(stderr, "surfelCopy: masks differ\n");
    ++failures;
  }
  CUDA_CHECK(cudaFree(dDepth));
  CUDA_CHECK(cudaFree(dW));
  CUDA_CHECK(cudaFree(dNormals));
  CUDA_CHECK(cudaFree(dS));
  CUDA_CHECK(cudaFree(dC));
  CUDA_CHECK(cudaFree(dT));
  for (unsigned *M : dM)
    CUDA_CHECK(cudaFree(M));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
