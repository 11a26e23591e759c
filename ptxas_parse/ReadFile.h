//===- ReadFile.h - Read a file or stdin, bounded by what is read -*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every input file cuda-lint reads (sources, ptxas logs, configurations, --fix
// targets) is read through readFileBounded: it stops after \p MaxBytes bytes
// whatever stat says, so /dev/zero, a FIFO or a /proc file cannot exhaust
// memory or hang on a size that stat reports as 0.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_READFILE_H
#define CUDALINT_PTXAS_PARSE_READFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace cudalint {

/// The content of \p Path ("-" is stdin), or an error when it cannot be read or
/// holds more than \p MaxBytes bytes ("larger than N MiB"). Errors name no path.
llvm::Expected<std::string> readFileBounded(llvm::StringRef Path, uint64_t MaxBytes);

/// "32 MiB", "512 KiB", "100 bytes".
std::string formatByteSize(uint64_t Bytes);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_READFILE_H
