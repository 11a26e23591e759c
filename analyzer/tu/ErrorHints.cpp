//===- ErrorHints.cpp - What to do about a compile error ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/ErrorHints.h"
#include "analyzer/tu/RemovedHeaders.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace cudalint {

/// What to tell a user about a missing header: where such a header comes from
/// and the flag that brings it in.
std::string missingHeaderHint(StringRef Header) {
  // Headers the toolkit itself no longer ships: no -I brings them back.
  if (std::string Removed = removedHeaderHint(Header); !Removed.empty())
    return Removed;
  std::string Where;
  if (Header == "mpi.h" || Header == "mpi.hpp")
    Where = " (MPI: the directory that 'mpicxx --showme:incdirs' or 'mpicxx -show' prints)";
  else if (Header == "omp.h")
    Where = " (OpenMP: install libomp-dev or the host compiler's libgomp)";
  else if (Header.starts_with("nccl") || Header.starts_with("cudnn") ||
           Header.starts_with("cutensor") || Header.starts_with("nvshmem"))
    Where = " (a CUDA library installed apart from the toolkit: its include/ directory)";
  return "the code that needs it is analysed without it: add its directory with "
         "--extra-arg=-I<dir>" +
         Where + ", or analyse with the project's compile database (-p <build dir>)";
}

std::string removedMemberHint(StringRef Message) {
  StringRef Name = Message.split('\'').second.split('\'').first;
  // A cudaDeviceProp field: the attribute that replaces it.
  if (Message.ends_with("in 'cudaDeviceProp'") || Message.ends_with("in 'struct cudaDeviceProp'")) {
    StringRef Attr = StringSwitch<StringRef>(Name)
                         .Case("clockRate", "cudaDevAttrClockRate")
                         .Case("memoryClockRate", "cudaDevAttrMemoryClockRate")
                         .Case("deviceOverlap", "cudaDevAttrGpuOverlap")
                         .Case("kernelExecTimeoutEnabled", "cudaDevAttrKernelExecTimeout")
                         .Case("computeMode", "cudaDevAttrComputeMode")
                         .Case("maxTexture1DLinear", "cudaDevAttrMaxTexture1DLinearWidth")
                         .Case("cooperativeMultiDeviceLaunch",
                               "cudaDevAttrCooperativeMultiDeviceLaunch")
                         .Case("singleToDoublePrecisionPerfRatio",
                               "cudaDevAttrSingleToDoublePrecisionPerfRatio")
                         .Default("");
    if (!Attr.empty())
      return "CUDA 13 removed this field: use cudaDeviceGetAttribute(&value, " + Attr.str() +
             ", device)";
  }
  // A CUB function object: CCCL 3.0 (CUDA 13) removed them for libcu++'s.
  if (Message.contains("in namespace 'cub'")) {
    StringRef Use = StringSwitch<StringRef>(Name)
                        .Case("Max", "cuda::maximum<> from <cuda/functional>")
                        .Case("Min", "cuda::minimum<> from <cuda/functional>")
                        .Case("Sum", "cuda::std::plus<> from <cuda/std/functional>")
                        .Case("Difference", "cuda::std::minus<> from <cuda/std/functional>")
                        .Case("Division", "cuda::std::divides<> from <cuda/std/functional>")
                        .Case("Equality", "cuda::std::equal_to<> from <cuda/std/functional>")
                        .Case("Inequality", "cuda::std::not_equal_to<> from <cuda/std/functional>")
                        .Default("");
    if (!Use.empty())
      return "CUDA 13 (CCCL 3.0) removed cub::" + Name.str() + ": use " + Use.str();
  }
  return "";
}

} // namespace cudalint
