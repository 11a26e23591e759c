//===- ValueEval.cpp - What the source says an expression's value is ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/ValueEval.h"
#include "rules/analysis/ErrorTaint.h"
#include "rules/analysis/FileStatics.h"
#include "rules/analysis/VarUses.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace clang;

namespace cudalint {
namespace {

constexpr unsigned MaxDepth = 16;

bool isDim3Type(QualType T) {
  if (const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl())
    return RD->getName() == "dim3";
  return false;
}

/// True when \p S is \p Within or below it (through \p PM).
bool inside(const ParentMap &PM, const Stmt *S, const Stmt *Within) {
  for (unsigned I = 0; S && I < 256; ++I, S = PM.getParent(S))
    if (S == Within)
      return true;
  return false;
}

/// True when \p Assign executes exactly once, before \p Site, on every path
/// to it: it precedes the site in the source and sits directly in a compound
/// statement that also (transitively) contains the site, with no label between
/// the two that a `case` or `goto` could enter by.
bool dominatesSite(ASTContext &Ctx, const ParentMap &PM, const Stmt *Assign, const Stmt *Site) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!SM.isBeforeInTranslationUnit(Assign->getBeginLoc(), Site->getBeginLoc()))
    return false;
  // The compound statement that directly holds the assignment statement.
  const Stmt *N = Assign;
  const CompoundStmt *Holder = nullptr;
  for (unsigned I = 0; I < 64; ++I) {
    const Stmt *P = PM.getParent(N);
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(P)) {
      Holder = CS;
      break;
    }
    if (!isa_and_nonnull<Expr>(P)) // an if/for/while/... between: not executed exactly once
      return false;
    N = P;
  }
  if (!Holder)
    return false;
  // The site must be inside Holder, with no loop between Holder and the site
  // that could also contain the assignment (it does not: Holder holds it).
  const Stmt *S = Site;
  for (unsigned I = 0; I < 256; ++I) {
    const Stmt *P = PM.getParent(S);
    if (P == Holder) {
      bool After = false;
      for (const Stmt *Child : Holder->body()) {
        if (Child == S)
          return true;
        if (After && isa<SwitchCase, LabelStmt>(Child))
          return false;
        After = After || Child == N;
      }
      return false;
    }
    if (!P || isa<LambdaExpr>(P))
      return false;
    S = P;
  }
  return false;
}


} // namespace

const Expr *stripWrappers(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(Next))
      Next = EWC->getSubExpr();
    else if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = MTE->getSubExpr();
    else if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = BTE->getSubExpr();
    else if (const auto *ICE = dyn_cast<ImplicitCastExpr>(Next);
             ICE && (ICE->getCastKind() == CK_NoOp || ICE->getCastKind() == CK_LValueToRValue ||
                     ICE->getCastKind() == CK_ConstructorConversion ||
                     ICE->getCastKind() == CK_UserDefinedConversion))
      Next = ICE->getSubExpr();
    else if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(Next);
             FC && FC->getCastKind() == CK_ConstructorConversion)
      Next = FC->getSubExpr();
    else if (const auto *SNT = dyn_cast<SubstNonTypeTemplateParmExpr>(Next))
      Next = SNT->getReplacement();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

const ParentMap *ValueEvaluator::parentsIn(const FunctionDecl *F) {
  if (!F || !F->getBody())
    return nullptr;
  std::unique_ptr<ParentMap> &PM = Parents[F];
  if (!PM)
    PM = std::make_unique<ParentMap>(F->getBody());
  return PM.get();
}

