// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceRootedErrors.cpp - Host-parse errors in code only the GPU runs -===//
#include "analyzer/tu/DeviceRootedErrors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <utility>
#include <vector>

using namespace clang;
using namespace llvm;

namespace cudalint {
namespace {

/// The bodies of the TU's device-only functions, as file offsets per file.
class DeviceBodies : public RecursiveASTVisitor<DeviceBodies> {
public:
  explicit DeviceBodies(const SourceManager &SM) : SM(SM) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    bool DeviceOnly = FD->hasAttr<CUDAGlobalAttr>() ||
                      (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>());
    const Stmt *Body = FD->doesThisDeclarationHaveABody() ? FD->getBody() : nullptr;
    if (!DeviceOnly || !Body)
      return true;
    auto [BF, B] = SM.getDecomposedLoc(SM.getFileLoc(Body->getBeginLoc()));
    auto [EF, E] = SM.getDecomposedLoc(SM.getFileLoc(Body->getEndLoc()));
    if (BF.isValid() && BF == EF && B <= E)
      Ranges[BF].push_back({B, E});
    return true;
  }

  bool contains(SourceLocation L) const {
    if (L.isInvalid())
      return false;
    auto [F, Off] = SM.getDecomposedLoc(SM.getFileLoc(L));
    auto It = Ranges.find(F);
    if (It == Ranges.end())
      return false;
    for (auto [B, E] : It->second)
      if (B <= Off && Off <= E)
        return true;
    return false;
  }

private:
  const SourceManager &SM;
  DenseMap<FileID, std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

} // namespace

bool errorsOnlyFromDeviceCode(ASTContext &AST, ArrayRef<ErrorChain> Chains) {
  if (Chains.empty())
    return false;
  DeviceBodies Bodies(AST.getSourceManager());
  Bodies.TraverseDecl(AST.getTranslationUnitDecl());
  bool Previous = false; // the error before arose in device code
  for (const ErrorChain &C : Chains) {
    bool InDevice = any_of(C.Locations, [&](SourceLocation L) { return Bodies.contains(L); });
    if (!InDevice && !(Previous && !C.HasContext))
      return false;
    Previous = true;
  }
  return true;
}

} // namespace cudalint
