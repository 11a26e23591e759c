//===- JsonText.h - Strings of any bytes in JSON, losslessly -----*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// JSON strings are Unicode, but paths and kernel names are bytes: a file named with Latin-1 bytes
// or a mangled name with a stray byte is not UTF-8. llvm::json would replace such bytes with
// U+FFFD (losing the name) and asserts on them in assertion builds. Every string from the outside
// goes through jsonText(), which maps each byte of an invalid sequence to a placeholder character,
// and every document is printed by writeJsonValue(), which prints the placeholders as the escapes
// \udc80..\udcff: Python's "surrogateescape" convention, so
// json.loads(text)[...].encode("utf-8", "surrogateescape") gives back the original bytes.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PTXAS_PARSE_JSONTEXT_H
#define CUDALINT_PTXAS_PARSE_JSONTEXT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cudalint {

/// \p S as valid UTF-8: itself when it is, else each byte of an invalid sequence (and of a
/// character that looks like a placeholder) replaced by a placeholder for writeJsonValue().
std::string jsonText(llvm::StringRef S);

/// Prints \p V as formatv("{0:2}") does, with jsonText()'s placeholders as \udcXX escapes.
void writeJsonValue(llvm::raw_ostream &OS, const llvm::json::Value &V);

} // namespace cudalint

#endif // CUDALINT_PTXAS_PARSE_JSONTEXT_H
