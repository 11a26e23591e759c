// Code under `#ifdef __NVCC__` is code (nvcc defines it, as 1), and CCCL still takes Clang's
// paths: CUB and Thrust parse beside it.
#include <cub/block/block_reduce.cuh>
#include <thrust/device_vector.h>
#include "nvcc_helpers.cuh"
#if __NVCC__ != 1
#error __NVCC__ is not 1
#endif
__global__ void total(const int *in, int *out) {
  typedef cub::BlockReduce<int, 96> Reduce;
  __shared__ typename Reduce::TempStorage tmp;
  int v = Reduce(tmp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0)
    *out = v;
}
void run(thrust::device_vector<int> &v, cudaStream_t s) {
  DeviceBuffer<int> out(1);
  total<<<1, 96, 0, s>>>(thrust::raw_pointer_cast(v.data()), out.data);
}
