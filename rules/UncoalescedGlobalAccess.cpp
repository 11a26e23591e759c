//===- UncoalescedGlobalAccess.cpp - uncoalesced-global-access ------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Flags a load or store of global memory (through a kernel's pointer
// parameter, or a device function's parameter bound to one) whose lanes touch
// at least twice the 32-byte sectors that the same elements need when
// consecutive. The memory system moves global memory in 32-byte sectors: one
// warp-wide request is split into the sectors its lanes' addresses fall in,
// each a separate transfer, so a request whose lanes are far apart moves many
// times the bytes it uses (measured on an H100: a lane stride of 2, 4 and 32
// floats costs 1.50x, 2.06x and 6.86x a unit-stride load; kernels/memory_idioms.cu).
// The per-lane addresses come from the thread-dependence walk (AccessEvent in
// rules/analysis/lanes/ThreadDependence.h, sectors in AccessPattern.h): known
// only where the index is an exact function of the lane (constants, macros,
// block shapes, launch arguments, loop counters), or grows faster than it by
// gaps known from below (packed triangular storage, `(i + 1) * (i + 2) / 2`:
// "at least N sectors"), or row by row where a block narrower than a warp indexes rows a
// run-time pitch apart (`x + y * width` in 16x16 blocks). A runtime stride, a
// data-dependent index, a broadcast and unit-stride or grid-stride indexing
// are silent, and so is an access whose thread also reads (for a store: writes)
// the bytes between its lanes' elements through the same base (`a[2*i]` with
// `a[2*i+1]`, every field of a struct), which measured no slower than the
// vector access, or at least two thirds of the 64-byte segments in which
// L2 reads them from DRAM (fields read of a record cost what the DRAM bytes
// nobody uses do: 7 of 11 floats 1.41x, 2 of 3 1.14x, three doubles of a
// 512-byte record 2.53x; kernels/studies/partial_records.cu, padded_points.cu);
// a store is never covered by loads (one field written back into structs the
// thread read whole: 1.92x against a struct of arrays). A load the same on every trip
// of a loop that stores nothing to global memory, beside no load that moves with it, is
// read once per thread while the loop takes the time: a --pedantic note (1.00x, 0.99x;
// kernels/studies/invariant_reads.cu, nms_boxes.cu).
//
//===----------------------------------------------------------------------===//
#include "rules/MemoryAccessRule.h"
#include "rules/RuleRegistry.h"
#include "rules/analysis/lanes/AccessPattern.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <algorithm>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

class UncoalescedGlobalAccess : public ThreadDependenceRule {
public:
  using ThreadDependenceRule::ThreadDependenceRule;