const Expr *ValueEvaluator::singleValueOf(const VarDecl *V) {
  if (!V || isa<ParmVarDecl>(V) || V->getType().isVolatileQualified())
    return nullptr;
  if (!V->hasLocalStorage()) {
    // Globals and statics: when const (their initializer is final), or file-static ones whose
    // every write is in this TU.
    if (V->getType().isConstQualified() || V->isConstexpr())
      return V->getInit();
    return fileStaticValueOf(V);
  }
  const FunctionDecl *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  // An erroneous expression may assign it, or a syntax error drop an assignment.
  if (localValueTainted(V, F))
    return nullptr;
  const ParentMap *PM = parentsIn(F);
  if (!PM)
    return nullptr;
  std::vector<VarUse> Assigns;
  for (VarUse &U : usesOf(Ctx, *PM, V, F)) {
    if (U.Kind == Use::FieldAssign || U.Kind == Use::Other)
      return nullptr;
    if (U.Kind == Use::Assign)
      Assigns.push_back(std::move(U));
  }
  if (Assigns.empty())
    return V->getInit();
  // The value reaching the site: the last assignment that runs on every path to it (`block =
  // 128;` before a launch in one arm, another value in the other). No other assignment may run
  // between the two: none later in the source before the site, nor after it in a loop that
  // holds the site but not that assignment.
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  };
  const VarUse *Reaching = nullptr;
  for (const VarUse &U : Assigns)
    if (dominatesSite(Ctx, *PM, U.Statement, Site) &&
        (!Reaching || Before(Reaching->Statement, U.Statement)))
      Reaching = &U;
  if (!Reaching)
    return nullptr;
  for (const VarUse &U : Assigns) {
    if (&U == Reaching || !Before(Reaching->Statement, U.Statement))
      continue;
    if (Before(U.Statement, Site))
      return nullptr;
    for (const Stmt *L = PM->getParent(Site); L; L = PM->getParent(L))
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(L) && inside(*PM, U.Statement, L) &&
          !inside(*PM, Reaching->Statement, L))
        return nullptr;
  }
  return Reaching->AssignedValue;
}

const Expr *ValueEvaluator::fileStaticValueOf(const VarDecl *V) {
  std::optional<std::vector<FunctionRef>> Refs = fileStaticRefs(V);
  if (!Refs)
    return nullptr;
  // Written in one place (the launches it reaches may run in any order with it, so one value
  // only), its initializer then trivial (none, or `dim3` with its default arguments); or
  // never written.
  const Expr *Init = V->getAnyInitializer();
  const Expr *Written = nullptr;
  for (auto [F, Ref] : *Refs) {
    const ParentMap *PM = parentsIn(F);
    if (!PM)
      return nullptr;
    VarUse U = classifyUse(*PM, Ref);
    if (U.Kind == Use::Read)
      continue;
    if (U.Kind != Use::Assign || Written)
      return nullptr;
    Written = U.AssignedValue;
  }
  if (!Written)
    return Init;
  const auto *Ctor = dyn_cast_or_null<CXXConstructExpr>(Init ? stripWrappers(Init) : nullptr);
  bool Trivial = !Init || (Ctor && llvm::all_of(Ctor->arguments(), [](const Expr *A) {
                   return isa<CXXDefaultArgExpr>(A);
                 }));
  return Trivial ? Written : nullptr;
}

const Expr *ValueEvaluator::fieldValueOf(const VarDecl *V, StringRef Field, bool &ZeroInit) {
  ZeroInit = false;
  if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage())
    return nullptr;
  const FunctionDecl *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (localValueTainted(V, F))
    return nullptr;
  const ParentMap *PM = parentsIn(F);
  if (!PM)
    return nullptr;
  const Expr *Value = nullptr;
  for (const VarUse &U : usesOf(Ctx, *PM, V, F)) {
    if (U.Kind == Use::Read)
      continue;
    if (U.Kind == Use::FieldAssign) {
      if (U.Field != Field)
        continue;
      if (Value || !dominatesSite(Ctx, *PM, U.Statement, Site))
        return nullptr;
      Value = U.AssignedValue;
      continue;
    }
    // &cfg passed to the launch itself is a read of the config; any other
    // address-taking or whole assignment makes the fields unknowable, except
    // when that use is the site itself.
    if (U.Kind == Use::Other) {
      const SourceManager &SM = Ctx.getSourceManager();
      if (SM.isBeforeInTranslationUnit(U.Ref->getBeginLoc(), Site->getBeginLoc()))
        return nullptr;
      continue;
    }
    return nullptr;
  }
  if (Value)
    return Value;
  const Expr *Init = V->getInit() ? stripWrappers(V->getInit()) : nullptr;
  if (!Init)
    return nullptr;
  if (const auto *IL = dyn_cast<InitListExpr>(Init)) {
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD)
      return nullptr;
    unsigned Index = 0;
    for (const FieldDecl *FD : RD->fields()) {
      if (FD->getName() == Field) {
        if (Index >= IL->getNumInits()) {
          ZeroInit = true;
          return nullptr;
        }
        const Expr *E = stripWrappers(IL->getInit(Index));
        if (isa<ImplicitValueInitExpr>(E)) {
          ZeroInit = true;
          return nullptr;
        }
        return IL->getInit(Index);
      }
      ++Index;
    }
    return nullptr;
  }
  if (isa<CXXScalarValueInitExpr>(Init) || isa<ImplicitValueInitExpr>(Init))
    ZeroInit = true;
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
      CE && CE->getNumArgs() == 0 && CE->requiresZeroInitialization())
    ZeroInit = true;
  return nullptr;
}

