//===- KernelNames.cpp - Names that identify a kernel across files --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/KernelNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cudalint {

std::string mangledName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  ASTNameGenerator Gen(FD->getASTContext());
  std::string Name = Gen.getName(FD);
  // The host-side parse names a kernel's host stub: _Z16__device_stub__kPf.
  // The device name (ptxas, cuobjdump, CUPTI) drops the prefix: _Z1kPf.
  static constexpr llvm::StringLiteral Stub = "__device_stub__";
  size_t Pos = Name.find(Stub.data());
  // Internal linkage (`static __global__`): the host side mangles _ZL1kPf,
  // the device code of a whole-program (non -rdc) build names it _Z1kPf.
  if (llvm::StringRef(Name).starts_with("_ZL"))
    Name.erase(2, 1);
  Pos = Name.find(Stub.data());
  if (Pos == std::string::npos)
    return Name;
  size_t Digits = Pos;
  while (Digits > 0 && llvm::isDigit(Name[Digits - 1]))
    --Digits;
  if (Digits == Pos) // extern "C": no length prefix
    return Name.erase(Pos, Stub.size());
  unsigned Length = std::stoul(Name.substr(Digits, Pos - Digits));
  return Name.substr(0, Digits) + std::to_string(Length - Stub.size()) +
         Name.substr(Pos + Stub.size());
}

namespace {

/// "real/path:line" of \p Loc's file position; the presumed name when the
/// file has no real path.
std::string placeOf(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getFileLoc(Loc);
  std::string File;
  if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(Loc)))
    File = FE->getFileEntry().tryGetRealPathName().str();
  PresumedLoc P = SM.getPresumedLoc(Loc);
  if (File.empty() && P.isValid())
    File = P.getFilename();
  return File + ":" + std::to_string(P.isValid() ? P.getLine() : 0);
}

} // namespace

std::string kernelKey(const FunctionDecl *FD) {
  if (!FD)
    return "";
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern && !FD->getDescribedFunctionTemplate()) {
    // Two programs may each define a kernel of the same name: the definition
    // this TU sees is the identity. A declaration alone (-rdc, extern) keeps
    // the bare name, bound to a definition by name across TUs (Runner).
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def)
      return mangledName(FD);
    return mangledName(FD) + "@" + placeOf(SM, Def->getLocation());
  }
  if (!Pattern)
    Pattern = FD;
  return "template:" + Pattern->getQualifiedNameAsString() + "@" +
         placeOf(SM, Pattern->getLocation());
}

std::string displayName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  return FD->getNameAsString();
}

std::string specializationName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  std::string S;
  llvm::raw_string_ostream OS(S);
  FD->getNameForDiagnostic(OS, FD->getASTContext().getPrintingPolicy(), /*Qualified=*/false);
  return S;
}

} // namespace cudalint
