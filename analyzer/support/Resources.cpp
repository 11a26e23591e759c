//===- Resources.cpp - The files cuda-lint reads at run time --------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/Resources.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <optional>
#include <vector>

using namespace llvm;

namespace cudalint {

static int MainAddress;

std::string installPrefix(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, &MainAddress);
  if (Exe.empty())
    return "";
  SmallString<256> Real;
  if (!sys::fs::real_path(Exe, Real))
    Exe = std::string(Real);
  return std::string(sys::path::parent_path(sys::path::parent_path(Exe)));
}

std::string resourcePath(StringRef Prefix, Resource R) {
  SmallString<256> P(Prefix);
  switch (R) {
  case Resource::ClangResourceDir:
    sys::path::append(P, "lib", "cuda-lint", "clang");
    break;
  case Resource::CompatHeader:
    sys::path::append(P, "lib", "cuda-lint", "compat", "cuda_lint_compat.h");
    break;
  case Resource::RuleDocs:
    sys::path::append(P, "share", "cuda-lint", "docs");
    break;
  case Resource::ConfirmScript:
    sys::path::append(P, "share", "cuda-lint", "harness", "cuda_lint_confirm.py");
    break;
  case Resource::ConfirmLibrary:
    sys::path::append(P, "lib", "cuda-lint", "libcuda-lint-confirm.so");
    break;
  }
  return std::string(P);
}

/// That \p R is missing, for messages.
static StringRef missingText(Resource R) {
  switch (R) {
  case Resource::ClangResourceDir:
    return "Clang's builtin headers are missing";
  case Resource::CompatHeader:
    return "cuda-lint's compatibility header is missing";
  case Resource::RuleDocs:
    return "the rule documentation is missing";
  case Resource::ConfirmScript:
    return "the confirm harness is missing";
  case Resource::ConfirmLibrary:
    return "the confirm injection library is missing";
  }
  return "a file is missing";
}

/// The files that must exist under resourcePath(R) for it to be usable.
static std::vector<std::string> requiredFiles(StringRef Path, Resource R) {
  auto Under = [&](std::initializer_list<StringRef> Parts) {
    SmallString<256> P(Path);
    for (StringRef Part : Parts)
      sys::path::append(P, Part);
    return std::string(P);
  };
  switch (R) {
  case Resource::ClangResourceDir:
    // The CUDA wrapper that -x cuda includes first, and a builtin header.
    return {Under({"include", "__clang_cuda_runtime_wrapper.h"}), Under({"include", "stddef.h"})};
  case Resource::CompatHeader: {
    SmallString<256> Legacy(sys::path::parent_path(Path)), First(sys::path::parent_path(Path));
    sys::path::append(Legacy, "cuda_lint_legacy.h");
    sys::path::append(First, "include", "cuda.h");
    return {Path.str(), std::string(Legacy), std::string(First)};
  }
  case Resource::RuleDocs:
    return {Under({"rules"})};
  case Resource::ConfirmScript:
  case Resource::ConfirmLibrary:
    return {Path.str()};
  }
  return {Path.str()};
}

static Error missing(Resource R, StringRef Path, StringRef Prefix) {
  std::string Where = Prefix.empty() ? std::string("the location of the cuda-lint executable "
                                                   "could not be determined")
                                     : Path.str() + " does not exist";
  return createStringError("%s: %s (cuda-lint reads its files from lib/cuda-lint and "
                           "share/cuda-lint beside its bin/ directory; reinstall it, or rebuild)",
                           missingText(R).str().c_str(), Where.c_str());
}

Expected<std::string> findResource(StringRef Prefix, Resource R) {
  std::string Path = resourcePath(Prefix, R);
  if (Prefix.empty())
    return missing(R, Path, Prefix);
  for (const std::string &File : requiredFiles(Path, R))
    if (!sys::fs::exists(File))
      return missing(R, File, Prefix);
  return Path;
}

Expected<std::string> findDocsDir(StringRef Prefix) {
  std::optional<std::string> Env = sys::Process::GetEnv("CUDA_LINT_DOCS_DIR");
  if (!Env || Env->empty())
    return findResource(Prefix, Resource::RuleDocs);
  SmallString<256> Rules(*Env);
  sys::path::append(Rules, "rules");
  if (!sys::fs::is_directory(Rules))
    return createStringError("CUDA_LINT_DOCS_DIR '%s' has no rules/ directory", Env->c_str());
  return *Env;
}

} // namespace cudalint
