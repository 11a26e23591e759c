//===- RegularFile.h - Read only regular files of bounded size ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every file the analysed tree names (a source, a header it includes, a
// compile_commands.json found above it, an --options-file in an entry) may be
// a FIFO, which blocks the reader until someone writes, or a device such as
// /dev/zero, which never ends. Such paths are refused before they are opened.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_REGULARFILE_H
#define CUDALINT_ANALYZER_SUPPORT_REGULARFILE_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace cudalint {

/// The contents of \p Path, read into memory, when it is a regular file of at most \p MaxBytes;
/// an error saying why otherwise ("not a regular file (a device, pipe or socket)", "larger than
/// the 32 MiB allowed", or the system's reason).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readRegularFile(const llvm::Twine &Path, uint64_t MaxBytes, bool RequiresNullTerminator = true);

} // namespace cudalint

#endif
