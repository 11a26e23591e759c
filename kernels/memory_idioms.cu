// What the idioms of uncoalesced-global-access and shared-memory-bank-conflict cost (issue 35:
// warning or note decided by measured cost). Each anti-pattern ("anti"), or idiom the rules leave
// silent or as a note ("note"), beside a rewrite that does the same work ("fixed").
// kernels/manifest.json pairs them; cuda-lint-bench times each pair (median and min-max over
// runs), and the docs pages (docs/rules/uncoalesced-global-access.md,
// docs/rules/shared-memory-bank-conflict.md) give the counters Nsight Compute reads for them.
//
// Global memory (one 4-byte float used per thread and request unless said otherwise):
//   stride2 / stride4 / stride32   `out[i] = in[S * i]`                      vs unitStride
//   pairAdjacent                   `in[2 * i] + in[2 * i + 1]` (note)        vs pairVector (float2)
//   pairAdjacentStore              `out[2 * i] = a; out[2 * i + 1] = b`      vs pairVectorStore
//                                  (note; CudaSift's ScaleUp)                   (float2)
//   guardedFieldsRare/All          `if (p[i].w > T) r = p[i].x + ...` of     vs guardedFieldsSoa
//                                  float4s (note), the guard true for 1 lane    (the flag in an
//                                  in 7 or for all (DualSPHysics's nopenshift)  array of its own)
//   aosOneField                    `p[i].x` of a 32-byte struct              vs soaOneField
//   aosAllFields                   every field of `p[i]` (note)              vs soaAllFields
//   aosUpdateOneField              `p[i].q = p[i].x + ... + p[i].m`          vs soaUpdateOneField
//   rowPerThread                   `m[r * kCols + c]`, a row per thread      vs colPerThread
//   naiveTranspose                 `out[x * W + y] = in[y * W + x]`          vs tiledTranspose33
// Shared memory:
//   tiledTranspose32/34/36/40/48   `tile[tx][ty + j]` of a [32][P] tile: a   vs tiledTranspose33
//                                  32-, 2-, 4-, 8- and 16-way conflict in a DRAM-bound kernel
//   sharedStride2/4/8/16/32        `s[lane * S + k]` in a loop of 4096 trips vs sharedStride1
//                                  (a shared-memory-bound kernel)
//   reduceInterleaved              `s[2 * stride * tid]` (2-, 4-, 8-...-way) vs reduceSequential
// Self-checking: every output is compared with the host's result; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <cstdint>
#include <string>
#include <vector>

constexpr int kBlock = 256;

// --- global memory ------------------------------------------------------------------------------

template <int S>
__global__ void __launch_bounds__(1024) stridedLoad(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[S * i];
}

__global__ void __launch_bounds__(1024) unitStride(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void __launch_bounds__(1024) pairAdjacent(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i] + in[2 * i + 1];
}

__global__ void __launch_bounds__(1024) pairVector(const float2 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = in[i];
  out[i] = v.x + v.y;
}

// A thread's two adjacent stores, as CudaSift's ScaleUp writes a 2x2 block per thread.
__global__ void __launch_bounds__(1024) pairAdjacentStore(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  out[2 * i] = v;
  out[2 * i + 1] = 0.5f * v;
}

__global__ void __launch_bounds__(1024) pairVectorStore(const float *in, float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  out[i] = make_float2(v, 0.5f * v);
}

// A flag field read by every thread, the other fields of its float4 only where the flag passes
// (DualSPHysics's `nopenshift[p].w > 5.f`): the flag's request brings all 16 bytes of each lane.
template <int T>
__global__ void __launch_bounds__(1024) guardedFields(const float4 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = 0.f;
  if (p[i].w > T)
    r = p[i].x + p[i].y + p[i].z;
  out[i] = r;
}

// The fix: the flag in an array of its own (the same float4s, their .w unused).
template <int T>
__global__ void __launch_bounds__(1024) guardedFieldsSoa(const float *w, const float4 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = 0.f;
  if (w[i] > T)
    r = p[i].x + p[i].y + p[i].z;
  out[i] = r;
}

struct Particle {
  float x, y, z, vx, vy, vz, m, q; // 32 bytes
};

__global__ void __launch_bounds__(1024) aosOneField(const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x;
}

