// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The asynchronous copy entry points whose calls the injection library records (copy_calls.h).
#include "copy_calls.h"

namespace cuda_lint_confirm {

namespace {

const CUpti_CallbackId kRuntime[] = {
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2DAsync_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DAsync_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy3DAsync_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbolAsync_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbolAsync_ptsz_v7000,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbolAsync_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbolAsync_ptsz_v7000,
    0};

const CUpti_CallbackId kDriver[] = {CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2_ptsz,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpyDtoHAsync_v2_ptsz,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync_ptsz,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpy2DAsync_v2,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpy2DAsync_v2_ptsz,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpy3DAsync_v2,
                                    CUPTI_DRIVER_TRACE_CBID_cuMemcpy3DAsync_v2_ptsz,
                                    0};

bool contains(const CUpti_CallbackId *ids, CUpti_CallbackId cbid) {
  for (; *ids; ++ids)
    if (*ids == cbid)
      return true;
  return false;
}

} // namespace

const CUpti_CallbackId *runtimeAsyncCopyCallbacks() { return kRuntime; }
const CUpti_CallbackId *driverAsyncCopyCallbacks() { return kDriver; }

bool isAsyncCopyCallback(CUpti_CallbackDomain domain, CUpti_CallbackId cbid) {
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API)
    return contains(kRuntime, cbid);
  if (domain == CUPTI_CB_DOMAIN_DRIVER_API)
    return contains(kDriver, cbid);
  return false;
}

} // namespace cuda_lint_confirm
