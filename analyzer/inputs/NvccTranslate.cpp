//===- NvccTranslate.cpp - Compile commands to a host-side Clang parse ----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/NvccTranslate.h"
#include "analyzer/support/RegularFile.h"

#include "clang/Basic/OffloadArch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;

namespace cudalint {
namespace {

/// What a recognised nvcc option does to the translated command.
enum class Action {
  Drop,          // no effect on a host-side parse
  Language,      // -x
  Arch,          // -arch / --gpu-architecture
  Code,          // -code / --gpu-code
  Gencode,       // -gencode / --generate-code
  HostFlags,     // -Xcompiler / --compiler-options
  Rdc,           // -rdc / --relocatable-device-code (value true/false)
  RdcOn,         // -dc
  DefaultStream, // --default-stream
  MaxRegCount,   // -maxrregcount
  OptionsFile,   // --options-file / -optf
  Include,       // -I
  SystemInclude, // -isystem
  Define,        // -D
  Undefine,      // -U
  PreInclude,    // -include
  Std,           // -std
  Predefine,     // a flag for which nvcc defines a macro (predefinedMacro)
  DeviceOnly,    // --ptx, --cubin, --fatbin, --optix-ir: nvcc's device pass alone
  ForwardUnknown // -forward-unknown-to-host-compiler
};

struct NvccOption {
  const char *Short; // single-dash spelling ("" if none)
  const char *Long;  // double-dash spelling ("" if none)
  bool TakesValue;
  Action Act;
};

// nvcc's options that matter for parsing plus every option CMake and common
// Makefiles emit. Options not listed are "unknown": forwarded to the host
// compiler (and then filtered) under -forward-unknown-to-host-compiler,
// dropped otherwise.
const NvccOption Options[] = {
    {"-x", "--x", true, Action::Language},
    {"-arch", "--gpu-architecture", true, Action::Arch},
    {"-code", "--gpu-code", true, Action::Code},
    {"-gencode", "--generate-code", true, Action::Gencode},
    {"-Xcompiler", "--compiler-options", true, Action::HostFlags},
    {"-rdc", "--relocatable-device-code", true, Action::Rdc},
    {"-dc", "--device-c", false, Action::RdcOn},
    {"-default-stream", "--default-stream", true, Action::DefaultStream},
    {"-maxrregcount", "--maxrregcount", true, Action::MaxRegCount},
    {"-optf", "--options-file", true, Action::OptionsFile},
    {"-I", "--include-path", true, Action::Include},
    {"-isystem", "--system-include", true, Action::SystemInclude},
    {"-D", "--define-macro", true, Action::Define},
    {"-U", "--undefine-macro", true, Action::Undefine},
    {"-include", "--pre-include", true, Action::PreInclude},
    {"-std", "--std", true, Action::Std},
    {"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler", false,
     Action::ForwardUnknown},
    {"-extended-lambda", "--extended-lambda", false, Action::Predefine},
    {"-expt-extended-lambda", "--expt-extended-lambda", false, Action::Predefine},
    {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr", false, Action::Predefine},
    {"-ptx", "--ptx", false, Action::DeviceOnly},
    {"-cubin", "--cubin", false, Action::DeviceOnly},
    {"-fatbin", "--fatbin", false, Action::DeviceOnly},
    {"-optix-ir", "--optix-ir", false, Action::DeviceOnly},
    // Dropped, with a value.
    {"-o", "--output-file", true, Action::Drop},
    {"-Xptxas", "--ptxas-options", true, Action::Drop},
    {"-Xcudafe", "", true, Action::Drop},
    {"-Xlinker", "--linker-options", true, Action::Drop},
    {"-Xnvlink", "--nvlink-options", true, Action::Drop},
    {"-Xfatbin", "--fatbin-options", true, Action::Drop},
    {"-Xarchive", "--archive-options", true, Action::Drop},
    {"-ccbin", "--compiler-bindir", true, Action::Drop},
    {"-MF", "--dependency-output", true, Action::Drop},
    {"-MT", "--dependency-target-name", true, Action::Drop},
    {"-t", "--threads", true, Action::Drop},
    {"-split-compile", "--split-compile", true, Action::Drop},
    {"-odir", "--output-directory", true, Action::Drop},
    {"-L", "--library-path", true, Action::Drop},
    {"-l", "--library", true, Action::Drop},
    {"-cudart", "--cudart", true, Action::Drop},
    {"-cudadevrt", "--cudadevrt", true, Action::Drop},
    {"-keep-dir", "--keep-dir", true, Action::Drop},
    {"-diag-suppress", "--diag-suppress", true, Action::Drop},
    {"-diag-warn", "--diag-warn", true, Action::Drop},
    {"-diag-error", "--diag-error", true, Action::Drop},
    {"-compress-mode", "--compress-mode", true, Action::Drop},
    {"-ftz", "--ftz", true, Action::Drop},
    {"-prec-div", "--prec-div", true, Action::Drop},
    {"-prec-sqrt", "--prec-sqrt", true, Action::Drop},
    {"-fmad", "--fmad", true, Action::Drop},
    {"-time", "--time", true, Action::Drop},
    {"-ewp", "--extensible-whole-program", false, Action::Drop},
    {"-Werror", "--Werror", true, Action::Drop},
    {"-static-global-template-stub", "--static-global-template-stub", true, Action::Drop},
    {"-dopt", "--dopt", true, Action::Drop},
    {"-lto", "--lto", false, Action::Drop},
    {"-dlto", "--dlink-time-opt", false, Action::Drop},
    {"-machine", "--machine", true, Action::Drop},
    {"-frandom-seed", "--frandom-seed", true, Action::Drop},
    // Dropped flags.
    {"-c", "--compile", false, Action::Drop},
    {"-dw", "--device-w", false, Action::Drop},
    {"-dlink", "--device-link", false, Action::Drop},
    {"-lib", "--lib", false, Action::Drop},
    {"-shared", "--shared", false, Action::Drop},
    {"-G", "--device-debug", false, Action::Drop},
    {"-g", "--debug", false, Action::Drop},
    {"-lineinfo", "--generate-line-info", false, Action::Drop},
    {"-use_fast_math", "--use_fast_math", false, Action::Drop},
    {"-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker", false, Action::Drop},
    {"-forward-unknown-opts", "--forward-unknown-opts", false, Action::ForwardUnknown},
    {"-M", "--generate-dependencies", false, Action::Drop},
    {"-MM", "--generate-nonsystem-dependencies", false, Action::Drop},
    {"-MD", "--generate-dependencies-with-compile", false, Action::Drop},
    {"-MMD", "--generate-nonsystem-dependencies-with-compile", false, Action::Drop},
    {"-MP", "--generate-dependency-targets", false, Action::Drop},
    {"-res-usage", "--resource-usage", false, Action::Drop},
    {"-v", "--verbose", false, Action::Drop},
    {"-keep", "--keep", false, Action::Drop},
    {"-w", "--disable-warnings", false, Action::Drop},
    {"-err-no", "--display-error-number", false, Action::Drop},
    {"-no-err-no", "--no-display-error-number", false, Action::Drop},
    {"-allow-unsupported-compiler", "--allow-unsupported-compiler", false, Action::Drop},
    {"-restrict", "--restrict", false, Action::Drop},
    {"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", false, Action::Drop},
    {"-Wno-deprecated-declarations", "--Wno-deprecated-declarations", false, Action::Drop},
    {"-Wreorder", "--Wreorder", false, Action::Drop},
    {"-Wdefault-stream-launch", "--Wdefault-stream-launch", false, Action::Drop},
    {"-Wmissing-launch-bounds", "--Wmissing-launch-bounds", false, Action::Drop},
    {"-Wext-lambda-captures-this", "--Wext-lambda-captures-this", false, Action::Drop},
    {"-src-in-ptx", "--source-in-ptx", false, Action::Drop},
    {"-cuda", "--cuda", false, Action::Drop},
    {"-E", "--preprocess", false, Action::Drop},
    {"-pg", "--profile", false, Action::Drop},
    {"-compress-all", "--compress-all", false, Action::Drop},
    {"-no-compress", "--no-compress", false, Action::Drop},
};

/// The macro nvcc defines for a Predefine option, as nvcc 13's `-E -dM` shows it:
/// cuCollections' `#error` without __CUDACC_EXTENDED_LAMBDA__, CCCL's paths for either.
const char *predefinedMacro(const NvccOption &O) {
  return StringRef(O.Long).ends_with("lambda") ? "-D__CUDACC_EXTENDED_LAMBDA__=1"
                                               : "-D__CUDACC_RELAXED_CONSTEXPR__=1";
}

/// Options that accept their value glued to a one-letter name (-Ifoo, -DX=1).
bool isGluedValueOption(StringRef Name) {
  return Name == "-I" || Name == "-D" || Name == "-U" || Name == "-L" || Name == "-l";
}

const NvccOption *findOption(StringRef Name) {
  for (const NvccOption &O : Options)
    if (Name == O.Short || (O.Long[0] && Name == O.Long))
      return &O;
  return nullptr;
}

/// A host-compiler flag that can change how the source parses and that Clang
/// understands. Everything else a host compiler is given (-fPIC, -Wall,
/// -Werror, -pthread, GCC-only options) is irrelevant to the parse or harmful.
bool isParseRelevantHostFlag(StringRef Flag) {
  return Flag.starts_with("-D") || Flag.starts_with("-U") || Flag.starts_with("-I") ||
         Flag.starts_with("-isystem") || Flag.starts_with("-iquote") ||
         Flag.starts_with("-idirafter") || Flag.starts_with("-std=") ||
         Flag.starts_with("-march=") || Flag.starts_with("-mavx") || Flag.starts_with("-msse") ||
         Flag == "-mfma" || Flag == "-mf16c" || Flag == "-fopenmp" ||
         Flag.starts_with("-fno-exceptions") || Flag == "-fexceptions" ||
         (Flag.starts_with("-O") && Flag.size() <= 3) ||
         // A clang++ -x cuda entry's device-only compile (settleDeviceOnly).
         Flag == "--cuda-device-only" || Flag == "--offload-device-only";
}

/// Host flags whose value is the next argument.
bool hostFlagTakesValue(StringRef Flag) {
  return Flag == "-D" || Flag == "-U" || Flag == "-I" || Flag == "-isystem" ||
         Flag == "-iquote" || Flag == "-idirafter" || Flag == "-include";
}

std::string absolutePath(StringRef Path, StringRef Directory) {
  if (Path.empty() || sys::path::is_absolute(Path))
    return Path.str();
  SmallString<256> P(Directory);
  sys::path::append(P, Path);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

void addUnique(std::vector<std::string> &V, std::string S) {
  if (!llvm::is_contained(V, S))
    V.push_back(std::move(S));
}

/// sm_XX for "sm_90", "compute_90", "sm_90a", "90"; empty for virtual-only or
/// symbolic values ("native", "all", "all-major").
std::string normaliseArch(StringRef A) {
  A = A.trim().trim("[]\"'");
  if (A.consume_front("sm_") || A.consume_front("compute_") || A.consume_front("lto_"))
    return A.empty() ? "" : "sm_" + A.str();
  if (!A.empty() && llvm::all_of(A, [](char C) { return isDigit(C); }))
    return "sm_" + A.str();
  return "";
}

class Translator {
public:
  Translator(StringRef Directory, const ToolchainPaths &Paths);

  Error process(ArrayRef<std::string> Args, unsigned Depth);
  TranslatedCommand finish(StringRef File, ArrayRef<std::string> ExtraArgs);

  bool ForwardUnknown = false;

private:
  Error apply(const NvccOption &O, StringRef Value, unsigned Depth);
  bool isToolkitInclude(StringRef Dir) const;
  void addHostFlags(StringRef Value);
  void addHostFlag(ArrayRef<std::string> Flags, size_t &I);

  std::string Directory;
  const ToolchainPaths &Paths;
  SmallString<256> ToolkitInclude; // the real path of $CUDA/include, or empty
  std::vector<std::string> ParseFlags; // kept or mapped flags, in order
  std::vector<std::string> Archs;
  bool PerThread = false;
  bool Rdc = false;
  std::optional<unsigned> MaxRegs;
  std::vector<std::string> IgnoredFlags;
};

/// Whether \p Dir is the CUDA toolkit's include directory. nvcc searches it before every -I of
/// the command, and Clang's CUDA driver adds it after its own headers: a project's -I or
/// -isystem of it would move it ahead of Clang's wrapper headers, which then could not reach the
/// toolkit's before a project header of the same name (cmake/Install.cmake, "toolkit first").
bool Translator::isToolkitInclude(StringRef Dir) const {
  SmallString<256> Real;
  return !ToolkitInclude.empty() && !sys::fs::real_path(Dir, Real) && Real == ToolkitInclude;
}

Translator::Translator(StringRef Directory, const ToolchainPaths &Paths)
    : Directory(Directory), Paths(Paths) {
  SmallString<256> Include(Paths.CudaPath);
  sys::path::append(Include, "include");
  if (Paths.CudaPath.empty() || sys::fs::real_path(Include, ToolkitInclude))
    ToolkitInclude.clear();
}

Error Translator::process(ArrayRef<std::string> Args, unsigned Depth) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (!Arg.starts_with("-") || Arg == "-")
      continue; // input files: the entry's "file" is the one that counts
    if (Arg.starts_with("-O") && Arg.size() <= 3) {
      ParseFlags.push_back(Arg.str()); // sets __OPTIMIZE__ like the host compiler
      continue;
    }

    // Split "--opt=value" / "-opt=value".
    StringRef Name = Arg, Value;
    bool HasValue = false;
    if (size_t Eq = Arg.find('='); Eq != StringRef::npos) {
      Name = Arg.substr(0, Eq);
      Value = Arg.substr(Eq + 1);
      HasValue = true;
    }
    const NvccOption *O = findOption(Name);
    // -DNAME=VALUE is -D with "NAME=VALUE" glued on, not an option "-DNAME".
    if (!O && Arg.size() > 2 && isGluedValueOption(Arg.substr(0, 2))) {
      O = findOption(Arg.substr(0, 2));
      Value = Arg.substr(2);
      HasValue = true;
    }
    if (!O) {
      // Unknown to nvcc. With -forward-unknown-to-host-compiler it is a host
      // flag (possibly followed by its value); nvcc itself would reject it.
      if (ForwardUnknown) {
        addHostFlag(Args, I);
      } else {
        IgnoredFlags.push_back(Arg.str());
      }
      continue;
    }
    if (O->TakesValue && !HasValue) {
      if (I + 1 >= Args.size())
        continue; // a dangling option: nvcc would fail, the parse need not
      Value = Args[++I];
    }
    // Flags of nvcc that change nothing a parse sees (-Xptxas, -G, --use_fast_math, ...), for
    // --verbose; not those every compile has (-c, -o, dependency files).
    if (O->Act == Action::Drop &&
        !is_contained({"-c", "-o", "-M", "-MM", "-MD", "-MMD", "-MP", "-MF", "-MT", "-odir"},
                      StringRef(O->Short)))
      IgnoredFlags.push_back(O->TakesValue ? Arg.str() + (HasValue ? "" : " " + Value.str())
                                           : Arg.str());
    if (Error E = apply(*O, Value, Depth))
      return E;
  }
  return Error::success();
}

Error Translator::apply(const NvccOption &O, StringRef Value, unsigned Depth) {
  switch (O.Act) {
  case Action::Drop:
  case Action::Language: // always parsed as CUDA
    return Error::success();
  case Action::ForwardUnknown:
    ForwardUnknown = true;
    return Error::success();
  case Action::Arch:
  case Action::Code: {
    SmallVector<StringRef, 4> Parts;
    Value.split(Parts, ',');
    for (StringRef P : Parts)
      if (std::string A = normaliseArch(P); !A.empty())
        addUnique(Archs, A);
    return Error::success();
  }
  case Action::Gencode:
    for (std::string &A : archsFromGencode(Value))
      addUnique(Archs, std::move(A));
    return Error::success();
  case Action::HostFlags:
    addHostFlags(Value);
    return Error::success();
  case Action::Rdc:
    Rdc = Value.equals_insensitive("true");
    return Error::success();
  case Action::RdcOn:
    Rdc = true;
    return Error::success();
  case Action::DefaultStream:
    PerThread = Value == "per-thread";
    return Error::success();
  case Action::MaxRegCount: {
    unsigned N;
    if (!Value.getAsInteger(10, N))
      MaxRegs = N;
    return Error::success();
  }
  case Action::OptionsFile: {
    if (Depth > 8)
      return createStringError("--options-file nested too deeply at '%s'", Value.str().c_str());
    std::string Path = absolutePath(Value, Directory);
    // A regular file of at most 1 MiB: a FIFO the entry names would block the run.
    Expected<std::unique_ptr<MemoryBuffer>> Buf = readRegularFile(Path, 1u << 20);
    if (!Buf)
      return createStringError(inconvertibleErrorCode(), "cannot read --options-file '%s': %s",
                               Path.c_str(), toString(Buf.takeError()).c_str());
    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 32> Tokens;
    cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Tokens);
    std::vector<std::string> Nested(Tokens.begin(), Tokens.end());
    return process(Nested, Depth + 1);
  }
  case Action::Include:
    if (std::string Dir = absolutePath(Value, Directory); !isToolkitInclude(Dir))
      ParseFlags.push_back("-I" + Dir);
    return Error::success();
  case Action::SystemInclude:
    if (std::string Dir = absolutePath(Value, Directory); !isToolkitInclude(Dir)) {
      ParseFlags.push_back("-isystem");
      ParseFlags.push_back(std::move(Dir));
    }
    return Error::success();
  case Action::Define:
    ParseFlags.push_back("-D" + Value.str());
    return Error::success();
  case Action::Undefine:
    ParseFlags.push_back("-U" + Value.str());
    return Error::success();
  case Action::PreInclude:
    ParseFlags.push_back("-include");
    ParseFlags.push_back(absolutePath(Value, Directory));
    return Error::success();
  case Action::Std:
    ParseFlags.push_back("-std=" + Value.str());
    return Error::success();
  case Action::Predefine:
    addUnique(ParseFlags, predefinedMacro(O));
    return Error::success();
  case Action::DeviceOnly:
    addUnique(ParseFlags, "--cuda-device-only");
    return Error::success();
  }
  return Error::success();
}

void Translator::addHostFlags(StringRef Value) {
  // -Xcompiler=a,b and -Xcompiler "-Wall -Wextra": split on commas and blanks.
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 8> Tokens;
  cl::TokenizeGNUCommandLine(Value, Saver, Tokens);
  std::vector<std::string> Flags;
  for (const char *T : Tokens) {
    SmallVector<StringRef, 4> Parts;
    StringRef(T).split(Parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef P : Parts)
      Flags.push_back(P.str());
  }
  for (size_t I = 0; I < Flags.size(); ++I)
    addHostFlag(Flags, I);
}

void Translator::addHostFlag(ArrayRef<std::string> Flags, size_t &I) {
  StringRef F = Flags[I];
  // A clang++ -x cuda entry's target archs.
  if (StringRef Arch = F; Arch.consume_front("--cuda-gpu-arch=") ||
                          Arch.consume_front("--offload-arch=")) {
    if (std::string A = normaliseArch(Arch); !A.empty())
      addUnique(Archs, std::move(A));
    return;
  }
  if (hostFlagTakesValue(F)) {
    if (I + 1 >= Flags.size())
      return;
    StringRef V = Flags[++I];
    if (F == "-D" || F == "-U") {
      ParseFlags.push_back(F.str() + V.str());
    } else {
      ParseFlags.push_back(F.str());
      ParseFlags.push_back(absolutePath(V, Directory));
    }
    return;
  }
  if (!isParseRelevantHostFlag(F))
    return;
  if (F.starts_with("-I") && F.size() > 2)
    ParseFlags.push_back("-I" + absolutePath(F.substr(2), Directory));
  else
    ParseFlags.push_back(F.str());
}

TranslatedCommand Translator::finish(StringRef File, ArrayRef<std::string> ExtraArgs) {
  TranslatedCommand C;
  C.Directory = Directory;
  C.File = absolutePath(File, Directory);
  C.Archs = Archs;
  C.PerThreadDefaultStream = PerThread;
  C.MaxRegCount = MaxRegs;
  C.RelocatableDeviceCode = Rdc;
  C.IgnoredFlags = IgnoredFlags;

  std::vector<std::string> &A = C.ClangArgs;
  // -Wno-register: `register` is an error of Clang's in C++17 and nvcc's default dialect, where
  // nvcc accepts it (AWP-ODC's kernels declare every local so).
  A = {"clang++",   "-x", "cuda", "--cuda-host-only", "-fsyntax-only", "-w",
       "-Wno-unknown-cuda-version", "-Wno-register", "-ferror-limit=0", "-fno-caret-diagnostics"};
  if (!Paths.CudaPath.empty())
    A.push_back("--cuda-path=" + Paths.CudaPath);
  if (!Paths.ResourceDir.empty())
    A.push_back("-resource-dir=" + Paths.ResourceDir);
  if (!Paths.HostGccVersion.empty())
    A.push_back("-fgnuc-version=" + Paths.HostGccVersion);
  // Headers that stand where nvcc's parse differs (analyzer/compat/include/cuda.h), ahead of
  // every directory of the project's.
  if (!Paths.CompatHeader.empty()) {
    SmallString<256> First(sys::path::parent_path(Paths.CompatHeader));
    sys::path::append(First, "include");
    A.push_back("-I" + std::string(First));
  }
  if (Rdc)
    A.push_back("-fgpu-rdc");
  if (PerThread)
    A.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
  A.insert(A.end(), ParseFlags.begin(), ParseFlags.end());
  // nvcc puts CCCL (cub, thrust, libcu++) on the include path implicitly
  // since CUDA 13; Clang does not.
  SmallString<256> Cccl(Paths.CudaPath);
  sys::path::append(Cccl, "include", "cccl");
  if (!Paths.CudaPath.empty() && sys::fs::is_directory(Cccl)) {
    A.push_back("-isystem");
    A.push_back(std::string(Cccl));
  }
  if (!Paths.OpenMPIncludeDir.empty()) {
    A.push_back("-idirafter");
    A.push_back(Paths.OpenMPIncludeDir);
  }
  if (!Paths.CompatHeader.empty()) {
    A.push_back("-include");
    A.push_back(Paths.CompatHeader);
  }
  A.insert(A.end(), ExtraArgs.begin(), ExtraArgs.end());
  A.push_back(C.File);
  settleDeviceOnly(C);
  return C;
}

/// \p A as Clang names it: itself when Clang knows it (sm_90a), else its base
/// (nvcc 12.9's family-specific sm_100f is sm_100 plus features no branch
/// condition tests), else empty.
std::string clangArch(StringRef A) {
  if (clang::IsNVIDIAOffloadArch(clang::StringToOffloadArch(A)))
    return A.str();
  size_t Digits = A.drop_front(3).take_while([](char C) { return isDigit(C); }).size();
  StringRef Base = A.take_front(3 + Digits);
  if (Base.size() > 3 && clang::IsNVIDIAOffloadArch(clang::StringToOffloadArch(Base)))
    return Base.str();
  return "";
}

} // namespace