__global__ void __launch_bounds__(1024) soaOneField(const float *px, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = px[i];
}

__global__ void __launch_bounds__(1024) aosAllFields(const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].y + p[i].z + p[i].vx + p[i].vy + p[i].vz + p[i].m + p[i].q;
}

// The same 8 fields as 8 arrays of n floats each (soa + k * n).
__global__ void __launch_bounds__(1024) soaAllFields(const float *soa, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  for (int k = 0; k < 8; ++k)
    v += soa[k * n + i];
  out[i] = v;
}

// Every field read, one written back in place (Learn-CUDA-Programming's aos.cu): the store
// writes 4 bytes of each lane's 32-byte struct.
__global__ void __launch_bounds__(1024) aosUpdateOneField(Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i].q = p[i].x + p[i].y + p[i].z + p[i].vx + p[i].vy + p[i].vz + p[i].m;
}

// The same with the 8 fields as 8 arrays of n floats each.
__global__ void __launch_bounds__(1024) soaUpdateOneField(float *soa, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  for (int k = 0; k < 7; ++k)
    v += soa[k * n + i];
  soa[7 * n + i] = v;
}

constexpr int kCols = 1024;

// A row of m per thread: the lanes of a warp read 4096 bytes apart.
__global__ void __launch_bounds__(1024) rowPerThread(const float *m, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  for (int c = 0; c < kCols; ++c)
    v += m[r * kCols + c];
  out[r] = v;
}

// The same sums from the transposed matrix: threadIdx.x indexes the contiguous dimension.
__global__ void __launch_bounds__(1024) colPerThread(const float *mt, float *out, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  for (int c = 0; c < kCols; ++c)
    v += mt[c * rows + r];
  out[r] = v;
}

constexpr int kTile = 32, kRows = 8, kW = 4096;

__global__ void __launch_bounds__(1024) naiveTranspose(const float *in, float *out) {
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[x * kW + (y + j)] = in[(y + j) * kW + x];
}

// The tiled transpose of the CUDA samples, with a tile row of P floats: 33 has no conflict, 32 a
// 32-way, 34 a 2-way, 36 a 4-way, 40 an 8-way and 48 a 16-way conflict on the read by column.
template <int P>
__global__ void __launch_bounds__(1024) tiledTranspose(const float *in, float *out) {
  __shared__ float tile[kTile][P];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * kW + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[(y + j) * kW + x] = tile[threadIdx.x][threadIdx.y + j];
}

// --- shared memory ------------------------------------------------------------------------------

constexpr int kTrips = 4096;

