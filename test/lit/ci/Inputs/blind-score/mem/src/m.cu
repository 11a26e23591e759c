__global__ void k(float *p, float *q) {
  __shared__ float s[32][32];
  s[threadIdx.x][0] = p[threadIdx.x * 32];
  q[threadIdx.x] = s[0][threadIdx.x];
  q[threadIdx.x] += s[threadIdx.x][1];
  q[threadIdx.x] += s[threadIdx.x][2];
}
