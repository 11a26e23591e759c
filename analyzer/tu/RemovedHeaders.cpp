//===- RemovedHeaders.cpp - Toolkit headers that newer CUDA no longer ships -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/tu/RemovedHeaders.h"

#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace cudalint {

std::string removedHeaderHint(StringRef Name) {
  StringRef Why =
      StringSwitch<StringRef>(sys::path::filename(Name))
          .Cases("texture_fetch_functions.h", "cuda_texture_types.h",
                 "texture references (texture<T, dim> and tex1Dfetch(texref, i)) were removed in "
                 "CUDA 12, and the toolkit no longer ships this header of theirs: use texture "
                 "objects (cudaTextureObject_t, tex1Dfetch<T>(obj, i) of "
                 "texture_indirect_functions.h)")
          .Cases("surface_functions.h", "cuda_surface_types.h",
                 "surface references (surface<void, dim>) were removed in CUDA 12, and the "
                 "toolkit no longer ships this header of theirs: use surface objects "
                 "(cudaSurfaceObject_t, surf2Dwrite(v, obj, x, y) of surface_indirect_functions.h)")
          .Cases("nvToolsExt.h", "nvToolsExtCuda.h", "nvToolsExtCudaRt.h",
                 "NVTX 2 is no longer in the toolkit (CUDA 13 ships NVTX 3 only): include "
                 "<nvtx3/nvToolsExt.h> instead, which is header-only")
          .Case("nvgraph.h", "nvGRAPH was removed in CUDA 11: use cuGraph (RAPIDS)")
          .Default("");
  return Why.empty() ? "" : "the CUDA toolkit no longer has this header: " + Why.str();
}

namespace {

class RemovedHeaders : public PPCallbacks {
public:
  RemovedHeaders(Preprocessor &PP, StringRef CudaPath) : PP(PP), CudaPath(CudaPath.str()) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef FileName, bool,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File, StringRef,
                          StringRef, const Module *, bool, SrcMgr::CharacteristicKind) override {
    if (!File || removedHeaderHint(FileName).empty())
      return;
    const SourceManager &SM = PP.getSourceManager();
    if (SM.isInSystemHeader(HashLoc)) // Clang's wrapper includes some for older toolkits
      return;
    // Only cuda-lint's forwarder, in Clang's resource directory beside the executable.
    StringRef Path = File->getName();
    if (!Path.contains("/cuda-lint/clang/include/"))
      return;
    SmallString<256> Toolkit(CudaPath);
    sys::path::append(Toolkit, "include", sys::path::filename(FileName));
    if (CudaPath.empty() || sys::fs::exists(Toolkit))
      return;
    PP.getDiagnostics().Report(FilenameRange.getBegin(), diag::err_pp_file_not_found)
        << FileName;
  }

private:
  Preprocessor &PP;
  std::string CudaPath;
};

} // namespace

std::unique_ptr<PPCallbacks> reportRemovedHeaders(Preprocessor &PP, StringRef CudaPath) {
  return std::make_unique<RemovedHeaders>(PP, CudaPath);
}

} // namespace cudalint