std::string devicePassArch(const TranslatedCommand &Cmd) {
  std::string Arch = "sm_75";
  unsigned Newest = 0;
  for (const std::string &A : Cmd.Archs) {
    unsigned N = 0;
    StringRef Number = StringRef(A).drop_front(3).take_while([](char C) { return isDigit(C); });
    std::string Known = clangArch(A);
    if (Number.getAsInteger(10, N) || N <= Newest || Known.empty())
      continue;
    Newest = N;
    Arch = std::move(Known);
  }
  return Arch;
}

void settleDeviceOnly(TranslatedCommand &Cmd) {
  std::vector<std::string> &A = Cmd.ClangArgs;
  if (!any_of(A, [](StringRef F) {
        return F == "--cuda-device-only" || F == "--offload-device-only";
      }))
    return;
  std::string Arch;
  std::vector<std::string> Kept;
  size_t Mode = StringRef::npos; // where --cuda-host-only (or the first mode flag) was
  for (StringRef F : A) {
    if (F == "--cuda-host-only" || F == "--cuda-device-only" || F == "--offload-host-only" ||
        F == "--offload-device-only" || F == "--cuda-compile-host-device" ||
        F == "--offload-host-device") {
      if (Mode == StringRef::npos)
        Mode = Kept.size();
    } else if (F.consume_front("--cuda-gpu-arch=") || F.consume_front("--offload-arch=")) {
      Arch = clangArch(F); // sm_100f as sm_100; one Clang does not know at all: the default
    } else {
      Kept.push_back(F.str());
    }
  }
  if (Arch.empty())
    Arch = devicePassArch(Cmd);
  Kept.insert(Kept.begin() + std::min(Mode, Kept.size()),
              {"--cuda-device-only", "--cuda-gpu-arch=" + Arch});
  A = std::move(Kept);
}