std::optional<std::int64_t> ValueEvaluator::evalInt(const Expr *E) { return evalIntImpl(E, 0); }

std::optional<Dim3> ValueEvaluator::evalDim3(const Expr *E) { return evalDim3Impl(E, 0); }

std::optional<std::int64_t> ValueEvaluator::evalDim3X(const Expr *E) {
  llvm::SaveAndRestore Only(XOnly, true);
  std::optional<Dim3> D = evalDim3Impl(E, 0);
  return D ? std::optional<std::int64_t>((*D)[0]) : std::nullopt;
}

std::optional<std::int64_t> ValueEvaluator::evalIntImpl(const Expr *E, unsigned Depth) {
  // containsErrors: built from code with compile errors (ErrorTaint.h).
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return std::nullopt;
  if (isa<CXXDefaultArgExpr>(E))
    return evalIntImpl(cast<CXXDefaultArgExpr>(E)->getExpr(), Depth + 1);
  if (Bindings.empty() && Chosen.empty()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().tryExtValue(); // none when it needs more than 64 bits
  }
  E = stripWrappers(E);
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return evalIntImpl(ICE->getSubExpr(), Depth + 1);
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    if (CE->getType()->isIntegralOrEnumerationType() || CE->getType()->isPointerType())
      return evalIntImpl(CE->getSubExpr(), Depth + 1);
    return std::nullopt;
  }
  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return IL->getValue().trySExtValue();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
      auto It = Bindings.find(P);
      if (It != Bindings.end())
        return It->second;
      return passedToParam(P);
    }
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(DRE->getDecl()))
      return ECD->getInitVal().tryExtValue();
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (auto It = Chosen.find(V); It != Chosen.end())
        return It->second;
      std::optional<std::int64_t> Value = evalIntImpl(singleValueOf(V), Depth + 1);
      if (!Value && !Unpinned && V->hasLocalStorage())
        Unpinned = V; // the innermost local not known: what evalDim3Choices tries
      return Value;
    }
    return std::nullopt;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    auto V = evalIntImpl(UO->getSubExpr(), Depth + 1);
    if (!V)
      return std::nullopt;
    switch (UO->getOpcode()) {
    case UO_Minus:
      return -*V;
    case UO_Plus:
      return *V;
    case UO_Not:
      return ~*V;
    case UO_LNot:
      return !*V;
    default:
      return std::nullopt;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = evalIntImpl(BO->getLHS(), Depth + 1);
    if (!L)
      return std::nullopt;
    auto R = evalIntImpl(BO->getRHS(), Depth + 1);
    if (!R)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case BO_Add: return *L + *R;
    case BO_Sub: return *L - *R;
    case BO_Mul: return *L * *R;
    case BO_Div: return *R ? std::optional<std::int64_t>(*L / *R) : std::nullopt;
    case BO_Rem: return *R ? std::optional<std::int64_t>(*L % *R) : std::nullopt;
    case BO_Shl: return (*R >= 0 && *R < 63) ? std::optional<std::int64_t>(*L << *R) : std::nullopt;
    case BO_Shr: return (*R >= 0 && *R < 63) ? std::optional<std::int64_t>(*L >> *R) : std::nullopt;
    case BO_And: return *L & *R;
    case BO_Or: return *L | *R;
    case BO_Xor: return *L ^ *R;
    case BO_LT: return *L < *R;
    case BO_GT: return *L > *R;
    case BO_LE: return *L <= *R;
    case BO_GE: return *L >= *R;
    case BO_EQ: return *L == *R;
    case BO_NE: return *L != *R;
    case BO_LAnd: return *L && *R;
    case BO_LOr: return *L || *R;
    default: return std::nullopt;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    auto C = armOf(CO, Depth);
    if (!C)
      return std::nullopt;
    return evalIntImpl(*C ? CO->getTrueExpr() : CO->getFalseExpr(), Depth + 1);
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return evalCall(C, Depth);
  return std::nullopt;
}

