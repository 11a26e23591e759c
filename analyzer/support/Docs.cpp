//===- Docs.cpp - Find and read the rules' documentation pages ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/Docs.h"
#include "analyzer/support/Version.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

std::string ruleHelpUri(StringRef Id) {
  // The page as of this build (its release tag, else its commit), not as it is on main today.
  return ("https://github.com/cuda-lint/cuda-lint/blob/" + docsRef() + "/docs/rules/" + Id + ".md")
      .str();
}

std::optional<std::string> readRulePage(StringRef DocsDir, StringRef Id) {
  SmallString<256> P(DocsDir);
  sys::path::append(P, "rules", Id + ".md");
  auto Buf = MemoryBuffer::getFile(P, /*IsText=*/true);
  if (!Buf)
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

Expected<std::string> requireRulePage(StringRef DocsDir, StringRef Id) {
  if (std::optional<std::string> Page = readRulePage(DocsDir, Id))
    return *Page;
  SmallString<256> P(DocsDir);
  sys::path::append(P, "rules", Id + ".md");
  return createStringError("the documentation page of '%s' is missing: cannot read %s (the "
                           "installation is incomplete; the page is also at %s)",
                           Id.str().c_str(), P.c_str(), ruleHelpUri(Id).c_str());
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
