//===- Toolchain.cpp - Locate the CUDA toolkit and Clang's resource dir ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/Toolchain.h"
#include "analyzer/support/Resources.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Driver/Compilation.h"
#include "clang/Driver/Driver.h"
#include "clang/Driver/ToolChain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

namespace cudalint {

static bool hasCudaRuntimeHeader(StringRef Root) {
  SmallString<256> P(Root);
  sys::path::append(P, "include", "cuda_runtime.h");
  return sys::fs::exists(P);
}

/// Where an omp.h for the parse is, when Clang's resource dir has none: the
/// newest GCC's (libgomp), else another Clang's (libomp). Empty for none.
static std::string findOpenMPHeader(StringRef ResourceDir) {
  SmallString<256> Own(ResourceDir);
  sys::path::append(Own, "include", "omp.h");
  if (sys::fs::exists(Own))
    return "";
  std::string Best;
  auto Consider = [&](StringRef Dir) {
    SmallString<256> P(Dir);
    sys::path::append(P, "omp.h");
    // Version directories sort by their numbers ("12" < "13"), then by text.
    auto Key = [](StringRef D) {
      StringRef V = sys::path::filename(sys::path::parent_path(D));
      unsigned N = 0;
      V.consumeInteger(10, N);
      return std::make_pair(N, D.str());
    };
    if (sys::fs::exists(P) && (Best.empty() || Key(Best) < Key(Dir)))
      Best = Dir.str();
  };
  std::error_code EC;
  // /usr/lib/gcc/<triple>/<version>/include
  for (sys::fs::directory_iterator T("/usr/lib/gcc", EC), End; !EC && T != End; T.increment(EC))
    for (sys::fs::directory_iterator V(T->path(), EC), VEnd; !EC && V != VEnd; V.increment(EC))
      Consider(V->path() + "/include");
  return Best;
}

/// The version of the GCC installation whose libstdc++ Clang's driver selects for the parse
/// ("12" from /usr/lib/gcc/x86_64-linux-gnu/12), the host compiler nvcc runs by default; empty
/// when it selects none. Found as the driver finds it, without running a program.
static std::string findHostGccVersion() {
  clang::DiagnosticOptions Opts;
  clang::DiagnosticsEngine Diags(new clang::DiagnosticIDs(), Opts,
                                 new clang::IgnoringDiagConsumer());
  clang::driver::Driver D("clang++", sys::getDefaultTargetTriple(), Diags);
  std::unique_ptr<clang::driver::Compilation> C(
      D.BuildCompilation({"clang++", "-fsyntax-only", "-x", "c++", "-"}));
  if (!C)
    return "";
  std::string Info;
  raw_string_ostream OS(Info);
  C->getDefaultToolChain().printVerboseInfo(OS);
  for (StringRef Line : split(Info, '\n'))
    if (Line.consume_front("Selected GCC installation: ")) {
      // What -fgnuc-version takes: "12", "12.2", "12.2.0".
      StringRef Version = sys::path::filename(Line.rtrim());
      SmallVector<StringRef, 3> Parts;
      Version.split(Parts, '.');
      if (Parts.size() <= 3 && llvm::all_of(Parts, [](StringRef P) {
            return !P.empty() && P.size() <= 4 && llvm::all_of(P, isDigit);
          }))
        return Version.str();
    }
  return "";
}

Expected<ToolchainPaths> findToolchain(StringRef Requested, StringRef Prefix) {
  ToolchainPaths Paths;
  Expected<std::string> ResourceDir = findResource(Prefix, Resource::ClangResourceDir);
  if (!ResourceDir)
    return ResourceDir.takeError();
  Paths.ResourceDir = std::move(*ResourceDir);
  Expected<std::string> Compat = findResource(Prefix, Resource::CompatHeader);
  if (!Compat)
    return Compat.takeError();
  Paths.CompatHeader = std::move(*Compat);
  Paths.OpenMPIncludeDir = findOpenMPHeader(Paths.ResourceDir);
  Paths.HostGccVersion = findHostGccVersion();

  if (!Requested.empty()) {
    if (!hasCudaRuntimeHeader(Requested))
      return createStringError("--cuda-path '%s' is not a CUDA toolkit (no include/cuda_runtime.h)",
                               Requested.str().c_str());
    Paths.CudaPath = Requested.str();
    return Paths;
  }
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_PATH");
      Env && !Env->empty()) {
    if (!hasCudaRuntimeHeader(*Env))
      return createStringError("CUDA_PATH '%s' is not a CUDA toolkit (no include/cuda_runtime.h)",
                               Env->c_str());
    Paths.CudaPath = *Env;
    return Paths;
  }
  if (hasCudaRuntimeHeader(CUDA_LINT_DEFAULT_CUDA_PATH)) {
    Paths.CudaPath = CUDA_LINT_DEFAULT_CUDA_PATH;
    return Paths;
  }
  if (ErrorOr<std::string> Nvcc = sys::findProgramByName("nvcc")) {
    SmallString<256> Root(*Nvcc);
    sys::path::remove_filename(Root); // bin/
    sys::path::remove_filename(Root);
    if (hasCudaRuntimeHeader(Root)) {
      Paths.CudaPath = std::string(Root);
      return Paths;
    }
  }
  return createStringError("no CUDA toolkit found: install it at %s, set CUDA_PATH, or pass "
                           "--cuda-path",
                           CUDA_LINT_DEFAULT_CUDA_PATH);
}

} // namespace cudalint
