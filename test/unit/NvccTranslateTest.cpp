//===- NvccTranslateTest.cpp - nvcc compile commands to Clang -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/inputs/NvccTranslate.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

ToolchainPaths paths() { return {"/usr/local/cuda", "/usr/lib/llvm-22/lib/clang/22"}; }

TranslatedCommand translate(std::vector<std::string> Argv, std::string Dir = "/proj/build") {
  auto T = translateCompileCommand(Argv, Dir, "/proj/src/k.cu", paths(), {});
  EXPECT_TRUE(static_cast<bool>(T)) << llvm::toString(T.takeError());
  return T ? *T : TranslatedCommand();
}

bool has(const TranslatedCommand &C, llvm::StringRef Arg) {
  return llvm::is_contained(C.ClangArgs, Arg);
}

/// No argument of the Clang command may be an nvcc-only flag.
void expectNoNvccFlags(const TranslatedCommand &C) {
  for (const std::string &A : C.ClangArgs) {
    llvm::StringRef S(A);
    EXPECT_FALSE(S.starts_with("-X")) << A;
    EXPECT_FALSE(S.starts_with("--generate-code") || S.starts_with("-gencode")) << A;
    EXPECT_FALSE(S.contains("extended-lambda") || S.contains("relaxed-constexpr")) << A;
    EXPECT_FALSE(S == "-c" || S == "-o" || S.starts_with("-M")) << A;
    EXPECT_FALSE(S.contains("fast_math") || S.contains("compress-mode")) << A;
    EXPECT_NE(S, "-Wall");
    EXPECT_NE(S, "-fPIC");
  }
}

TEST(NvccTranslate, CMakeCudaLanguageCommand) {
  TranslatedCommand C = translate(
      {"/usr/local/cuda/bin/nvcc", "-forward-unknown-to-host-compiler", "-DGGML_USE_CUDA",
       "-I/proj/include", "-isystem=/opt/dep/include", "-O3", "-DNDEBUG", "-std=c++17",
       "--generate-code=arch=compute_90,code=[compute_90,sm_90]", "-Xcompiler=-fPIC",
       "-use_fast_math", "-extended-lambda", "-compress-mode=size", "-x", "cu", "-c",
       "/proj/src/k.cu", "-o", "CMakeFiles/k.dir/k.cu.o"});
  EXPECT_TRUE(has(C, "-DGGML_USE_CUDA"));
  EXPECT_TRUE(has(C, "-I/proj/include"));
  EXPECT_TRUE(has(C, "-isystem"));
  EXPECT_TRUE(has(C, "/opt/dep/include"));
  EXPECT_TRUE(has(C, "-std=c++17"));
  EXPECT_TRUE(has(C, "-O3"));
  EXPECT_TRUE(has(C, "--cuda-host-only"));
  EXPECT_TRUE(has(C, "-fsyntax-only"));
  EXPECT_TRUE(has(C, "-Wno-unknown-cuda-version"));
  EXPECT_TRUE(has(C, "-Wno-register"));
  EXPECT_TRUE(has(C, "--cuda-path=/usr/local/cuda"));
  EXPECT_EQ(C.ClangArgs.back(), "/proj/src/k.cu");
  EXPECT_EQ(C.Archs, std::vector<std::string>{"sm_90"});
  EXPECT_FALSE(C.PerThreadDefaultStream);
  expectNoNvccFlags(C);
  // -x cuda comes first, once.
  EXPECT_EQ(llvm::count(C.ClangArgs, "cuda"), 1);
}

