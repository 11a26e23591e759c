//===- ErrorHints.h - What to do about a compile error --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Production code written for an older toolkit fails to parse under CUDA 13 in a few
// recurring ways: a header not on the include path, a cudaDeviceProp field or a CUB operator
// that CUDA 13 removed. Clang's error is kept as it is; these notes say what brings the code
// back.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_ERRORHINTS_H
#define CUDALINT_ANALYZER_TU_ERRORHINTS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cudalint {

/// For "'Header' file not found": where such a header comes from and the flag that brings it in.
std::string missingHeaderHint(llvm::StringRef Header);

/// For Clang's "no member named 'X' in ..." and "no type named 'X' in ..." errors: what
/// replaces a cudaDeviceProp field or a CUB operator that CUDA 13 removed; "" for any other.
std::string removedMemberHint(llvm::StringRef Message);

} // namespace cudalint

#endif
