//===- ApplyFixes.cpp - --fix: apply the findings' fix-its in place -------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/report/ApplyFixes.h"
#include "analyzer/support/AtomicFile.h"
#include "analyzer/support/RegularFile.h"

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
  Expected<std::unique_ptr<MemoryBuffer>> Buf =
      readRegularFile(File, MaxFixedFileBytes, /*RequiresNullTerminator=*/false);
  if (!Buf) {
    consumeError(Buf.takeError());
    return;
  }
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

StringMap<std::vector<PlannedFix>> planFixes(const std::vector<Finding> &Findings,
                                             const std::vector<std::string> &Roots, bool Unsafe,
                                             FixSummary &S) {
  StringMap<std::vector<PlannedFix>> ByFile;
  for (size_t I = 0; I < Findings.size(); ++I)
    for (const FixIt &X : Findings[I].Fixes) {
      if (X.Unsafe && !Unsafe) {
        ++S.UnsafeSkipped;
        continue;
      }
      if (!isInside(X.File, Roots)) {
        S.Refused.push_back({X.File, "fix-it not applied: the file is outside the analysed paths"});
        continue;
      }
      ByFile[X.File].push_back({X, I});
    }
  for (auto &Entry : ByFile) {
    std::vector<PlannedFix> &Fixes = Entry.second;
    std::stable_sort(Fixes.begin(), Fixes.end(), [](const PlannedFix &A, const PlannedFix &B) {
      return std::tie(A.Fix.Offset, A.Fix.Length, A.Fix.Replacement) >
             std::tie(B.Fix.Offset, B.Fix.Length, B.Fix.Replacement);
    });
    std::vector<PlannedFix> Kept;
    unsigned Limit = ~0u; // start of the last edit kept
    for (const PlannedFix &P : Fixes) {
      const FixIt &X = P.Fix;
      const FixIt *Prev = Kept.empty() ? nullptr : &Kept.back().Fix;
      bool Same = sameEdit(Prev, X); // the same edit from two findings
      if (!Same && (X.Offset + X.Length > Limit || (X.Length == 0 && X.Offset == Limit && Prev))) {
        S.Refused.push_back({X.File, "fix-it at line " + std::to_string(X.Line) +
                                         " not applied: it overlaps another one"});
        continue;
      }
      Kept.push_back(P);
      Limit = X.Offset;
    }
    Fixes = std::move(Kept);
  }
  return ByFile;
}

std::string applyToText(std::string Text, const std::vector<PlannedFix> &Fixes, FixSummary &S,
                        std::vector<bool> *Applied) {
  if (Applied)
    Applied->assign(Fixes.size(), false);
  const FixIt *Prev = nullptr; // the last edit applied
  for (size_t I = 0; I < Fixes.size(); ++I) {
    const FixIt &X = Fixes[I].Fix;
    if (!sameEdit(Prev, X)) {
      if (X.Offset + X.Length > Text.size()) {
        S.Refused.push_back({X.File, "fix-it at line " + std::to_string(X.Line) +
                                         " not applied: it lies past the end of the file"});
        continue;
      }
      Text.replace(X.Offset, X.Length, X.Replacement);
      Prev = &X;
    }
    if (Applied)
      (*Applied)[I] = true;
  }
  return Text;
}

std::optional<std::string> readForFix(StringRef Path, const AnalysedContent &Analysed,
                                      FixSummary &S) {
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(Path, St)) {
    S.Failed.push_back({Path.str(), "cannot read for --fix: " + EC.message()});
    return std::nullopt;
  }
  if (St.type() != sys::fs::file_type::regular_file || St.getSize() > MaxFixedFileBytes) {
    S.Failed.push_back({Path.str(), "fix-it not applied: not a regular source file"});
    return std::nullopt;
  }
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false,
                                   /*IsVolatile=*/true);
  if (!Buf) {
    S.Failed.push_back({Path.str(), "cannot read for --fix: " + Buf.getError().message()});
    return std::nullopt;
  }
  std::string Text = (*Buf)->getBuffer().str();
  if (std::optional<std::string> Why = Analysed.changed(Path, Text, St.getLastModificationTime())) {
    S.Failed.push_back({Path.str(), *Why});
    return std::nullopt;
  }
  return Text;
}

FixSummary applyFixes(const std::vector<Finding> &Findings, const std::vector<std::string> &Roots,
                      bool Unsafe, const AnalysedContent &Analysed) {
  FixSummary S;
  StringMap<std::vector<PlannedFix>> ByFile = planFixes(Findings, Roots, Unsafe, S);
  std::vector<unsigned> AppliedPerFinding(Findings.size(), 0);
  for (auto &Entry : ByFile) {
    StringRef Path = Entry.first();
    const std::vector<PlannedFix> &Fixes = Entry.second;
    std::optional<std::string> Before = readForFix(Path, Analysed, S);
    if (!Before)
      continue;
    std::vector<bool> Applied;
    std::string After = applyToText(*Before, Fixes, S, &Applied);
    if (After == *Before)
      continue;
    if (Error E = writeFileAtomically(Path, After)) {
      S.Failed.push_back({Path.str(), "cannot write for --fix: " + toString(std::move(E))});
      continue;
    }
    const FixIt *Prev = nullptr;
    for (size_t I = 0; I < Fixes.size(); ++I) {
      if (!Applied[I])
        continue;
      ++AppliedPerFinding[Fixes[I].Finding];
      if (!sameEdit(Prev, Fixes[I].Fix))
        ++S.Applied; // each distinct edit once
      Prev = &Fixes[I].Fix;
    }
    ++S.FilesChanged;
  }
  for (size_t I = 0; I < Findings.size(); ++I)
    if (!Findings[I].Fixes.empty() && AppliedPerFinding[I] == Findings[I].Fixes.size())
      S.FixedFindings.push_back(I);
  return S;
}

} // namespace cudalint
