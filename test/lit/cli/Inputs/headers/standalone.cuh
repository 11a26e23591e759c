#pragma once
__global__ void alone(float *x) { x[threadIdx.x] = 0; }
