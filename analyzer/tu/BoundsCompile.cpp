//===- BoundsCompile.cpp - Compile the proposed __launch_bounds__ with nvcc -===//
#include "analyzer/tu/BoundsCompile.h"

#include "analyzer/support/TempDir.h"
#include "ptxas_parse/NvccRunner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace cudalint {
namespace {

/// The first line of nvcc's output that names an error, else its first line.
std::string firstError(StringRef Message) {
  SmallVector<StringRef, 16> Lines;
  Message.split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("error"))
      return L.trim().str();
  return Lines.empty() ? std::string() : Lines.front().trim().str();
}

/// The report of \p File compiled with \p Fixes applied, or why there is none.
Expected<std::vector<KernelResources>> compileCopy(StringRef Nvcc, const TranslatedCommand &Cmd,
                                                   const std::vector<std::string> &Archs,
                                                   const std::vector<FixIt> &Fixes) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Cmd.File);
  if (!Text)
    return createStringError(Text.getError(), "cannot read " + Cmd.File + ": " +
                                                  Text.getError().message());
  Expected<std::string> Bounded = applyInsertions((*Text)->getBuffer(), Fixes);
  if (!Bounded)
    return Bounded.takeError();
  SmallString<128> Dir;
  if (std::error_code EC = createTempDir("bounds", Dir))
    return createStringError(EC, "cannot create a temporary directory: " + EC.message());
  auto Remove = make_scope_exit([&] { removeTempDir(Dir); });
  SmallString<256> Copy(Dir);
  sys::path::append(Copy, sys::path::filename(Cmd.File));
  {
    std::error_code EC;
    raw_fd_ostream OS(Copy, EC, sys::fs::OF_None);
    if (EC)
      return createStringError(EC, "cannot write a copy with the bound: " + EC.message());
    OS << *Bounded;
  }
  // The copy's quoted includes resolve in the file's own directory, searched first.
  std::vector<std::string> Flags = {"-I" + sys::path::parent_path(Cmd.File).str()};
  append_range(Flags, nvccFlagsFor(Cmd));
  Expected<std::string> Out = runNvccResourceUsage(Nvcc, Copy, Archs, Flags);
  if (!Out) {
    std::string Why = toString(Out.takeError());
    if (!StringRef(Why).starts_with("not running nvcc")) // an argument refused: say which
      Why = "nvcc failed on a copy with the bound: " + firstError(Why);
    return createStringError(inconvertibleErrorCode(), Why);
  }
  Expected<PtxasReport> R = parsePtxasReport(*Out, Cmd.File + " (with the bound)");
  if (!R)
    return R.takeError();
  return R->kernels();
}

} // namespace

Expected<std::string> applyInsertions(StringRef Text, std::vector<FixIt> Fixes) {
  // Last first, so that each offset still points into the original text.
  llvm::sort(Fixes, [](const FixIt &A, const FixIt &B) { return A.Offset > B.Offset; });
  std::string Out = Text.str();
  for (const FixIt &F : Fixes) {
    if (F.Offset + F.Length > Out.size())
      return createStringError(inconvertibleErrorCode(),
                               "the file changed since it was analysed");
    Out.replace(F.Offset, F.Length, F.Replacement);
  }
  return Out;
}

std::vector<BoundedCompile> compileWithBounds(const InputPlan &Plan,
                                              const ToolchainPaths &Toolchain,
                                              const std::vector<std::string> &DefaultArchs,
                                              const ResourceUsage &Usage,
                                              const std::vector<FixIt> &Fixes) {
  std::map<std::string, std::vector<FixIt>> ByFile;
  for (const FixIt &F : Fixes)
    ByFile[F.File].push_back(F);
  Expected<std::string> Nvcc = findNvcc(Toolchain.CudaPath);
  std::string NoNvcc = Nvcc ? std::string() : toString(Nvcc.takeError());
  std::vector<BoundedCompile> Out;
  for (const auto &[File, FileFixes] : ByFile) {
    BoundedCompile C;
    C.File = File;
    const TranslatedCommand *Cmd = nullptr;
    // The same file, whichever path names it (a symbolic link in the way, "..").
    for (const TranslatedCommand &S : Plan.Sources)
      if (S.File == File || sys::fs::equivalent(S.File, File)) {
        Cmd = &S;
        break;
      }
    auto Found = Cmd ? Usage.BySource.find(Cmd->File) : Usage.BySource.end();
    if (!Cmd)
      C.Error = "no analysed source compiles " + sys::path::filename(File).str() +
                " on its own (a header), and cuda-lint compiles a bound only in the source file "
                "that defines the kernel";
    else if (!NoNvcc.empty())
      C.Error = NoNvcc;
    else if (Found == Usage.BySource.end())
      C.Error = "--resource-usage has no report of " + sys::path::filename(File).str() +
                " to compare with";
    if (!C.Error.empty()) {
      Out.push_back(std::move(C));
      continue;
    }
    const std::vector<std::string> &Archs = Cmd->Archs.empty() ? DefaultArchs : Cmd->Archs;
    Expected<std::vector<KernelResources>> After = compileCopy(*Nvcc, *Cmd, Archs, FileFixes);
    if (!After) {
      C.Error = toString(After.takeError());
    } else {
      C.Before = Found->second;
      C.After = std::move(*After);
    }
    Out.push_back(std::move(C));
  }
  return Out;
}

} // namespace cudalint
