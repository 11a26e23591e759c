#pragma once
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
__global__ void __launch_bounds__(256) saxpy(int n, float a, const float *x, float *y);
