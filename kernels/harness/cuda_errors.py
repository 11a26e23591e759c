# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Names and messages of the CUDA runtime and driver error codes a kernel launch can return.

The injection library records launch return codes as numbers (it must not call into the
program's CUDA runtime); this table turns them back into the names users know.
"""

RUNTIME = {
    0: ("cudaSuccess", "no error"),
    1: ("cudaErrorInvalidValue", "invalid argument"),
    2: ("cudaErrorMemoryAllocation", "out of memory"),
    3: ("cudaErrorInitializationError", "initialization error"),
    9: ("cudaErrorInvalidConfiguration", "invalid configuration argument"),
    12: ("cudaErrorInvalidPitchValue", "invalid pitch argument"),
    35: ("cudaErrorInsufficientDriver",
         "CUDA driver version is insufficient for CUDA runtime version"),
    52: ("cudaErrorMissingConfiguration", "__global__ function call is not configured"),
    98: ("cudaErrorInvalidDeviceFunction", "invalid device function"),
    100: ("cudaErrorNoDevice", "no CUDA-capable device is detected"),
    101: ("cudaErrorInvalidDevice", "invalid device ordinal"),
    209: ("cudaErrorNoKernelImageForDevice",
          "no kernel image is available for execution on the device"),
    222: ("cudaErrorUnsupportedPtxVersion", "the provided PTX was compiled with an unsupported "
          "toolchain."),
    400: ("cudaErrorInvalidResourceHandle", "invalid resource handle"),
    700: ("cudaErrorIllegalAddress", "an illegal memory access was encountered"),
    701: ("cudaErrorLaunchOutOfResources", "too many resources requested for launch"),
    702: ("cudaErrorLaunchTimeout", "the launch timed out and was terminated"),
    719: ("cudaErrorLaunchFailure", "unspecified launch failure"),
    720: ("cudaErrorCooperativeLaunchTooLarge",
          "too many blocks in cooperative launch"),
}

DRIVER = {
    0: ("CUDA_SUCCESS", "no error"),
    1: ("CUDA_ERROR_INVALID_VALUE", "invalid argument"),
    2: ("CUDA_ERROR_OUT_OF_MEMORY", "out of memory"),
    3: ("CUDA_ERROR_NOT_INITIALIZED", "initialization error"),
    4: ("CUDA_ERROR_DEINITIALIZED", "driver shutting down"),
    100: ("CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"),
    200: ("CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"),
    201: ("CUDA_ERROR_INVALID_CONTEXT", "invalid device context"),
    209: ("CUDA_ERROR_NO_BINARY_FOR_GPU",
          "no kernel image is available for execution on the device"),
    400: ("CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"),
    500: ("CUDA_ERROR_NOT_FOUND", "named symbol not found"),
    700: ("CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"),
    701: ("CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested for launch"),
    702: ("CUDA_ERROR_LAUNCH_TIMEOUT", "the launch timed out and was terminated"),
    719: ("CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"),
    720: ("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE", "too many blocks in cooperative launch"),
}

# Codes (the same number in both APIs) that mean "this launch asked for more than an SM has".
OUT_OF_RESOURCES = 701


def describe(code, domain="runtime"):
    """(name, message) of `code` in the "runtime" or "driver" API."""
    table = DRIVER if domain == "driver" else RUNTIME
    if code in table:
        return table[code]
    prefix = "CUDA_ERROR" if domain == "driver" else "cudaError"
    return ("%s(%d)" % (prefix, code), "error %d" % code)
