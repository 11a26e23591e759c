// A kernel whose body is all under the condition, with a stub for the host (ggml's
// NO_DEVICE_CODE): its lane split is found by the device-side parse (cuda-arch-regions.cu).
#define NO_DEVICE_CODE
__global__ void halves(float *x) {
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x % 2 == 0)
  // CHECK: arch-kernel-body.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'threadIdx.x % 2 == 0' splits every warp into even and odd lanes [warp-divergent-branch]
  // CHECK: arch-kernel-body.cu:[[@LINE-2]]:7: note: it is true for even lanes and false for odd lanes in every warp: each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK: arch-kernel-body.cu:[[@LINE-3]]:7: note: the branch's arms access elements indexed by the same thread index, so a rewrite must keep which elements each thread handles: compute the choice as a value and apply it without branching (e.g. min/max and a select in a compare-and-swap), or remap threads to elements so that the lanes of a warp make the same choice
    x[threadIdx.x] *= 2.0f;
  else
    x[threadIdx.x] = sqrtf(x[threadIdx.x]);
#else
  NO_DEVICE_CODE;
#endif
}

int main() { halves<<<1, 64>>>(nullptr); }
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
