//===- Options.h - The options of cuda-lint's command line -----------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Defined in Options.cpp, read by Main.cpp (the run) and the files it hands
// parts of the run to.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_CLI_OPTIONS_H
#define CUDALINT_ANALYZER_CLI_OPTIONS_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace cudalint::cli {

enum class Format { Text, Concise, Json, Sarif, Github };
enum class FailLevel { Error, Warning };
enum class ColorMode { Auto, Always, Never };

extern llvm::cl::OptionCategory Category;
extern llvm::cl::list<std::string> Paths;
extern llvm::cl::opt<std::string> BuildDir;
extern llvm::cl::list<std::string> ExtraArgs;
extern llvm::cl::opt<std::string> CudaPath;
extern llvm::cl::opt<unsigned> Jobs;
extern llvm::cl::opt<bool> ListRules;
extern llvm::cl::opt<Format> OutputFormat;
extern llvm::cl::opt<std::string> SarifRoot;
extern llvm::cl::opt<std::string> ConfigFile;
extern llvm::cl::opt<bool> DumpConfig;
extern llvm::cl::opt<bool> ReportUnusedSuppressions;
extern llvm::cl::opt<std::string> ChangedLinesRef;
extern llvm::cl::opt<std::string> Explain;
extern llvm::cl::opt<std::string> OutputFile;
extern llvm::cl::alias OutputFileShort;
extern llvm::cl::opt<bool> Statistics;
extern llvm::cl::opt<FailLevel> FailOn;
extern llvm::cl::opt<bool> Quiet;
extern llvm::cl::opt<bool> Diff;
extern llvm::cl::opt<bool> ShowFixes;
extern llvm::cl::opt<std::string> ExportFixes;
extern llvm::cl::opt<std::string> BaselineFile;
extern llvm::cl::opt<std::string> WriteBaseline;
extern llvm::cl::list<std::string> PtxasLogs;
extern llvm::cl::opt<bool> ResourceUsageOpt;
extern llvm::cl::opt<double> OccupancyThresholdOpt;
extern llvm::cl::opt<std::string> GpuOpt;
extern llvm::cl::opt<bool> ListGpus;
extern llvm::cl::opt<bool> ExitZero;
extern llvm::cl::opt<bool> CompileErrorsAsNotes;
extern llvm::cl::list<std::string> Rules;
extern llvm::cl::list<std::string> Disable;
extern llvm::cl::opt<bool> ShowUrls;
extern llvm::cl::opt<std::string> StdinFilename;
extern llvm::cl::opt<bool> SortFindings;
extern llvm::cl::opt<bool> Fix;
extern llvm::cl::opt<bool> UnsafeFixes;
extern llvm::cl::opt<bool> Pedantic;
extern llvm::cl::opt<bool> Verbose;
extern llvm::cl::opt<std::string> CacheDir;
extern llvm::cl::opt<bool> NoPreamble;
extern llvm::cl::opt<std::string> Shard;
extern llvm::cl::opt<std::string> ExportFacts;
extern llvm::cl::opt<std::string> RemoteCacheUrl;
extern llvm::cl::opt<bool> RemoteCacheReadOnly;
extern llvm::cl::opt<bool> NoCache;
/// --color, created by registerColorOption(): LLVM registers its own boolean
/// --color, which this one replaces.
extern llvm::cl::opt<ColorMode> *Color;
void registerColorOption();

} // namespace cudalint::cli

#endif
