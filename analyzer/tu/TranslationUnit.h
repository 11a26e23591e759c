//===- TranslationUnit.h - Analyse one translation unit -------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// analyzeTranslationUnit is a pure function: a translated compile command in,
// findings, facts and errors out. It touches no global state, so TUs run in
// parallel and a result cache or shared preamble can be put in front of it.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_TRANSLATIONUNIT_H
#define CUDALINT_ANALYZER_TU_TRANSLATIONUNIT_H

#include "analyzer/inputs/NvccTranslate.h"
#include "analyzer/tu/ArchRegions.h"
#include "rules/Finding.h"
#include "rules/analysis/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class Decl;
class SourceManager;
} // namespace clang

namespace cudalint {

/// A file a TU read, with a hash of the bytes Clang read (the result cache's
/// dependencies).
struct ReadFile {
  std::string Path;        // absolute
  std::string ContentHash; // BLAKE3 of the content, 32 raw bytes
};

/// Whether \p D is a host-only function of a system header (the C++ library,
/// the host side of the CUDA headers): its body is neither walked nor
/// reported on, so every parse (TUs, preambles) lets Clang skip it.
bool isSystemHostFunction(const clang::SourceManager &SM, const clang::Decl *D);

/// The BLAKE3 hash of \p Bytes as ReadFile::ContentHash holds it.
std::string contentHash(llvm::StringRef Bytes);

/// The hash of a file's bytes \p OnDisk as a parse reads them (rewritten by NvccSpellings.h):
/// ReadFile::ContentHash of that file while it is unchanged.
std::string contentHashAsParsed(llvm::StringRef OnDisk);

/// Every file that a parse with \p SM entered itself (not those of a loaded
/// PCH), sorted by path, into \p Read; those outside /usr into \p Included;
/// those not in a system include directory into \p Project.
void collectReadFiles(const clang::SourceManager &SM, std::vector<ReadFile> &Read,
                      std::set<std::string> &Included,
                      std::vector<std::string> *Project = nullptr);

struct Preamble;

struct TUResult {
  std::string File;
  std::vector<Finding> Findings;
  TUFacts Facts;
  std::vector<AnalysisError> Errors;   // non-empty: the TU could not be analysed
  /// Clang's errors in a TU that was still analysed (rule CompileErrorRuleId,
  /// the first MaxCompileErrors of CompileErrorCount); findings come only from
  /// code that parsed soundly (rules/analysis/ErrorTaint.h).
  std::vector<Finding> CompileErrors;
  unsigned CompileErrorCount = 0;
  std::set<std::string> IncludedFiles; // non-system files the TU read (absolute)
  bool Parsed = false;                 // Clang built an AST (perhaps with errors)
  std::vector<ReadFile> ReadFiles;     // every file the TU read, system headers too
  std::vector<std::string> AbsentPaths; // every path its header search probed in vain, sorted
  bool FromCache = false;              // read back from the result cache, not analysed
  std::string DeviceArch;              // parsed again for it (ArchRegions.h); not cached
  /// The host parse's errors all arose in device code and this is the device-side parse that
  /// replaced it (DeviceRootedErrors.h), for DeviceArch; not cached.
  bool DeviceSideOnly = false;
  const Preamble *DevicePre = nullptr; // the PCH that parse loaded; not cached
};

/// A precompiled header of the prologue that every TU of one command shape
/// reads before its own code (analyzer/tu/Preamble.h).
struct Preamble {
  std::string PchPath;
  std::string Header; // the project header it holds, if any, after the prologue
  unsigned Users = 0; // TUs that load it
  std::vector<ReadFile> ReadFiles;     // what building it read
  std::vector<std::string> AbsentPaths; // what its header search probed in vain, sorted
  std::set<std::string> IncludedFiles; // of those, the ones outside /usr
  /// Of those, the ones not in a system include directory: their declarations
  /// are walked as if the TU had parsed them.
  std::vector<std::string> ProjectFiles;
  /// What its parse skipped under __CUDA_ARCH__ (added to each TU's).
  ArchRegions Arch;
};

struct TUOptions {
  std::vector<std::string> EnabledRules; // empty: all
  bool Pedantic = false;
  /// Loaded instead of parsing the prologue (may be null). Not part of the
  /// result: a TU gives the same findings with it and without it.
  const Preamble *Pre = nullptr;
  /// The preamble of the device-side parse (ArchRegions.h), whose arguments
  /// are \p DeviceArgs: built on first use, null when it does not build or
  /// is being built by another worker. Like Pre, not part of the result.
  std::function<const Preamble *(llvm::ArrayRef<std::string> DeviceArgs)> DevicePre;
  /// Unsaved editor buffers over the disk (cuda-lint lsp); null: the disk.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files;
  /// Block shapes of the TU's kernels that other TUs launch and it does not (the
  /// whole-program step's second look, Runner.cpp); part of the result.
  ExternalLaunches LaunchedElsewhere;
};

/// Analyses \p Cmd on a thread with a large stack; a crash inside (Clang or a
/// rule) is caught and costs only this TU, which then has an error.
TUResult analyzeTranslationUnit(const TranslatedCommand &Cmd, const TUOptions &Opts);

/// Whether some TU's analysis crashed: the process must then exit without
/// LLVM's cleanup (sys::Process::Exit with NoCleanup).
bool anyTranslationUnitCrashed();

/// "file:line:col: message" of a compile error (just the message when it has no place).
std::string locatedMessage(const Finding &E);

/// Refuses inputs that are not source text (NUL bytes, huge files) with one
/// clear message; empty when the file looks like source.
std::string checkSourceFile(llvm::StringRef Path);

} // namespace cudalint

#endif