/// std::min / std::max, and helpers whose body is a single return statement
/// (a round-up division, a clamp) evaluated with their arguments bound.
std::optional<std::int64_t> ValueEvaluator::evalCall(const CallExpr *C, unsigned Depth) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD)
    return std::nullopt;
  std::vector<std::int64_t> Args;
  for (const Expr *A : C->arguments()) {
    auto V = evalIntImpl(A, Depth + 1);
    if (!V)
      return std::nullopt;
    Args.push_back(*V);
  }
  if (FD->isInStdNamespace() && Args.size() == 2) {
    if (FD->getName() == "min")
      return std::min(Args[0], Args[1]);
    if (FD->getName() == "max")
      return std::max(Args[0], Args[1]);
  }
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def || Def->getNumParams() != Args.size())
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return std::nullopt;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  if (!Ret || !Ret->getRetValue())
    return std::nullopt;
  auto Saved = Bindings;
  for (unsigned I = 0; I < Args.size(); ++I)
    Bindings[Def->getParamDecl(I)] = Args[I];
  auto Result = evalIntImpl(Ret->getRetValue(), Depth + 1);
  Bindings = std::move(Saved);
  return Result;
}

std::optional<std::int64_t> ValueEvaluator::passedToParam(const ParmVarDecl *P) {
  constexpr unsigned MaxCallerLevels = 2;
  const auto *F = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!Callers || CallerLevel >= MaxCallerLevels || !F || !F->getBody() ||
      !P->getType()->isIntegralOrEnumerationType() || P->getType().isVolatileQualified() ||
      F->hasAttr<CUDAGlobalAttr>() ||
      (F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAHostAttr>()) || isa<CXXMethodDecl>(F) ||
      F->isVariadic() || localValueTainted(P, F))
    return std::nullopt;
  const ParentMap *PM = parentsIn(F);
  if (!PM)
    return std::nullopt;
  for (const VarUse &U : usesOf(Ctx, *PM, P, F))
    if (U.Kind != Use::Read)
      return std::nullopt; // written, or its address taken
  llvm::ArrayRef<const CallExpr *> Calls = Callers->callsOf(F);
  if (Calls.empty() || Callers->addressTaken(F))
    return std::nullopt;
  unsigned Index = P->getFunctionScopeIndex();
  std::optional<std::int64_t> Agreed;
  for (const CallExpr *Call : Calls) {
    if (isa<CXXOperatorCallExpr>(Call) || Index >= Call->getNumArgs())
      return std::nullopt;
    ValueEvaluator AtCall(Ctx, Call, Callers);
    AtCall.CallerLevel = CallerLevel + 1;
    std::optional<std::int64_t> V = AtCall.evalInt(Call->getArg(Index));
    if (!V || (Agreed && *Agreed != *V))
      return std::nullopt;
    Agreed = V;
  }
  return Agreed;
}

