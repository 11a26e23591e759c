//===- ContainerStorage.cpp - Where a container's storage lives, by its type //
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/ContainerStorage.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cudalint {
namespace {

/// The words of an identifier, lower case: split at '_' and at case changes
/// (`XGBDeviceAllocator`: xgb, device, allocator).
llvm::SmallVector<std::string, 4> wordsOf(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words;
  std::string Cur;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '_') {
      if (!Cur.empty())
        Words.push_back(Cur);
      Cur.clear();
      continue;
    }
    bool Boundary = llvm::isUpper(C) && I > 0 &&
                    (llvm::isLower(Name[I - 1]) || llvm::isDigit(Name[I - 1]) ||
                     (llvm::isUpper(Name[I - 1]) && I + 1 < Name.size() &&
                      llvm::isLower(Name[I + 1])));
    if (Boundary && !Cur.empty()) {
      Words.push_back(Cur);
      Cur.clear();
    }
    Cur += llvm::toLower(C);
  }
  if (!Cur.empty())
    Words.push_back(Cur);
  return Words;
}

bool saysHost(llvm::ArrayRef<std::string> Words) {
  return llvm::any_of(Words, [](const std::string &W) { return W == "host" || W == "pinned"; });
}

/// Whether the last type argument of \p RD (the allocator of a std::vector or
/// std::basic_string, the deleter of a std::unique_ptr) is std::<Expected>.
bool lastArgIsStd(const ClassTemplateSpecializationDecl *RD, StringRef Expected) {
  const TemplateArgumentList &Args = RD->getTemplateArgs();
  if (Args.size() < 2 || Args[Args.size() - 1].getKind() != TemplateArgument::Type)
    return false;
  const auto *A = Args[Args.size() - 1].getAsType()->getAsCXXRecordDecl();
  return A && A->isInStdNamespace() && A->getName() == Expected;
}

/// Whether a type argument of \p RD names a device allocator (`XGBDeviceAllocator<T>`,
/// `thrust::device_allocator<T>`): a class whose name says device memory.
bool hasDeviceAllocator(const ClassTemplateSpecializationDecl *RD, std::string *Which = nullptr) {
  const TemplateArgumentList &Args = RD->getTemplateArgs();
  for (unsigned I = 1; I < Args.size(); ++I) {
    if (Args[I].getKind() != TemplateArgument::Type)
      continue;
    const auto *A = Args[I].getAsType()->getAsCXXRecordDecl();
    if (!A || !A->getIdentifier())
      continue;
    llvm::SmallVector<std::string, 4> Words = wordsOf(A->getName());
    if (llvm::is_contained(Words, "allocator") && llvm::is_contained(Words, "device") &&
        !saysHost(Words)) {
      if (Which)
        *Which = A->getName().str();
      return true;
    }
  }
  return false;
}

std::string spelled(const CXXRecordDecl *RD) {
  PrintingPolicy P(RD->getASTContext().getLangOpts());
  P.SuppressInlineNamespace = llvm::to_underlying(PrintingPolicy::SuppressInlineNamespaceMode::All);
  std::string S;
  llvm::raw_string_ostream OS(S);
  RD->printQualifiedName(OS, P);
  return S;
}

} // namespace

bool namesDeviceMemory(StringRef Name) {
  llvm::SmallVector<std::string, 4> Words = wordsOf(Name);
  return !Words.empty() && Words.front() == "device" && !saysHost(Words);
}

ContainerClass classifyContainer(QualType T, std::string &Name) {
  const auto *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return ContainerClass::Unknown;
  Name = spelled(RD);
  StringRef N = RD->getName();
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (RD->isInStdNamespace()) {
    if (N == "vector" && Spec) {
      if (lastArgIsStd(Spec, "allocator"))
        return ContainerClass::Vector;
      std::string Alloc;
      if (!hasDeviceAllocator(Spec, &Alloc))
        return ContainerClass::Unknown;
      Name += " with the allocator " + Alloc;
      return ContainerClass::Device;
    }
    if (N == "basic_string" && Spec && lastArgIsStd(Spec, "allocator"))
      return ContainerClass::String;
    if (N == "array")
      return ContainerClass::Array;
    if (N == "initializer_list")
      return ContainerClass::InitializerList;
    if (N == "unique_ptr" && Spec && lastArgIsStd(Spec, "default_delete"))
      return ContainerClass::UniquePtr;
    return ContainerClass::Unknown;
  }
  if (namesDeviceMemory(N))
    return ContainerClass::Device;
  std::string Alloc;
  if (Spec && hasDeviceAllocator(Spec, &Alloc)) {
    Name += " with the allocator " + Alloc;
    return ContainerClass::Device;
  }
  // An alias that names device memory, as the type is written: GenomeWorks' `device_buffer<T>`
  // is `details::buffer<T, CudaMallocAllocator<T>>`.
  for (const Type *Ty = T.getTypePtr();;) {
    StringRef Alias;
    if (const auto *TD = dyn_cast<TypedefType>(Ty))
      Alias = TD->getDecl()->getName();
    else if (const auto *TS = dyn_cast<TemplateSpecializationType>(Ty); TS && TS->isTypeAlias())
      if (const TemplateDecl *D = TS->getTemplateName().getAsTemplateDecl(); D && D->getIdentifier())
        Alias = D->getName();
    if (!Alias.empty() && namesDeviceMemory(Alias)) {
      Name = Alias.str();
      return ContainerClass::Device;
    }
    const Type *Next = Ty->getLocallyUnqualifiedSingleStepDesugaredType().getTypePtr();
    if (Next == Ty)
      break;
    Ty = Next;
  }
  return ContainerClass::Unknown;
}

} // namespace cudalint
