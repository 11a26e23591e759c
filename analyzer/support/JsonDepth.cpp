//===- JsonDepth.cpp - Bound the nesting of JSON before it is parsed ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/JsonDepth.h"

using namespace llvm;

namespace cudalint {

Error checkJsonDepth(StringRef Text, unsigned Limit) {
  unsigned Depth = 0;
  bool InString = false;
  size_t Line = 1, LineStart = 0;
  for (size_t I = 0, E = Text.size(); I < E; ++I) {
    char C = Text[I];
    if (C == '\n') {
      ++Line;
      LineStart = I + 1;
      continue;
    }
    if (InString) {
      if (C == '\\' && I + 1 < E && Text[I + 1] != '\n')
        ++I; // the escaped character, a quote or backslash included
      else if (C == '"')
        InString = false;
      continue;
    }
    switch (C) {
    case '"':
      InString = true;
      break;
    case '[':
    case '{':
      if (++Depth > Limit)
        return createStringError("nests more than " + Twine(Limit) +
                                 " levels of arrays and objects (line " + Twine(Line) +
                                 ", column " + Twine(I - LineStart + 1) + ")");
      break;
    case ']':
    case '}':
      // Unbalanced closers are the parser's to report; they never lower the
      // count below zero, so they cannot hide deeper nesting after them.
      if (Depth > 0)
        --Depth;
      break;
    default:
      break;
    }
  }
  return Error::success();
}

} // namespace cudalint