std::optional<Dim3> ValueEvaluator::dim3OfVar(const VarDecl *V, unsigned Depth) {
  // Whole-variable value first (initializer or one assignment).
  if (const Expr *Whole = singleValueOf(V))
    return evalDim3Impl(Whole, Depth + 1);
  // dim3 b(...); b.x = ...; b.y = ...;  (each field written at most once)
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V))
    return std::nullopt;
  std::optional<Dim3> Base =
      V->getInit() ? evalDim3Impl(V->getInit(), Depth + 1) : std::optional<Dim3>(Dim3{1, 1, 1});
  if (!Base)
    return std::nullopt;
  const char *Names[3] = {"x", "y", "z"};
  bool AnyField = false;
  for (unsigned I = 0; I < 3; ++I) {
    bool Zero;
    if (const Expr *F = fieldValueOf(V, Names[I], Zero)) {
      auto Val = evalIntImpl(F, Depth + 1);
      if (!Val && XOnly && I > 0)
        continue;
      if (!Val)
        return std::nullopt;
      (*Base)[I] = *Val;
      AnyField = true;
    }
  }
  // fieldValueOf rejects whole assignments and address-taking; if no field was
  // written, singleValueOf's refusal stands.
  if (!AnyField)
    return std::nullopt;
  return Base;
}

std::optional<Dim3> ValueEvaluator::evalDim3Impl(const Expr *E, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent() || E->isTypeDependent() ||
      E->containsErrors())
    return std::nullopt;
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return evalDim3Impl(DA->getExpr(), Depth + 1);
  E = stripWrappers(E);
  if (!isDim3Type(E->getType())) {
    if (E->getType()->isIntegralOrEnumerationType()) {
      if (auto V = evalIntImpl(E, Depth + 1))
        return Dim3{*V, 1, 1};
    }
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    const CXXConstructorDecl *Ctor = CE->getConstructor();
    if (!Ctor)
      return std::nullopt;
    if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
      return evalDim3Impl(CE->getArg(0), Depth + 1);
    return dim3OfArgs({CE->getArgs(), CE->getNumArgs()}, Depth);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return dim3OfVar(V, Depth);
    return std::nullopt;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    auto C = armOf(CO, Depth);
    if (!C)
      return std::nullopt;
    return evalDim3Impl(*C ? CO->getTrueExpr() : CO->getFalseExpr(), Depth + 1);
  }
  // A braced grid or block as the parse reads it, `$(32, 8, 1)` (NvccSpellings.h).
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || !FD->getIdentifier() || FD->getName() != "$")
      return std::nullopt;
    return dim3OfArgs({Call->getArgs(), Call->getNumArgs()}, Depth);
  }
  return std::nullopt;
}

std::optional<Dim3> ValueEvaluator::dim3OfArgs(llvm::ArrayRef<const Expr *> Args, unsigned Depth) {
  if (Args.size() > 3)
    return std::nullopt;
  Dim3 D{1, 1, 1};
  for (unsigned I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I];
    if (!A->getType()->isIntegralOrEnumerationType() && !isa<CXXDefaultArgExpr>(A))
      return std::nullopt; // dim3(uint3)
    auto V = evalIntImpl(A, Depth + 1);
    if (!V && XOnly && I > 0)
      continue;
    if (!V)
      return std::nullopt;
    D[I] = *V;
  }
  return D;
}

// --- values picked at run time from a few the source spells out -------------------

namespace {
constexpr size_t MaxChoices = 8;

void addAll(std::vector<std::int64_t> &Out, const std::vector<std::int64_t> &More) {
  Out.insert(Out.end(), More.begin(), More.end());
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
}
} // namespace

std::optional<std::int64_t> ValueEvaluator::armOf(const ConditionalOperator *CO, unsigned Depth) {
  if (std::optional<std::int64_t> C = evalIntImpl(CO->getCond(), Depth + 1))
    return C;
  if (auto It = ChosenArm.find(CO); It != ChosenArm.end())
    return It->second;
  if (!UnpinnedArm)
    UnpinnedArm = CO;
  return std::nullopt;
}

