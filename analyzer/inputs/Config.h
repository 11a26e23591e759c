//===- Config.h - .cuda-lint.yaml: per-directory configuration ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The configuration of a file is the .cuda-lint.yaml (or .cuda-lint.yml)
// closest to it (its own
// directory, then each parent). With `inherit: true` a file is merged onto the
// configuration of its directory's parent; otherwise it stands alone. Keys:
//
//   inherit: true
//   rules: {enable: [globs], disable: [globs]}
//   severity: {rule-or-glob: note|warning|error}
//   occupancy-threshold: 0.5        # or 50%
//   archs: [sm_90]
//   gpu: H100 SXM                   # the target product (cuda-lint --list-gpus)
//   include: [globs]                # analyse only matching files
//   exclude: [globs]                # skip matching files, drop their findings
//   extra-args: [-DFOO]             # appended to every Clang command line (FlagPolicy.h)
//
// docs/configuration.md describes the semantics in full.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_CONFIG_H
#define CUDALINT_ANALYZER_INPUTS_CONFIG_H

#include "rules/Finding.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

inline constexpr const char *ConfigFileName = ".cuda-lint.yaml";
inline constexpr const char *ConfigFileNameShort = ".cuda-lint.yml"; // accepted as well

/// A path glob and the directory of the configuration file it came from.
struct PathPattern {
  std::string Pattern;
  std::string BaseDir; // absolute
};

/// True when \p File (absolute) matches \p P: a pattern starting with '/' is
/// matched against the absolute path; one containing '/' against the path
/// relative to its BaseDir, or any leading directory of it; any other against
/// each path component (so `third_party` matches everything under such a
/// directory). '*' also matches '/'.
bool matchesPattern(const PathPattern &P, llvm::StringRef File);

/// The effective configuration for one directory.
struct Config {
  std::vector<std::string> Sources; // the files it was read from, outermost first
  std::set<std::string> EnabledRules;
  std::map<std::string, Severity> Severities; // overrides, by rule id
  double OccupancyThreshold = 0.5;
  std::vector<std::string> Archs; // empty: those of the compile commands
  /// The target GPU's product name (ptxas_parse/GpuProducts.h); empty: none named.
  std::string Gpu;
  std::vector<PathPattern> Include, Exclude;
  std::vector<std::string> ExtraArgs; // relative include paths made absolute
  /// This file's extra-args that may not reach the parse (FlagPolicy.h), for --verbose.
  std::vector<std::string> DroppedExtraArgs;

  /// Every known rule enabled, nothing else set.
  static Config defaults();

  bool ruleEnabled(llvm::StringRef Id) const { return EnabledRules.count(Id.str()) != 0; }
  /// Whether the file is analysed: matches an include pattern (if any) and
  /// no exclude pattern.
  bool selects(llvm::StringRef File) const;
  bool excludes(llvm::StringRef File) const;
  /// The configuration as YAML that --config reads back (paths absolute).
  void dump(llvm::raw_ostream &OS, llvm::StringRef For) const;
};

/// Parses the text of the configuration file \p FileName (absolute). With
/// `inherit: true` it is merged onto \p Parent(), else onto the defaults.
/// Errors are one line: `FILE:LINE:COL: message`.
llvm::Expected<Config>
parseConfig(llvm::StringRef Text, llvm::StringRef FileName,
            llvm::function_ref<llvm::Expected<const Config &>()> Parent);

/// Finds and caches configurations by directory.
class ConfigLoader {
public:
  /// --config FILE: use that file (and, with inherit, its parents) for every input.
  llvm::Error useFile(llvm::StringRef File);
  /// The configuration for \p File (an absolute path).
  llvm::Expected<const Config &> configFor(llvm::StringRef File);
  /// The configuration for the directory \p Dir itself.
  llvm::Expected<const Config &> configForDirectory(llvm::StringRef Dir);
  /// The configuration files read so far (absolute paths), each with what it set.
  std::vector<std::pair<std::string, const Config *>> loaded() const;

private:
  llvm::Expected<const Config &> loadFile(const std::string &Path);

  std::optional<std::string> Explicit;
  llvm::StringMap<std::string> DirToFile; // directory -> closest config file ("" none)
  std::map<std::string, std::unique_ptr<Config>> Loaded; // config file -> parsed
  Config Defaults = Config::defaults();
};

} // namespace cudalint

#endif
