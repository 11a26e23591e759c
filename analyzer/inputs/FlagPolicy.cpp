//===- FlagPolicy.cpp - Which flags a file of the analysed tree may pass ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/FlagPolicy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

using namespace llvm;

namespace cudalint {
namespace {

/// Allowed flags whose value may be the next argument.
bool takesSeparateValue(StringRef Flag) {
  return is_contained(
      {"-D", "-U", "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-x"}, Flag);
}

/// Words in an -f or -m flag that name a file, a directory, a plugin, a module cache or a
/// report: what a parse would write, load or run.
bool namesOutputOrTool(StringRef Flag) {
  static const char *const Words[] = {"plugin",         "crash",  "profile", "module",  "trace",
                                      "record",         "report", "dump",    "file",    "dir",
                                      "path",           "save",   "output",  "session", "coverage",
                                      "offload-object", "llvm",   "pch"};
  std::string Lower = Flag.lower();
  return any_of(Words, [&](const char *W) { return StringRef(Lower).contains(W); });
}

bool allowed(StringRef A) {
  // Joined values (-DX=1, -I/x, -std=c++17) and the flags of takesSeparateValue.
  // -include-pch reads a precompiled AST: not a parse option a configuration needs.
  if (A.starts_with("-include-pch"))
    return false;
  for (StringRef P : {"-D", "-U", "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros",
                      "-x", "-std=", "--std=", "-O"})
    if (A.starts_with(P))
      return true;
  if (A == "-w" || A == "-pedantic" || A == "-pedantic-errors" || A == "-pthread" ||
      A == "-nostdinc" || A == "-nostdinc++" || A == "-nocudainc" || A == "-nogpuinc" ||
      A == "-ansi" || A == "--cuda-device-only" || A.starts_with("-stdlib=") ||
      A.starts_with("--cuda-gpu-arch=") ||
      A.starts_with("--offload-arch=") || A.starts_with("--cuda-path=") ||
      A.starts_with("--target="))
    return true;
  // Warnings, but not -Wl, -Wa, -Wp (options for the linker, assembler and preprocessor:
  // -Wp,-MD,FILE writes a file).
  if (A.starts_with("-W"))
    return !A.starts_with("-Wl,") && !A.starts_with("-Wa,") && !A.starts_with("-Wp,");
  if (A.starts_with("-f") || (A.starts_with("-m") && !A.starts_with("-mllvm")))
    return !namesOutputOrTool(A);
  return false;
}

} // namespace

FilteredArgs filterTreeArgs(ArrayRef<std::string> Args) {
  FilteredArgs Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (allowed(A)) {
      Out.Kept.push_back(A.str());
      if (takesSeparateValue(A) && I + 1 < Args.size())
        Out.Kept.push_back(Args[++I]);
      continue;
    }
    // A dropped flag's value goes with it; so does any other argument that is not a flag.
    std::string Dropped = A.str();
    if (A.starts_with("-") && !A.contains('=') && I + 1 < Args.size() &&
        !StringRef(Args[I + 1]).starts_with("-"))
      Dropped += " " + Args[++I];
    Out.Dropped.push_back(std::move(Dropped));
  }
  return Out;
}

} // namespace cudalint