// Lane l reads s[l * S + (k & 31)] 4096 times: an S-way conflict (S = 1, 2, 4, 8, 16, 32) in a kernel
// that does little else.
template <int S>
__global__ void __launch_bounds__(1024) sharedStride(const float *in, float *out) {
  __shared__ float s[32 * 32];
  for (int k = threadIdx.x; k < 32 * 32; k += blockDim.x)
    s[k] = in[k];
  __syncthreads();
  int lane = threadIdx.x & 31;
  // Four independent chains, so that the loop waits on the shared-memory pipe, not on latency.
  float v0 = 0.f, v1 = 0.f, v2 = 0.f, v3 = 0.f;
#pragma unroll 1
  for (int k = 0; k < kTrips; k += 4) {
    v0 = v0 * 0.5f + s[lane * S + (k & 31)];
    v1 = v1 * 0.5f + s[lane * S + ((k + 1) & 31)];
    v2 = v2 * 0.5f + s[lane * S + ((k + 2) & 31)];
    v3 = v3 * 0.5f + s[lane * S + ((k + 3) & 31)];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = (v0 + v1) + (v2 + v3);
}

// Block sums, interleaved addressing (index = 2 * stride * tid: a 2-, 4-, 8-, 16-way conflict as
// stride grows) against sequential addressing.
__global__ void __launch_bounds__(1024) reduceInterleaved(const float *in, float *out) {
  __shared__ float s[kBlock];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < blockDim.x)
      s[index] += s[index + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

__global__ void __launch_bounds__(1024) reduceSequential(const float *in, float *out) {
  __shared__ float s[kBlock];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// --- host ----------------------------------------------------------------------------------------

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  const char *prog = "memory_idioms";
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  const int n = 1 << 22; // threads of the streaming kernels
  // Small integers: every sum below is exact in float, in any order.
  std::vector<float> hbig(static_cast<size_t>(n) * 32);
  for (size_t i = 0; i < hbig.size(); ++i)
    hbig[i] = static_cast<float>((i * 37) % 7);
  float *dbig, *dout, *dtmp;
  CUDA_CHECK(cudaMalloc(&dbig, hbig.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dtmp, hbig.size() * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dout, static_cast<size_t>(n) * sizeof(float) * 8));
  CUDA_CHECK(cudaMemcpy(dbig, hbig.data(), hbig.size() * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> got, want;
  std::vector<float> init; // dout's contents before a case when not empty, else zeros
  auto run = [&](const char *name, const char *role, dim3 grid, dim3 block, size_t outCount,
                 auto launch) {
    if (init.empty())
      CUDA_CHECK(cudaMemset(dout, 0, outCount * sizeof(float)));
    else
      CUDA_CHECK(cudaMemcpy(dout, init.data(), outCount * sizeof(float), cudaMemcpyHostToDevice));
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    got.assign(outCount, 0.f);
    CUDA_CHECK(cudaMemcpy(got.data(), dout, outCount * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok = t.error == cudaSuccess && bench::countMismatches(name, got, want) == 0;
    failures += ok ? 0 : 1;
    bench::report(prog, name, role, grid, block, 1, t, ok);
  };
  dim3 grid(n / kBlock), block(kBlock);

  // Strided loads.
  auto strideWant = [&](int s) {
    want.resize(n);
    for (int i = 0; i < n; ++i)
      want[i] = hbig[static_cast<size_t>(s) * i];
  };
  strideWant(1);
  run("unitStride", "fixed", grid, block, n, [&] { unitStride<<<grid, block, 0, stream>>>(dbig, dout); });
  strideWant(2);
  run("stride2", "anti", grid, block, n, [&] { stridedLoad<2><<<grid, block, 0, stream>>>(dbig, dout); });
  strideWant(4);
  run("stride4", "anti", grid, block, n, [&] { stridedLoad<4><<<grid, block, 0, stream>>>(dbig, dout); });
  strideWant(32);
  run("stride32", "anti", grid, block, n, [&] { stridedLoad<32><<<grid, block, 0, stream>>>(dbig, dout); });

  // Adjacent pairs of one thread.
  want.resize(n);
  for (int i = 0; i < n; ++i)
    want[i] = hbig[2 * i] + hbig[2 * i + 1];
  run("pairAdjacent", "note", grid, block, n, [&] { pairAdjacent<<<grid, block, 0, stream>>>(dbig, dout); });
  run("pairVector", "fixed", grid, block, n, [&] {
    pairVector<<<grid, block, 0, stream>>>(reinterpret_cast<const float2 *>(dbig), dout);
  });

  // A thread's adjacent stores: out[2i] = in[i], out[2i + 1] = in[i] / 2 (exact in float).
  want.resize(2 * static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    want[2 * static_cast<size_t>(i)] = hbig[i];
    want[2 * static_cast<size_t>(i) + 1] = 0.5f * hbig[i];
  }
  run("pairAdjacentStore", "note", grid, block, 2 * static_cast<size_t>(n),
      [&] { pairAdjacentStore<<<grid, block, 0, stream>>>(dbig, dout); });
  run("pairVectorStore", "fixed", grid, block, 2 * static_cast<size_t>(n), [&] {
    pairVectorStore<<<grid, block, 0, stream>>>(dbig, reinterpret_cast<float2 *>(dout));
  });

  // Guarded fields: dbig as n float4s; the flags (.w, values 0..6) also as n floats in dtmp.
  {
    std::vector<float> w(n);
    for (int i = 0; i < n; ++i)
      w[i] = hbig[4 * static_cast<size_t>(i) + 3];
    CUDA_CHECK(cudaMemcpy(dtmp, w.data(), w.size() * sizeof(float), cudaMemcpyHostToDevice));
    const float4 *p4 = reinterpret_cast<const float4 *>(dbig);
    for (int t : {5, -1}) { // true for the 1 in 7 flags that are 6; true for all
      want.resize(n);
      for (int i = 0; i < n; ++i) {
        const float *e = &hbig[4 * static_cast<size_t>(i)];
        want[i] = e[3] > t ? e[0] + e[1] + e[2] : 0.f;
      }
      bool rare = t > 0;
      run(rare ? "guardedFieldsRare" : "guardedFieldsAll", "note", grid, block, n, [&] {
        if (rare)
          guardedFields<5><<<grid, block, 0, stream>>>(p4, dout);
        else
          guardedFields<-1><<<grid, block, 0, stream>>>(p4, dout);
      });
      run(rare ? "guardedFieldsRareSoa" : "guardedFieldsAllSoa", "fixed", grid, block, n, [&] {
        if (rare)
          guardedFieldsSoa<5><<<grid, block, 0, stream>>>(dtmp, p4, dout);
        else
          guardedFieldsSoa<-1><<<grid, block, 0, stream>>>(dtmp, p4, dout);
      });
    }
  }

  // Array of structs against struct of arrays: dbig holds n Particles (8 floats each); dtmp the
  // same values as 8 arrays of n.
  {
    std::vector<float> soa(static_cast<size_t>(n) * 8);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < 8; ++k)
        soa[static_cast<size_t>(k) * n + i] = hbig[static_cast<size_t>(i) * 8 + k];
    CUDA_CHECK(cudaMemcpy(dtmp, soa.data(), soa.size() * sizeof(float), cudaMemcpyHostToDevice));
  }
  want.resize(n);
  for (int i = 0; i < n; ++i)
    want[i] = hbig[static_cast<size_t>(i) * 8];
  const Particle *dp = reinterpret_cast<const Particle *>(dbig);
  run("aosOneField", "anti", grid, block, n, [&] { aosOneField<<<grid, block, 0, stream>>>(dp, dout); });
  run("soaOneField", "fixed", grid, block, n, [&] { soaOneField<<<grid, block, 0, stream>>>(dtmp, dout); });
  for (int i = 0; i < n; ++i) {
    float v = 0.f;
    for (int k = 0; k < 8; ++k)
      v += hbig[static_cast<size_t>(i) * 8 + k];
    want[i] = v;
  }
  run("aosAllFields", "note", grid, block, n, [&] { aosAllFields<<<grid, block, 0, stream>>>(dp, dout); });
  run("soaAllFields", "fixed", grid, block, n, [&] { soaAllFields<<<grid, block, 0, stream>>>(dtmp, dout, n); });

  // One field of each struct written back: dout holds the n Particles (then the 8 arrays), and
  // gets the sum of the first 7 fields in the 8th (exact: small integers).
  {
    const size_t cnt = static_cast<size_t>(n) * 8;
    init.assign(hbig.begin(), hbig.begin() + cnt);
    want = init;
    for (int i = 0; i < n; ++i) {
      float v = 0.f;
      for (int k = 0; k < 7; ++k)
        v += init[static_cast<size_t>(i) * 8 + k];
      want[static_cast<size_t>(i) * 8 + 7] = v;
    }
    run("aosUpdateOneField", "anti", grid, block, cnt, [&] {
      aosUpdateOneField<<<grid, block, 0, stream>>>(reinterpret_cast<Particle *>(dout));
    });
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < 8; ++k)
        init[static_cast<size_t>(k) * n + i] = hbig[static_cast<size_t>(i) * 8 + k];
    want = init;
    for (int i = 0; i < n; ++i) {
      float v = 0.f;
      for (int k = 0; k < 7; ++k)
        v += init[static_cast<size_t>(k) * n + i];
      want[static_cast<size_t>(7) * n + i] = v;
    }
    run("soaUpdateOneField", "fixed", grid, block, cnt,
        [&] { soaUpdateOneField<<<grid, block, 0, stream>>>(dout, n); });
    init.clear();
  }

  // A row per thread: rows x kCols, 64 MiB.
  {
    const int rows = 16384;
    std::vector<float> mt(static_cast<size_t>(rows) * kCols);
    want.assign(rows, 0.f);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < kCols; ++c) {
        float v = hbig[static_cast<size_t>(r) * kCols + c];
        mt[static_cast<size_t>(c) * rows + r] = v;
        want[r] += v;
      }
    CUDA_CHECK(cudaMemcpy(dtmp, mt.data(), mt.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 g(rows / kBlock);
    run("rowPerThread", "anti", g, block, rows, [&] { rowPerThread<<<g, block, 0, stream>>>(dbig, dout); });
    run("colPerThread", "fixed", g, block, rows, [&] { colPerThread<<<g, block, 0, stream>>>(dtmp, dout, rows); });
  }

  // Transposes of a 4096 x 4096 matrix.
  {
    want.resize(static_cast<size_t>(kW) * kW);
    for (int y = 0; y < kW; ++y)
      for (int x = 0; x < kW; ++x)
        want[static_cast<size_t>(x) * kW + y] = hbig[static_cast<size_t>(y) * kW + x];
    dim3 g(kW / kTile, kW / kTile), b(kTile, kRows);
    size_t cnt = static_cast<size_t>(kW) * kW;
    run("naiveTranspose", "anti", g, b, cnt, [&] { naiveTranspose<<<g, b, 0, stream>>>(dbig, dout); });
    run("tiledTranspose33", "fixed", g, b, cnt, [&] { tiledTranspose<33><<<g, b, 0, stream>>>(dbig, dout); });
    run("tiledTranspose32", "anti", g, b, cnt, [&] { tiledTranspose<32><<<g, b, 0, stream>>>(dbig, dout); });
    run("tiledTranspose34", "note", g, b, cnt, [&] { tiledTranspose<34><<<g, b, 0, stream>>>(dbig, dout); });
    run("tiledTranspose36", "note", g, b, cnt, [&] { tiledTranspose<36><<<g, b, 0, stream>>>(dbig, dout); });
    run("tiledTranspose40", "note", g, b, cnt, [&] { tiledTranspose<40><<<g, b, 0, stream>>>(dbig, dout); });
    run("tiledTranspose48", "anti", g, b, cnt, [&] { tiledTranspose<48><<<g, b, 0, stream>>>(dbig, dout); });
  }

  // Shared-memory-bound loops: 132 * 16 blocks.
  {
    dim3 g(132 * 16);
    size_t cnt = static_cast<size_t>(g.x) * kBlock;
    for (int s : {1, 2, 4, 8, 16, 32}) {
      float perLane[32];
      for (int lane = 0; lane < 32; ++lane) {
        float v[4] = {0.f, 0.f, 0.f, 0.f};
        for (int k = 0; k < kTrips; ++k)
          v[k % 4] = v[k % 4] * 0.5f + hbig[lane * s + (k & 31)];
        perLane[lane] = (v[0] + v[1]) + (v[2] + v[3]);
      }
      want.resize(cnt);
      for (size_t t = 0; t < cnt; ++t)
        want[t] = perLane[(t % kBlock) & 31];
      std::string name = "sharedStride" + std::to_string(s);
      const char *role = s == 1 ? "fixed" : s == 2 ? "note" : "anti";
      run(name.c_str(), role, g, block, cnt, [&] {
        switch (s) {
        case 1: sharedStride<1><<<g, block, 0, stream>>>(dbig, dout); break;
        case 2: sharedStride<2><<<g, block, 0, stream>>>(dbig, dout); break;
        case 4: sharedStride<4><<<g, block, 0, stream>>>(dbig, dout); break;
        case 8: sharedStride<8><<<g, block, 0, stream>>>(dbig, dout); break;
        case 16: sharedStride<16><<<g, block, 0, stream>>>(dbig, dout); break;
        default: sharedStride<32><<<g, block, 0, stream>>>(dbig, dout); break;
        }
      });
    }
  }

  // Block sums.
  {
    want.assign(grid.x, 0.f);
    for (int i = 0; i < n; ++i)
      want[i / kBlock] += hbig[i];
    run("reduceInterleaved", "anti", grid, block, grid.x, [&] { reduceInterleaved<<<grid, kBlock, 0, stream>>>(dbig, dout); });
    run("reduceSequential", "fixed", grid, block, grid.x, [&] { reduceSequential<<<grid, kBlock, 0, stream>>>(dbig, dout); });
  }

  CUDA_CHECK(cudaFree(dbig));
  CUDA_CHECK(cudaFree(dtmp));
  CUDA_CHECK(cudaFree(dout));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
