// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccDiagnostics.h - Clang errors nvcc does not give ------------------===//
//
// Some CUDA that nvcc accepts Clang rejects in a way no rewrite of the source (NvccSpellings.h)
// can avoid. NvccDiagnostics stands between Clang and the consumer of a parse's diagnostics and
// keeps such errors from it:
//
// - An explicit specialization whose execution space differs from its template's, such as a
//   host-only `template <> bool is_nan<cfloat>(const cfloat &)` of a `__host__ __device__`
//   template (arrayfire's math.hpp, which every file of its CUDA backend includes). nvcc matches
//   a specialization by its signature and gives it the attributes it is written with; Clang
//   matches the attributes too, finds no template and reports "no function template matches
//   function template specialization". The error is dropped when every candidate its notes
//   list was ignored only for its target attributes. Clang leaves the specialization out of the
//   AST; calls of it see the template, which is what device code sees under nvcc as well.
// - An `alignas` weaker than its type's own alignment, `alignas(64) CUtensorMap map{};` for CUDA
//   13's `alignas(128)` CUtensorMap (TransformerEngine's cast and activation kernels: most of
//   the 1,939 errors of gelu.cu): nvcc compiles it with the type's alignment; Clang reports
//   "requested alignment is less than minimum alignment" and keeps the declaration valid. The
//   error is dropped.
// - A member that a class template's own member function names on an object of the template's
//   type and that the template does not have, in a function no code instantiates: CUTLASS up to
//   3.4's `Matrix<Element, 3, 3>::rotation` calls `m.set_slice3x3(...)`, which `Matrix` lacks,
//   in cutlass/matrix.h, which cutlass/core_io.h includes. nvcc (EDG) looks the member up when
//   the function is instantiated and never is; Clang looks it up in the template's definition
//   and reports "no member named 'set_slice3x3' in 'Matrix<Element_, 3, 3>'". The error is
//   dropped when the class it names is a template's pattern (a dependent context); a function
//   that is instantiated does not compile under nvcc either, and the rules see only the
//   invalid call, which Clang keeps as an expression with errors.
// - A member of a dependent base class called unqualified in a template, CuTe 3.0 to 3.2's
//   `ThrMMA<TiledMMA> : TiledMMA` calling `make_fragment_A(...)` (cute/atom/mma_atom.hpp, every
//   flash-attention 2 kernel): nvcc finds it at instantiation; Clang reports "explicit
//   qualification required to use member 'make_fragment_A' from dependent base class" and then
//   calls the member it found, as in its Microsoft mode, where this is a warning. The error and
//   its notes are dropped.
// - A `static_assert` that names a reference parameter, whose value the assertion does not read:
//   `static_assert(a[0].NUM_REGS == 4)` with `const Fragment (&a)[M]` (flash-attention 1's
//   fmha/gemm.h), `static_assert(arr.size() == N)` with `const std::array<T, N> &arr`. C++23
//   (P2280) makes it a constant expression and nvcc takes it; Clang does so only with -std=c++23
//   and otherwise reports "static assertion expression is not an integral constant expression"
//   with the note "function parameter 'a' with unknown value cannot be used in a constant
//   expression". The error is dropped, with its notes, when that note is among them (so an
//   assertion that also reads the parameter's value, which nvcc rejects, is not reported).
// - In a device-side parse (nvcc --ptx, where nvcc's device pass is the only one), a __host__
//   function calling a __device__ one: `GGML_ABORT` is `__trap()` under __CUDA_ARCH__ in
//   candle's (and llama.cpp's) host function `mmq_get_q8_1_ds_layout`. nvcc's device pass does
//   not compile host functions' bodies; Clang resolves the call and finds no candidate it may
//   call ("no matching function for call to '__trap'"). The error is dropped when every
//   candidate its notes list was rejected only as a __device__ function called from a __host__
//   one. The host parse keeps it: nvcc's host pass rejects such a call too.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_NVCCDIAGNOSTICS_H
#define CUDALINT_ANALYZER_TU_NVCCDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace cudalint {

/// Passes every diagnostic on to \p Inner except the errors above, which it holds until their
/// notes show whether nvcc would have given them.
class NvccDiagnostics : public clang::DiagnosticConsumer {
public:
  /// \p DeviceSide: the parse is Clang's device-side one (`--cuda-device-only`).
  NvccDiagnostics(clang::DiagnosticConsumer &Inner, bool DeviceSide)
      : Inner(Inner), DeviceSide(DeviceSide) {}

  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *PP) override {
    Inner.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override {
    settle();
    Inner.EndSourceFile();
  }
  void finish() override {
    settle();
    Inner.finish();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  struct Held {
    clang::DiagnosticsEngine::Level Level;
    unsigned ID;
    clang::SourceLocation Loc;
    std::string Message;
  };
  /// A missing member looked up in a template's definition: %1 is a dependent class.
  static bool inTemplateDefinition(const clang::Diagnostic &Info);
  void hold(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info);
  /// Drops a held specialization error whose notes were all target mismatches, and a held
  /// static_assert error whose notes name a reference parameter; passes on any other.
  void settle();
  void release();

  clang::DiagnosticConsumer &Inner;
  bool DeviceSide;
  const clang::DiagnosticsEngine *Engine = nullptr;
  clang::DiagnosticStorage NoArguments;
  std::vector<Held> Pending;  // the held error, then its notes
  bool DroppingNotes = false; // the notes of an error not passed on
  bool UnknownParam = false;  // a held static_assert's note names a parameter
};

} // namespace cudalint

#endif