  void reportFrom(const ThreadDependence &TD) override {
    ASTContext *AST = TD.context();
    if (!AST)
      return;
    const SourceManager &SM = AST->getSourceManager();
    for (auto &[Key, Events] : memrules::groupByLocation(TD, AccessEvent::Space::Global)) {
      // The worst request of the location (instantiations, block shapes, trips); a --pedantic
      // note where every request's cost is only that of rows narrower than a sector.
      Pick Warn, Note;
      std::vector<const AccessEvent *> Reported;
      for (const AccessEvent *E : Events) {
        Copied Copy = copiedFields(*E, *AST);
        SectorCount C = Copy.Field ? Copy.C : sectorsOf(E->Offset, E->Size);
        // Fewer than 4 sectors (a few lanes, or a broadcast per row of a 2-D block) cost
        // no more than one unit-stride request of floats: nothing to gain.
        if (!C.Ideal || C.Sectors < 2 * C.Ideal || C.Sectors < 4)
          continue;
        // At most 8 distinct elements in at most 8 sectors (a few lanes active, `if (sub
        // == 0)`; groups of lanes reading one field of each group's block, `x->d` of
        // quantised blocks) cost at most two unit-stride requests of floats.
        if (C.Elements <= 8 && C.Sectors <= 8)
          continue;
        // The scalar tail of a vectorised fast path (the fast path is judged on its own).
        if (memrules::scalarFallback(*E, TD))
          continue;
        int64_t Stride = C.Stride < 0 ? -C.Stride : C.Stride;
        // Rows a pitch not known apart (usesFetchedSectors counts them row by row): consecutive
        // elements in rows narrower than a sector (8x8 blocks of bytes) fill their row, and
        // the sectors are still half empty; measured, a block of as many threads in rows of 32
        // takes as long (0.99x), so it is a note.
        bool Rows = E->Offset.RowLanes != 0;
        bool NarrowRowsOnly = Rows && !Copy.Field && !C.AtLeast &&
                              memrules::coveredBySiblings(*E, TD, Stride);
        if (!Copy.Field && !NarrowRowsOnly &&
            (C.AtLeast ? growingCovered(*E, TD, *AST)
                       : (!Rows && memrules::coveredBySiblings(*E, TD, Stride)) ||
                             memrules::shortLoopCovers(*E, Stride, *AST) ||
                             memrules::usesFetchedSectors(*E, TD, *AST) ||
                             memrules::neighbourLoopReads(*E, Stride, *AST)))
          continue;
        // A load whose loop's counter moves it one element a trip, each request at most twice
        // the sectors it uses: the next trip reads the rest of each sector from L1 (PointPillars'
        // `voxels[voxel_index * 32 + i]` of float4s, 1.02x against interleaved points;
        // kernels/studies/narrow_rows.cu).
        if (!Copy.Field && !C.AtLeast && C.Sectors <= 2 * C.Ideal &&
            memrules::sweepsOwnSectors(*E, *AST))
          continue;
        if (memrules::assumedShape(*E) && memrules::statesNarrowBlock(E->Root, *AST))
          continue;
        // No launch gives the shape and the kernel reads threadIdx.y: a warp may span
        // rows of a block as narrow as 8 threads. Only a verdict that holds then too:
        // one row's lanes alone touch twice the sectors 32 consecutive elements need, or
        // every row reads every S bytes with the rows a multiple of S apart.
        if (memrules::rowsMayNarrow(*E, *AST) &&
            memrules::rowSectorsAtLeast(*E, memrules::NarrowestRow) < std::max(2 * E->Size, 4u) &&
            memrules::stridedRowsSectorsAtLeast(*E) < 2 * C.Ideal)
          continue;
        // Read once per thread beside a loop whose trips take the time: a note.
        const Stmt *Once = memrules::readOnceBesideLoop(*E, TD, *AST);
        // One field the guard of the element's others, or read under a guard on them, in
        // records of at most 16 bytes (as measured): a note.
        const Stmt *Guard = Copy.Field || Stride > 16 ? nullptr : memrules::guardedSiblings(*E, TD);
        if ((NarrowRowsOnly || Once || Guard) && !Ctx.Pedantic)
          continue;
        Reported.push_back(E);
        Pick &P = NarrowRowsOnly || Once || Guard ? Note : Warn;
        if (!P.E || C.Sectors * P.C.Ideal > P.C.Sectors * C.Ideal)
          P = Pick{E, C, Copy, Once, Guard};
      }
      const Pick &Worst = Warn.E ? Warn : Note;
      if (!Worst.E)
        continue;
      // Accesses beside it that fill part of its sectors (fields 0-6 of an 11-float record).
      memrules::SectorFill Fill;
      if ((Warn.E || Worst.Guard) && !Worst.Copy.Field && !Worst.C.AtLeast)
        Fill = memrules::fetchedFill(*Worst.E, TD, *AST);
      // A record read whole in many loads is one finding, at its load of the lowest address.
      if (memrules::sweptRecord(*Worst.E, Fill) && Fill.First &&
          Fill.First->Access != Worst.E->Access)
        continue;
      // Lanes twice as far apart from one trip to the next of a loop walked trip by trip (a
      // scan's or a reduction's tree over global memory, `2 * l * i` with l doubled each trip;
      // not `p[i * k]` with k counting up).
      std::set<int64_t> Strides;
      for (const AccessEvent *O : Events)
        if (!O->Trip.empty() && O->Root == Worst.E->Root && O->Shape == Worst.E->Shape &&
            O->Offset.K == LaneValue::Lane)
          if (int64_t St = sectorsOf(O->Offset, O->Size).Stride)
            Strides.insert(St < 0 ? -St : St);
      bool Tree = Strides.size() >= 2 &&
                  std::adjacent_find(Strides.begin(), Strides.end(), [](int64_t A, int64_t B) {
                    return B != 2 * A;
                  }) == Strides.end();
      Finding *F = report(SM, Worst.E->Access->getSourceRange(),
                          message(*Worst.E, Worst.C, Worst.Copy, Fill, memrules::verbOf(Reported),
                                  !Warn.E && !Worst.Once && !Worst.Guard, Worst.Once,
                                  Worst.Guard, Tree, *AST));
      if (!F)
        continue;
      if (!Warn.E)
        F->Level = Severity::Note;
      attributeToKernel(F, Worst.E->Root, memrules::rootsOf(Reported));
    }
  }

private:
  /// A struct element copied into a local of which the thread reads some fields only
  /// (memrules::fieldsReadOfCopy): the request of the first field with the most sectors
  /// against its ideal, or no Field where the fields read together fill at least two thirds
  /// of the 64-byte segments they touch (memrules::fillsSegments); Fill, the fields together.
  struct Copied {
    const FieldDecl *Field = nullptr;
    SectorCount C;
    std::optional<memrules::CopiedFields> Fields;
    memrules::SectorFill Fill; // of the fields together
  };
  struct Pick {
    const AccessEvent *E = nullptr;
    SectorCount C;
    Copied Copy;
    const Stmt *Once = nullptr;  // memrules::readOnceBesideLoop
    const Stmt *Guard = nullptr; // memrules::guardedSiblings
  };
  static Copied copiedFields(const AccessEvent &E, const ASTContext &AST) {
    Copied Out;
    Out.Fields = memrules::fieldsReadOfCopy(E, AST);
    bool Rows = E.Offset.K == LaneValue::Varying && E.Offset.RowLanes; // counted per row
    if (!Out.Fields || (E.Offset.K != LaneValue::Lane && !Rows) || E.Offset.HasFactor)
      return Out;
    std::vector<std::pair<int64_t, int64_t>> Fields; // within the struct
    for (const FieldDecl *FD : Out.Fields->Fields) {
      int64_t Off = AST.toCharUnitsFromBits(AST.getFieldOffset(FD)).getQuantity();
      auto Size = static_cast<unsigned>(AST.getTypeSizeInChars(FD->getType()).getQuantity());
      LaneValue At = E.Offset;
      for (int64_t &L : At.L)
        L += Off;
      SectorCount C = sectorsOf(At, Size);
      if (C.Ideal && (!Out.Field || C.Sectors * Out.C.Ideal > Out.C.Sectors * C.Ideal)) {
        Out.Field = FD;
        Out.C = C;
      }
      Fields.push_back({Off, Off + Size});
    }
    // Fields that lie together in each lane (`x`, `y`, `z` of one struct) fill sectors a
    // single field leaves: judged together, each lane's fields at its offset (rows a pitch
    // not known apart as far apart as no offset is).
    std::vector<std::pair<int64_t, int64_t>> Used;
    for (unsigned I = 0; I < WarpLanes; ++I)
      if (E.Offset.Active & (1u << I)) {
        int64_t At = E.Offset.L[I] + (Rows ? int64_t(I / E.Offset.RowLanes) << 44 : 0);
        for (auto [B, End] : Fields)
          Used.push_back({At + B, At + End});
      }
    Out.Fill = memrules::fillOf(std::move(Used));
    Out.Fill.Accesses = Fields.size();
    if (memrules::fillsSegments(Out.Fill))
      Out.Field = nullptr;
    return Out;
  }

