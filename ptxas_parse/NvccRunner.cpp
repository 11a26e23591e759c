//===- NvccRunner.cpp - Run nvcc for a resource report --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ptxas_parse/NvccRunner.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#ifndef CUDA_LINT_DEFAULT_CUDA_PATH
#define CUDA_LINT_DEFAULT_CUDA_PATH "/usr/local/cuda"
#endif

namespace cudalint {
namespace {

llvm::Error failure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// The first character of \p Arg that the shell would still interpret inside the double quotes
/// nvcc puts around each argument of the sub-commands it runs through /bin/sh ('$', '`', '\\'),
/// or a control character; 0 when there is none.
char shellActiveCharacter(llvm::StringRef Arg) {
  for (char C : Arg)
    if (C == '$' || C == '`' || C == '\\' || static_cast<unsigned char>(C) < 0x20 || C == 0x7f)
      return C;
  return 0;
}

} // namespace

llvm::Error checkNvccArgument(llvm::StringRef Arg) {
  char C = shellActiveCharacter(Arg);
  if (!C)
    return llvm::Error::success();
  std::string Shown = static_cast<unsigned char>(C) < 0x20 || C == 0x7f
                          ? "a control character"
                          : "'" + std::string(1, C) + "'";
  return failure("not running nvcc: '" + Arg + "' holds " + Shown +
                 ", which /bin/sh would interpret (nvcc runs its sub-commands through a shell); "
                 "give this file's ptxas report with --ptxas-log instead");
}

llvm::Expected<std::string> findNvcc(llvm::StringRef CudaPath) {
  std::string Root = CudaPath.str();
  if (Root.empty())
    if (std::optional<std::string> Env = llvm::sys::Process::GetEnv("CUDA_PATH"))
      Root = *Env;
  if (Root.empty())
    Root = CUDA_LINT_DEFAULT_CUDA_PATH;
  llvm::SmallString<256> Nvcc(Root);
  llvm::sys::path::append(Nvcc, "bin", "nvcc");
  if (!llvm::sys::fs::can_execute(Nvcc))
    return failure("no nvcc at " + Nvcc + " (set --cuda-path or CUDA_PATH, or pass --ptxas-log)");
  return std::string(Nvcc);
}

std::vector<std::string> nvccResourceUsageArgs(llvm::StringRef Nvcc, llvm::StringRef Source,
                                               llvm::ArrayRef<std::string> Archs,
                                               llvm::ArrayRef<std::string> ExtraArgs) {
  std::vector<std::string> Args = {Nvcc.str(), "--resource-usage", "-c", "-o", "/dev/null"};
  for (llvm::StringRef Arch : Archs) {
    llvm::StringRef Number = Arch;
    Number.consume_front("sm_");
    Args.push_back(("--generate-code=arch=compute_" + Number + ",code=sm_" + Number).str());
  }
  Args.insert(Args.end(), ExtraArgs.begin(), ExtraArgs.end());
  Args.push_back(Source.str());
  return Args;
}

llvm::Expected<std::string> runNvccResourceUsage(llvm::StringRef Nvcc, llvm::StringRef Source,
                                                 llvm::ArrayRef<std::string> Archs,
                                                 llvm::ArrayRef<std::string> ExtraArgs) {
  if (!llvm::sys::fs::exists(Source))
    return failure("no such file: " + Source);
  for (llvm::StringRef Arg : ExtraArgs)
    if (llvm::Error E = checkNvccArgument(Arg))
      return std::move(E);
  if (llvm::Error E = checkNvccArgument(Source))
    return std::move(E);
  llvm::SmallString<128> OutputPath;
  if (std::error_code EC = llvm::sys::fs::createTemporaryFile("cuda-lint-nvcc", "txt", OutputPath))
    return failure("cannot create a temporary file: " + EC.message());
  llvm::FileRemover Remover(OutputPath);
  std::vector<std::string> Args = nvccResourceUsageArgs(Nvcc, Source, Archs, ExtraArgs);
  std::vector<llvm::StringRef> ArgRefs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(OutputPath),
                                                llvm::StringRef(OutputPath)};
  std::string ErrorMessage;
  int Status =
      llvm::sys::ExecuteAndWait(Nvcc, ArgRefs, std::nullopt, Redirects, 0, 0, &ErrorMessage);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Output =
      llvm::MemoryBuffer::getFile(OutputPath);
  std::string Text = Output ? (*Output)->getBuffer().str() : std::string();
  if (Status < 0)
    return failure("cannot run " + Nvcc + ": " + ErrorMessage);
  if (Status != 0) {
    llvm::StringRef Tail = llvm::StringRef(Text).trim();
    if (Tail.size() > 2000)
      Tail = Tail.take_back(2000);
    return failure("nvcc failed on " + Source + " (exit " + llvm::Twine(Status) + "):\n" + Tail);
  }
  return Text;
}

} // namespace cudalint
