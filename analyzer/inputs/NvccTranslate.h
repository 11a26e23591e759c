//===- NvccTranslate.h - Compile commands to a host-side Clang parse ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compilation databases for CUDA are usually written for nvcc (CMake's CUDA
// language, hand-written Makefiles). Clang rejects most nvcc flags, so every
// entry is translated: flags that change how the source parses (-D, -I,
// -isystem, -std, -include, per-thread default stream, the macros nvcc defines
// for --extended-lambda and --expt-relaxed-constexpr) are kept or mapped,
// target and code-generation flags are recorded (archs, -maxrregcount, -rdc)
// and everything else is dropped. The result is a Clang command line for a
// `--cuda-host-only -fsyntax-only` parse, or a `--cuda-device-only` one for a
// command that makes device code only (nvcc --ptx).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_INPUTS_NVCCTRANSLATE_H
#define CUDALINT_ANALYZER_INPUTS_NVCCTRANSLATE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct ToolchainPaths {
  std::string CudaPath;    // CUDA toolkit root, e.g. /usr/local/cuda
  std::string ResourceDir; // Clang's resource directory (builtin headers)
  /// Force-included header with what nvcc provides and Clang does not
  /// (analyzer/compat/cuda_lint_compat.h); empty for none.
  std::string CompatHeader;
  /// A directory holding omp.h when Clang's resource dir has none (the host
  /// compiler's libgomp header): OpenMP host code parses without -fopenmp
  /// and without libomp installed. Searched last (-idirafter); empty for none.
  std::string OpenMPIncludeDir;
  /// The version of the GCC whose libstdc++ the parse uses ("12"), empty for none: nvcc's parse
  /// defines __GNUC__ as its host compiler does, where Clang claims GCC 4.2.1 (fastllm's
  /// `#if __GNUC__ < 8` then redefines a builtin).
  std::string HostGccVersion;
};

struct TranslatedCommand {
  /// Full Clang command line, program name first and the source file last.
  std::vector<std::string> ClangArgs;
  std::string Directory;          // working directory of the compile
  std::string File;               // absolute path of the source file
  std::vector<std::string> Archs; // target SM archs, e.g. "sm_90" (no duplicates)
  bool PerThreadDefaultStream = false;
  std::optional<unsigned> MaxRegCount;
  bool RelocatableDeviceCode = false;
  bool FromCompileDatabase = false;
  /// Flags unknown to nvcc that were dropped (shown with --verbose).
  std::vector<std::string> IgnoredFlags;

  /// The compile makes device code only (nvcc --ptx, --cubin, --fatbin, --optix-ir; or
  /// --cuda-device-only among the extra arguments): the parse is Clang's device-side one, as
  /// nvcc's only pass is (settleDeviceOnly).
  bool deviceOnly() const;
};

/// True when \p Program (argv[0] of a compile command) is nvcc.
bool isNvcc(llvm::StringRef Program);

/// Translates one compile command (argv, program first) run in \p Directory
/// for \p File. Errors only for problems the user must fix, such as an
/// --options-file that cannot be read.
llvm::Expected<TranslatedCommand>
translateCompileCommand(llvm::ArrayRef<std::string> Argv, llvm::StringRef Directory,
                        llvm::StringRef File, const ToolchainPaths &Paths,
                        llvm::ArrayRef<std::string> ExtraArgs);

/// The command for a file that has no compile-database entry: -std=c++17, the
/// file's directory and its include/ siblings on the include path.
TranslatedCommand defaultCompileCommand(llvm::StringRef File, const ToolchainPaths &Paths,
                                        llvm::ArrayRef<std::string> ExtraArgs);

/// The GPU architecture of \p Cmd's device-side parse: the newest the command
/// names (sm_75, nvcc's default, if none), since the newest code paths are the
/// ones a build adds last; one Clang does not know is parsed as its base
/// (sm_100f as sm_100), or left out.
std::string devicePassArch(const TranslatedCommand &Cmd);

/// Makes \p Cmd's Clang command a device-side parse when it asks for one anywhere
/// (`--cuda-device-only` or `--offload-device-only`, from the translation of a device-only nvcc
/// command or from extra arguments): `--cuda-device-only` and one `--cuda-gpu-arch=` where
/// `--cuda-host-only` stood, the arch the last `--cuda-gpu-arch=`/`--offload-arch=` names (as
/// Clang knows it), else devicePassArch's (a device-only parse makes one compile job). Applying it again changes
/// nothing.
void settleDeviceOnly(TranslatedCommand &Cmd);

/// Parses the archs named by -arch / -gencode / --generate-code values, e.g.
/// "arch=compute_90,code=[compute_90,sm_90]" gives {"sm_90"}.
std::vector<std::string> archsFromGencode(llvm::StringRef Value);

} // namespace cudalint

#endif
