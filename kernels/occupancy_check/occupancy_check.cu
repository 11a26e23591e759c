// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GPU check of the occupancy model: kernels with different registers, static/dynamic shared
// memory and named barriers; for every kernel, block size 1..1024, several dynamic shared-memory
// sizes and several function configurations (default, opt-in dynamic limit, carveouts) it prints
// what cudaOccupancyMaxActiveBlocksPerMultiprocessor answers, and it launches each kernel at a
// few block sizes to record which launches fail. No LLVM: the table goes back to the build
// machine, where test/unit/ptxas/GpuResultsTest.cpp compares it with cuda-lint's model fed by the
// ptxas report of this same compile (see run.sh and docs/occupancy.md).
//
// Output lines (whitespace-separated key=value fields):
//   device name=... cc=9.0 sms=132 driver=13000 runtime=13000 smem_per_sm=... ...
//   attributes kernel=NAME regs=N static_smem=N max_dynamic_smem=N max_threads=N local=N
//   occupancy kernel=NAME config=default|optin|carveoutP dynamic=BYTES blocks=VxN,...
//     (the answers for block sizes 1..1024, run-length encoded; -CODE where the call failed)
//   launch kernel=NAME block=N dynamic=BYTES config=default|optin status=CODE error=NAME

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(Call)                                                                                \
  do {                                                                                             \
    cudaError_t Status = (Call);                                                                   \
    if (Status != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,                           \
                   cudaGetErrorString(Status));                                                    \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

// Register pressure grows with N: N values stay live across the mixing rounds.
template <int N> __device__ void pressureBody(const float *In, float *Out) {
  float R[N];
#pragma unroll
  for (int I = 0; I < N; ++I)
    R[I] = In[I * blockDim.x + threadIdx.x];
#pragma unroll
  for (int J = 0; J < 3; ++J)
#pragma unroll
    for (int I = 0; I < N; ++I)
      R[I] = R[I] * R[(I + J + 1) % N] + 1.f;
  float S = 0;
#pragma unroll
  for (int I = 0; I < N; ++I)
    S += R[I] * float(I + 1);
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

extern "C" __global__ void copyLight(const float *In, float *Out) {
  Out[threadIdx.x] = In[threadIdx.x] + 1.f;
}

extern "C" __global__ void pressure16(const float *In, float *Out) { pressureBody<16>(In, Out); }
extern "C" __global__ void pressure40(const float *In, float *Out) { pressureBody<40>(In, Out); }
extern "C" __global__ void pressure72(const float *In, float *Out) { pressureBody<72>(In, Out); }
extern "C" __global__ void pressure88(const float *In, float *Out) { pressureBody<88>(In, Out); }
extern "C" __global__ void pressure120(const float *In, float *Out) { pressureBody<120>(In, Out); }
extern "C" __global__ void pressure200(const float *In, float *Out) { pressureBody<200>(In, Out); }

// __maxnreg__ caps a kernel at an odd register count, off the 8-register allocation steps.
extern "C" __global__ void __maxnreg__(37) maxnreg37(const float *In, float *Out) {
  pressureBody<72>(In, Out);
}
extern "C" __global__ void __maxnreg__(57) maxnreg57(const float *In, float *Out) {
  pressureBody<72>(In, Out);
}
extern "C" __global__ void __maxnreg__(101) maxnreg101(const float *In, float *Out) {
  pressureBody<120>(In, Out);
}

extern "C" __global__ void __launch_bounds__(1024) bounded1024(const float *In, float *Out) {
  pressureBody<88>(In, Out);
}

extern "C" __global__ void __launch_bounds__(256, 4) bounded256x4(const float *In, float *Out) {
  pressureBody<88>(In, Out);
}

extern "C" __global__ void static4k(const float *In, float *Out) {
  __shared__ float Tile[1024];
  Tile[threadIdx.x % 1024] = In[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = Tile[(threadIdx.x + 1) % 1024];
}

extern "C" __global__ void static40000(const float *In, float *Out) {
  __shared__ float Tile[10000];
  for (int I = threadIdx.x; I < 10000; I += blockDim.x)
    Tile[I] = In[I % 1024];
  __syncthreads();
  Out[threadIdx.x] = Tile[(threadIdx.x * 7) % 10000];
}

// Floats of dynamic shared memory this launch got (0 when launched without any).
__device__ unsigned dynamicFloats() {
  unsigned Bytes;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(Bytes));
  return Bytes / sizeof(float);
}

extern "C" __global__ void dynamicOnly(const float *In, float *Out) {
  extern __shared__ float Dynamic[];
  unsigned N = dynamicFloats();
  if (N)
    Dynamic[threadIdx.x % N] = In[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = N ? Dynamic[(threadIdx.x + 1) % N] : 0.f;
}

extern "C" __global__ void static12kDynamic(const float *In, float *Out) {
  __shared__ float Tile[3072];
  extern __shared__ float Dynamic[];
  unsigned N = dynamicFloats();
  Tile[threadIdx.x % 3072] = In[threadIdx.x];
  if (N)
    Dynamic[threadIdx.x % N] = In[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = Tile[(threadIdx.x + 1) % 3072] + (N ? Dynamic[(threadIdx.x + 1) % N] : 0.f);
}

// Named barrier 15: ptxas reports 16 barriers, which bound blocks per SM from Hopper on. The
// first min(64, whole warps) threads meet at it, so that no launch waits for absent threads.
extern "C" __global__ void barriers16(const float *In, float *Out) {
  __shared__ float Half[64];
  unsigned Count = min(64u, blockDim.x & ~31u);
  if (threadIdx.x < Count) {
    Half[threadIdx.x] = In[threadIdx.x];
    asm volatile("bar.sync 15, %0;" ::"r"(Count) : "memory");
  }
  Out[threadIdx.x] = threadIdx.x < Count ? Half[(threadIdx.x + 1) % Count] : 0.f;
}

struct Kernel {
  const char *Name;
  const void *Function;
};

const Kernel Kernels[] = {
    {"copyLight", (const void *)copyLight},
    {"pressure16", (const void *)pressure16},
    {"pressure40", (const void *)pressure40},
    {"pressure72", (const void *)pressure72},
    {"pressure88", (const void *)pressure88},
    {"pressure120", (const void *)pressure120},
    {"pressure200", (const void *)pressure200},
    {"maxnreg37", (const void *)maxnreg37},
    {"maxnreg57", (const void *)maxnreg57},
    {"maxnreg101", (const void *)maxnreg101},
    {"bounded1024", (const void *)bounded1024},
    {"bounded256x4", (const void *)bounded256x4},
    {"static4k", (const void *)static4k},
    {"static40000", (const void *)static40000},
    {"dynamicOnly", (const void *)dynamicOnly},
    {"static12kDynamic", (const void *)static12kDynamic},
    {"barriers16", (const void *)barriers16},
};

const size_t DynamicSizes[] = {0,     1,     1000,  4096,   8192,   12288,  20000, 32768,
                               40000, 49152, 65536, 100000, 163840, 200000, 232448};
const int Carveouts[] = {0, 10, 25, 50, 75, 100};

// One line per (kernel, config, dynamic size); the 1024 answers run-length encoded: "20x32,10x32"
// is 20 blocks for block sizes 1..32, then 10 for 33..64.
void printOccupancy(const Kernel &K, const char *Config, size_t Dynamic) {
  std::vector<int> Answers;
  for (int Block = 1; Block <= 1024; ++Block) {
    int Blocks = 0;
    cudaError_t Status =
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, K.Function, Block, Dynamic);
    if (Status != cudaSuccess) {
      Blocks = -int(Status);
      cudaGetLastError(); // clear it
    }
    Answers.push_back(Blocks);
  }
  std::string Line = std::string("occupancy kernel=") + K.Name + " config=" + Config +
                     " dynamic=" + std::to_string(Dynamic) + " blocks=";
  for (size_t I = 0; I < Answers.size();) {
    size_t J = I;
    while (J < Answers.size() && Answers[J] == Answers[I])
      ++J;
    if (I)
      Line += ',';
    Line += std::to_string(Answers[I]);
    if (J - I > 1)
      Line += "x" + std::to_string(J - I);
    I = J;
  }
  std::printf("%s\n", Line.c_str());
}

void launch(const Kernel &K, const char *Config, int Block, size_t Dynamic, const float *In,
            float *Out) {
  void *Args[] = {(void *)&In, (void *)&Out};
  cudaError_t Status = cudaLaunchKernel(K.Function, dim3(1), dim3(Block), Args, Dynamic, 0);
  if (Status == cudaSuccess)
    Status = cudaDeviceSynchronize();
  cudaGetLastError();
  std::printf("launch kernel=%s block=%d dynamic=%zu config=%s status=%d error=%s\n", K.Name, Block,
              Dynamic, Config, int(Status), cudaGetErrorName(Status));
}

int main() {
  std::setvbuf(stdout, nullptr, _IOLBF, 0); // keep every finished line if a launch hangs
  int Device = 0;
  CHECK(cudaSetDevice(Device));
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, Device));
  int Driver = 0, Runtime = 0;
  CHECK(cudaDriverGetVersion(&Driver));
  CHECK(cudaRuntimeGetVersion(&Runtime));
  std::string Name = P.name;
  for (char &C : Name)
    if (C == ' ')
      C = '_';
  std::printf("device name=%s cc=%d.%d sms=%d driver=%d runtime=%d smem_per_sm=%zu "
              "smem_per_block=%zu smem_per_block_optin=%zu reserved_smem_per_block=%zu "
              "regs_per_sm=%d regs_per_block=%d max_threads_per_sm=%d max_blocks_per_sm=%d "
              "max_threads_per_block=%d warp_size=%d\n",
              Name.c_str(), P.major, P.minor, P.multiProcessorCount, Driver, Runtime,
              P.sharedMemPerMultiprocessor, P.sharedMemPerBlock, P.sharedMemPerBlockOptin,
              P.reservedSharedMemPerBlock, P.regsPerMultiprocessor, P.regsPerBlock,
              P.maxThreadsPerMultiProcessor, P.maxBlocksPerMultiProcessor, P.maxThreadsPerBlock,
              P.warpSize);

  for (const Kernel &K : Kernels) {
    cudaFuncAttributes A;
    CHECK(cudaFuncGetAttributes(&A, K.Function));
    std::printf("attributes kernel=%s regs=%d static_smem=%zu max_dynamic_smem=%d max_threads=%d "
                "local=%zu\n",
                K.Name, A.numRegs, A.sharedSizeBytes, A.maxDynamicSharedSizeBytes,
                A.maxThreadsPerBlock, A.localSizeBytes);
    for (size_t Dynamic : DynamicSizes)
      printOccupancy(K, "default", Dynamic);
    for (int Carveout : Carveouts) {
      CHECK(cudaFuncSetAttribute(K.Function, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 Carveout));
      std::string Config = "carveout" + std::to_string(Carveout);
      for (size_t Dynamic : DynamicSizes)
        printOccupancy(K, Config.c_str(), Dynamic);
    }
    CHECK(cudaFuncSetAttribute(K.Function, cudaFuncAttributePreferredSharedMemoryCarveout, -1));
    int OptIn = int(P.sharedMemPerBlockOptin - A.sharedSizeBytes);
    CHECK(cudaFuncSetAttribute(K.Function, cudaFuncAttributeMaxDynamicSharedMemorySize, OptIn));
    for (size_t Dynamic : DynamicSizes)
      printOccupancy(K, "optin", Dynamic);
    CHECK(cudaFuncSetAttribute(K.Function, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               A.maxDynamicSharedSizeBytes));
  }

  // Launches: which block sizes fail with "too many resources requested for launch".
  float *In = nullptr, *Out = nullptr;
  CHECK(cudaMalloc(&In, 200 * 1024 * sizeof(float)));
  CHECK(cudaMalloc(&Out, 1024 * sizeof(float)));
  CHECK(cudaMemset(In, 0, 200 * 1024 * sizeof(float)));
  const int Blocks[] = {32, 256, 512, 640, 672, 768, 1024};
  const size_t LaunchDynamic[] = {0, 49152, 100000};
  for (const Kernel &K : Kernels)
    for (int Block : Blocks)
      for (size_t Dynamic : LaunchDynamic)
        launch(K, "default", Block, Dynamic, In, Out);
  // With the opt-in dynamic limit, up to the whole per-block maximum.
  for (const Kernel &K : Kernels) {
    cudaFuncAttributes A;
    CHECK(cudaFuncGetAttributes(&A, K.Function));
    int OptIn = int(P.sharedMemPerBlockOptin - A.sharedSizeBytes);
    CHECK(cudaFuncSetAttribute(K.Function, cudaFuncAttributeMaxDynamicSharedMemorySize, OptIn));
    for (int Block : {256, 1024})
      for (size_t Dynamic : {size_t(100000), size_t(OptIn), size_t(OptIn) + 1})
        launch(K, "optin", Block, Dynamic, In, Out);
  }
  CHECK(cudaFree(In));
  CHECK(cudaFree(Out));
  return 0;
}
