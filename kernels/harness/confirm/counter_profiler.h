// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// In-process hardware counters of `cuda-lint confirm --ncu`: the CUPTI range profiler (auto range,
// kernel replay) around the first N launches of each chosen kernel and launch configuration, in
// the same run that records the launches, instead of a second run under Nsight Compute.
//
// Asked for through the environment (cuda_lint_confirm.py sets it):
//   CUDA_LINT_CONFIRM_PROFILE_KERNELS   file with the mangled names of the kernels to profile, one
//                                       a line (exactly as CUPTI reports them)
//   CUDA_LINT_CONFIRM_PROFILE_METRICS   the metrics, comma-separated (Nsight Compute / CUPTI names)
//   CUDA_LINT_CONFIRM_PROFILE_LAUNCHES  at most this many launches of each kernel and launch
//                                       configuration (grid, block, dynamic shared memory) per
//                                       process; 0 for every launch; default 1
// Records (JSON lines through the RecordWriter):
//   profiler_request  what was asked for, and whether this build has the range profiler
//   profiler          per context, once a chosen kernel first launches in it: "ok" (chip, passes,
//                     metrics, metrics the GPU does not have) or "unavailable" with the reason
//   counters          per profiled launch, keyed like its "launch" record (pid, correlation_id,
//                     kernel): metric values (null where CUPTI gave none), or "error"; "replayed"
//                     says whether the range profiler ran around it (the kernel ran, replayed
//                     inside the launch call, and CUPTI's kernel record of it has no timestamps)
#pragma once

#include "launch_decode.h"

#include <cuda.h>

#include <cstdint>

namespace cuda_lint_confirm {

class RecordWriter;

namespace profiler {

// Reads the request from the environment and writes the profiler_request record; false (and
// nothing written) when no profiling was asked for.
bool configure(RecordWriter &writer);
bool requested();

// The launch callbacks. `launchEnter` at the ENTER of the outermost launch API call of a thread
// (a runtime launch, or a driver launch made by the program itself), `nestedEnter` at the ENTER of
// a driver launch made inside a runtime launch (where the context is known if the runtime call
// created it), `launchExit` at the EXIT of the outermost call with its return code. The range
// profiler starts before the chosen launch and stops after it; a launch that is not chosen costs a
// set lookup.
void launchEnter(CUcontext ctx, const char *symbol, const LaunchCall &call, uint32_t correlationId);
void nestedEnter(CUcontext ctx, const char *symbol, const LaunchCall &call);
void launchExit(int result);

// Whether the range profiler ran around the accepted launch of this correlation id (its kernel was
// replayed inside the launch call; CUPTI's kernel record of it has start = end = 0).
bool replayed(uint32_t correlationId);

// A context is being destroyed: its range profiler is disabled first.
void contextDestroying(CUcontext ctx);

} // namespace profiler
} // namespace cuda_lint_confirm