TEST(NvccTranslate, ArchForms) {
  EXPECT_EQ(translate({"nvcc", "-arch=sm_80"}).Archs, std::vector<std::string>{"sm_80"});
  EXPECT_EQ(translate({"nvcc", "-arch", "sm_75"}).Archs, std::vector<std::string>{"sm_75"});
  EXPECT_EQ(translate({"nvcc", "--gpu-architecture=compute_86"}).Archs,
            std::vector<std::string>{"sm_86"});
  EXPECT_EQ(translate({"nvcc", "-gencode", "arch=compute_70,code=sm_70", "-gencode",
                       "arch=compute_80,code=sm_80"})
                .Archs,
            (std::vector<std::string>{"sm_70", "sm_80"}));
  EXPECT_EQ(translate({"nvcc", "-gencode=arch=compute_90a,code=\"sm_90a,compute_90a\""}).Archs,
            std::vector<std::string>{"sm_90a"});
  EXPECT_EQ(translate({"nvcc", "--generate-code", "arch=compute_89,code=[sm_89]"}).Archs,
            std::vector<std::string>{"sm_89"});
  EXPECT_TRUE(translate({"nvcc", "-arch=native"}).Archs.empty());
}

TEST(NvccTranslate, HostCompilerFlags) {
  TranslatedCommand C = translate({"nvcc", "-Xcompiler", "-Wall -Wextra", "-Xcompiler=-fPIC,-DHOST=1",
                                   "--compiler-options", "-fopenmp,-Werror", "-Xcompiler",
                                   "-isystem,/host/inc"});
  EXPECT_TRUE(has(C, "-DHOST=1"));
  EXPECT_TRUE(has(C, "-fopenmp"));
  EXPECT_TRUE(has(C, "/host/inc"));
  EXPECT_FALSE(has(C, "-Werror"));
  expectNoNvccFlags(C);
}

TEST(NvccTranslate, ForwardUnknownToHostCompiler) {
  TranslatedCommand C =
      translate({"nvcc", "-forward-unknown-to-host-compiler", "-Wall", "-march=native", "-pthread",
                 "-fPIC", "-Wno-deprecated-gpu-targets"});
  EXPECT_TRUE(has(C, "-march=native"));
  EXPECT_FALSE(has(C, "-pthread"));
  expectNoNvccFlags(C);
  // Without the flag, unknown options are dropped and recorded.
  TranslatedCommand D = translate({"nvcc", "-march=native", "--bogus-flag"});
  EXPECT_FALSE(has(D, "-march=native"));
  EXPECT_TRUE(llvm::is_contained(D.IgnoredFlags, "--bogus-flag"));
}

