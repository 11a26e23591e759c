// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Launch-parameter decoding for the runtime and driver launch entry points (see launch_decode.h).
#include "launch_decode.h"

// cupti.h (through launch_decode.h) brings in cuda.h and the generated parameter structures.
#include <cuda_runtime_api.h>

namespace cuda_lint_confirm {

namespace {

// CUDA 13's `<<<...>>>` calls __cudaLaunchKernel(cudaKernel_t, dim3, dim3, void **, size_t,
// cudaStream_t) (crt/device_functions.h); its parameter block is not in the generated meta
// headers, so it is spelled out here with the same layout as cudaLaunchKernel's.
struct InternalLaunchKernelParams {
  const void *kernel;
  dim3 gridDim;
  dim3 blockDim;
  void **args;
  size_t sharedMem;
  cudaStream_t stream;
};

const CUpti_CallbackId kRuntime[] = {
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060,
    CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060,
#if CUPTI_API_VERSION >= 130000
    CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000,
    CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000,
#endif
    0};

const CUpti_CallbackId kDriver[] = {CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
                                    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
                                    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
                                    CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
                                    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
                                    CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz,
                                    0};

void setDims(unsigned *dst, unsigned x, unsigned y, unsigned z) {
  dst[0] = x;
  dst[1] = y;
  dst[2] = z;
}

void classifyStream(LaunchCall &out) {
  const CUstream legacy = CU_STREAM_LEGACY;
  const CUstream perThread = CU_STREAM_PER_THREAD;
  if (out.stream == nullptr)
    out.streamKind = out.perThreadApi ? StreamKind::PerThread : StreamKind::Legacy;
  else if (out.stream == legacy)
    out.streamKind = StreamKind::Legacy;
  else if (out.stream == perThread)
    out.streamKind = StreamKind::PerThread;
  else
    out.streamKind = StreamKind::Explicit;
}

// cudaLaunchKernel, cudaLaunchCooperativeKernel and __cudaLaunchKernel share one layout.
template <typename P> void fromRuntimeParams(const void *params, LaunchCall &out) {
  const P *p = static_cast<const P *>(params);
  setDims(out.grid, p->gridDim.x, p->gridDim.y, p->gridDim.z);
  setDims(out.block, p->blockDim.x, p->blockDim.y, p->blockDim.z);
  out.dynamicSmem = p->sharedMem;
  out.stream = reinterpret_cast<CUstream>(p->stream);
}

// cuLaunchKernel and cuLaunchCooperativeKernel (and their _ptsz forms) share a leading layout.
template <typename P> void fromDriverParams(const void *params, LaunchCall &out) {
  const P *p = static_cast<const P *>(params);
  setDims(out.grid, p->gridDimX, p->gridDimY, p->gridDimZ);
  setDims(out.block, p->blockDimX, p->blockDimY, p->blockDimZ);
  out.dynamicSmem = p->sharedMemBytes;
  out.stream = p->hStream;
}

void fromDriverConfig(const CUlaunchConfig *c, LaunchCall &out) {
  if (!c)
    return;
  setDims(out.grid, c->gridDimX, c->gridDimY, c->gridDimZ);
  setDims(out.block, c->blockDimX, c->blockDimY, c->blockDimZ);
  out.dynamicSmem = c->sharedMemBytes;
  out.stream = c->hStream;
}

} // namespace

const CUpti_CallbackId *runtimeLaunchCallbacks() { return kRuntime; }
const CUpti_CallbackId *driverLaunchCallbacks() { return kDriver; }

bool decodeRuntimeLaunch(CUpti_CallbackId cbid, const void *params, LaunchCall &out) {
  if (!params)
    return false;
  switch (cbid) {
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
    out.api = out.perThreadApi ? "cudaLaunchKernel_ptsz" : "cudaLaunchKernel";
    fromRuntimeParams<cudaLaunchKernel_v7000_params>(params, out);
    break;
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000:
    out.api = out.perThreadApi ? "cudaLaunchCooperativeKernel_ptsz" : "cudaLaunchCooperativeKernel";
    fromRuntimeParams<cudaLaunchCooperativeKernel_v9000_params>(params, out);
    break;
#if CUPTI_API_VERSION >= 130000
  case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000:
    out.api = out.perThreadApi ? "__cudaLaunchKernel_ptsz" : "__cudaLaunchKernel";
    fromRuntimeParams<InternalLaunchKernelParams>(params, out);
    break;
#endif
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060: {
    out.api = out.perThreadApi ? "cudaLaunchKernelExC_ptsz" : "cudaLaunchKernelExC";
    const cudaLaunchConfig_t *c =
        static_cast<const cudaLaunchKernelExC_v11060_params *>(params)->config;
    if (c) {
      setDims(out.grid, c->gridDim.x, c->gridDim.y, c->gridDim.z);
      setDims(out.block, c->blockDim.x, c->blockDim.y, c->blockDim.z);
      out.dynamicSmem = c->dynamicSmemBytes;
      out.stream = reinterpret_cast<CUstream>(c->stream);
    }
    break;
  }
  default:
    return false;
  }
  classifyStream(out);
  return true;
}

bool decodeDriverLaunch(CUpti_CallbackId cbid, const void *params, LaunchCall &out) {
  if (!params)
    return false;
  switch (cbid) {
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel:
    out.api = out.perThreadApi ? "cuLaunchKernel_ptsz" : "cuLaunchKernel";
    fromDriverParams<cuLaunchKernel_params>(params, out);
    break;
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
    out.api = out.perThreadApi ? "cuLaunchCooperativeKernel_ptsz" : "cuLaunchCooperativeKernel";
    fromDriverParams<cuLaunchCooperativeKernel_params>(params, out);
    break;
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz:
    out.perThreadApi = true;
    [[fallthrough]];
  case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx:
    out.api = out.perThreadApi ? "cuLaunchKernelEx_ptsz" : "cuLaunchKernelEx";
    fromDriverConfig(static_cast<const cuLaunchKernelEx_params *>(params)->config, out);
    break;
  default:
    return false;
  }
  classifyStream(out);
  return true;
}

const char *streamKindName(StreamKind kind) {
  switch (kind) {
  case StreamKind::Legacy:
    return "legacy";
  case StreamKind::PerThread:
    return "per-thread";
  case StreamKind::Explicit:
    return "explicit";
  }
  return "explicit";
}

} // namespace cuda_lint_confirm
