// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccSpellings.h - Source nvcc accepts and Clang rejects -------------===//
//
// The file system of a parse hands out each file as Clang can parse what nvcc parses, rewritten
// in place: every byte keeps its offset, so locations, fix-its and the cache's view of the file's
// size stay those of the file on disk.
//
// - Launches whose chevrons are split by spaces, `k << <grid, block >> > (args)`, as Visual
//   Studio's formatter writes them (3D Gaussian Splatting's rasterizer, xmrig-cuda): Clang wants
//   `<<<` and `>>>` as single tokens and reports "expected expression", losing the launch and
//   whatever follows it. `<< <` becomes `<<< ` and `>> >` becomes `>>> `.
// - nvcc's own declarations of the built-in variables repeated for host code, `extern const dim3
//   blockDim; extern const uint3 threadIdx;` (ccminer's cuda_helper.h and its forks, CUDA's own
//   curand_mtgp32_kernel.h, so that host code that names them compiles): nvcc declares them with
//   exactly these types, Clang with types of its own (`__cuda_builtin_blockDim_t`) and rejects
//   the redeclaration, a compile error in every file that includes it. The declaration is
//   blanked; Clang's own one remains.
// - A launch configuration's grid or block written as a braced list, `<<<grid, {32, 8, 1}, 0,
//   stream>>>` (NVIDIA's multi-gpu-programming-models): nvcc takes the configuration as the
//   arguments of a call, where a braced list initialises a dim3, and Clang's parser rejects it
//   ("expected expression"), losing the file. `{...}` becomes `$(...)`, a call of the compat
//   header's `$` (analyzer/compat/cuda_lint_compat.h), which makes the same dim3; the blank
//   before the brace, else the first one after it in the configuration, makes room for the
//   extra character (a configuration with no blank there is left as it is).
// - An asm statement's operands with a comma missing between two of them, `: "r"(a.x) "r"(a.y),
//   "r"(b)` (FasterTransformer's hmma_fp32): nvcc reads the list, Clang stops at the second
//   constraint ("expected ')'") and loses the function and its callers. The first blank between
//   the `)` and the next constraint (or `[name]`) becomes the comma; comments are skipped (a `//
//   : max(a0, b1)` between the template's pieces in CUTLASS's sm90_visitor_topk_softmax.hpp).
// - A function template defined with its own parameters as template arguments, `template
//   <typename T> void blockAttnMask<T>(dim3 &grid, ...)` (FasterTransformer's XLNet
//   preprocessing): nvcc takes it for the template's definition, Clang rejects it as a partial
//   specialization of a function template. The `<T>` is blanked.
// - A device variable's `alignas` after its memory space at namespace scope, `namespace n {
//   __device__ alignas(128) CUtensorMap g_maps[64]; }` (TransformerEngine's grouped MXFP8
//   kernels): nvcc takes it, Clang reports "an attribute list cannot appear here" or "'alignas'
//   attribute cannot be applied to types" (it takes it only at global scope) and drops the
//   alignment. The two are swapped, `alignas(128) __device__`; `static __device__ alignas(...)`,
//   which nvcc rejects too, and `__shared__ alignas(8)` in a function, which Clang takes, stay.
// - A static member named through `this` in an `if constexpr` condition, `if constexpr
//   (this->has_payload)` (cuCollections' open addressing, 12 of its 14 examples): nvcc and GCC
//   take it; Clang evaluates `this` and reports "constexpr if condition is not a constant
//   expression", and the function and its callers' launches are lost. `this->` becomes `$S::`
//   and two blanks, the compat header's name for the class `this` points to: the same member
//   (a non-static one stays an access through `this`, still no constant).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_NVCCSPELLINGS_H
#define CUDALINT_ANALYZER_TU_NVCCSPELLINGS_H

#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace cudalint {

/// Joins the spaced chevrons of every launch in \p Text in place (same length); returns whether
/// it changed anything. Only `<<` + blanks + `<` after a kernel name (an identifier, `>` of its
/// template arguments or `)`), not after `operator`, whose matching `>>` + blanks + `>` (or `>>>`)
/// is followed by `(` within the same statement.
bool joinSpacedChevrons(std::string &Text);

/// Blanks, in place, each declaration that starts a line and repeats nvcc's declaration of the
/// built-in variables: `extern const uint3` followed by `threadIdx`/`blockIdx`, or `extern const
/// dim3` followed by `blockDim`/`gridDim` (one or several names, `;`). Any other type or name is
/// left for Clang to report, as nvcc reports it. Returns whether it changed anything.
bool blankBuiltinRedeclarations(std::string &Text);

/// Writes, in place, each braced grid or block argument of a launch configuration as a call of
/// `$` with the same values (`{32, 8}` -> `$(32,8)` or, after a blank, `$(32, 8)`); returns
/// whether it changed anything. Lists holding braces, or with no blank before or after their
/// opening brace in the configuration, stay.
bool unbraceLaunchConfigs(std::string &Text);

/// Puts, in place, the missing comma between two operands of an asm statement (`"r"(x) "r"(y)`)
/// into the first blank between them; returns whether it changed anything.
bool commaSeparateAsmOperands(std::string &Text);

/// Blanks, in place, the template arguments of a function template's declarator that are exactly
/// the template's own parameters in order (`template <typename T, int N> void f<T, N>(`); returns
/// whether it changed anything. Explicit specializations (`template <>`), packs, members
/// (`S<T>::f`), operators and classes stay.
bool unspecializePrimaryTemplates(std::string &Text);

/// Swaps, in place, a `__device__`, `__constant__` or `__managed__` that starts a line with the
/// `alignas(...)` after it on that line (`__device__ alignas(128) T g[4];` -> `alignas(128)
/// __device__ T g[4];`); returns whether it changed anything.
bool putAlignasFirst(std::string &Text);

/// Writes, in place, each `this->` (blanks allowed around the arrow) in the parentheses of an
/// `if constexpr` as `$S::` and blanks; returns whether it changed anything. A condition with a
/// brace or a `;` in it (a lambda, an init-statement) stays; comments and strings are skipped.
bool qualifyThisInConstexprIf(std::string &Text);

/// \p Text as a parse reads it (the rewrites above), when that differs from \p Text. What a
/// parse read is recorded as the hash of these bytes; a cached result is checked against the
/// file on disk rewritten the same way. Safe from any thread; the texts that need no rewrite are
/// remembered (by a hash) for the rest of the process.
std::optional<std::string> nvccSpelled(llvm::StringRef Text);

/// \p Inner read through \p Rewrite: the text it returns for the file's bytes, or the bytes as
/// they are when it returns none (NvccSpellings here, OutOfLineTemplates.h's rewrites).
std::unique_ptr<llvm::vfs::File>
rewritingFile(std::unique_ptr<llvm::vfs::File> Inner,
              std::function<std::optional<std::string>(llvm::StringRef)> Rewrite);

class NvccSpellings : public llvm::vfs::ProxyFileSystem {
public:
  explicit NvccSpellings(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : ProxyFileSystem(std::move(FS)) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override;
};

} // namespace cudalint

#endif
