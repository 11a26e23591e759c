//===- NvccRunner.h - Run nvcc for a resource report -------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Finds nvcc (--cuda-path, then $CUDA_PATH, then the configured default) and compiles a source
// with `--resource-usage` to obtain its ptxas report.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_NVCCRUNNER_H
#define CUDALINT_PTXAS_PARSE_NVCCRUNNER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

/// The nvcc executable under \p CudaPath, or under $CUDA_PATH / the build's default toolkit when
/// \p CudaPath is empty.
llvm::Expected<std::string> findNvcc(llvm::StringRef CudaPath);

/// An error when nvcc cannot be given \p Arg safely: nvcc runs cicc, ptxas and the host compiler
/// through /bin/sh with each argument in double quotes, where '$(...)', backquotes and
/// backslashes still act; a -D value or a file name from an analysed tree must never run a
/// command.
llvm::Error checkNvccArgument(llvm::StringRef Arg);

/// The nvcc arguments that compile \p Source for \p Archs ("sm_90", "sm_90a"; none: nvcc's
/// default) and print the resource usage, without writing an object file.
std::vector<std::string> nvccResourceUsageArgs(llvm::StringRef Nvcc, llvm::StringRef Source,
                                               llvm::ArrayRef<std::string> Archs,
                                               llvm::ArrayRef<std::string> ExtraArgs);

/// Runs nvcc as above and returns what it printed (the ptxas report is on stderr). A failed
/// compilation is an error that quotes the end of nvcc's output.
llvm::Expected<std::string> runNvccResourceUsage(llvm::StringRef Nvcc, llvm::StringRef Source,
                                                 llvm::ArrayRef<std::string> Archs,
                                                 llvm::ArrayRef<std::string> ExtraArgs);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_NVCCRUNNER_H
