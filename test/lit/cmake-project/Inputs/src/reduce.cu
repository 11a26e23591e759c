#include "tiny.cuh"
template <int BLOCK> __global__ void blockSum(const float *in, float *out) {
  using Reduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  float v = Reduce(tmp).Sum(in[blockIdx.x * BLOCK + threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}
void runSum(const float *in, float *out, int blocks, cudaStream_t s) {
  blockSum<TINY_BLOCK><<<blocks, TINY_BLOCK, 0, s>>>(in, out);
  thrust::device_vector<float> v(16);
}
