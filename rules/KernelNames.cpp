//===- KernelNames.cpp - Names that identify a kernel across files --------===//
#include "rules/KernelNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Mangle.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cudalint {

std::string mangledName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  ASTNameGenerator Gen(FD->getASTContext());
  return Gen.getName(FD);
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
