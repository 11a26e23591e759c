// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The asynchronous host-device copy entry points of the CUDA runtime and driver APIs whose calls
// the injection library records ("copy_call": the call's host time and call stack), so that
// `cuda-lint confirm` can place each CUPTI memcpy record at the source line of a
// pageable-async-copy finding (the two share the call's correlation id).
#pragma once

#include <cupti.h>

namespace cuda_lint_confirm {

// The callback ids of the asynchronous copy calls in each domain, terminated by 0.
const CUpti_CallbackId *runtimeAsyncCopyCallbacks();
const CUpti_CallbackId *driverAsyncCopyCallbacks();

// Whether `cbid` of `domain` is one of them.
bool isAsyncCopyCallback(CUpti_CallbackDomain domain, CUpti_CallbackId cbid);

} // namespace cuda_lint_confirm
