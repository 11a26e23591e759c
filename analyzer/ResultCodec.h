//===- ResultCodec.h - A translation unit's result as bytes, and back -----===//
//
// The result cache stores TUResults and reads them back in a later run; what
// comes back must be exactly what the analysis produced (source lines with
// bytes that are not UTF-8 included), so the encoding is a compact binary one
// rather than JSON. Decoding checks every length against what is left and
// gives nothing for bytes that are not a whole, well-formed encoding.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_RESULTCODEC_H
#define CUDALINT_ANALYZER_RESULTCODEC_H

#include "analyzer/TranslationUnit.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint {

/// Appends the encoding of \p R to \p Out.
void encodeTUResult(const TUResult &R, std::string &Out);

/// The result encoded in \p Bytes (all of them), or nothing when they are not
/// exactly one encoding.
std::optional<TUResult> decodeTUResult(llvm::StringRef Bytes);

} // namespace cudalint

#endif