bool TranslatedCommand::deviceOnly() const {
  return is_contained(ClangArgs, "--cuda-device-only");
}

bool isNvcc(StringRef Program) {
  StringRef Base = sys::path::filename(Program);
  return Base == "nvcc" || Base == "nvcc.exe" || Base.ends_with("-nvcc");
}

std::vector<std::string> archsFromGencode(StringRef Value) {
  // arch=compute_90,code=[compute_90,sm_90] | arch=compute_80,code=sm_80 |
  // arch=compute_90a,code="sm_90a,compute_90a"
  std::vector<std::string> Result;
  StringRef Code = Value;
  if (size_t Pos = Value.find("code="); Pos != StringRef::npos)
    Code = Value.substr(Pos + 5);
  else if (size_t Pos2 = Value.find("arch="); Pos2 != StringRef::npos)
    Code = Value.substr(Pos2 + 5);
  SmallVector<StringRef, 4> Parts;
  Code.split(Parts, ',');
  for (StringRef P : Parts) {
    P = P.trim().trim("[]\"'");
    // Only real (sm_) targets produce SASS; compute_ alone is PTX for a JIT at
    // load time, whose arch is the device's. Keep compute_ only when no sm_ is
    // named at all (handled below).
    if (P.starts_with("sm_"))
      addUnique(Result, normaliseArch(P));
  }
  if (Result.empty())
    for (StringRef P : Parts)
      if (std::string A = normaliseArch(P); !A.empty())
        addUnique(Result, A);
  return Result;
}

