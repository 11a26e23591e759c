// Only parses after its includer defined Params (like CUDA samples' particleSystem.cuh).
__global__ void step(Params p);
