// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --rules=warp-divergent-branch %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// Issue 19: a lane-dependent value carried through a local (or a bool) and compared for equality
// with a uniform value that is not known here still splits every warp: whichever value the other
// side has, the lanes that hold it take one path. One value per lane (tid == k) is single-lane,
// silent; a warp-uniform value splits no warp.

__global__ void boolLocal(float *x, bool flag) {
  bool odd = threadIdx.x & 1;
  if (odd == flag)
  // CHECK-DAG: equals-uniform.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'odd == flag' splits every warp for the values the other side can take [warp-divergent-branch]
  // CHECK-DAG: equals-uniform.cu:[[@LINE-2]]:7: note: 'threadIdx.x & 1' takes 2 different values in each warp; compared for equality with a value that is the same in every lane, the lanes holding the matching value take one path and the others the other (e.g. odd lanes against even lanes): each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: equals-uniform.cu:[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    x[threadIdx.x] = 1;
  else
    x[threadIdx.x] = 2;
}

__global__ void intLocal(float *x, int k) {
  int parity = threadIdx.x & 1;
  if (parity != k)
  // CHECK-DAG: equals-uniform.cu:[[@LINE-1]]:7: warning: warp-divergent branch (lane-split): 'parity != k' splits every warp for the values the other side can take [warp-divergent-branch]
  // CHECK-DAG: equals-uniform.cu:[[@LINE-2]]:7: note: 'parity' takes 2 different values in each warp; compared for equality with a value that is the same in every lane, the lanes holding the matching value take one path and the others the other (e.g. odd lanes against even lanes): each warp runs both paths one after the other with the lanes of the other path idle
  // CHECK-DAG: equals-uniform.cu:[[@LINE-3]]:7: note: if both paths do real work, give each path to whole warps instead (branch on a warp index such as 'threadIdx.x / warpSize', which all 32 lanes of a warp share)
    x[threadIdx.x] = 1;
  else
    x[threadIdx.x] = 2;
}

__global__ void silent(float *x, int k, bool flag) {
  if (threadIdx.x == k) // one lane at most: single-lane, silent
    x[0] = 1;
  else
    x[1] = 2;
  bool oddWarp = (threadIdx.x / 32) & 1;
  if (oddWarp == flag) // the same in every lane of a warp
    x[threadIdx.x] = 1;
  else
    x[threadIdx.x] = 2;
  int odd = threadIdx.x & 1;
  if (odd == 2) // never true: no lane differs
    x[threadIdx.x] = 3;
}

void run(float *x, int k, bool f, cudaStream_t s) {
  boolLocal<<<1, 256, 0, s>>>(x, f);
  intLocal<<<1, 256, 0, s>>>(x, k);
  silent<<<1, 256, 0, s>>>(x, k, f);
}
