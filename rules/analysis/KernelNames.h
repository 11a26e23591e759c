//===- KernelNames.h - Names that identify a kernel across files ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#ifndef CUDALINT_RULES_ANALYSIS_KERNELNAMES_H
#define CUDALINT_RULES_ANALYSIS_KERNELNAMES_H

#include "clang/AST/Decl.h"
#include <string>

namespace cudalint {

/// The Itanium-mangled name (what ptxas, cuobjdump and CUPTI report).
std::string mangledName(const clang::FunctionDecl *FD);
/// The identity of a kernel's definition across translation units: its mangled
/// name and the place of the definition the TU sees (two programs may define
/// kernels of one name), or for a template specialization the primary
/// template's name and place; the bare mangled name for a declaration without
/// a visible definition.
std::string kernelKey(const clang::FunctionDecl *FD);
/// The name to show in messages: `k`, also for a template specialization (a
/// launch in a template is reported once at its line, not per instantiation).
std::string displayName(const clang::FunctionDecl *FD);
/// `k<256>` for a specialization, for machine-readable output.
std::string specializationName(const clang::FunctionDecl *FD);

} // namespace cudalint

#endif
