//===- ArchRegions.h - Device code the host parse does not see -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The rules run on Clang's host-side parse (SPEC §2), where __CUDA_ARCH__ is
// not defined: a kernel body under `#if __CUDA_ARCH__ >= 700` (or under a
// macro that such a block defines, like ggml's NEW_MMA_AVAILABLE) is skipped,
// and what the GPU runs is never analysed. The host parse records those
// regions; when one of them holds a kernel or a barrier, or lies in a kernel's
// body (`#if __CUDA_ARCH__ >= 800 ... #else NO_DEVICE_CODE; #endif`), the TU is
// parsed once more for the device, and the findings that fall inside the
// regions are added to the host parse's.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_ARCHREGIONS_H
#define CUDALINT_ANALYZER_TU_ARCHREGIONS_H

#include "analyzer/inputs/NvccTranslate.h"
#include "llvm/ADT/ArrayRef.h"
#include "rules/Finding.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace cudalint {

/// Lines of a project file that the host parse skipped under a condition on
/// __CUDA_ARCH__ (the directive lines included).
struct ArchRegion {
  std::string File; // as findings name it
  unsigned FirstLine = 0, LastLine = 0;
  bool HasDeviceCode = false; // a kernel or a barrier inside
};

/// The lines of a kernel's body, as the host parse saw it.
struct KernelBody {
  std::string File;
  unsigned FirstLine = 0, LastLine = 0;
  std::string Name; // the kernel's name, without template arguments
};

struct ArchRegions {
  std::vector<ArchRegion> Regions;
  std::vector<KernelBody> Kernels;
  /// Macros defined inside such a region: a condition on one of them is a
  /// condition on __CUDA_ARCH__ too.
  std::set<std::string> Macros;

  bool needDevicePass() const;
  /// Whether \p F, a finding of the device parse, comes from code the host
  /// parse skipped: it lies in a region, or it is in the body of a kernel that
  /// holds one, or in a device function such a kernel calls (the finding is
  /// the kernel's: MAGMA's kernels call their template helpers only under
  /// `#if __CUDA_ARCH__ >= 200`), and \p Host (the host parse's findings) has
  /// none of its rule there (a barrier after an early return under the
  /// condition).
  bool fromSkippedCode(const Finding &F, llvm::ArrayRef<Finding> Host) const;
  void append(const ArchRegions &Other);
};

/// Records in \p Out the bodies of the kernels defined in \p Scope (the
/// project's declarations of a parse).
void collectKernelBodies(clang::ASTContext &AST, llvm::ArrayRef<clang::Decl *> Scope,
                         ArchRegions &Out);

/// Preprocessor callbacks that fill \p Out with the regions of non-system
/// files that the parse skipped under a condition on __CUDA_ARCH__.
std::unique_ptr<clang::PPCallbacks> collectArchRegions(const clang::SourceManager &SM,
                                                       ArchRegions &Out);

/// A `#define NAME body` of preprocessor text (continuation lines joined, a comment ending the
/// body; a function-like macro's body is left empty).
struct TextDefine {
  std::string Name, Body;
  bool FunctionLike = false;
};
/// The `#define`s of \p Text, a region the preprocessor skipped, in order.
std::vector<TextDefine> definesIn(llvm::StringRef Text);

/// \p Cmd's Clang command turned into a device-side parse for \p Arch (devicePassArch).
std::vector<std::string> devicePassArgs(const TranslatedCommand &Cmd, llvm::StringRef Arch);

} // namespace cudalint

#endif
