//===- DisplayPath.cpp - How a path is shown to the user ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/DisplayPath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace cudalint {

std::string displayPath(StringRef File) {
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd)) {
    if (!Cwd.ends_with("/"))
      Cwd += "/";
    if (File.starts_with(Cwd))
      return File.substr(Cwd.size()).str();
  }
  return File.str();
}

} // namespace cudalint
