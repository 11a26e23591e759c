//===- ArchLimits.cpp - Per-compute-capability SM resource limits ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The table of SM limits. Sources, per column, are listed in docs/occupancy.md; the unit tests
// check the table against the published per-arch values and against cuda_occupancy.h's constants.
//
//===----------------------------------------------------------------------===//

#include "ptxas_parse/ArchLimits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace cudalint {
namespace {

constexpr unsigned KiB = 1024;

// Shared-memory sizes (KiB) selectable by the carveout, as cuda_occupancy.h rounds them.
constexpr unsigned VoltaCarveout[] = {0, 8, 16, 32, 64, 96};
constexpr unsigned TuringCarveout[] = {32, 64};
constexpr unsigned GA100Carveout[] = {0, 8, 16, 32, 64, 100, 132, 164};
constexpr unsigned GA10xCarveout[] = {0, 8, 16, 32, 64, 100};
constexpr unsigned HopperCarveout[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};

struct Row {
  unsigned Major, Minor;
  const char *Family;
  unsigned ThreadsPerSM, BlocksPerSM, RegsPerBlock;
  unsigned SmemPerSMKiB, SmemOptInBytes, Reserved, SmemUnit;
  llvm::ArrayRef<unsigned> Carveout;
  bool PartitionedGC;
  unsigned SubPartitions, BarrierSlots, Virtual;
};

ArchLimits makeLimits(const Row &R) {
  ArchLimits L;
  L.Major = R.Major;
  L.Minor = R.Minor;
  L.Family = R.Family;
  L.WarpSize = 32;
  L.MaxThreadsPerBlock = 1024;
  L.MaxThreadsPerSM = R.ThreadsPerSM;
  L.MaxBlocksPerSM = R.BlocksPerSM;
  L.RegistersPerSM = 64 * KiB;
  L.RegistersPerBlock = R.RegsPerBlock;
  L.MaxRegistersPerThread = 255;
  L.RegisterCheckLimitPerThread = R.Major >= 7 ? 256 : 255;
  L.RegisterAllocUnit = 256;
  L.SubPartitions = R.SubPartitions;
  L.SmemPerSM = R.SmemPerSMKiB * KiB;
  L.SmemPerBlock = 48 * KiB;
  L.SmemPerBlockOptIn = R.SmemOptInBytes;
  L.ReservedSmemPerBlock = R.Reserved;
  L.SmemAllocUnit = R.SmemUnit;
  L.CarveoutKiB = R.Carveout;
  L.PartitionedGlobalCaching = R.PartitionedGC;
  L.BarriersPerBlockSlot = R.BarrierSlots;
  L.VirtualResourcesPerSM = R.Virtual;
  return L;
}

// clang-format off
const Row Rows[] = {
  // CC     family                  thr/SM blk  regs/blk  smem/SM optin       rsv   unit carveout        PGC    sub bar virt
  {5, 0, "Maxwell",                 2048, 32, 64 * KiB,  64,  48 * KiB,  0,    256, {},             false, 4, 2, 0},
  {5, 2, "Maxwell",                 2048, 32, 64 * KiB,  96,  48 * KiB,  0,    256, {},             true,  4, 2, 0},
  {5, 3, "Maxwell (Tegra X1)",      2048, 32, 32 * KiB,  64,  48 * KiB,  0,    256, {},             true,  4, 2, 0},
  {6, 0, "Pascal (GP100)",          2048, 32, 64 * KiB,  64,  48 * KiB,  0,    256, {},             false, 2, 2, 0},
  {6, 1, "Pascal",                  2048, 32, 64 * KiB,  96,  48 * KiB,  0,    256, {},             true,  4, 2, 0},
  {6, 2, "Pascal (Tegra X2)",       2048, 32, 32 * KiB,  64,  48 * KiB,  0,    256, {},             true,  4, 2, 0},
  {7, 0, "Volta",                   2048, 32, 64 * KiB,  96,  96 * KiB,  0,    256, VoltaCarveout,  false, 4, 2, 0},
  {7, 2, "Volta (Xavier)",          2048, 32, 64 * KiB,  96,  96 * KiB,  0,    256, VoltaCarveout,  false, 4, 2, 0},
  {7, 5, "Turing",                  1024, 16, 64 * KiB,  64,  64 * KiB,  0,    256, TuringCarveout, false, 4, 2, 0},
  {8, 0, "Ampere (GA100)",          2048, 32, 64 * KiB, 164, 163 * KiB,  KiB, 128, GA100Carveout,  false, 4, 2, 0},
  {8, 6, "Ampere (GA10x)",          1536, 16, 64 * KiB, 100,  99 * KiB,  KiB, 128, GA10xCarveout,  false, 4, 1, 0},
  {8, 7, "Ampere (Orin)",           1536, 16, 64 * KiB, 164, 163 * KiB,  KiB, 128, GA100Carveout,  false, 4, 1, 0},
  {8, 8, "Ampere (sm_88)",          1536, 16, 64 * KiB, 100,  99 * KiB,  KiB, 128, GA10xCarveout,  false, 4, 1, 0},
  {8, 9, "Ada Lovelace",            1536, 24, 64 * KiB, 100,  99 * KiB,  KiB, 128, GA10xCarveout,  false, 4, 1, 0},
  {9, 0, "Hopper",                  2048, 32, 64 * KiB, 228, 227 * KiB,  KiB, 128, HopperCarveout, false, 4, 2, 0},
  {10, 0, "Blackwell (B200)",       2048, 32, 64 * KiB, 228, 227 * KiB,  KiB, 128, HopperCarveout, false, 4, 2, 128},
  {10, 1, "Blackwell (Thor, sm_101 before CUDA 13)",
                                    1536, 24, 64 * KiB, 228, 227 * KiB,  KiB, 128, HopperCarveout, false, 4, 1, 128},
  {10, 3, "Blackwell (B300)",       2048, 32, 64 * KiB, 228, 227 * KiB,  KiB, 128, HopperCarveout, false, 4, 2, 128},
  {11, 0, "Blackwell (Thor)",       1536, 24, 64 * KiB, 228, 227 * KiB,  KiB, 128, HopperCarveout, false, 4, 1, 128},
  {12, 0, "Blackwell (GB20x)",      1536, 24, 64 * KiB, 100,  99 * KiB,  KiB, 128, GA10xCarveout,  false, 4, 1, 128},
  {12, 1, "Blackwell (GB10)",       1536, 24, 64 * KiB, 100,  99 * KiB,  KiB, 128, GA10xCarveout,  false, 4, 1, 128},
};
// clang-format on

const std::vector<ArchLimits> &table() {
  static const std::vector<ArchLimits> Table = [] {
    std::vector<ArchLimits> T;
    for (const Row &R : Rows)
      T.push_back(makeLimits(R));
    return T;
  }();
  return Table;
}

std::string knownArchList() {
  std::string S;
  for (const ArchLimits &L : table()) {
    if (!S.empty())
      S += ", ";
    S += L.name();
  }
  return S;
}

} // namespace

