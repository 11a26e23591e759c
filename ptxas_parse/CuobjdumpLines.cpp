//===- CuobjdumpLines.cpp - cuobjdump --dump-resource-usage sections ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   Fatbin elf code:
//   ================
//   arch = sm_52
//   ...
//   Resource usage:
//    Common:
//     GLOBAL:0
//    Function _Z1kPfS_:
//     REG:17 STACK:0 SHARED:0 LOCAL:0 CONSTANT[0]:336 CONSTANT[2]:60 TEXTURE:0 SURFACE:0 SAMPLER:0
//
// A section ends at a blank or unindented line. Unknown KEY:N tokens are skipped. SHARED includes
// the driver's per-block reservation (1 KiB from sm_80 on), which is taken off.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ArchLimits.h"
#include "ptxas_parse/ReportParser.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalint::detail {
namespace {

struct Token {
  llvm::StringRef Key;
  uint64_t Value;
};

llvm::Expected<llvm::SmallVector<Token, 12>> splitTokens(llvm::StringRef Line) {
  llvm::SmallVector<Token, 12> Tokens;
  llvm::SmallVector<llvm::StringRef, 12> Words;
  Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef W : Words) {
    auto [Key, ValueText] = W.rsplit(':');
    Token T{Key, 0};
    if (Key.empty() || !W.contains(':') || !parseCount(ValueText, T.Value))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "malformed cuobjdump resource token '%s'", W.str().c_str());
    Tokens.push_back(T);
  }
  return Tokens;
}

} // namespace

llvm::Error ReportParser::handleCuobjdumpLine(llvm::StringRef Line, bool &Consumed) {
  Consumed = false;
  llvm::StringRef Trimmed = Line.trim();
  if (!InCuobjdump) {
    if (Trimmed.consume_front("arch =") && Trimmed.trim().starts_with("sm_")) {
      Trimmed = Trimmed.trim();
      llvm::Expected<unsigned> Arch = parseArchName(Trimmed);
      if (!Arch)
        return error(llvm::toString(Arch.takeError()));
      CuobjdumpArch = *Arch;
      CuobjdumpArchName = Trimmed.str();
      Consumed = true;
    } else if (Trimmed == "Resource usage:") {
      InCuobjdump = true;
      InCommon = false;
      Consumed = true;
    }
    return llvm::Error::success();
  }
  // Inside "Resource usage:": indented lines only.
  if (Trimmed.empty() || !(Line.starts_with(" ") || Line.starts_with("\t"))) {
    if (llvm::Error E = finishCuobjdump())
      return E;
    InCuobjdump = false;
    return llvm::Error::success(); // Not consumed: the caller handles the line.
  }
  Consumed = true;
  if (Trimmed == "Common:") {
    if (PendingCuobjdump >= 0)
      return error("cuobjdump function '" + Report.Functions[PendingCuobjdump].MangledName +
                   "' has no resource line");
    InCommon = true;
    return llvm::Error::success();
  }
  if (Trimmed.consume_front("Function ")) {
    if (PendingCuobjdump >= 0)
      return error("cuobjdump function '" + Report.Functions[PendingCuobjdump].MangledName +
                   "' has no resource line");
    llvm::StringRef Name = Trimmed.trim();
    if (!Name.consume_back(":") || Name.empty())
      return error("malformed cuobjdump 'Function NAME:' line");
    KernelResources &R = newRecord(Name, FunctionKind::Unknown, ReportSource::Cuobjdump);
    setArch(R, CuobjdumpArch, CuobjdumpArchName);
    PendingCuobjdump = int(Report.Functions.size() - 1);
    InCommon = false;
    return llvm::Error::success();
  }
  llvm::Expected<llvm::SmallVector<Token, 12>> Tokens = splitTokens(Trimmed);
  if (!Tokens)
    return error(llvm::toString(Tokens.takeError()));
  if (InCommon) {
    ModuleResources M;
    M.Arch = CuobjdumpArch;
    M.Line = LineNo;
    for (const Token &T : *Tokens) {
      unsigned Bank;
      if (T.Key == "GLOBAL")
        M.Gmem = T.Value;
      else if (T.Key.starts_with("CONSTANT[") && T.Key.ends_with("]") &&
               !T.Key.drop_front(9).drop_back().getAsInteger(10, Bank))
        M.Cmem[Bank] = T.Value;
    }
    Report.Modules.push_back(std::move(M));
    InCommon = false;
    return llvm::Error::success();
  }
  if (PendingCuobjdump < 0)
    return error("cuobjdump resource line without a preceding 'Function NAME:' line");
  KernelResources &R = Report.Functions[PendingCuobjdump];
  bool SawRegisters = false;
  for (const Token &T : *Tokens) {
    unsigned Bank;
    auto Narrow = [&](unsigned &Out) {
      if (T.Value > UINT32_MAX)
        return false;
      Out = unsigned(T.Value);
      return true;
    };
    bool Ok = true;
    if (T.Key == "REG") {
      Ok = Narrow(R.Registers);
      SawRegisters = true;
    } else if (T.Key == "STACK") {
      R.StackFrame = T.Value;
    } else if (T.Key == "SHARED") {
      R.StaticSmem = T.Value;
    } else if (T.Key == "LOCAL") {
      R.LocalMem = T.Value;
    } else if (T.Key == "TEXTURE") {
      Ok = Narrow(R.Textures);
    } else if (T.Key == "SURFACE") {
      Ok = Narrow(R.Surfaces);
    } else if (T.Key == "SAMPLER") {
      Ok = Narrow(R.Samplers);
    } else if (T.Key == "BARRIER" || T.Key == "BARRIERS") {
      Ok = Narrow(R.Barriers);
    } else if (T.Key.starts_with("CONSTANT[") && T.Key.ends_with("]")) {
      if (T.Key.drop_front(9).drop_back().getAsInteger(10, Bank))
        return error("malformed cuobjdump constant bank '" + T.Key + "'");
      R.Cmem[Bank] = T.Value;
    }
    if (!Ok)
      return error("out-of-range value in cuobjdump token '" + T.Key + "'");
  }
  if (!SawRegisters)
    return error("cuobjdump resource line without REG: " + Trimmed);
  // SHARED counts the shared memory the driver reserves per block from sm_80 on (CUDA 13.0,
  // sm_90: 256 B of __shared__ data show as SHARED:1280); the model adds the reservation itself.
  if (const ArchLimits *Arch = lookupArch(R.Arch))
    if (R.StaticSmem >= Arch->ReservedSmemPerBlock)
      R.StaticSmem -= Arch->ReservedSmemPerBlock;
  R.HasRegisters = true;
  PendingCuobjdump = -1;
  return llvm::Error::success();
}

llvm::Error ReportParser::finishCuobjdump() {
  if (PendingCuobjdump >= 0)
    return error("the cuobjdump section ends before the resource line of '" +
                 Report.Functions[PendingCuobjdump].MangledName + "'");
  return llvm::Error::success();
}

} // namespace cudalint::detail
