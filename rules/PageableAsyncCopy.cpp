//===- PageableAsyncCopy.cpp - pageable-async-copy ------------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags an asynchronous host-device copy (rules/analysis/AsyncCopy.h: the
// runtime and driver APIs and the wrappers a TU defines around them) whose
// host buffer is provably pageable (rules/analysis/HostBufferOrigin.h):
// malloc, new, a std::vector, std::string or std::array, the stack, static
// storage that is not registered. The copy engines read and write only
// page-locked memory, so the driver stages such a copy through a pinned
// buffer of its own with the CPU: the call returns only once the copy is done
// and the copy runs several times slower (measured on an H100, 256 MiB: 25 ms
// against 4.9 ms from pinned memory, the host blocked all along), so it does
// not overlap the host and outlasts the kernels it was meant to hide behind.
// Pinned, managed and device buffers, buffers registered with
// cudaHostRegister before the copy, device-to-device copies and buffers of
// unknown origin are not reported. The direction comes from the
// cudaMemcpyKind, and for cudaMemcpyDefault from the kinds of both pointers
// (one pageable, the other from cudaMalloc).
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"
#include "rules/analysis/AsyncCopy.h"
#include "rules/analysis/HostBufferOrigin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

const char *WhyToDevice =
    "the copy engines read only page-locked memory, so the driver stages the data through a pinned "
    "buffer with the CPU: the call blocks the host until the copy is done, and the copy runs "
    "several times slower than from pinned memory";
const char *WhyToHost =
    "the copy engines write only page-locked memory, so the data goes through a pinned staging "
    "buffer: the call blocks the host until the copy is done, and the copy runs several times "
    "slower than into pinned memory";
const char *Fix = "allocate it with cudaMallocHost or cudaHostAlloc (freed with cudaFreeHost), "
                  "cudaHostRegister a buffer you do not own, or copy a large one through a "
                  "reusable pinned staging buffer";

/// The function whose body holds \p S (a lambda's call operator inside a lambda).
const FunctionDecl *enclosingFunction(ASTContext &AC, const Stmt *S) {
  DynTypedNode N = DynTypedNode::create(*S);
  for (unsigned I = 0; I < 256; ++I) {
    DynTypedNodeList Parents = AC.getParents(N);
    if (Parents.empty())
      return nullptr;
    N = Parents[0];
    if (const auto *F = N.get<FunctionDecl>())
      return F;
    if (const auto *L = N.get<LambdaExpr>())
      return L->getCallOperator();
  }
  return nullptr;
}

/// Whether no other translation unit can call \p F: it has internal linkage, or it is a member
/// of a class defined in the main file.
bool onlyThisTU(const FunctionDecl *F, const SourceManager &SM) {
  if (!F->isExternallyVisible())
    return true;
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (!M)
    return false;
  const CXXRecordDecl *RD = M->getParent();
  if (const CXXRecordDecl *Pattern = RD->getTemplateInstantiationPattern())
    RD = Pattern;
  return SM.isInMainFile(SM.getExpansionLoc(RD->getLocation()));
}

