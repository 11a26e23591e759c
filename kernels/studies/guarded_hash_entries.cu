// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What reading one field of a 16-byte record costs when other fields are read only under a guard
// on it: a voxel hash table's pass over every entry (InfiniTAM's buildCompleteVisibleList_device:
// `if (hashTable[i].ptr >= 0)` then `.pos`, 6 bytes, for a visibility test), each thread using 4
// of the 16 bytes of an empty entry and 10 of an allocated one, against the same kernel reading
// `ptr` and `pos` from arrays of their own (a struct of arrays), with 10%, 50% and 100% of the
// entries allocated (a sparse hash holds mostly empty entries), and with x, y, z, x and y, or x
// alone read (10, 8 and 6 of the 16 bytes used).
// Result (results/guarded_hash_entries_h200.txt, H200, 2026-11-28, medians of 5 runs): 0.93x to
// 1.01x in every case, although ncu counts 3.3x to 5.2x the ideal L2 sectors for the records
// against 1.0x to 1.4x for the arrays: the pass is not bound by the sectors it moves, and the
// arrays make the guarded read a second request that waits for the first. Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o gh kernels/studies/guarded_hash_entries.cu && ./gh
#include "common/bench.cuh"

#include <string>
#include <type_traits>
#include <vector>

struct Entry {
  short x, y, z; // the block's position
  int offset;    // the next entry of its bucket (not read here)
  int ptr;       // the voxel block, or < 0 when empty
};
static_assert(sizeof(Entry) == 16, "InfiniTAM's ITMHashEntry is 16 bytes");

__device__ unsigned char visible(short x, short y, short z, float s) {
  float px = x * s, py = y * s, pz = z * s + 4.f;
  return pz > 0.f && px < 3.f * pz && px > -3.f * pz && py < 3.f * pz && py > -3.f * pz;
}

// Fields: how many of x, y, z the allocated entries read (3: 10 of 16 bytes used, 2: 8, 1: 6).
template <bool SoA, int Fields>
__global__ void visibleList(int n, const Entry *t, const int *ptr, const short4 *pos, float s,
                            unsigned char *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i > n - 1)
    return;
  unsigned char type = 0;
  if (SoA) {
    if (ptr[i] >= 0) {
      const short *q = reinterpret_cast<const short *>(pos);
      short x = Fields == 1 ? q[i] : Fields == 2 ? reinterpret_cast<const short2 *>(pos)[i].x
                                                  : pos[i].x;
      short y = Fields == 1 ? 0 : Fields == 2 ? reinterpret_cast<const short2 *>(pos)[i].y
                                              : pos[i].y;
      short z = Fields == 3 ? pos[i].z : 0;
      type = visible(x, y, z, s);
    }
  } else {
    const Entry &e = t[i];
    if (e.ptr >= 0)
      type = visible(e.x, Fields >= 2 ? e.y : 0, Fields == 3 ? e.z : 0, s);
  }
  out[i] = type;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  const int n = 1 << 23;
  std::vector<Entry> he(n);
  std::vector<int> hp(n);
  Entry *dE;
  int *dP;
  short4 *dQ;
  unsigned char *dO[2];
  CUDA_CHECK(cudaMalloc(&dE, n * sizeof(Entry)));
  CUDA_CHECK(cudaMalloc(&dP, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dQ, n * sizeof(short4)));
  for (auto *&O : dO)
    CUDA_CHECK(cudaMalloc(&O, n));
  auto run = [&](auto fieldsTag, int percent) {
    constexpr int Fields = decltype(fieldsTag)::value;
    std::vector<short> hs(static_cast<size_t>(n) * 4);
    for (int i = 0; i < n; ++i) {
      bool full = (static_cast<unsigned>(i) * 2654435761u) % 100 < static_cast<unsigned>(percent);
      Entry e{short(i % 61 - 30), short(i % 53 - 26), short(i % 47 - 23), i + 1, full ? i : -1};
      he[i] = e;
      hp[i] = e.ptr;
      // The fix's arrays: x alone, (x, y) pairs or (x, y, z, 0) quadruples.
      if (Fields == 1)
        hs[i] = e.x;
      else if (Fields == 2)
        hs[2 * size_t(i)] = e.x, hs[2 * size_t(i) + 1] = e.y;
      else
        hs[4 * size_t(i)] = e.x, hs[4 * size_t(i) + 1] = e.y, hs[4 * size_t(i) + 2] = e.z;
    }
    CUDA_CHECK(cudaMemcpy(dE, he.data(), n * sizeof(Entry), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dP, hp.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dQ, hs.data(), n * sizeof(short4), cudaMemcpyHostToDevice));
    int blocks = (n + 255) / 256;
    std::string tag = std::to_string(Fields) + "f_" + std::to_string(percent);
    std::string a = "entriesAos_" + tag, s = "entriesSoa_" + tag;
    bench::studyLine(a.c_str(), "anti", bench::timeLaunches(opts, stream, [&] {
                       visibleList<false, Fields>
                           <<<blocks, 256, 0, stream>>>(n, dE, dP, dQ, 0.01f, dO[0]);
                     }));
    bench::studyLine(s.c_str(), "fixed", bench::timeLaunches(opts, stream, [&] {
                       visibleList<true, Fields>
                           <<<blocks, 256, 0, stream>>>(n, dE, dP, dQ, 0.01f, dO[1]);
                     }));
    std::vector<unsigned char> ra(n), rs(n);
    CUDA_CHECK(cudaMemcpy(ra.data(), dO[0], n, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(rs.data(), dO[1], n, cudaMemcpyDeviceToHost));
    failures += bench::countMismatches("visibleList", ra, rs) != 0;
  };
  for (int percent : {10, 50, 100}) {
    run(std::integral_constant<int, 3>(), percent);
    run(std::integral_constant<int, 2>(), percent);
    run(std::integral_constant<int, 1>(), percent);
  }
  CUDA_CHECK(cudaFree(dE));
  CUDA_CHECK(cudaFree(dP));
  CUDA_CHECK(cudaFree(dQ));
  for (auto *O : dO)
    CUDA_CHECK(cudaFree(O));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
