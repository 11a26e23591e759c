#include "common.cuh"
void one(float *x);
