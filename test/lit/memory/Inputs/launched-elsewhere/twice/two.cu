// Two programs define a kernel of this name, neither launches it, and a third file launches
// it through a declaration: which definition it runs is not known, so neither takes its shape.
__global__ void scale(float *out) {
  if (threadIdx.y == 0)
    out[threadIdx.x] *= 3.0f;
}