std::string ArchLimits::name() const { return "sm_" + std::to_string(smVersion()); }

llvm::ArrayRef<ArchLimits> allArchLimits() { return table(); }

const ArchLimits *lookupArch(unsigned SmVersion) {
  for (const ArchLimits &L : table())
    if (L.smVersion() == SmVersion)
      return &L;
  return nullptr;
}

llvm::Expected<unsigned> parseArchName(llvm::StringRef Name) {
  llvm::StringRef S = Name.trim();
  auto Bad = [&] {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid architecture '%s': expected sm_XX (e.g. sm_90)",
                                   Name.str().c_str());
  };
  // "9.0" or "12.1".
  if (S.contains('.')) {
    auto [MajorText, MinorText] = S.split('.');
    unsigned Major, Minor;
    if (MajorText.getAsInteger(10, Major) || MinorText.getAsInteger(10, Minor) || Minor > 9 ||
        Major == 0 || Major > 99)
      return Bad();
    return Major * 10 + Minor;
  }
  if (!S.consume_front_insensitive("sm_") && !S.consume_front_insensitive("compute_"))
    S.consume_front_insensitive("sm");
  // Architecture-specific ("a") and family ("f") variants share the base limits.
  if (S.ends_with_insensitive("a") || S.ends_with_insensitive("f"))
    S = S.drop_back();
  unsigned Version;
  if (S.empty() || S.getAsInteger(10, Version) || Version < 10 || Version > 999)
    return Bad();
  return Version;
}

llvm::Expected<const ArchLimits &> lookupArchByName(llvm::StringRef Name) {
  llvm::Expected<unsigned> Version = parseArchName(Name);
  if (!Version)
    return Version.takeError();
  if (const ArchLimits *L = lookupArch(*Version))
    return *L;
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown architecture '%s' (known: %s)", Name.str().c_str(),
                                 knownArchList().c_str());
}

} // namespace cudalint