  /// An index that grows faster than the lane (its sectors known from below) is left alone
  /// where something may fill the gaps: a short counted loop around it, or another such
  /// access of the same base in the same direction.
  static bool growingCovered(const AccessEvent &E, const ThreadDependence &TD,
                             const ASTContext &AST) {
    if (memrules::shortLoopCovers(E, 1, AST))
      return true;
    for (const AccessEvent &O : TD.accesses())
      if (&O != &E && O.Access != E.Access && O.Offset.MinGaps && O.Sp == E.Sp &&
          O.Root == E.Root && O.Shape == E.Shape && O.Base == E.Base && O.Store == E.Store)
        return true;
    return false;
  }

  static std::string message(const AccessEvent &E, const SectorCount &C, const Copied &Copy,
                             const memrules::SectorFill &Fill, const std::string &Verb,
                             bool NarrowRows, const Stmt *Once, const Stmt *Guard, bool Tree,
                             ASTContext &AST) {
    std::string Text = sourceText(E.Access, AST);
    // The field of the element: `p[i].x`, and `p->x` for `*p` (`*p.x` would read otherwise).
    if (const auto *U = dyn_cast<UnaryOperator>(E.Access->IgnoreParens());
        Copy.Field && U && U->getOpcode() == UO_Deref) {
      const Expr *Sub = U->getSubExpr()->IgnoreImpCasts();
      std::string P = sourceText(U->getSubExpr(), AST);
      Text = isa<ParenExpr, DeclRefExpr, CallExpr, MemberExpr, ArraySubscriptExpr>(Sub)
                 ? P
                 : "(" + P + ")";
      Text += "->" + Copy.Field->getNameAsString();
    } else if (Copy.Field) {
      Text += "." + Copy.Field->getNameAsString();
    }
    int64_t Stride = C.Stride < 0 ? -C.Stride : C.Stride;
    std::string Apart = Stride ? " " + std::to_string(Stride) + (Stride == 1 ? " byte" : " bytes") +
                                     " apart"
                               : " spread over " + std::to_string(C.Span + E.Size) + " bytes";
    if (NarrowRows)
      Apart = " in rows of " + std::to_string(E.Offset.RowLanes * E.Size) + " bytes";
    // Lanes a sector or more apart touch a sector each, however far apart they are.
    std::string AtLeast = C.AtLeast && C.MinGap < 32 ? "at least " : "";
    if (C.AtLeast)
      Apart = " at least " + std::to_string(C.MinGap) + " bytes apart";
    std::string Head = fitLine("lanes of a warp " + Verb + " ", Text,
                               Apart + ": " + AtLeast + std::to_string(C.Sectors) +
                                   " sectors per request instead of " + std::to_string(C.Ideal));
    unsigned Used = C.Ideal * 32 < C.Lanes * E.Size ? C.Ideal * 32 : C.Lanes * E.Size;
    std::string Why = "each 32-byte sector is a separate transfer: one request of the warp moves " +
                      AtLeast + std::to_string(C.Sectors * 32) + " bytes to use " +
                      std::to_string(Used);
    if (C.AtLeast && E.Offset.ByFactor)
      Why += "\nthe index is the thread index times a value not known here but known from below "
             "(as 'gridDim.x * 32' is at least 32): these are the gaps where that value is least; "
             "a larger one only puts the lanes further apart";
    else if (C.AtLeast)
      Why += "\nthe index grows faster than the thread index (a product of two values that grow "
             "with it, as in packed triangular storage): these are the gaps of the warp where they "
             "are smallest; lanes of warps further into the grid are further apart";
    if (Copy.Field) {
      std::string Names;
      for (size_t I = 0; I < Copy.Fields->Fields.size(); ++I)
        Names += (I ? I + 1 == Copy.Fields->Fields.size() ? " and '" : ", '" : "'") +
                 Copy.Fields->Fields[I]->getNameAsString() + "'";
      Why += "\nthe copy '" + Copy.Fields->Copy->getNameAsString() + "' of the whole " +
             std::to_string(E.Size) + "-byte struct is read only through " + Names +
             ": the compiler loads " +
             (Copy.Fields->Fields.size() == 1 ? "that field" : "those fields") +
             " alone, each lane's from a struct of its own";
    }
    // With the accesses beside it the sectors are partly used: say how much, and what it costs.
    auto Fills = [](const memrules::SectorFill &F, const char *Whose) {
      return std::to_string(F.Bytes) + " of the " + std::to_string(F.Delivered) +
             " bytes DRAM moves for " + Whose + " in 64-byte segments (" +
             std::to_string((200 * F.Bytes / F.Delivered + 1) / 2) +
             "%): later requests hit L1, but the unused bytes still cross from DRAM";
    };
    bool Partly = !E.Store && Fill.Bytes > static_cast<int64_t>(Used);
    bool Swept = memrules::sweptRecord(E, Fill);
    if (Swept) {
      std::string Which;
      if (Fill.Accesses > 1)
        Which = "this one and " + std::to_string(Fill.Accesses - 1) +
                (Fill.Accesses == 2 ? " other" : " others");
      if (Fill.Loads > static_cast<int64_t>(Fill.Accesses))
        Which += (Which.empty() ? "" : ", ") + std::string("over the trips of its loop");
      int64_t Own = Fill.Bytes / C.Lanes;
      std::string Bytes = std::to_string(Own) + " bytes";
      Why += "\neach thread reads " +
             (Own == std::abs(C.Stride) ? "the whole of its record, " + Bytes + ","
                                        : Bytes + " of its record") +
             " in " + std::to_string(Fill.Loads) + " loads (" + Which +
             "): DRAM moves little more than the warp uses, but each load touches " +
             std::to_string(C.Sectors) + " sectors in L1\nmeasured against a struct of arrays, "
             "records read in up to 12 loads cost nothing (0.99x to 1.08x), in 16 loads and more "
             "1.13x to 6.08x (16 floats 1.93x, 48 floats 2.20x; kernels/studies/record_sweep.cu)";
    } else if (Partly && Fill.Accesses > 1)
      Why += "\nwith the " +
             (Fill.Accesses == 2 ? "other element"
                                 : std::to_string(Fill.Accesses - 1) + " other elements") +
             " of '" + E.Base->getNameAsString() + "' each thread reads beside it, the warp uses " +
             Fills(Fill, "them");
    else if (Partly)
      Why += "\nover the trips of its loop the warp uses " + Fills(Fill, "it");
    if (Copy.Field && Copy.Fill.Accesses > 1)
      Why += "\ntogether the fields use " + Fills(Copy.Fill, "them");
    std::string Fix;
    if (Once)
      Fix = "its address is the same on every trip of the loop at line " +
            std::to_string(AST.getSourceManager().getPresumedLineNumber(Once->getBeginLoc())) +
            ", which stores nothing to global memory and reads none that moves from trip to "
            "trip: nvcc keeps the value in a register, so each thread reads it once and the "
            "loop's trips take the time\nmeasured, such reads cost nothing against a struct of "
            "arrays (an all-pairs n-body loop 1.00x and 1.01x, a non-maximum suppression over "
            "shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu): a "
            "note; where the loop takes few trips, the read is the kernel's traffic and a struct "
            "of arrays pays";
    else if (Guard)
      Fix = "the element's other fields are read only under the guard at line " +
            std::to_string(AST.getSourceManager().getPresumedLineNumber(Guard->getBeginLoc())) +
            ", which tests one of them: arrays of their own would make that a second request "
            "that waits for the first\nmeasured, such a pass costs nothing against arrays of "
            "their own (16-byte hash entries read for 10, 8 or 6 of their bytes, 10% to 100% of "
            "them allocated: 0.93x to 1.01x on an H200; kernels/studies/guarded_hash_entries.cu): "
            "a note";
    else if (NarrowRows)
      Fix = "measured, such rows cost nothing against a block of as many threads in rows of 32 "
            "(8x8 against 32x2 blocks of bytes 0.99x, 4x8 against 32x1 of floats 1.00x; "
            "kernels/studies/narrow_rows.cu): a note; what made those copies 3.4x and 5.3x "
            "faster was blocks of 256 threads";
    else if (Tree)
      Fix = "the lanes spread further apart each trip, as a tree's levels do: run the tree in "
            "shared memory (each block loads its part with consecutive lanes, runs every level "
            "there and writes the result back once), or use cub::BlockScan or cub::BlockReduce";
    else if (C.AtLeast)
      Fix = "keep the elements the lanes use together where consecutive lanes find them at "
            "consecutive addresses (a separate array of them, or a layout indexed by the thread "
            "index), or stage them through shared memory";
    else if (Swept)
      Fix = "read each thread's record in 16-byte vectors (float4, uint4: 1.00x to 1.28x "
            "against a struct of arrays), or keep its elements in arrays of their own (a struct "
            "of arrays)";
    else if ((Partly && Fill.Accesses > 1) || (Copy.Field && Copy.Fill.Accesses > 1))
      Fix = "keep the fields each thread uses in arrays of their own (a struct of arrays), or "
            "have each thread use every field it fetches: measured, 7 and 5 of 11 floats used "
            "cost 1.41x and 1.79x against arrays of their own (kernels/studies/"
            "partial_records.cu)";
    else if ((Copy.Field || isa<MemberExpr>(E.Access->IgnoreParenImpCasts())) && Stride)
      Fix = "the lanes use one " +
            std::to_string(Copy.Field ? AST.getTypeSizeInChars(Copy.Field->getType()).getQuantity()
                                      : E.Size) +
            "-byte field of " +
            std::to_string(Stride) +
            "-byte structs: keep that field in an array of its own (a struct of arrays), or "
            "have each thread use every field it fetches";
    else if (Stride && Stride <= 4 * static_cast<int64_t>(E.Size))
      Fix = "make consecutive lanes use consecutive elements; where one thread needs "
            "neighbouring elements, load them together as a vector type (float2, float4)";
    else
      Fix = "make threadIdx.x index the contiguous dimension (the last subscript), or stage the "
            "data through shared memory as a tiled transpose does, so that each request reads "
            "consecutive elements";
    std::string Where;
    if (E.Shape && E.Shape->Block && (*E.Shape->Block)[0] < 32)
      Where = "\nwith blocks of " + std::to_string((*E.Shape->Block)[0]) + "x" +
              std::to_string((*E.Shape->Block)[1]) + " threads, one warp spans " +
              std::to_string(32 / std::max<int64_t>(1, (*E.Shape->Block)[0])) +
              " values of threadIdx.y";
    if (!E.Warps.empty())
      Where += "\n" + E.Warps;
    if (E.Offset.K == LaneValue::Varying && E.Offset.RowLanes)
      Where += "\nthe rows lie a run-time pitch apart, not known here: each row of " +
               std::to_string(E.Offset.RowLanes) + " lanes is counted in sectors of its own";
    if (memrules::assumedShape(E)) {
      std::string Rows;
      unsigned Strided = memrules::stridedRowsSectorsAtLeast(E);
      if (memrules::rowsMayNarrow(E, AST) && Strided > memrules::rowSectorsAtLeast(E, 16))
        Rows = "with blocks as narrow as 8 threads (a warp over several rows) it still touches at "
               "least " + std::to_string(Strided) + " sectors: each row reads every " +
               std::to_string(E.Offset.L[1] - E.Offset.L[0]) + " bytes, and the rows lie a "
               "multiple of that apart";
      else if (memrules::rowsMayNarrow(E, AST))
        Rows = "with blocks 8 or 16 threads wide (a warp over several rows) it still touches at "
               "least " +
               std::to_string(memrules::rowSectorsAtLeast(E, 8)) + " and " +
               std::to_string(memrules::rowSectorsAtLeast(E, 16)) + " sectors";
      Where += "\n" + memrules::assumptionNote(E, Rows, AST);
    }
    if (std::string Chosen = memrules::shapeOriginNote(E, AST); !Chosen.empty())
      Where += "\n" + Chosen;
    if (!E.Trip.empty())
      Where += "\nin the loop's trip where " + E.Trip;
    if (!E.Args.empty())
      Where += "\nwith the values every launch passes: " + E.Args;
    if (!E.Arm.empty())
      Where += "\non " + E.Arm;
    return Head + "\n" + Why + Where + "\n" + Fix;
  }
};

} // namespace

std::unique_ptr<Rule> createUncoalescedGlobalAccess(const RuleInfo &Info, RuleContext &Ctx) {
  return std::make_unique<UncoalescedGlobalAccess>(Info, Ctx);
}

} // namespace cudalint
