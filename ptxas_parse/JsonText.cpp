//===- JsonText.cpp - Strings of any bytes in JSON, losslessly ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

#include "ptxas_parse/JsonText.h"

#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"

namespace cudalint {
namespace {

// Byte B (0x80..0xFF) is written as U+10FF00 + B, i.e. F4 8F BE|BF xx in UTF-8: a private-use
// character that no compiler or file system produces.
void appendPlaceholder(std::string &Out, unsigned char B) {
  unsigned CP = 0x10FF00 + B;
  Out += char(0xF4);
  Out += char(0x80 | ((CP >> 12) & 0x3F));
  Out += char(0x80 | ((CP >> 6) & 0x3F));
  Out += char(0x80 | (CP & 0x3F));
}

bool isPlaceholder(llvm::StringRef S, size_t I) {
  return I + 3 < S.size() && (unsigned char)S[I] == 0xF4 && (unsigned char)S[I + 1] == 0x8F &&
         ((unsigned char)S[I + 2] == 0xBE || (unsigned char)S[I + 2] == 0xBF) &&
         ((unsigned char)S[I + 3] & 0xC0) == 0x80;
}

} // namespace

std::string jsonText(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (size_t I = 0; I < S.size();) {
    unsigned char C = S[I];
    if (C < 0x80) {
      Out += char(C);
      ++I;
      continue;
    }
    unsigned N = llvm::getNumBytesForUTF8(C);
    const auto *Begin = reinterpret_cast<const llvm::UTF8 *>(S.data() + I);
    if (N > 1 && I + N <= S.size() && llvm::isLegalUTF8Sequence(Begin, Begin + N) &&
        !isPlaceholder(S, I)) {
      Out.append(S.data() + I, N);
      I += N;
      continue;
    }
    appendPlaceholder(Out, C);
    ++I;
  }
  return Out;
}

void writeJsonValue(llvm::raw_ostream &OS, const llvm::json::Value &V) {
  std::string Text = llvm::formatv("{0:2}", V).str();
  llvm::StringRef T = Text;
  size_t Start = 0;
  for (size_t I = 0; I < T.size(); ++I) {
    if (!isPlaceholder(T, I))
      continue;
    unsigned B = 0x80 + (((unsigned char)T[I + 2] & 1) << 6) + ((unsigned char)T[I + 3] & 0x3F);
    OS << T.slice(Start, I) << llvm::formatv("\\udc{0:x-2}", B);
    I += 3;
    Start = I + 1;
  }
  OS << T.substr(Start);
}

} // namespace cudalint
