//===- StdinSource.cpp - `cuda-lint -`: the source read from stdin --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/cli/StdinSource.h"
#include "analyzer/cli/Options.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint::cli {

std::optional<StdinSource> Stdin;

std::optional<std::string> readStdinSource() {
  bool Dash = is_contained(Paths, "-");
  if (!Dash) {
    if (StdinFilename.getNumOccurrences())
      return std::string("--stdin-filename names the file that the source on stdin stands for; "
                        "give the path - too (cuda-lint - --stdin-filename PATH)");
    return std::nullopt;
  }
  if (Paths.size() != 1)
    return std::string("the path - (the source on stdin) cannot go with other paths");
  std::pair<cl::Option *, const char *> Refused[] = {
      {&Fix, "--fix"},
      {&Diff, "--diff"},
      {&ExportFixes, "--export-fixes"},
      {&ExportFacts, "--export-facts"},
      {&ChangedLinesRef, "--changed-lines"},
      {&ResourceUsageOpt, "--resource-usage"},
      {&DumpConfig, "--dump-config"}};
  for (auto [Opt, Name] : Refused)
    if (Opt->getNumOccurrences())
      return std::string("the path - (the source on stdin) cannot go with ") + Name +
             ", which reads or changes the file on disk";
  ErrorOr<std::unique_ptr<MemoryBuffer>> In = MemoryBuffer::getSTDIN();
  if (!In)
    return "cannot read stdin: " + In.getError().message();
  constexpr size_t MaxBytes = 32 << 20; // as for a source file (TranslationUnit.cpp)
  if ((*In)->getBufferSize() > MaxBytes)
    return std::string("the source on stdin is larger than the 32 MiB a source file may have");
  std::string Name = StdinFilename.empty() ? std::string("stdin.cu") : StdinFilename.getValue();
  SmallString<256> Abs(Name);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  Stdin = StdinSource{std::string(Abs), (*In)->getBuffer().str()};
  Paths.clear();
  Paths.push_back(Stdin->Path);
  return std::nullopt;
}

} // namespace cudalint::cli
