//===- MissingLaunchBounds.cpp - missing-launch-bounds --------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
// that other programs may include. A kernel whose every launch is known to run
// one thread per block is not reported: no block size can exhaust its registers.
//
//===----------------------------------------------------------------------===//
#include "rules/LaunchBoundsCheck.h"
#include "rules/RuleRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace cudalint {

/// One note per launch location (the first few; the rest counted), each at
/// its own location, which the reporters print relative to the working
/// directory. \p Sites are sorted by location; one location launched with
/// several block sizes (a template instantiated twice) is one note.
static void noteSites(Finding &F, const std::vector<const LaunchFact *> &Sites,
                      const std::string &What) {
  const size_t Shown = 4;
  size_t Locations = 0;
  for (size_t I = 0; I < Sites.size();) {
    const LaunchFact &L = *Sites[I];
    std::set<std::int64_t> Sizes;
    size_t J = I;
    for (; J < Sites.size() && Sites[J]->File == L.File && Sites[J]->Line == L.Line &&
           Sites[J]->Column == L.Column;
         ++J)
      if (Sites[J]->ThreadsPerBlock && *Sites[J]->ThreadsPerBlock > 0)
        Sizes.insert(*Sites[J]->ThreadsPerBlock);
    I = J;
    if (++Locations > Shown)
      continue;
    std::string Msg = What;
    if (!Sizes.empty()) {
      std::vector<std::string> Text;
      for (std::int64_t N : Sizes)
        Text.push_back(std::to_string(N));
      bool One = Sizes.size() == 1 && *Sizes.begin() == 1;
      Msg = "launched with " + llvm::join(Text, " or ") + (One ? " thread" : " threads") +
            " per block here";
    }
    F.Notes.push_back({Msg, L.File, L.Line, L.Column});
  }
  if (Locations > Shown)
    F.Notes.push_back({"and " + std::to_string(Locations - Shown) + " more launch" +
                           (Locations - Shown == 1 ? "" : "es"),
                       "", 0, 0});
}

static bool isHeader(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" || Ext == ".hxx" ||
         Ext == ".inl";
}

