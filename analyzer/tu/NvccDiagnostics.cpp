// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccDiagnostics.cpp - Clang errors nvcc does not give ----------------===//

#include "analyzer/tu/NvccDiagnostics.h"

#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace cudalint {

void NvccDiagnostics::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (!Pending.empty()) {
    if (Level == DiagnosticsEngine::Note &&
        Info.getID() == diag::note_cuda_ovl_candidate_target_mismatch) {
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
  if (Level >= DiagnosticsEngine::Error &&
      Info.getID() == diag::err_function_template_spec_no_match) {
    hold(Level, Info);
    return;
  }
  Inner.HandleDiagnostic(Level, Info);
}

void NvccDiagnostics::hold(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  Engine = Info.getDiags();
  SmallString<256> Message;
  Info.FormatDiagnostic(Message);
  Pending.push_back({Level, Info.getID(), Info.getLocation(), std::string(Message)});
}

void NvccDiagnostics::settle() {
  if (Pending.size() >= 2) // the error and only target-mismatch notes: dropped
    Pending.clear();
  else
    release();
}

void NvccDiagnostics::release() {
  for (const Held &H : Pending)
    Inner.HandleDiagnostic(H.Level, Diagnostic(Engine, H.Loc, H.ID, NoArguments, H.Message));
  Pending.clear();
}

} // namespace cudalint
