//===- MissingLaunchBounds.cpp - missing-launch-bounds --------------------===//
//
// Flags __global__ definitions without __launch_bounds__. Without it ptxas
// does not know how many threads a block will have, so it may give each thread
// more registers than a large block can get on one SM (the launch then fails
// with "too many resources requested for launch") or than good occupancy
// allows. When every launch of the kernel in the analysed code has a known
// block size, the fix-it inserts __launch_bounds__(N) with N the largest. The
// fix is unsafe (applied only with --unsafe-fixes) unless cuda-lint can know
// it saw every launch: a whole compilation database, no compile errors that
// could have hidden one, and a kernel defined in a source file, not a header
// that other programs may include.
//
//===----------------------------------------------------------------------===//
#include "rules/RuleRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace cudalint {

/// "file.cu:12, other.cu:30 and 2 more"; two sites on one line get columns.
static std::string listSites(const std::vector<const LaunchFact *> &Sites) {
  auto Label = [](const LaunchFact &L) {
    return llvm::sys::path::filename(L.File).str() + ":" + std::to_string(L.Line);
  };
  llvm::StringMap<unsigned> Count;
  for (const LaunchFact *L : Sites)
    ++Count[Label(*L)];
  std::string S;
  const size_t Shown = 4;
  for (size_t I = 0; I < Sites.size() && I < Shown; ++I) {
    std::string Name = Label(*Sites[I]);
    if (Count[Name] > 1)
      Name += ":" + std::to_string(Sites[I]->Column);
    S += (I ? ", " : "") + Name;
  }
  if (Sites.size() > Shown)
    S += " and " + std::to_string(Sites.size() - Shown) + " more";
  return S;
}

static bool isHeader(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" ||
         Ext == ".inl";
}

void finalizeMissingLaunchBounds(const RuleInfo &Info, const ProgramFacts &Facts,
                                 std::vector<Finding> &Out) {
  llvm::StringMap<std::vector<const LaunchFact *>> ByKernel;
  for (const LaunchFact &L : Facts.Launches)
    ByKernel[L.KernelKey].push_back(&L);

  for (const KernelFact &K : Facts.Kernels) {
    if (K.HasLaunchBounds)
      continue;
    std::vector<const LaunchFact *> Sites = ByKernel.lookup(K.Key);
    std::sort(Sites.begin(), Sites.end(), [](const LaunchFact *A, const LaunchFact *B) {
      return std::tie(A->File, A->Line, A->Column) < std::tie(B->File, B->Line, B->Column);
    });
    Sites.erase(std::unique(Sites.begin(), Sites.end(),
                            [](const LaunchFact *A, const LaunchFact *B) {
                              return A->File == B->File && A->Line == B->Line &&
                                     A->Column == B->Column &&
                                     A->ThreadsPerBlock == B->ThreadsPerBlock;
                            }),
                Sites.end());

    Finding F;
    F.RuleId = Info.Id;
    F.Level = Info.DefaultSeverity;
    F.File = K.File;
    F.Line = F.EndLine = K.Line;
    F.Column = K.Column;
    F.EndColumn = K.EndColumn;
    F.SourceLine = K.SourceLine;
    F.KernelName = K.MangledName;
    F.KernelDemangled = K.Name;
    F.KernelInstances = K.Instances;
    for (const LaunchFact *L : Sites)
      if (K.MangledName.empty() && !L->KernelMangled.empty() &&
          !llvm::is_contained(F.KernelInstances, L->KernelMangled))
        F.KernelInstances.push_back(L->KernelMangled);
    llvm::sort(F.KernelInstances);
    std::string Head = "kernel '" + K.Name +
                       "' has no __launch_bounds__: ptxas cannot budget registers for its block "
                       "size, so a large block may fail to launch (too many resources requested) "
                       "or run at low occupancy; ";

    std::vector<const LaunchFact *> Unknown;
    std::int64_t Max = 0;
    for (const LaunchFact *L : Sites) {
      if (!L->ThreadsPerBlock || *L->ThreadsPerBlock <= 0)
        Unknown.push_back(L);
      else
        Max = std::max(Max, *L->ThreadsPerBlock);
    }
    if (Sites.empty()) {
      F.Message = Head +
                  (Facts.LaunchesMayBeMissing
                       ? "no launch of it was found in the code that parsed (compile errors may "
                         "have hidden its launches)"
                       : "no launch of it was found in the analysed code") +
                  ", so no block size could be inferred: add __launch_bounds__(N) with the "
                  "largest block size it is launched with";
    } else if (!Unknown.empty()) {
      F.Message = Head + (Unknown.size() == 1 ? "the block size at " : "the block sizes at ") +
                  listSites(Unknown) + (Unknown.size() == 1 ? " is" : " are") +
                  " not known from the source, so no block size could be inferred: add "
                  "__launch_bounds__(N) with the largest block size it is launched with";
    } else {
      // A template whose block size is one of its parameters at every launch
      // gets that parameter as its bound, which stays right for new instantiations.
      std::vector<std::string> Common = Sites.front()->BlockSizeParams;
      for (const LaunchFact *L : Sites)
        llvm::erase_if(Common, [&](const std::string &P) {
          return !llvm::is_contained(L->BlockSizeParams, P);
        });
      std::string N = Common.empty() ? std::to_string(Max) : Common.front();
      std::vector<const LaunchFact *> TooLarge;
      for (const LaunchFact *L : Sites)
        if (*L->ThreadsPerBlock > 1024)
          TooLarge.push_back(L);
      if (!TooLarge.empty())
        // No bound above 1024 exists: the launch itself is the problem.
        F.Message = Head + "its launch at " + listSites(TooLarge) + " asks for " +
                    std::to_string(Max) +
                    " threads per block, more than any device runs (1024), so no bound can be "
                    "inferred (invalid-launch-config reports that launch): add "
                    "__launch_bounds__(N) with the largest valid block size it is launched with";
      else if (Common.empty())
        F.Message = Head + "its launches (" + listSites(Sites) + ") use at most " + N +
                    " threads per block: add __launch_bounds__(" + N + ")";
      else
        F.Message = Head + "at its launches (" + listSites(Sites) +
                    ") the block size is its template parameter '" + N +
                    "': add __launch_bounds__(" + N + ")";
      if (K.InsertOffset && TooLarge.empty()) {
        FixIt Fix;
        Fix.File = K.File;
        Fix.Offset = *K.InsertOffset;
        Fix.Length = 0;
        Fix.Replacement = "__launch_bounds__(" + N + ") ";
        Fix.Line = K.Line;
        Fix.Column = K.Column;
        Fix.Unsafe = !Facts.WholeProgram || Facts.LaunchesMayBeMissing || isHeader(K.File);
        F.Fixes.push_back(std::move(Fix));
      }
    }
    Out.push_back(std::move(F));
  }
}

} // namespace cudalint
