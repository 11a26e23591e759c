//===- ApplyFixes.cpp - --fix: apply the findings' fix-its in place -------===//
#include "analyzer/ApplyFixes.h"
#include "analyzer/AtomicFile.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

/// Files above this size were never analysed (the source limit is 32 MiB).
constexpr uint64_t MaxFixedFileBytes = 64 << 20;

void AnalysedContent::start() { Start = std::chrono::system_clock::now(); }

void AnalysedContent::record(StringRef File) {
  sys::fs::file_status St;
  if (sys::fs::status(File, St) || St.type() != sys::fs::file_type::regular_file ||
      St.getSize() > MaxFixedFileBytes)
    return;
  auto Buf = MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false,
                                   /*IsVolatile=*/true);
  if (!Buf)
    return;
  StringRef Text = (*Buf)->getBuffer();
  Hashes[File] = {Text.size(), xxh3_64bits(Text)};
}

std::optional<std::string> AnalysedContent::changed(StringRef File, StringRef Text,
                                                    sys::TimePoint<> Modified) const {
  const char *Why = "fix-it not applied: the file changed since it was analysed; run cuda-lint "
                    "again";
  if (auto It = Hashes.find(File);
      It != Hashes.end() &&
      It->second != std::pair<uint64_t, uint64_t>(Text.size(), xxh3_64bits(Text)))
    return std::string(Why);
  if (Start && Modified >= *Start)
    return std::string(Why);
  return std::nullopt;
}

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
                      bool Unsafe, const AnalysedContent &Analysed) {
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
    StringRef Path = Entry.first();
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(Path, St)) {
      S.Failed.push_back({Path.str(), "cannot read for --fix: " + EC.message()});
      continue;
    }
    if (St.type() != sys::fs::file_type::regular_file || St.getSize() > MaxFixedFileBytes) {
      S.Failed.push_back({Path.str(), "fix-it not applied: not a regular source file"});
      continue;
    }
    auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false,
                                     /*IsVolatile=*/true);
    if (!Buf) {
      S.Failed.push_back({Path.str(), "cannot read for --fix: " + Buf.getError().message()});
      continue;
    }
    std::string Text = (*Buf)->getBuffer().str();
    if (std::optional<std::string> Why =
            Analysed.changed(Path, Text, St.getLastModificationTime())) {
      S.Failed.push_back({Path.str(), *Why});
      continue;
    }
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
    if (Error E = writeFileAtomically(Path, Text)) {
      S.Failed.push_back({Path.str(), "cannot write for --fix: " + toString(std::move(E))});
      continue;
    }
    S.Applied += Applied;
    ++S.FilesChanged;
  }
  return S;
}

} // namespace cudalint
