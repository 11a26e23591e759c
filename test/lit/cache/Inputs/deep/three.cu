#define BEFORE_THE_HEADER 1
// Code before the header: it cannot share the precompiled header (the define could change it).
#include "common.cuh"
void three(float *x) { launch_shared(x); }
