// The kernels of kernels.cu, launched from main.cu.
#pragma once
__global__ void rowTiles(const float *in, float *out);
__global__ void firstRow(float *out);
__global__ void wide(const float *in, float *out);
