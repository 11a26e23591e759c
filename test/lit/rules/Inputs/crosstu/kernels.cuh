// Kernels declared in a header, defined in kernels.cu, launched from launch.cu.
#pragma once
__global__ void __launch_bounds__(128) bounded(float *x);
__global__ void unbounded(float *x);
__global__ void unknownBlock(float *x);
__global__ void neverLaunched(float *x);
