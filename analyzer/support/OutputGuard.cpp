//===- OutputGuard.cpp - An output option never replaces an input ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/OutputGuard.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {
namespace {

/// Whether \p A and \p B are one file: the same inode when both exist, else the same
/// absolute path without dots (an output that does not exist yet).
bool sameFile(StringRef A, StringRef B) {
  bool Same = false;
  if (!sys::fs::equivalent(A, B, Same))
    return Same;
  SmallString<256> X(A), Y(B);
  sys::fs::make_absolute(X);
  sys::fs::make_absolute(Y);
  sys::path::remove_dots(X, /*remove_dot_dot=*/true);
  sys::path::remove_dots(Y, /*remove_dot_dot=*/true);
  return X == Y;
}

} // namespace

std::optional<std::string> outputOntoInput(ArrayRef<NamedOutput> Outputs,
                                           ArrayRef<std::string> Inputs) {
  for (size_t I = 0; I < Outputs.size(); ++I) {
    const NamedOutput &Out = Outputs[I];
    if (Out.Path.empty())
      continue;
    for (const std::string &In : Inputs)
      if (sameFile(Out.Path, In))
        return Out.Option.str() + " '" + Out.Path + "' is also an input ('" + In +
               "'); writing it would replace it";
    for (size_t J = 0; J < I; ++J)
      if (!Outputs[J].Path.empty() && sameFile(Out.Path, Outputs[J].Path))
        return Out.Option.str() + " '" + Out.Path + "' is also the file of " +
               Outputs[J].Option.str() + "; one output would replace the other";
  }
  return std::nullopt;
}

} // namespace cudalint
