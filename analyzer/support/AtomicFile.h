//===- AtomicFile.h - Write a file atomically; read one with a bound ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every file cuda-lint writes (--fix, --output) goes through writeFileAtomically:
// a temporary file in the same directory, every write checked, fsync, then a
// rename over the original, which keeps its mode and owner. A failure leaves
// the original as it was. Reads of user files are bounded by what is read, not
// by what stat says, so an endless stream (/dev/zero, a FIFO) cannot exhaust
// memory.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_ATOMICFILE_H
#define CUDALINT_ANALYZER_SUPPORT_ATOMICFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace cudalint {

/// Replaces the content of \p Path (a symlink is followed: its target is
/// replaced) with \p Content, or creates it. The error names no path.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content);

/// True when \p Path exists and is not a regular file (a device, a FIFO, a
/// socket): such outputs are written in place, as a stream.
bool isSpecialFile(llvm::StringRef Path);

} // namespace cudalint

#endif
