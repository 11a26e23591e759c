// Twelve launches on the default stream: more than GitHub shows as annotations of one type.
__global__ void __launch_bounds__(32) k(int *p) { p[threadIdx.x] = 0; }
void many(int *p) {
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
  k<<<1, 32>>>(p);
}
// NOLINTEND(a|b*c)
