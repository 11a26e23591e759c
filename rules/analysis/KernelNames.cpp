//===- KernelNames.cpp - Names that identify a kernel across files --------===//
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

std::string kernelKey(const FunctionDecl *FD) {
  if (!FD)
    return "";
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern && !FD->getDescribedFunctionTemplate())
    return mangledName(FD);
  if (!Pattern)
    Pattern = FD;
  const SourceManager &SM = FD->getASTContext().getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Pattern->getLocation()));
  std::string Key = "template:" + Pattern->getQualifiedNameAsString();
  if (P.isValid())
    Key += "@" + std::string(P.getFilename()) + ":" + std::to_string(P.getLine());
  return Key;
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
