//===- Suggest.cpp - "did you mean" for names a user mistyped -------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/Suggest.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace cudalint {

std::vector<std::string> closestNames(StringRef Typed, ArrayRef<std::string> Candidates) {
  std::vector<std::string> Out;
  if (Typed.empty())
    return Out;
  std::string Lower = Typed.lower();
  // A part of the name (at least 3 characters, so "-" or "a" suggests nothing).
  if (Lower.size() >= 3) {
    for (const std::string &C : Candidates)
      if (StringRef(C).lower().find(Lower) != std::string::npos && C != Typed)
        Out.push_back(C);
    if (!Out.empty() && Out.size() <= 3)
      return Out;
    Out.clear();
  }
  // A typo: a few edits, fewer for short names.
  unsigned Allowed = std::max<unsigned>(1, Lower.size() / 4 + 1);
  unsigned Best = Allowed + 1;
  for (const std::string &C : Candidates) {
    unsigned D = StringRef(Lower).edit_distance(StringRef(C).lower(), /*AllowReplacements=*/true,
                                                /*MaxEditDistance=*/Allowed);
    if (D == 0 || D > Allowed)
      continue;
    if (D < Best) {
      Best = D;
      Out.clear();
    }
    if (D == Best && Out.size() < 3)
      Out.push_back(C);
  }
  return Out;
}

std::string didYouMean(StringRef Typed, ArrayRef<std::string> Candidates) {
  std::vector<std::string> Names = closestNames(Typed, Candidates);
  if (Names.empty())
    return "";
  std::string Out = "; did you mean ";
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      Out += I + 1 == Names.size() ? " or " : ", ";
    Out += "'" + Names[I] + "'";
  }
  return Out + "?";
}

} // namespace cudalint