Expected<TranslatedCommand> translateCompileCommand(ArrayRef<std::string> Argv,
                                                    StringRef Directory, StringRef File,
                                                    const ToolchainPaths &Paths,
                                                    ArrayRef<std::string> ExtraArgs) {
  Translator T(Directory, Paths);
  ArrayRef<std::string> Args = Argv.empty() ? Argv : Argv.drop_front();
  if (!Argv.empty() && !isNvcc(Argv.front()))
    T.ForwardUnknown = true; // a host compiler (clang++ -x cuda): keep what parses
  if (Error E = T.process(Args, 0))
    return std::move(E);
  TranslatedCommand C = T.finish(File, ExtraArgs);
  C.FromCompileDatabase = true;
  return C;
}

TranslatedCommand defaultCompileCommand(StringRef File, const ToolchainPaths &Paths,
                                        ArrayRef<std::string> ExtraArgs) {
  SmallString<256> Dir(File);
  sys::path::remove_filename(Dir);
  std::vector<std::string> Args = {"nvcc", "-std=c++17"};
  // include/ next to the file and next to its parent (src/../include).
  for (StringRef Up : {".", ".."}) {
    SmallString<256> Inc(Dir);
    sys::path::append(Inc, Up, "include");
    sys::path::remove_dots(Inc, true);
    if (sys::fs::is_directory(Inc))
      Args.push_back("-I" + std::string(Inc));
  }
  Translator T(Dir, Paths);
  cantFail(T.process(ArrayRef<std::string>(Args).drop_front(), 0));
  TranslatedCommand C = T.finish(File, ExtraArgs);
  // The file's own directory for "..." includes only, as a compiler searches it: -I would put a
  // project header named like a system one (features.h, config.h, time.h) ahead of glibc's for
  // <ctype.h>'s #include <features.h>. Headers in other directories that include a sibling of
  // the file with quotes still find it, as through the project's own -I of that directory.
  C.ClangArgs.insert(C.ClangArgs.begin() + 1, {"-iquote", std::string(Dir)});
  // --extra-arg paths are relative to where cuda-lint runs.
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    C.Directory = std::string(Cwd);
  return C;
}

} // namespace cudalint
