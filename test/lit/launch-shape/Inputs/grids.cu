// small-grid and tail-effect: grids the source fixes, and the launches the rules leave alone.
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void serial(float *y) { y[0] = 1.0f; }

void run(int n, float *x, float *y, int argc) {
  saxpy<<<32, 256>>>(n, 2.0f, x, y);
  dim3 tiles(4, 4);
  saxpy<<<tiles, 256>>>(n, 2.0f, x, y);
  serial<<<1, 1>>>(y);
  saxpy<<<argc, 256>>>(n, 2.0f, x, y);

  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  saxpy<<<sms * 4, 256>>>(n, 2.0f, x, y);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  saxpy<<<prop.multiProcessorCount, 256>>>(n, 2.0f, x, y);
  int perSM = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, saxpy, 256, 0);
  saxpy<<<perSM * sms, 256>>>(n, 2.0f, x, y);

  saxpy<<<132, 256>>>(n, 2.0f, x, y);
  saxpy<<<1200, 256>>>(n, 2.0f, x, y);
  saxpy<<<1056, 256>>>(n, 2.0f, x, y);
  saxpy<<<6000, 256>>>(n, 2.0f, x, y);
  saxpy<<<1, 1024>>>(n, 2.0f, x, y);
}
