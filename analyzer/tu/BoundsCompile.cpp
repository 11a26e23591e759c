//===- BoundsCompile.cpp - Compile the proposed __launch_bounds__ with nvcc -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include <set>

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

/// The kernel appended to the copy of an included file: the report names it only when the
/// source compiled that copy, not the original through another path.
constexpr const char *Probe = "cuda_lint_bounds_copy_probe";

Error failure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Error writeFile(StringRef Path, StringRef Text) {
  if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Path)))
    return createStringError(EC, "cannot write a copy with the bound: " + EC.message());
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(EC, "cannot write a copy with the bound: " + EC.message());
  OS << Text;
  return Error::success();
}

/// The report of \p Cmd's source compiled with \p Fixes applied to \p File: the source itself,
/// or a file it includes from its own directory (a kernel in a header or an included .cu file),
/// or why there is none.
Expected<std::vector<KernelResources>> compileCopy(StringRef Nvcc, const TranslatedCommand &Cmd,
                                                   const std::vector<std::string> &Archs,
                                                   StringRef File,
                                                   const std::vector<FixIt> &Fixes) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(File);
  if (!Text)
    return createStringError(Text.getError(),
                             "cannot read " + File + ": " + Text.getError().message());
  Expected<std::string> Bounded = applyInsertions((*Text)->getBuffer(), Fixes);
  if (!Bounded)
    return Bounded.takeError();
  bool Included = !(Cmd.File == File || sys::fs::equivalent(Cmd.File, File));
  StringRef SourceDir = sys::path::parent_path(Cmd.File);
  std::string Relative; // the included file's path from the source's directory
  if (Included) {
    // Its path below the source's directory, as written or with links resolved.
    SmallString<256> Rel(File), RealFile, RealDir;
    bool Below = sys::path::replace_path_prefix(Rel, SourceDir, "");
    if (!Below && !sys::fs::real_path(File, RealFile) && !sys::fs::real_path(SourceDir, RealDir)) {
      Rel = RealFile;
      Below = sys::path::replace_path_prefix(Rel, RealDir, "");
    }
    if (!Below || Rel.empty() || StringRef(Rel).contains(".."))
      return failure(sys::path::filename(File) + " is included from outside the directory of " +
                     sys::path::filename(Cmd.File) + ", the source whose report names its "
                     "kernels, and cuda-lint copies only what that directory holds");
    Relative = sys::path::relative_path(Rel).str();
    *Bounded += std::string("\n__global__ void ") + Probe + "() {}\n";
  }
  SmallString<128> Dir;
  if (std::error_code EC = createTempDir("bounds", Dir))
    return createStringError(EC, "cannot create a temporary directory: " + EC.message());
  auto Remove = make_scope_exit([&] { removeTempDir(Dir); });
  SmallString<256> Source(Dir);
  sys::path::append(Source, sys::path::filename(Cmd.File));
  if (Included) {
    // The source as it is beside the bounded copy, which its quoted include finds first.
    ErrorOr<std::unique_ptr<MemoryBuffer>> SourceText = MemoryBuffer::getFile(Cmd.File);
    if (!SourceText)
      return createStringError(SourceText.getError(), "cannot read " + Cmd.File + ": " +
                                                          SourceText.getError().message());
    if (Error E = writeFile(Source, (*SourceText)->getBuffer()))
      return std::move(E);
    SmallString<256> Copy(Dir);
    sys::path::append(Copy, Relative);
    if (Error E = writeFile(Copy, *Bounded))
      return std::move(E);
  } else if (Error E = writeFile(Source, *Bounded)) {
    return std::move(E);
  }
  // The copy's quoted includes resolve in the source's own directory, searched first.
  std::vector<std::string> Flags = {"-I" + SourceDir.str()};
  append_range(Flags, nvccFlagsFor(Cmd));
  Expected<std::string> Out = runNvccResourceUsage(Nvcc, Source, Archs, Flags);
  if (!Out) {
    std::string Why = toString(Out.takeError());
    if (!StringRef(Why).starts_with("not running nvcc")) // an argument refused: say which
      Why = "nvcc failed on a copy with the bound: " + firstError(Why);
    return failure(Why);
  }
  Expected<PtxasReport> R = parsePtxasReport(*Out, (File + " (with the bound)").str());
  if (!R)
    return R.takeError();
  std::vector<KernelResources> Kernels = R->kernels();
  if (Included) {
    size_t Before = Kernels.size();
    llvm::erase_if(Kernels, [](const KernelResources &K) {
      return StringRef(K.MangledName).contains(Probe);
    });
    if (Kernels.size() == Before)
      return failure(sys::path::filename(Cmd.File) + " did not compile the copy of " +
                     sys::path::filename(File) +
                     " with the bound (it reaches the file through another path)");
  }
  return Kernels;
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
                                              const std::vector<BoundsProposal> &Proposals) {
  std::map<std::string, std::vector<const BoundsProposal *>> ByFile;
  for (const BoundsProposal &P : Proposals)
    ByFile[P.Fix.File].push_back(&P);
  Expected<std::string> Nvcc = findNvcc(Toolchain.CudaPath);
  std::string NoNvcc = Nvcc ? std::string() : toString(Nvcc.takeError());
  std::vector<BoundedCompile> Out;
  for (const auto &[File, FileProposals] : ByFile) {
    BoundedCompile C;
    C.File = File;
    std::vector<FixIt> Fixes;
    std::set<std::string> Kernels;
    for (const BoundsProposal *P : FileProposals) {
      Fixes.push_back(P->Fix);
      Kernels.insert(P->Kernels.begin(), P->Kernels.end());
    }
    // The command that compiles the file itself (the same file, whichever path names it: a
    // symbolic link in the way, ".."), else one whose report names its kernels (it includes
    // the file).
    const TranslatedCommand *Cmd = nullptr;
    for (const TranslatedCommand &S : Plan.Sources)
      if (S.File == File || sys::fs::equivalent(S.File, File)) {
        Cmd = &S;
        break;
      }
    for (const TranslatedCommand &S : Plan.Sources) {
      if (Cmd)
        break;
      auto Report = Usage.BySource.find(S.File);
      if (Report != Usage.BySource.end())
        for (const KernelResources &K : Report->second)
          if (Kernels.count(K.MangledName)) {
            Cmd = &S;
            break;
          }
    }
    auto Found = Cmd ? Usage.BySource.find(Cmd->File) : Usage.BySource.end();
    if (!NoNvcc.empty())
      C.Error = NoNvcc;
    else if (!Cmd)
      C.Error = "no analysed source compiles " + sys::path::filename(File).str() +
                " or reports its kernels, so no compilation of it can be repeated with the bound";
    else if (Found == Usage.BySource.end())
      C.Error = "--resource-usage has no report of " + sys::path::filename(Cmd->File).str() +
                " to compare with";
    if (!C.Error.empty()) {
      Out.push_back(std::move(C));
      continue;
    }
    const std::vector<std::string> &Archs = Cmd->Archs.empty() ? DefaultArchs : Cmd->Archs;
    Expected<std::vector<KernelResources>> After = compileCopy(*Nvcc, *Cmd, Archs, File, Fixes);
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
