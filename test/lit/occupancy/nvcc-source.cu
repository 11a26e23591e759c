// `cuda-lint occupancy` on a source file: it runs nvcc --resource-usage itself.
// REQUIRES: nvcc
// RUN: %cuda-lint occupancy %s --cuda-path %cuda_path --arch sm_90 --arch sm_80 \
// RUN:   --block-size 256 --format json | FileCheck %s
// RUN: %cuda-lint occupancy %s --cuda-path %cuda_path --arch sm_90 --block-size 1024 \
// RUN:   --nvcc-arg=-DREGISTER_HEAVY=1 --kernel reduceRows | FileCheck %s --check-prefix=TEXT
// RUN: %cuda-lint occupancy %s --cuda-path %cuda_path --arch 9.0,sm_90a --block-size 256 \
// RUN:   | FileCheck %s --check-prefix=SUFFIX
// RUN: bash -c '%cuda-lint occupancy %s --cuda-path %cuda_path --nvcc-arg=-DBROKEN; echo "exit $?"' \
// RUN:   2>&1 | FileCheck %s --check-prefix=BROKEN

#ifdef BROKEN
this is not CUDA;
#endif

__global__ void reduceRows(const float *In, float *Out, int N) {
  __shared__ float Partial[256];
  float Sum = 0;
  for (int I = threadIdx.x; I < N; I += blockDim.x)
    Sum += In[blockIdx.x * N + I];
  Partial[threadIdx.x % 256] = Sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    float Total = 0;
    for (int I = 0; I < 256; ++I)
      Total += Partial[I];
    Out[blockIdx.x] = Total;
  }
}

// CHECK-DAG: "arch": "sm_80",
// CHECK-DAG: "arch": "sm_90",
// CHECK:     "demangled": "reduceRows(float const*, float*, int)",
// CHECK:     "name": "_Z10reduceRowsPKfPfi",
// CHECK:     "static_smem": 1024
// TEXT:      reduceRows(float const*, float*, int) [_Z10reduceRowsPKfPfi]  sm_90 (Hopper)
// TEXT:      1024           0 B          {{[12]}}
// SUFFIX-DAG: [_Z10reduceRowsPKfPfi]  sm_90 (Hopper)
// SUFFIX-DAG: [_Z10reduceRowsPKfPfi]  sm_90a (Hopper)
// BROKEN:    error: nvcc failed on {{.*}}nvcc-source.cu (exit 2):
// BROKEN:    exit 2
