// A header with a launch written as Visual Studio formats it.
template <typename T> __global__ void fill(T *x) { x[threadIdx.x] = T(1); }
inline void fill_all(float *x, cudaStream_t s) { fill<float> << <1, 48, 0, s >> > (x); }