/// The kernels a bound on \p K applies to (a template: each instantiation), each with the
/// block size and dynamic shared memory of its largest launch in \p Sites.
static std::vector<BoundsSubject> boundsSubjects(const KernelFact &K, const Finding &F,
                                                 const std::vector<const LaunchFact *> &Sites,
                                                 std::int64_t Max, const ProgramFacts &Facts) {
  std::vector<std::string> Names;
  if (!K.MangledName.empty())
    Names.push_back(K.MangledName);
  else
    Names = F.KernelInstances;
  std::vector<BoundsSubject> Out;
  for (const std::string &Name : Names) {
    BoundsSubject S;
    S.Kernel = Name;
    S.Shown = K.MangledName.empty() ? Name : K.Name;
    for (const BoundedCompile &C : Facts.BoundedCompiles)
      for (const KernelResources &R : C.Before)
        if (K.MangledName.empty() && R.MangledName == Name && !R.DemangledName.empty())
          S.Shown = R.DemangledName;
    std::int64_t Threads = 0, Smem = 0;
    for (const LaunchFact *L : Sites)
      if (L->KernelMangled == Name && L->ThreadsPerBlock && *L->ThreadsPerBlock >= Threads) {
        Threads = *L->ThreadsPerBlock;
        Smem = std::max<std::int64_t>(Smem, L->DynamicSmem.value_or(0));
      }
    if (!Threads) { // no launch names this instantiation: the largest of all
      Threads = Max;
      for (const LaunchFact *L : Sites)
        if (L->ThreadsPerBlock && *L->ThreadsPerBlock == Max)
          Smem = std::max<std::int64_t>(Smem, L->DynamicSmem.value_or(0));
    }
    S.Threads = unsigned(Threads);
    S.DynamicSmem = std::uint64_t(std::max<std::int64_t>(Smem, 0));
    Out.push_back(std::move(S));
  }
  return Out;
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
    std::string Head = "kernel '" + clip(K.Name) + "' has no __launch_bounds__";
    const char *Why = "ptxas cannot budget registers for its block size, so a large block may "
                      "fail to launch (too many resources requested) or run at low occupancy";
    const char *AddLargest =
        "add __launch_bounds__(N) with the largest block size it is launched with";

    std::vector<const LaunchFact *> Unknown;
    std::int64_t Max = 0;
    for (const LaunchFact *L : Sites) {
      if (!L->ThreadsPerBlock || *L->ThreadsPerBlock <= 0)
        Unknown.push_back(L);
      else
        Max = std::max(Max, *L->ThreadsPerBlock);
    }
    // Every launch runs one thread per block (`<<<1, 1>>>`, an initialisation or a
    // flag reset): ptxas can always give one thread all the registers it may
    // use, so __launch_bounds__(1) would buy nothing.
    if (!Sites.empty() && Unknown.empty() && Max == 1)
      continue;
    if (Sites.empty()) {
      setMessage(F, Head + "\n" + Why + "\n" +
                        (Facts.LaunchesMayBeMissing
                             ? "no launch of it was found in the code that parsed (compile "
                               "errors may have hidden its launches), so no block size could "
                               "be inferred"
                             : "no launch of it was found in the analysed code, so no block "
                               "size could be inferred") +
                        "\n" + AddLargest);
    } else if (!Unknown.empty()) {
      setMessage(F, Head + "\n" + Why + "\n" +
                        (Unknown.size() == 1 ? "the block size of a launch is"
                                             : "the block sizes of launches are") +
                        " not known from the source, so no block size could be inferred\n" +
                        AddLargest);
      noteSites(F, Unknown, "launched here with a block size not known from the source");
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
      if (!TooLarge.empty()) {
        // No bound above 1024 exists: the launch itself is the problem.
        setMessage(F, Head + "\n" + Why + "\na launch asks for " + std::to_string(Max) +
                          " threads per block, more than any device runs (1024), so no bound "
                          "can be inferred (invalid-launch-config reports that launch)\n" +
                          "add __launch_bounds__(N) with the largest valid block size it is "
                          "launched with");
        noteSites(F, TooLarge, "");
      } else {
        // What the launches say goes on the message line when it fits, else in a note.
        std::string Inferred = Common.empty()
                                   ? "its launches use at most " + N + " threads per block"
                                   : "its block size is template parameter '" + N + "'";
        std::string Line = Head + " (" + Inferred + ")";
        std::string Bound = "__launch_bounds__(" + N + ")";
        std::vector<std::string> Advice = {"add " + Bound};
        bool Offer = K.InsertOffset.has_value();
        if (Offer) {
          // ptxas's verdict on the bound, when --resource-usage compiled it.
          std::vector<BoundsSubject> Subjects = boundsSubjects(K, F, Sites, Max, Facts);
          BoundsCheckResult Check = checkLaunchBounds(Facts, K.File, Bound, Subjects);
          BoundsAdvice A = adviseLaunchBounds(Check, Subjects);
          Advice = std::move(A.Lines);
          Offer = A.Offer;
          F.Bounds = std::move(Check);
        }
        setMessage(F, (Line.size() <= 120 ? Line : Head + "\n" + Inferred) + "\n" + Why + "\n" +
                          llvm::join(Advice, "\n"));
        noteSites(F, Sites,
                  Common.empty() ? "" : "launched here with '" + N + "' threads per block");
        if (Offer) {
          FixIt Fix;
          Fix.File = K.File;
          Fix.Offset = *K.InsertOffset;
          Fix.Length = 0;
          Fix.Replacement = Bound + " ";
          Fix.Line = K.Line;
          Fix.Column = K.Column;
          Fix.Unsafe = !Facts.WholeProgram || Facts.LaunchesMayBeMissing || isHeader(K.File);
          F.Fixes.push_back(std::move(Fix));
        }
      }
    }
    Out.push_back(std::move(F));
  }
}

} // namespace cudalint
