// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Included by cuda_lint_compat.h: runtime API that CUDA 12 and 13 removed but old code still
// calls, declared so that the parse goes on and the code around it keeps its findings. Every
// declaration carries [[deprecated(...)]] with what to use instead: the legacy-cuda-api rule
// reports each use of a declaration from this file with that text (the parse runs with -w, so
// Clang itself says nothing). Nothing here is ever compiled or linked.
#ifndef CUDA_LINT_LEGACY_H
#define CUDA_LINT_LEGACY_H
#if defined(__CUDA__) && defined(__clang__) && defined(CUDART_VERSION)

#define CUDA_LINT_REMOVED(VERSION, USE) [[deprecated("was removed in CUDA " VERSION "; " USE)]]
#define CUDA_LINT_CHANGED(VERSION, USE)                                                            \
  [[deprecated("with a device number was removed in CUDA " VERSION "; " USE)]]

#if CUDART_VERSION >= 13000
// Thread-scoped device management (deprecated since CUDA 4.0, removed in 13.0).
CUDA_LINT_REMOVED("13.0", "use cudaDeviceSynchronize()")
cudaError_t cudaThreadSynchronize(void);
CUDA_LINT_REMOVED("13.0", "use cudaDeviceReset()")
cudaError_t cudaThreadExit(void);
CUDA_LINT_REMOVED("13.0", "use cudaDeviceSetLimit()")
cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
CUDA_LINT_REMOVED("13.0", "use cudaDeviceGetLimit()")
cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
CUDA_LINT_REMOVED("13.0", "use cudaDeviceSetCacheConfig()")
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
CUDA_LINT_REMOVED("13.0", "use cudaDeviceGetCacheConfig()")
cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
// The device-number forms of prefetch and advice (13.0 takes a cudaMemLocation).
CUDA_LINT_CHANGED("13.0", "pass a cudaMemLocation{cudaMemLocationTypeDevice, device} and flags 0")
cudaError_t cudaMemPrefetchAsync(const void *ptr, size_t count, int device,
                                 cudaStream_t stream = 0);
CUDA_LINT_CHANGED("13.0", "pass a cudaMemLocation{cudaMemLocationTypeDevice, device}")
cudaError_t cudaMemAdvise(const void *ptr, size_t count, enum cudaMemoryAdvise advice,
                          int device);
#endif

#if CUDART_VERSION >= 12000
// Texture references (removed in 12.0): a cudaTextureObject_t replaces them.
struct CUDA_LINT_REMOVED("12.0", "use a cudaTextureObject_t (cudaCreateTextureObject)")
    textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
};
template <class T, int Dim = 1, enum cudaTextureReadMode Mode = cudaReadModeElementType>
struct CUDA_LINT_REMOVED("12.0", "use a cudaTextureObject_t (cudaCreateTextureObject)")
    __attribute__((device_builtin_texture_type)) texture : public textureReference {};

#define CUDA_LINT_TEXREF(RET, NAME, ...)                                                          \
  template <class T, int Dim, enum cudaTextureReadMode Mode>                                       \
  CUDA_LINT_REMOVED("12.0", "use a cudaTextureObject_t and " #NAME "<T>(object, ...)")             \
  __device__ RET NAME(texture<T, Dim, Mode>, __VA_ARGS__);
CUDA_LINT_TEXREF(T, tex1Dfetch, int)
CUDA_LINT_TEXREF(T, tex1D, float)
CUDA_LINT_TEXREF(T, tex2D, float, float)
CUDA_LINT_TEXREF(T, tex3D, float, float, float)
CUDA_LINT_TEXREF(T, tex1DLayered, float, int)
CUDA_LINT_TEXREF(T, tex2DLayered, float, float, int)
#undef CUDA_LINT_TEXREF

#define CUDA_LINT_TEXBIND(NAME, ...)                                                               \
  template <class T, int Dim, enum cudaTextureReadMode Mode>                                       \
  CUDA_LINT_REMOVED("12.0", "use a cudaTextureObject_t (cudaCreateTextureObject)")                 \
  cudaError_t NAME(__VA_ARGS__);
CUDA_LINT_TEXBIND(cudaBindTexture, size_t *offset, const texture<T, Dim, Mode> &tex,
                  const void *ptr, size_t size = ~(size_t)0)
CUDA_LINT_TEXBIND(cudaBindTexture, size_t *offset, const texture<T, Dim, Mode> &tex,
                  const void *ptr, const struct cudaChannelFormatDesc &desc,
                  size_t size = ~(size_t)0)
CUDA_LINT_TEXBIND(cudaBindTexture2D, size_t *offset, const texture<T, Dim, Mode> &tex,
                  const void *ptr, size_t width, size_t height, size_t pitch)
CUDA_LINT_TEXBIND(cudaBindTexture2D, size_t *offset, const texture<T, Dim, Mode> &tex,
                  const void *ptr, const struct cudaChannelFormatDesc &desc, size_t width,
                  size_t height, size_t pitch)
CUDA_LINT_TEXBIND(cudaBindTextureToArray, const texture<T, Dim, Mode> &tex,
                  cudaArray_const_t array)
CUDA_LINT_TEXBIND(cudaBindTextureToArray, const texture<T, Dim, Mode> &tex,
                  cudaArray_const_t array, const struct cudaChannelFormatDesc &desc)
CUDA_LINT_TEXBIND(cudaUnbindTexture, const texture<T, Dim, Mode> &tex)
#undef CUDA_LINT_TEXBIND
CUDA_LINT_REMOVED("12.0", "use a cudaTextureObject_t (cudaCreateTextureObject)")
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *ptr, const struct cudaChannelFormatDesc *desc,
                            size_t size = ~(size_t)0);
CUDA_LINT_REMOVED("12.0", "use a cudaTextureObject_t (cudaCreateTextureObject)")
cudaError_t cudaUnbindTexture(const struct textureReference *texref);
#endif

#undef CUDA_LINT_REMOVED
#undef CUDA_LINT_CHANGED
#endif
#endif
