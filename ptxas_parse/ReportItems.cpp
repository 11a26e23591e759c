//===- ReportItems.cpp - Comma-separated resource items of ptxas/nvlink ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// "Used 24 registers, used 1 barriers, 8 bytes cumulative stack size, 4096 bytes smem, 360 bytes
// cmem[0]" and the nvlink and old-CUDA variants ("2048+16 bytes smem", "40 bytes lmem",
// "1 textures", "0 stack"). Items of a shape ptxas may add in future ("N things") are skipped;
// an item that is cut short or does not start with a number is an error.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ReportParser.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalint::detail {
namespace {

llvm::Error itemError(llvm::StringRef Item, llvm::StringRef Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s resource item '%s'",
                                 Why.str().c_str(), Item.str().c_str());
}

/// Words that items end with; a truncated item ends with a proper prefix of one of them.
constexpr llvm::StringLiteral Keywords[] = {
    "registers", "barriers", "bytes", "smem",     "cmem",     "lmem",     "gmem",
    "stack",     "size",     "frame", "textures", "samplers", "surfaces", "cumulative"};

/// Every item as ptxas and nvlink spell it after the number.
constexpr llvm::StringLiteral Phrases[] = {"registers",
                                           "barriers",
                                           "bytes smem",
                                           "bytes lmem",
                                           "bytes gmem",
                                           "bytes stack",
                                           "bytes cumulative stack size",
                                           "bytes cmem[",
                                           "stack",
                                           "textures",
                                           "samplers",
                                           "surfaces"};

bool isTruncatedKeyword(llvm::StringRef Word) {
  for (llvm::StringRef K : Keywords)
    if (K.size() > Word.size() && K.starts_with(Word))
      return true;
  return false;
}

/// "bytes", "bytes cumulative st": a known item cut short.
bool isTruncatedPhrase(llvm::StringRef Rest) {
  for (llvm::StringRef P : Phrases)
    if (P.size() > Rest.size() && P.starts_with(Rest))
      return true;
  return false;
}

/// "2048+16" -> 2064.
bool parseSum(llvm::StringRef Text, uint64_t &Value) {
  Value = 0;
  llvm::SmallVector<llvm::StringRef, 2> Parts;
  Text.split(Parts, '+');
  for (llvm::StringRef P : Parts) {
    uint64_t V;
    if (!parseCount(P, V) || Value + V > MaxReportCount)
      return false;
    Value += V;
  }
  return true;
}

/// "2048+16", "99999999999999": digits and inner '+' only (parseSum fails on it for its size).
bool isDigitSum(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 2> Parts;
  Text.split(Parts, '+');
  return llvm::all_of(
      Parts, [](llvm::StringRef P) { return !P.empty() && llvm::all_of(P, llvm::isDigit); });
}

bool narrow(uint64_t V, unsigned &Out) {
  if (V > UINT32_MAX)
    return false;
  Out = unsigned(V);
  return true;
}

} // namespace

bool parseCount(llvm::StringRef Text, uint64_t &Value) {
  if (Text.empty() || !llvm::all_of(Text, llvm::isDigit))
    return false;
  return !Text.getAsInteger(10, Value) && Value <= MaxReportCount;
}

llvm::Expected<ResourceItems> parseResourceItems(llvm::StringRef Text) {
  ResourceItems R;
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Text.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    llvm::StringRef Body = Item;
    if (Body.consume_front_insensitive("used"))
      Body = Body.ltrim();
    auto [NumberText, Rest] = Body.split(' ');
    Rest = Rest.trim();
    uint64_t N;
    if (!parseSum(NumberText, N))
      return itemError(Item, isDigitSum(NumberText) ? "out-of-range" : "malformed");
    if (Rest.empty())
      return itemError(Item, "truncated");
    if (Rest == "registers") {
      unsigned V;
      if (!narrow(N, V))
        return itemError(Item, "out-of-range");
      R.Registers = V;
    } else if (Rest == "barriers" || Rest == "barrier") {
      unsigned V;
      if (!narrow(N, V))
        return itemError(Item, "out-of-range");
      R.Barriers = V;
    } else if (Rest == "bytes smem") {
      R.Smem = N;
    } else if (Rest == "bytes lmem") {
      R.Lmem = N;
    } else if (Rest == "bytes gmem") {
      R.Gmem = N;
    } else if (Rest == "stack" || Rest == "bytes stack") {
      R.Stack = N;
    } else if (Rest == "bytes cumulative stack size") {
      R.CumulativeStack = N;
    } else if (Rest.consume_front("bytes cmem[")) {
      uint64_t Bank;
      if (!Rest.consume_back("]") || !parseCount(Rest, Bank) || Bank > 255)
        return itemError(Item, "malformed");
      R.Cmem[unsigned(Bank)] = N;
    } else if (Rest == "textures" || Rest == "texture") {
      if (!narrow(N, R.Textures))
        return itemError(Item, "out-of-range");
    } else if (Rest == "samplers" || Rest == "sampler") {
      if (!narrow(N, R.Samplers))
        return itemError(Item, "out-of-range");
    } else if (Rest == "surfaces" || Rest == "surface") {
      if (!narrow(N, R.Surfaces))
        return itemError(Item, "out-of-range");
    } else {
      // Unknown "N words": skip it unless its last word is a cut-off keyword.
      llvm::StringRef Last = Rest.rsplit(' ').second;
      if (Last.empty())
        Last = Rest;
      if (isTruncatedKeyword(Last) || isTruncatedPhrase(Rest) || !llvm::all_of(Rest, [](char C) {
            return llvm::isAlpha(C) || C == ' ' || C == '[' || C == ']' || llvm::isDigit(C);
          }))
        return itemError(Item, "truncated or unrecognised");
    }
  }
  return R;
}

} // namespace cudalint::detail