std::vector<Dim3> ValueEvaluator::evalDim3Choices(const Expr *E, size_t Max) {
  Unpinned = nullptr;
  UnpinnedArm = nullptr;
  if (std::optional<Dim3> D = evalDim3(E))
    return {*D};
  if (const ConditionalOperator *CO = Unpinned ? nullptr : UnpinnedArm) {
    // A `?:` in the expression itself: each arm.
    std::vector<Dim3> Out;
    for (bool Arm : {true, false}) {
      ChosenArm[CO] = Arm;
      std::optional<Dim3> D = evalDim3(E);
      ChosenArm.erase(CO);
      if (!D)
        return {};
      if (llvm::find(Out, *D) == Out.end())
        Out.push_back(*D);
    }
    llvm::sort(Out);
    return Out.size() <= Max ? Out : std::vector<Dim3>();
  }
  const VarDecl *V = Unpinned;
  std::vector<std::int64_t> Values = V ? choicesOf(V, 0) : std::vector<std::int64_t>();
  if (Values.empty() || Values.size() > Max)
    return {};
  std::vector<Dim3> Out;
  for (std::int64_t X : Values) {
    Chosen[V] = X;
    std::optional<Dim3> D = evalDim3(E);
    Chosen.erase(V);
    if (!D)
      return {}; // another value the source does not pin down
    if (llvm::find(Out, *D) == Out.end())
      Out.push_back(*D);
  }
  return Out;
}

std::vector<std::int64_t> ValueEvaluator::choicesOf(const VarDecl *V, unsigned Depth) {
  if (!V || Depth > 2 || isa<ParmVarDecl>(V) || !V->hasLocalStorage() ||
      V->getType().isVolatileQualified() || !V->getType()->isIntegralOrEnumerationType())
    return {};
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  const ParentMap *PM = parentsIn(F);
  if (!PM || localValueTainted(V, F))
    return {};
  // Every value written to it (read before any write, it has none).
  std::vector<std::int64_t> Out;
  auto Add = [&](const Expr *E) {
    std::vector<std::int64_t> Vs = valuesOf(E, Depth + 1);
    addAll(Out, Vs);
    return !Vs.empty() && Out.size() <= MaxChoices;
  };
  if (const Expr *Init = V->getInit(); Init && !Add(Init))
    return {};
  for (const VarUse &U : usesOf(Ctx, *PM, V, F)) {
    if (U.Kind == Use::Read)
      continue;
    if (U.Kind != Use::Assign || !Add(U.AssignedValue))
      return {};
  }
  return Out;
}

std::vector<std::int64_t> ValueEvaluator::valuesOf(const Expr *E, unsigned Depth) {
  llvm::SaveAndRestore<const VarDecl *> KeepUnpinned(Unpinned, nullptr);
  if (std::optional<std::int64_t> V = evalIntImpl(E, 0))
    return {*V};
  E = stripWrappers(E);
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    E = stripWrappers(ICE->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // The condition is not known: either arm.
    std::vector<std::int64_t> T = valuesOf(CO->getTrueExpr(), Depth),
                              Fv = valuesOf(CO->getFalseExpr(), Depth);
    if (T.empty() || Fv.empty())
      return {};
    addAll(T, Fv);
    return T;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *C = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!C)
    return {};
  // A loop's counter, read in the loop's body.
  const auto *F = dyn_cast_or_null<FunctionDecl>(C->getParentFunctionOrMethod());
  if (const ParentMap *PM = parentsIn(F))
    for (const Stmt *S = PM->getParent(DRE); S; S = PM->getParent(S))
      if (const auto *For = dyn_cast<ForStmt>(S); For && inside(*PM, DRE, For->getBody()))
        if (std::vector<std::int64_t> Vs = counterValues(For, C); !Vs.empty())
          return Vs;
  return choicesOf(C, Depth);
}

