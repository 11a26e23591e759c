//===- Git.cpp - Run git and read its output ------------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/Git.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <vector>

using namespace llvm;

namespace cudalint {

namespace {

std::string readAndRemove(StringRef Path) {
  std::string Text;
  if (auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
    Text = (*Buf)->getBuffer().str();
  sys::fs::remove(Path);
  return Text;
}

} // namespace

GitOutput runGit(StringRef Dir, ArrayRef<std::string> Args) {
  GitOutput Out;
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git) {
    Out.Stderr = "git not found on PATH";
    return Out;
  }
  SmallString<128> OutPath, ErrPath;
  if (sys::fs::createTemporaryFile("cuda-lint-git", "out", OutPath) ||
      sys::fs::createTemporaryFile("cuda-lint-git", "err", ErrPath)) {
    Out.Stderr = "cannot create a temporary file for git's output";
    return Out;
  }
  std::vector<StringRef> Argv = {*Git, "-C", Dir};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), StringRef(OutPath), StringRef(ErrPath)};
  std::string ExecError;
  Out.ExitCode = sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects, 0, 0, &ExecError);
  Out.Stdout = readAndRemove(OutPath);
  // Keep the text alive while StringRefs point into it.
  std::string ErrText = readAndRemove(ErrPath);
  Out.Stderr = StringRef(ErrText).trim().split('\n').first.trim().str();
  if (Out.ExitCode < 0 && Out.Stderr.empty())
    Out.Stderr = ExecError;
  return Out;
}

std::optional<std::string> gitTopLevel(StringRef Dir) {
  GitOutput G = runGit(Dir, {"rev-parse", "--show-toplevel"});
  StringRef Top = StringRef(G.Stdout).trim();
  if (G.ExitCode != 0 || Top.empty())
    return std::nullopt;
  SmallString<256> Real;
  if (sys::fs::real_path(Top, Real))
    return Top.str();
  return std::string(Real);
}

} // namespace cudalint
