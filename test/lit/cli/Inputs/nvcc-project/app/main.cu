// Without a compile database: the project's features.h, config.h, time.h and types.h are found
// for "..." includes only, never for glibc's <features.h> or <time.h>.
#include <ctype.h>
#include <time.h>
#include "config.h"
#ifndef PROJECT_config_H
#error the project's own config.h was not found for #include "config.h"
#endif
#if __CUDACC__
__global__ void fill(float *x) { x[threadIdx.x] = 1.0f; }
void start(float *x, cudaStream_t s) { fill<<<1, 96, 0, s>>>(x); }
#endif