std::vector<std::int64_t> ValueEvaluator::counterValues(const ForStmt *For, const VarDecl *C) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(C->getParentFunctionOrMethod());
  const ParentMap *PM = parentsIn(F);
  if (!PM || !For->getInit() || !For->getCond() || !For->getInc() || localValueTainted(C, F))
    return {};
  auto IsC = [&](const Expr *E) {
    const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return R && R->getDecl() == C;
  };
  // Written only by the loop's init and step.
  for (const VarUse &U : usesOf(Ctx, *PM, C, F))
    if (U.Kind != Use::Read && !inside(*PM, U.Ref, For->getInit()) &&
        !inside(*PM, U.Ref, For->getInc()))
      return {};
  std::optional<std::int64_t> Start;
  if (const auto *DS = dyn_cast<DeclStmt>(For->getInit());
      DS && DS->isSingleDecl() && DS->getSingleDecl() == C)
    Start = evalInt(C->getInit());
  else if (const auto *A = dyn_cast<BinaryOperator>(For->getInit());
           A && A->getOpcode() == BO_Assign && IsC(A->getLHS()))
    Start = evalInt(A->getRHS());
  const auto *Cond = dyn_cast<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  std::optional<std::int64_t> Bound =
      Cond && IsC(Cond->getLHS()) ? evalInt(Cond->getRHS()) : std::nullopt;
  if (!Start || !Bound)
    return {};
  // The step: ++, --, a compound assignment or `c = c op k` by a known amount.
  const Expr *Inc = For->getInc()->IgnoreParenImpCasts();
  BinaryOperatorKind Op = BO_Add;
  std::optional<std::int64_t> By;
  if (const auto *U = dyn_cast<UnaryOperator>(Inc); U && IsC(U->getSubExpr())) {
    By = 1;
    Op = U->isIncrementOp() ? BO_Add : BO_Sub;
  } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc); CA && IsC(CA->getLHS())) {
    By = evalInt(CA->getRHS());
    Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
  } else if (const auto *A = dyn_cast<BinaryOperator>(Inc); A && A->getOpcode() == BO_Assign &&
                                                              IsC(A->getLHS())) {
    const auto *R = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
    if (R && IsC(R->getLHS())) {
      By = evalInt(R->getRHS());
      Op = R->getOpcode();
    }
  }
  if (!By)
    return {};
  std::vector<std::int64_t> Out;
  for (std::int64_t X = *Start; Out.size() <= MaxChoices;) {
    bool Holds = false;
    switch (Cond->getOpcode()) {
    case BO_LT: Holds = X < *Bound; break;
    case BO_LE: Holds = X <= *Bound; break;
    case BO_GT: Holds = X > *Bound; break;
    case BO_GE: Holds = X >= *Bound; break;
    case BO_NE: Holds = X != *Bound; break;
    default: return {};
    }
    if (!Holds)
      return Out;
    Out.push_back(X);
    std::int64_t Next = X;
    switch (Op) {
    case BO_Add: Next = X + *By; break;
    case BO_Sub: Next = X - *By; break;
    case BO_Mul: Next = X * *By; break;
    case BO_Div: Next = *By ? X / *By : X; break;
    case BO_Shl: Next = *By > 0 && *By < 32 ? X << *By : X; break;
    case BO_Shr: Next = *By > 0 && *By < 32 ? X >> *By : X; break;
    default: return {};
    }
    if (Next == X || std::abs(Next) > (std::int64_t(1) << 40))
      return {};
    X = Next;
  }
  return {}; // more than MaxChoices trips
}

std::optional<std::int64_t> ValueEvaluator::evalHandle(const Expr *E) {
  if (!E || E->isValueDependent() || E->containsErrors())
    return std::nullopt;
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return evalHandle(DA->getExpr());
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return 0;
  const Expr *S = E->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (const Expr *Val = singleValueOf(V))
        return evalHandle(Val);
    return std::nullopt;
  }
  if (isa<CXXNullPtrLiteralExpr>(S) || isa<GNUNullExpr>(S))
    return 0;
  if (S->getType()->isIntegralOrEnumerationType())
    return evalIntImpl(S, 0);
  return std::nullopt;
}

const Expr *withoutConstant(const Expr *E, const ASTContext &Ctx, int64_t *K) {
  E = E->IgnoreParenImpCasts();
  if (K)
    *K = 0;
  auto Take = [&](const llvm::APSInt &C, bool Negate) {
    if (K && C.getSignificantBits() <= 32)
      *K = Negate ? -C.getExtValue() : C.getExtValue();
  };
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)) {
    const Expr *L = B->getLHS()->IgnoreParenImpCasts(), *R = B->getRHS()->IgnoreParenImpCasts();
    if (std::optional<llvm::APSInt> C = R->getIntegerConstantExpr(Ctx)) {
      Take(*C, B->getOpcode() == BO_Sub);
      return L;
    }
    if (std::optional<llvm::APSInt> C = L->getIntegerConstantExpr(Ctx);
        C && B->getOpcode() == BO_Add) {
      Take(*C, false);
      return R;
    }
  }
  return E;
}

} // namespace cudalint
