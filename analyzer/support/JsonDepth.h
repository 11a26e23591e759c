//===- JsonDepth.h - Bound the nesting of JSON before it is parsed --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// llvm::json::parse and llvm::yaml (which Clang's JSONCompilationDatabase
// uses) recurse once per level of nested arrays and objects, so a file of
// 50,000 `[` overflows the stack. Every JSON document cuda-lint reads (a
// --baseline, a compile_commands.json, an LSP message) is first scanned here,
// iteratively, and refused past a depth no real document reaches.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_JSONDEPTH_H
#define CUDALINT_ANALYZER_SUPPORT_JSONDEPTH_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace cudalint {

/// Nesting no baseline, compilation database or LSP message comes near (they
/// nest 3 to 10 levels), and far below what the recursive parsers survive on
/// the smallest stack they run on.
constexpr unsigned MaxJsonDepth = 512;

/// An error when the arrays and objects of the JSON (or YAML flow) text
/// \p Text nest more than \p Limit levels deep: "nests more than 512 levels of
/// arrays and objects (line 1, column 513)". Brackets inside double-quoted
/// strings (escapes included) do not count. Only the depth is checked: text
/// that is not JSON passes when it is shallow, and its parser reports it.
llvm::Error checkJsonDepth(llvm::StringRef Text, unsigned Limit = MaxJsonDepth);

} // namespace cudalint

#endif
