// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccDiagnostics.cpp - Clang errors nvcc does not give ----------------===//

#include "analyzer/tu/NvccDiagnostics.h"

#include "clang/AST/DeclBase.h"
#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/Cuda.h"
#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace cudalint {

static constexpr unsigned SpecNoMatch = diag::err_function_template_spec_no_match;
static constexpr unsigned NoViableCall = diag::err_ovl_no_viable_function_in_call;

/// Held errors that are dropped when every note lists a candidate rejected only for its target.
static bool targetOnly(unsigned ID) { return ID == SpecNoMatch || ID == NoViableCall; }

/// A candidate rejected only for its target attributes: a specialization's template, or in a
/// device-side parse (NoViableCall) a __device__ function called from a __host__ one.
static bool targetNote(unsigned Held, const Diagnostic &Info) {
  if (Held == SpecNoMatch)
    return Info.getID() == diag::note_cuda_ovl_candidate_target_mismatch;
  // "call to %3 function from %4 function": %4 is the caller's CUDAFunctionTarget.
  return Info.getID() == diag::note_ovl_candidate_bad_target && Info.getNumArgs() > 4 &&
         Info.getRawArg(4) == static_cast<uint64_t>(CUDAFunctionTarget::Host);
}

void NvccDiagnostics::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (Level == DiagnosticsEngine::Note && DroppingNotes)
    return; // a note of an error dropped below
  DroppingNotes = false;
  if (!Pending.empty()) {
    if (Level == DiagnosticsEngine::Note && !targetOnly(Pending.front().ID)) {
      UnknownParam |= Info.getID() == diag::note_constexpr_function_param_value_unknown;
      hold(Level, Info); // a static_assert's notes: all held until the next diagnostic
      return;
    }
    if (Level == DiagnosticsEngine::Note && targetNote(Pending.front().ID, Info)) {
      hold(Level, Info);
      return;
    }
    if (Level == DiagnosticsEngine::Note)
      release(); // a candidate rejected for another reason: nvcc rejects it too
    else
      settle();
  }
  if (Level >= DiagnosticsEngine::Error && Info.getID() == diag::err_alignas_underaligned)
    return; // nvcc keeps the type's alignment; Clang keeps the declaration valid
  if (Level >= DiagnosticsEngine::Error && Info.getID() == diag::err_no_member &&
      inTemplateDefinition(Info))
    return; // nvcc looks the member up when the template is instantiated
  if (Level >= DiagnosticsEngine::Error && Info.getID() == diag::err_found_in_dependent_base) {
    DroppingNotes = true; // "must qualify identifier to find this declaration ..."
    return;               // Clang calls the member it found, as nvcc does
  }
  if (Level >= DiagnosticsEngine::Error &&
      (Info.getID() == SpecNoMatch || (DeviceSide && Info.getID() == NoViableCall) ||
       Info.getID() == diag::err_static_assert_expression_is_not_constant)) {
    hold(Level, Info);
    return;
  }
  Inner.HandleDiagnostic(Level, Info);
}

bool NvccDiagnostics::inTemplateDefinition(const Diagnostic &Info) {
  // "no member named %0 in %1": %1 is the class looked in, a DeclContext.
  if (Info.getNumArgs() < 2 || Info.getArgKind(1) != DiagnosticsEngine::ak_declcontext)
    return false;
  const auto *DC = reinterpret_cast<const DeclContext *>(Info.getRawArg(1));
  return DC && DC->isDependentContext();
}

void NvccDiagnostics::hold(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  Engine = Info.getDiags();
  SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  Pending.push_back({Level, Info.getID(), Info.getLocation(), std::string(Message)});
}

void NvccDiagnostics::settle() {
  if (Pending.empty())
    return;
  // A specialization or a call: the error and only target-mismatch notes. A static_assert: a
  // note says that it names a reference parameter.
  if (targetOnly(Pending.front().ID) ? Pending.size() >= 2 : UnknownParam)
    Pending.clear();
  else
    release();
  UnknownParam = false;
}

void NvccDiagnostics::release() {
  for (const Held &H : Pending)
    Inner.HandleDiagnostic(H.Level, Diagnostic(Engine, H.Loc, H.ID, NoArguments, H.Message));
  Pending.clear();
}

} // namespace cudalint
