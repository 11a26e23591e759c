// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Decodes the parameters of CUDA runtime and driver kernel-launch API calls, as CUPTI's callback
// API hands them over, into one launch description (configuration, stream and API flavour).
#pragma once

#include <cupti.h>

#include <cstdint>

namespace cuda_lint_confirm {

enum class StreamKind { Legacy, PerThread, Explicit };

struct LaunchCall {
  const char *api = nullptr; // the API function's name, e.g. "cudaLaunchKernel"
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  uint64_t dynamicSmem = 0;
  CUstream stream = nullptr; // the handle as passed (0, CU_STREAM_LEGACY, ...)
  bool perThreadApi = false; // a *_ptsz entry point (per-thread default stream build)
  StreamKind streamKind = StreamKind::Explicit;
};

// The callback ids this library enables in each domain, terminated by 0.
const CUpti_CallbackId *runtimeLaunchCallbacks();
const CUpti_CallbackId *driverLaunchCallbacks();

// Fills `out` from a runtime (resp. driver) launch callback; false if `cbid` is not a launch.
bool decodeRuntimeLaunch(CUpti_CallbackId cbid, const void *params, LaunchCall &out);
bool decodeDriverLaunch(CUpti_CallbackId cbid, const void *params, LaunchCall &out);

const char *streamKindName(StreamKind kind);

} // namespace cuda_lint_confirm
