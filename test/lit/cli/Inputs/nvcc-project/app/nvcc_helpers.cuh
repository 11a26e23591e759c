// nvcc-only helpers, as CUDASW4's hpc_helpers/simple_allocation.cuh keeps them.
#ifndef NVCC_HELPERS_CUH
#define NVCC_HELPERS_CUH
#ifdef __NVCC__
template <typename T> struct DeviceBuffer {
  T *data = nullptr;
  explicit DeviceBuffer(size_t n) { cudaMalloc(&data, n * sizeof(T)); }
};
#endif
#endif
