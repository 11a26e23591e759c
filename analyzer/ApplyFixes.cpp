//===- ApplyFixes.cpp - --fix: apply the findings' fix-its in place -------===//
#include "analyzer/ApplyFixes.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

static bool isInside(StringRef File, const std::vector<std::string> &Roots) {
  for (const std::string &Root : Roots) {
    SmallString<256> R(Root);
    sys::fs::make_absolute(R);
    sys::path::remove_dots(R, true);
    SmallString<256> Real;
    if (!sys::fs::real_path(R, Real))
      R = Real;
    if (File == R)
      return true;
    if (sys::fs::is_directory(R) && File.starts_with(R) && File.size() > R.size() &&
        sys::path::is_separator(File[R.size()]))
      return true;
  }
  return false;
}

FixSummary applyFixes(const std::vector<Finding> &Findings, const std::vector<std::string> &Roots,
                      bool Unsafe) {
  FixSummary S;
  StringMap<std::vector<FixIt>> ByFile;
  for (const Finding &F : Findings)
    for (const FixIt &X : F.Fixes) {
      if (X.Unsafe && !Unsafe) {
        ++S.UnsafeSkipped;
        continue;
      }
      if (!isInside(X.File, Roots)) {
        S.Refused.push_back({X.File, "fix-it not applied: the file is outside the analysed paths"});
        continue;
      }
      ByFile[X.File].push_back(X);
    }

  for (auto &Entry : ByFile) {
    std::vector<FixIt> &Fixes = Entry.second;
    std::sort(Fixes.begin(), Fixes.end(), [](const FixIt &A, const FixIt &B) {
      return std::tie(A.Offset, A.Length, A.Replacement) > std::tie(B.Offset, B.Length, B.Replacement);
    });
    auto Buf = MemoryBuffer::getFile(Entry.first());
    if (!Buf) {
      S.Refused.push_back({Entry.first().str(), "cannot read for --fix: " + Buf.getError().message()});
      continue;
    }
    std::string Text = (*Buf)->getBuffer().str();
    unsigned Applied = 0;
    unsigned Limit = Text.size() + 1; // start of the last edit applied
    const FixIt *Prev = nullptr;
    for (const FixIt &X : Fixes) {
      if (Prev && Prev->Offset == X.Offset && Prev->Length == X.Length &&
          Prev->Replacement == X.Replacement)
        continue; // the same edit from two findings
      if (X.Offset + X.Length > Text.size() || X.Offset + X.Length > Limit ||
          (X.Length == 0 && X.Offset == Limit && Prev)) {
        S.Refused.push_back({X.File, "fix-it at line " + std::to_string(X.Line) +
                                         " not applied: it overlaps another one"});
        continue;
      }
      Text.replace(X.Offset, X.Length, X.Replacement);
      Limit = X.Offset;
      Prev = &X;
      ++Applied;
    }
    if (!Applied)
      continue;
    std::error_code EC;
    raw_fd_ostream OS(Entry.first(), EC, sys::fs::OF_None);
    if (EC) {
      S.Refused.push_back({Entry.first().str(), "cannot write for --fix: " + EC.message()});
      continue;
    }
    OS << Text;
    S.Applied += Applied;
    ++S.FilesChanged;
  }
  return S;
}

} // namespace cudalint