class PageableAsyncCopy : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    // No forCallable(): it would build the TU's parent map for every TU, where only the
    // copies found need their function.
    Finder.addMatcher(callExpr(callee(functionDecl())).bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
    const SourceManager &SM = *Result.SourceManager;
    if (SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
      return;
    ASTContext &AC = *Result.Context;
    if (AST != &AC) {
      AST = &AC;
      Callers = std::make_unique<CallSites>(AC);
      Copies = std::make_unique<AsyncCopies>(AC, *Callers);
      Origins = std::make_unique<HostBufferOrigin>(AC, *Callers);
    }
    std::optional<AsyncCopy> Copy = Copies->copyAt(Call);
    if (!Copy)
      return;
    const FunctionDecl *Fn = enclosingFunction(AC, Call);
    if (!Fn || Fn->hasAttr<CUDAGlobalAttr>() ||
        (Fn->hasAttr<CUDADeviceAttr>() && !Fn->hasAttr<CUDAHostAttr>()))
      return;
    // The copy of a wrapper is reported at the wrapper's calls, where the buffer is seen.
    // The copy of a wrapper is reported at the wrapper's calls, where the buffer is seen; also
    // here when the wrapper is given a container or an object (its type may say pageable).
    // A wrapper only this TU can call (static, or a member of a class the .cu file defines,
    // xgboost's HostDeviceVectorImpl::CopyToDevice) is also reported inside when every call
    // passes pageable memory: the parameter is followed to them.
    if (const AsyncCopy *W = Copies->wrapped(Fn);
        W && W->Call == Call && W->HostKnownAtCallsOnly && !onlyThisTU(Fn, SM))
      return;
    const Expr *Host = nullptr;
    PointerFrom From = PointerFrom::Value;
    bool ToDevice = false;
    BufferOrigin Origin, Other;
    const Expr *OtherExpr = nullptr;
    switch (Copy->Direction) {
    case CopyDirection::HostToDevice:
      Host = Copy->Src;
      From = Copy->SrcFrom;
      ToDevice = true;
      break;
    case CopyDirection::DeviceToHost:
      Host = Copy->Dst;
      From = Copy->DstFrom;
      break;
    case CopyDirection::Default: {
      if (!Copy->Dst || !Copy->Src)
        return;
      BufferOrigin Dst = Origins->originOf(Copy->Dst, Call, Copy->DstFrom);
      BufferOrigin Src = Origins->originOf(Copy->Src, Call, Copy->SrcFrom);
      if (Src.Kind == MemoryKind::Pageable && Dst.Kind == MemoryKind::Device) {
        Host = Copy->Src;
        From = Copy->SrcFrom;
        ToDevice = true;
        Origin = Src;
        Other = Dst;
        OtherExpr = Copy->Dst;
      } else if (Dst.Kind == MemoryKind::Pageable && Src.Kind == MemoryKind::Device) {
        Host = Copy->Dst;
        From = Copy->DstFrom;
        Origin = Dst;
        Other = Src;
        OtherExpr = Copy->Src;
      } else {
        return;
      }
      break;
    }
    case CopyDirection::NotHostDevice:
    case CopyDirection::Unknown:
      return;
    }
    if (!Host)
      return;
    if (Copy->Direction != CopyDirection::Default)
      Origin = Origins->originOf(Host, Call, From);
    if (Origin.Kind != MemoryKind::Pageable)
      return;
    reportCopy(*Copy, Host, Origin, From, ToDevice, SM, AC.getLangOpts(),
               OtherExpr ? &Other : nullptr, OtherExpr);
  }

private:
  /// The expression as written, also inside a macro's arguments (CHECK(cudaMemcpyAsync(...))).
  static std::string written(const Expr *E, const SourceManager &SM, const LangOptions &LO,
                             const char *Otherwise, bool StripCasts = true) {
    const Expr *Shown = StripCasts ? stripPointerCasts(E) : E;
    CharSourceRange Written =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Shown->getSourceRange()), SM, LO);
    std::string Text =
        Written.isValid() ? Lexer::getSourceText(Written, SM, LO).str() : std::string();
    if (Text.empty()) {
      const auto *Ref = dyn_cast<DeclRefExpr>(Shown);
      Text = Ref ? Ref->getDecl()->getNameAsString() : Otherwise;
    }
    return Text;
  }

  void reportCopy(const AsyncCopy &Copy, const Expr *Host, const BufferOrigin &Origin,
                  PointerFrom From, bool ToDevice, const SourceManager &SM,
                  const LangOptions &LO, const BufferOrigin *Other, const Expr *OtherExpr) {
    // An object bound to a wrapper's reference parameter is shown whole: `(void *)p`.
    std::string Text = From == PointerFrom::AddressOf
                           ? written(Host->IgnoreImplicit(), SM, LO, "the host buffer", false)
                           : written(Host, SM, LO, "the host buffer");
    const Allocation &A = Origin.Allocations.front();
    // Several origins of different kinds (a parameter whose callers pass a vector and a list):
    // what they share.
    bool Mixed = llvm::any_of(Origin.Allocations,
                              [&](const Allocation &B) { return B.How != A.How; });
    std::string Msg = fitLine("", Text,
                              " " + (Mixed ? std::string("is pageable in every call") : A.How) +
                                  ", so this copy is staged through a pinned buffer "
                                  "and does not run asynchronously");
    Finding *F = report(SM, SourceRange(Copy.Call->getBeginLoc(), Copy.Call->getEndLoc()), Msg);
    if (!F)
      return;
    std::string Where = A.By == "temporary" ? std::string("the temporary is made here")
                        : A.Declared        ? "the " + A.By + " is declared here"
                                            : "the buffer is allocated here with " + A.By;
    if (Origin.Allocations.size() > 1)
      Where += " (and " + std::to_string(Origin.Allocations.size() - 1) + " more place" +
               (Origin.Allocations.size() > 2 ? "s" : "") + ")";
    addNote(*F, SM, A.Loc, Where);
    if (Copy.Wrapper)
      addNote(*F, SM, Copy.Api->getBeginLoc(),
              "the copy is made by " + Copy.ApiName + " in '" +
                  clip(Copy.Wrapper->getNameAsString()) + "'" +
                  (From == PointerFrom::AddressOf
                       ? ", from the object this call binds to its reference parameter"
                       : ""));
    // cudaMemcpyDefault: the direction comes from the other side's memory.
    if (Other && !Other->Allocations.empty()) {
      const Allocation &D = Other->Allocations.front();
      addNote(*F, SM, D.Loc,
              "with cudaMemcpyDefault the direction comes from the pointers: '" +
                  clip(written(OtherExpr, SM, LO, "the other side")) + "' " + D.How +
                  (ToDevice ? ", so this copy is host-to-device"
                            : ", so this copy is device-to-host"));
    }
    F->Notes.push_back({ToDevice ? WhyToDevice : WhyToHost, "", 0, 0});
    F->Notes.push_back({Fix, "", 0, 0});
  }

  static void addNote(Finding &F, const SourceManager &SM, SourceLocation Loc, std::string Msg) {
    FindingNote N{std::move(Msg), "", 0, 0};
    if (!describeLocation(SM, Loc, N.File, N.Line, N.Column))
      N.File.clear();
    F.Notes.push_back(std::move(N));
  }

  ASTContext *AST = nullptr;
  std::unique_ptr<CallSites> Callers;
  std::unique_ptr<AsyncCopies> Copies;
  std::unique_ptr<HostBufferOrigin> Origins;
};

} // namespace

std::unique_ptr<Rule> createPageableAsyncCopy(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<PageableAsyncCopy>(Info, Ctx);
}

} // namespace cudalint
