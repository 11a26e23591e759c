//===- Docs.cpp - Find and read the rules' documentation pages ------------===//
#include "analyzer/Docs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace cudalint {

std::string ruleHelpUri(StringRef Id) {
  // The page as of this release, not as it is on main today.
  return ("https://github.com/cuda-lint/cuda-lint/blob/v" CUDA_LINT_VERSION "/docs/rules/" + Id +
          ".md")
      .str();
}

static int MainAddress;

std::optional<std::string> findDocsDir(const char *Argv0) {
  auto HasRules = [](StringRef Dir) {
    SmallString<256> P(Dir);
    sys::path::append(P, "rules");
    return sys::fs::is_directory(P);
  };
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_LINT_DOCS_DIR"))
    if (!Env->empty())
      return *Env;
  if (Argv0) {
    std::string Exe = sys::fs::getMainExecutable(Argv0, &MainAddress);
    if (!Exe.empty()) {
      SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
      sys::path::append(Installed, "share", "doc", "cuda-lint");
      if (HasRules(Installed))
        return std::string(Installed);
    }
  }
#ifdef CUDA_LINT_DOCS_DIR
  if (HasRules(CUDA_LINT_DOCS_DIR))
    return std::string(CUDA_LINT_DOCS_DIR);
#endif
  return std::nullopt;
}

std::optional<std::string> readRulePage(StringRef DocsDir, StringRef Id) {
  SmallString<256> P(DocsDir);
  sys::path::append(P, "rules", Id + ".md");
  auto Buf = MemoryBuffer::getFile(P, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

std::string firstParagraph(StringRef Markdown) {
  SmallVector<StringRef, 0> Lines;
  Markdown.split(Lines, '\n');
  std::string Out;
  bool InFence = false;
  for (StringRef L : Lines) {
    L = L.trim();
    if (L.starts_with("```") || L.starts_with("~~~")) {
      InFence = !InFence;
      if (!Out.empty())
        break;
      continue;
    }
    if (InFence)
      continue;
    if (L.empty()) {
      if (!Out.empty())
        break;
      continue;
    }
    // Metadata lines such as "**Severity:** warning" are not the description.
    bool Metadata = L.starts_with("**") && L.contains(":**");
    bool Prose = !(L.starts_with("#") || L.starts_with("|") || L.starts_with(">") ||
                   L.starts_with("- ") || L.starts_with("* ") || L.starts_with("<") || Metadata);
    if (!Prose) {
      if (!Out.empty())
        break;
      continue;
    }
    if (!Out.empty())
      Out += ' ';
    Out += L.str();
  }
  return Out;
}

} // namespace cudalint
