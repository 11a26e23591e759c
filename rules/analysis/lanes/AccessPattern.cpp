//===- AccessPattern.cpp - Sectors and bank conflicts of one warp's access -===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "rules/analysis/lanes/AccessPattern.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace cudalint {

namespace {

int64_t floorDiv(int64_t A, int64_t B) { return A >= 0 ? A / B : -((-A + B - 1) / B); }

/// The active lanes' offsets, lowest moved to 0.
llvm::SmallVector<std::pair<unsigned, int64_t>, 32> activeOffsets(const LaneValue &V) {
  llvm::SmallVector<std::pair<unsigned, int64_t>, 32> Out;
  int64_t Min = INT64_MAX;
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (V.Active & (1u << I))
      Min = std::min(Min, V.L[I]);
  for (unsigned I = 0; I < WarpLanes; ++I)
    if (V.Active & (1u << I))
      Out.push_back({I, V.L[I] - Min});
  return Out;
}

} // namespace

/// The fewest sectors lanes whose offsets grow by at least \p Offset.L[i] from lane i to i + 1
/// can touch, each reading \p Size bytes (naturally aligned, at most 16): lanes less than a
/// sector apart touch every sector between them, so a run of such lanes touches at least its
/// span in sectors; a gap of a sector or more starts a new sector.
static SectorCount growingSectors(const LaneValue &Offset, unsigned Size) {
  SectorCount C;
  C.AtLeast = true;
  C.Lanes = C.Elements = WarpLanes;
  C.MinGap = INT64_MAX;
  int64_t Run = 0; // bytes from the run's first lane to its last
  auto EndRun = [&] { C.Sectors += static_cast<unsigned>((Run + Size + 31) / 32); };
  for (unsigned I = 0; I + 1 < WarpLanes; ++I) {
    int64_t G = Offset.L[I];
    C.MinGap = std::min(C.MinGap, G);
    if (G <= 0)
      --C.Elements; // perhaps the same element
    C.Span += G;
    if (G >= 32) {
      EndRun();
      Run = 0;
    } else {
      Run += G;
    }
  }
  EndRun();
  C.Ideal = static_cast<unsigned>((C.Elements * Size + 31) / 32);
  return C;
}

SectorCount sectorsOf(const LaneValue &Offset, unsigned Size) {
  SectorCount C;
  if (Offset.K == LaneValue::Varying && Offset.MinGaps && Size && Size <= 16 &&
      (Size & (Size - 1)) == 0)
    return growingSectors(Offset, Size);
  bool Rows = Offset.K == LaneValue::Varying && Offset.RowLanes;
  if ((Offset.K != LaneValue::Lane && !Rows) || Offset.HasFactor || Size == 0)
    return C;
  // Rows a pitch not known apart: each row from the start of a sector, as the first lane's
  // element is, and in sectors of its own (a pitch of at least a row's bytes).
  unsigned Width = Rows ? Offset.RowLanes : WarpLanes;
  for (unsigned First = 0; First < WarpLanes; First += Width) {
    LaneValue Row = Offset;
    Row.Active &= static_cast<uint32_t>(((uint64_t(1) << Width) - 1) << First);
    auto Lanes = activeOffsets(Row);
    llvm::DenseSet<int64_t> Sectors, Elements;
    for (auto [Lane, Off] : Lanes) {
      for (int64_t S = floorDiv(Off, 32); S <= floorDiv(Off + Size - 1, 32); ++S)
        Sectors.insert(S);
      Elements.insert(Off);
      C.Span = std::max(C.Span, Off);
    }
    C.Lanes += Lanes.size();
    C.Elements += Elements.size();
    C.Sectors += Sectors.size();
  }
  auto Lanes = activeOffsets(Offset);
  C.Ideal = static_cast<unsigned>((C.Elements * Size + 31) / 32);
  if (Lanes.size() >= 2) {
    int64_t D = Offset.L[Lanes[1].first] - Offset.L[Lanes[0].first];
    bool Same = true;
    for (size_t I = 1; I < Lanes.size(); ++I)
      if (Lanes[I].first / Width == Lanes[I - 1].first / Width) // within a row
        Same &= Offset.L[Lanes[I].first] - Offset.L[Lanes[I - 1].first] == D;
    C.Stride = Same ? D : 0;
  }
  return C;
}

BankConflict bankConflictOf(const LaneValue &Offset, unsigned Size) {
  BankConflict B;
  if (Offset.K != LaneValue::Lane || Offset.HasFactor || Size == 0)
    return B;
  B.Phases = Size == 8 ? 2 : Size >= 16 ? 4 : 1;
  unsigned PerPhase = WarpLanes / B.Phases;
  unsigned Words = std::max(1u, Size / 4);
  B.Wavefronts = 0;
  B.Degree = 0;
  auto Lanes = activeOffsets(Offset);
  for (unsigned P = 0; P < B.Phases; ++P) {
    // Per bank, the distinct words of this phase and the lanes that read them.
    llvm::DenseMap<int64_t, llvm::DenseSet<int64_t>> ByBank;
    llvm::DenseMap<int64_t, unsigned> LanesOf;
    bool Any = false;
    for (auto [Lane, Off] : Lanes) {
      if (Lane / PerPhase != P)
        continue;
      Any = true;
      for (unsigned W = 0; W < Words; ++W) {
        int64_t Word = floorDiv(Off, 4) + W;
        int64_t Bank = ((Word % 32) + 32) % 32;
        if (ByBank[Bank].insert(Word).second)
          ++LanesOf[Bank];
      }
    }
    if (!Any)
      continue;
    unsigned Worst = 0, WorstLanes = 0;
    for (auto &[Bank, Set] : ByBank)
      if (Set.size() > Worst) {
        Worst = Set.size();
        WorstLanes = LanesOf[Bank];
      }
    B.Wavefronts += Worst;
    if (Worst > B.Degree) {
      B.Degree = Worst;
      B.LanesInBank = WorstLanes;
    }
  }
  if (!B.Degree)
    B.Degree = 1;
  return B;
}

} // namespace cudalint