TEST(NvccTranslate, RdcDefaultStreamMaxRegCount) {
  TranslatedCommand C = translate({"nvcc", "-rdc=true", "--default-stream", "per-thread",
                                   "-maxrregcount=64"});
  EXPECT_TRUE(C.RelocatableDeviceCode);
  EXPECT_TRUE(has(C, "-fgpu-rdc"));
  EXPECT_TRUE(C.PerThreadDefaultStream);
  EXPECT_TRUE(has(C, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
  ASSERT_TRUE(C.MaxRegCount.has_value());
  EXPECT_EQ(*C.MaxRegCount, 64u);

  TranslatedCommand D = translate({"nvcc", "--relocatable-device-code", "false",
                                   "--default-stream=legacy", "--maxrregcount", "32", "-dc"});
  EXPECT_TRUE(D.RelocatableDeviceCode); // -dc implies it
  EXPECT_FALSE(D.PerThreadDefaultStream);
  EXPECT_EQ(*D.MaxRegCount, 32u);
}

TEST(NvccTranslate, DroppedFlagsKeepTheParseIntact) {
  TranslatedCommand C = translate(
      {"nvcc", "--expt-relaxed-constexpr", "--extended-lambda", "-ccbin", "/usr/bin/g++-12",
       "-Xptxas", "-v", "-Xcudafe", "--diag_suppress=177", "-G", "-lineinfo", "--use_fast_math",
       "-MD", "-MF", "k.d", "-MT", "k.o", "-o", "k.o", "-t", "4", "-res-usage"});
  expectNoNvccFlags(C);
  // nvcc defines a macro for each of the first two (its `-E -dM`).
  EXPECT_TRUE(has(C, "-D__CUDACC_EXTENDED_LAMBDA__=1"));
  EXPECT_TRUE(has(C, "-D__CUDACC_RELAXED_CONSTEXPR__=1"));
  // Values of dropped options are not mistaken for inputs or flags.
  EXPECT_FALSE(has(C, "/usr/bin/g++-12"));
  EXPECT_FALSE(has(C, "k.d"));
  EXPECT_FALSE(has(C, "--diag_suppress=177"));
  EXPECT_FALSE(has(C, "-v"));
}

TEST(NvccTranslate, IncludesDefinesAndRelativePaths) {
  TranslatedCommand C = translate({"nvcc", "-I", "../include", "-Iinc2", "-D", "A=1", "-DB",
                                   "-DTILE=16", "-UC", "-isystem", "sys", "-include", "pre.h", "--std", "c++20",
                                   "--include-path=inc3", "--define-macro=D=2"},
                                  "/proj/build");
  EXPECT_TRUE(has(C, "-I/proj/include"));
  EXPECT_TRUE(has(C, "-I/proj/build/inc2"));
  EXPECT_TRUE(has(C, "-I/proj/build/inc3"));
  EXPECT_TRUE(has(C, "-DA=1"));
  EXPECT_TRUE(has(C, "-DB"));
  EXPECT_TRUE(has(C, "-DTILE=16")); // glued with a value: not an option "-DTILE"
  EXPECT_TRUE(C.IgnoredFlags.empty());
  EXPECT_TRUE(has(C, "-DD=2"));
  EXPECT_TRUE(has(C, "-UC"));
  EXPECT_TRUE(has(C, "/proj/build/sys"));
  EXPECT_TRUE(has(C, "/proj/build/pre.h"));
  EXPECT_TRUE(has(C, "-std=c++20"));
}

TEST(NvccTranslate, OptionsFile) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nvcc-rsp", Dir));
  llvm::SmallString<128> Rsp(Dir);
  llvm::sys::path::append(Rsp, "includes_CUDA.rsp");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Rsp, EC);
    ASSERT_FALSE(EC);
    OS << "-I/from/rsp \"-isystem=/sys with space\" -DFROM_RSP\n";
  }
  TranslatedCommand C = translate({"nvcc", "--options-file", "includes_CUDA.rsp"}, Dir.c_str());
  EXPECT_TRUE(has(C, "-I/from/rsp"));
  EXPECT_TRUE(has(C, "/sys with space"));
  EXPECT_TRUE(has(C, "-DFROM_RSP"));
  TranslatedCommand D = translate({"nvcc", "-optf", Rsp.c_str()});
  EXPECT_TRUE(has(D, "-DFROM_RSP"));

  auto Missing = translateCompileCommand({"nvcc", "--options-file", "nope.rsp"}, Dir, "/k.cu",
                                         paths(), {});
  ASSERT_FALSE(static_cast<bool>(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("nope.rsp"), std::string::npos);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(NvccTranslate, CcclOnTheIncludePath) {
  TranslatedCommand C = translate({"nvcc"});
  if (!llvm::sys::fs::is_directory("/usr/local/cuda/include/cccl"))
    GTEST_SKIP() << "no CUDA 13 toolkit here";
  EXPECT_TRUE(has(C, "/usr/local/cuda/include/cccl"));
}

TEST(NvccTranslate, ClangCudaEntryAndExtraArgs) {
  auto T = translateCompileCommand({"clang++", "-x", "cuda", "--cuda-gpu-arch=sm_80", "-DX=1",
                                    "-Wall", "-c", "k.cu", "-o", "k.o"},
                                   "/proj", "k.cu", paths(), {"-DEXTRA"});
  ASSERT_TRUE(static_cast<bool>(T));
  EXPECT_TRUE(has(*T, "-DX=1"));
  EXPECT_TRUE(has(*T, "-DEXTRA"));
  EXPECT_FALSE(has(*T, "-Wall"));
  EXPECT_EQ(T->File, "/proj/k.cu");
}

/// The arguments of \p C that choose the side of the parse and its arch.
std::vector<std::string> sideArgs(const TranslatedCommand &C) {
  std::vector<std::string> Side;
  for (llvm::StringRef A : C.ClangArgs)
    if ((A.starts_with("--") && A.ends_with("-only")) || A.starts_with("--cuda-gpu-arch=") ||
        A.starts_with("--offload-arch="))
      Side.push_back(A.str());
  return Side;
}

TEST(NvccTranslate, DeviceOnlyCommands) {
  using V = std::vector<std::string>;
  // nvcc --ptx (candle's build) runs nvcc's device pass alone: so does the parse, for the
  // newest arch named (nvcc's default sm_75 when none is).
  EXPECT_EQ(sideArgs(translate({"nvcc", "--ptx", "--gpu-architecture=sm_90", "-Isrc", "k.cu"})),
            (V{"--cuda-device-only", "--cuda-gpu-arch=sm_90"}));
  EXPECT_EQ(sideArgs(translate({"nvcc", "-cubin", "-arch=sm_80", "-gencode",
                                "arch=compute_86,code=sm_86", "k.cu"})),
            (V{"--cuda-device-only", "--cuda-gpu-arch=sm_86"}));
  EXPECT_EQ(sideArgs(translate({"nvcc", "-fatbin", "k.cu"})),
            (V{"--cuda-device-only", "--cuda-gpu-arch=sm_75"}));
  EXPECT_EQ(sideArgs(translate({"nvcc", "-c", "-arch=sm_90", "k.cu"})), V{"--cuda-host-only"});
  // Asked for among the extra arguments, with the arch the last --cuda-gpu-arch names: one
  // device compile job, as libTooling needs.
  auto T = translateCompileCommand({"nvcc", "-arch=sm_90", "-c", "k.cu"}, "/proj", "k.cu",
                                   paths(),
                                   {"--cuda-gpu-arch=sm_70", "--cuda-device-only",
                                    "--offload-arch=sm_80"});
  ASSERT_TRUE(static_cast<bool>(T));
  EXPECT_EQ(sideArgs(*T), (V{"--cuda-device-only", "--cuda-gpu-arch=sm_80"}));
  EXPECT_TRUE(T->deviceOnly());
  // Settling again changes nothing; a host parse is left as it is.
  TranslatedCommand Again = *T;
  settleDeviceOnly(Again);
  EXPECT_EQ(Again.ClangArgs, T->ClangArgs);
  TranslatedCommand Host = translate({"nvcc", "-c", "k.cu"});
  TranslatedCommand HostAgain = Host;
  settleDeviceOnly(HostAgain);
  EXPECT_EQ(HostAgain.ClangArgs, Host.ClangArgs);
  EXPECT_FALSE(Host.deviceOnly());
  // A clang++ -x cuda entry's own device-only compile.
  auto Clang = translateCompileCommand({"clang++", "-x", "cuda", "--cuda-device-only",
                                        "--cuda-gpu-arch=sm_89", "-c", "k.cu"},
                                       "/proj", "k.cu", paths(), {});
  ASSERT_TRUE(static_cast<bool>(Clang));
  EXPECT_EQ(sideArgs(*Clang), (V{"--cuda-device-only", "--cuda-gpu-arch=sm_89"}));
}

TEST(NvccTranslate, DefaultCommandForFileWithoutEntry) {
  TranslatedCommand C = defaultCompileCommand("/tmp/x/k.cu", paths(), {"-DFOO"});
  EXPECT_TRUE(has(C, "-std=c++17"));
  // The file's directory is searched for "..." includes only, as a compiler does (issue 34).
  EXPECT_FALSE(has(C, "-I/tmp/x"));
  auto Quote = llvm::find(C.ClangArgs, "-iquote");
  ASSERT_NE(Quote, C.ClangArgs.end());
  ASSERT_NE(Quote + 1, C.ClangArgs.end());
  EXPECT_EQ(*(Quote + 1), "/tmp/x");
  EXPECT_TRUE(has(C, "-DFOO"));
  EXPECT_FALSE(C.FromCompileDatabase);
}

TEST(NvccTranslate, IsNvcc) {
  EXPECT_TRUE(isNvcc("/usr/local/cuda/bin/nvcc"));
  EXPECT_TRUE(isNvcc("nvcc"));
  EXPECT_FALSE(isNvcc("/usr/bin/clang++"));
}

} // namespace
