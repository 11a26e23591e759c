//===- MemoryAccessRule.h - What the two memory-access rules share --------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// uncoalesced-global-access and shared-memory-bank-conflict read the accesses
// that the thread-dependence walk records (AccessEvent, ThreadDependence.h):
// both quote an access and group the events of one location (instantiations,
// block shapes, loop trips) into one finding.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_MEMORYACCESSRULE_H
#define CUDALINT_RULES_MEMORYACCESSRULE_H

#include "rules/ThreadDependenceRule.h"
#include "rules/analysis/lanes/AccessPattern.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>
#include <optional>
#include <utility>
#include <vector>

namespace cudalint {
namespace memrules {

/// The 32-byte sector that byte \p A lies in (rounded down for negative bytes).
inline int64_t floorDiv32(int64_t A) { return A >= 0 ? A / 32 : -((-A + 31) / 32); }

/// The events of \p TD in space \p Sp, by the file location of their access.
using ByLocation = std::map<std::pair<clang::FileID, unsigned>, std::vector<const AccessEvent *>>;
ByLocation groupByLocation(const ThreadDependence &TD, AccessEvent::Space Sp);

/// A scalar access that a thread making the same load (or store) on the same base as a 16-byte
/// vector does not make in the same pass (the other arm of an `if` or `?:`, or after a vector
/// arm that returns or continues), of elements narrower than 16 bytes (not DualSPHysics'
/// `v[p]` of float4s beside `v[p].w`): the scalar fallback of a vectorised fast path, taken at
/// the tail of the data (bitsandbytes' `kgemm_4bit_inference_naive`:
/// `reinterpret_cast<int4 *>(A)[...]`, else `A[inner_idx + k + ...]` for a row's last elements).
bool scalarFallback(const AccessEvent &E, const ThreadDependence &TD);

/// Whether the other accesses of the same thread through the same base in the
/// same walk (the same index up to a constant, `a[2*i]` and `a[2*i+1]`, or
/// other fields of the same struct; loads with loads, stores with stores: a
/// store does not use what a load fetched) together cover every byte between
/// two lanes' elements: the sectors the access fetches are all used.
bool coveredBySiblings(const AccessEvent &E, const ThreadDependence &TD, int64_t Stride);

/// The bytes by which every active lane's offset in \p O is \p E's moved (the same
/// lanes, one constant shift): `p[2 * i + 1]` against `p[2 * i]` is 4. None when the
/// lanes differ or the shift is not the same in every lane.
std::optional<int64_t> patternShift(const LaneValue &E, const LaneValue &O);

/// Whether \p O was recorded by the same walk as \p E (kernel, block shape, launch values,
/// path), on the same base, in the same space and direction.
bool sameWalkAndBase(const AccessEvent &E, const AccessEvent &O);

/// The bank conflict of shared-memory access \p E when nvcc can merge it with
/// the thread's access of the next (or previous) element into one access of
/// twice the size: the same base, lanes, walk and loop, loads with loads and
/// stores with stores, indices a constant apart in the source (through locals)
/// and one element apart in every lane, the pair's first element aligned to the
/// pair's size in every lane (`s[2 * i]` and `s[2 * i + 1]` become one 8-byte
/// access, served per half-warp); also the fields of one element that fill an aligned 8- or
/// 16-byte part of it (`sh[ty][tx].x` and `.y` of a float2). None when there is no such pair,
/// or when the compiled code branches between the two (\p AcrossBranches: the conflict they
/// would have merged).
std::optional<BankConflict> mergedPairConflict(const AccessEvent &E, const ThreadDependence &TD,
                                               bool AcrossBranches = false);

/// Whether `#pragma unroll 1` (or `nounroll`) keeps loop \p Loop rolled (MemoryAccessRule.cpp).
bool unrollDisabled(const clang::Stmt *Loop, const clang::ASTContext &Ctx);

/// The bytes one shared-memory instruction of \p E moves per lane: its size where that is a
/// load or store the hardware has (1, 2, 4, 8, 16 bytes, as aligned), else its type's alignment
/// (a float3 copy is three 4-byte accesses, each with the same lanes' pattern); a struct or array
/// copied at addresses 16 (8) bytes apart into shared memory that ptxas places 16-byte aligned
/// (dynamic memory; a kernel's static arrays in the order declared) moves 16 (8) bytes
/// (MemoryAccessMerges.cpp).
unsigned accessUnit(const AccessEvent &E, const clang::ASTContext &Ctx);

/// Whether the innermost loop around \p E is a short counted loop (`for (int k =
/// 0; k < 4; ++k)`, at most 16 trips) whose trips can cover the \p Stride bytes
/// between two lanes' elements of \p Size bytes (`p[4 * i + k]`, also through
/// locals: its trips then use what the first one fetched, as adjacent accesses do).
bool shortLoopCovers(const AccessEvent &E, int64_t Stride, const clang::ASTContext &Ctx);

/// The counter of \p For when its increment steps it by one (`++i`, `i++`, `i += 1`), or null.
const clang::ValueDecl *steppedCounter(const clang::ForStmt *For);

/// A load in a `for` loop whose counter steps by one and moves it by one element a trip
/// (`voxels[v * 32 + i]`), however many trips the loop takes, unless it is known to take too
/// few to fill a sector: each lane's later trips read the rest of the sectors its first fetched.
bool sweepsOwnSectors(const AccessEvent &E, const clang::ASTContext &Ctx);

/// How many bytes the place \p E names (a subscript, a field, a dereference, through casts and
/// `&a[i]`) moves when \p Counter grows by one; none where that is not known
/// (MemoryAccessLoops.cpp).
std::optional<int64_t> counterBytes(const clang::Expr *E, const clang::ValueDecl *Counter,
                                    const clang::ASTContext &Ctx);

/// A load read once per thread however many trips the loop around it takes (AccessEvent::
/// OncePerThread), in a loop of many trips (not known to take fewer than 32) in which no other
/// global load the walk recorded moves from trip to trip: the loop's trips, not this read, take
/// the time (an all-pairs n-body loop over broadcasts 1.00x and 1.01x, a non-maximum suppression
/// over shared memory 0.99x and 1.01x; kernels/studies/invariant_reads.cu, nms_boxes.cu).
/// Its loop, or null (MemoryAccessLoops.cpp).
const clang::Stmt *readOnceBesideLoop(const AccessEvent &E, const ThreadDependence &TD,
                                      const clang::ASTContext &Ctx);

/// The statement above \p S, through a declaration it initialises (`float4 r = v[p];`).
const clang::Stmt *parentStmt(const clang::Stmt *S, const clang::ASTContext &C);

/// The function whose body holds \p E (MemoryAccessShape.cpp).
const clang::FunctionDecl *holderOf(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The first expression of \p FD's body, in source order, for which \p Match holds, or null
/// (MemoryAccessShape.cpp).
const clang::Expr *findInBody(const clang::FunctionDecl *FD,
                              llvm::function_ref<bool(const clang::Expr *)> Match);

/// A load of neighbouring elements (lanes at most four elements apart) whose thread also reads
/// the memory of the same variable, elements of the same type, in a `for` loop that moves one
/// element a trip (a stencil's centre `src.ptr(2 * y)[2 * x]` and its window `src.ptr(2 * y +
/// yi)[2 * x + xi]`): the window reads the bytes between the lanes.
bool neighbourLoopReads(const AccessEvent &E, int64_t Stride, const clang::ASTContext &Ctx);

/// The most trips of a counted loop that usesFetchedSectors takes to sweep a
/// lane's bytes (`for (k = 0; k < 4; ++k) p[4 * i + k]`), as shortLoopCovers: a
/// longer walk of each thread along its own row is L1-bound and costs (measured on
/// an H100: a row per thread of 1024 floats, 3.11x against a column per thread).
constexpr int64_t MaxSweepTrips = 16;

/// The most loads in which a lane may read its own record (its sibling accesses and the trips
/// of a short loop together) at no measurable cost, the later loads finding their sectors in
/// L1. Measured on an H200 (kernels/studies/record_sweep.cu, 2026-11-28, against the same
/// elements as a struct of arrays): records of float, double and half read in 2 to 12 loads
/// 0.99x to 1.08x (11 of 11 fields 1.02x, partial_records.cu); in 16 loads and more 1.13x to
/// 6.08x (every load touches 32 sectors in L1; strides of 64 and 128 bytes cost most: 16
/// floats 1.93x, 32 halves 3.09x), where DRAM moves no more than the records.
constexpr int64_t MaxRecordLoads = 12;

/// Whether a load of \p E's, lanes \p Stride bytes apart, reads a record whose loads
/// MaxRecordLoads counts: scalar loads (at most 8 bytes; a 16-byte vector is the fix) of lanes at
/// least 32 bytes apart (every measured record of 16 bytes cost nothing: 4 floats 1.01x, 8
/// halves 0.99x).
inline bool countsRecordLoads(const AccessEvent &E, int64_t Stride) {
  return !E.Store && E.Size <= 8 && (Stride < 0 ? -Stride : Stride) >= 32;
}

/// The most statements a loop around an inner loop may hold once unrolled for its trips to
/// count as straight-line accesses side by side (mergedLoopConflict). Between what nvcc 13 was
/// seen to unroll on sm_90 (cuda-convnet2's filterActs, 4 x 16 products: STS.128/LDS.128) and
/// what it kept a loop (SGEMM_CUDA's 2D-blocktiling dot product, 8 x 80: scalar LDS).
constexpr int64_t MaxUnrolledStatements = 256;

/// The bytes that a warp's lanes use (\p Used: [begin, end) ranges, overlapping or not) and the
/// bytes DRAM delivers for them: L2 reads DRAM in 64-byte segments (three doubles of a 512-byte
/// record read 64 bytes a lane; kernels/studies/padded_points.cu), each run of ranges (a row
/// apart from the others) from its lowest byte, which starts a segment, to its highest (what
/// lies beyond is the neighbouring warps'). Accesses: how many elements of each thread they are
/// (a loop's sweep one, a repeated read once), where the caller counts them.
/// Loads: how many scalar loads (or stores) each lane makes for them, a loop's sweep one per trip;
/// First: the one of them at the lowest address (the first met where several are).
struct SectorFill {
  int64_t Bytes = 0;
  int64_t Delivered = 0;
  size_t Accesses = 0;
  int64_t Loads = 0;
  const AccessEvent *First = nullptr;
};
SectorFill fillOf(std::vector<std::pair<int64_t, int64_t>> Used);

/// Whether the bytes used fill at least two thirds of the 64-byte segments they lie in. What the
/// rest costs is the DRAM bytes nobody uses: measured on an H200 (kernels/studies/
/// partial_records.cu), a thread reading fields of its own record against the same fields as
/// arrays of their own: 6 of 11 floats (55% filled) 1.61x, 5 of 9 (56%) 1.50x, 7 of 11 (64%)
/// 1.41x, 2 of 3 (67%) 1.14x, 8 of 11 (73%) 1.31x, 6 of 8 (75%) 1.23x, 9 of 11 (82%) 1.19x, 10
/// of 11 1.10x, all 11 1.02x; in the same run a lane stride of two floats (50%), the cheapest
/// stride the rule reports, 1.22x; `.x`, `.y`, `.z` of a float4 (75%) 1.16x against a float3
/// array, and three doubles of 512-byte records (24 of 64 bytes) 2.53x against arrays of their
/// own (kernels/studies/padded_points.cu). Below two thirds every case costs more than that
/// stride; from two thirds on the cost depends on the record (1.14x to 1.31x), and the blind
/// labellers left two thirds silent (x and y of (x, y, score) points).
inline bool fillsSegments(const SectorFill &F) {
  return F.Bytes > 0 && 3 * F.Bytes >= 2 * F.Delivered;
}

/// The bytes that the lanes of a warp use through \p E and the other accesses of its kind (loads
/// or stores) on the same base in the same walk with the same lanes' pattern, moved (in the same
/// loop, also in the other trips of a short counted loop or beside it; over the trips of the
/// counted loops of at most MaxSweepTrips around it, one inside another, while they stay within
/// the lane's record); no Bytes where the lanes' bytes are not known.
SectorFill fetchedFill(const AccessEvent &E, const ThreadDependence &TD,
                       const clang::ASTContext &Ctx);

/// Whether the bytes of fetchedFill fill at least two thirds of their segments
/// (fillsSegments): the sectors one request fetches are used by the next ones; for loads, in at
/// most MaxRecordLoads loads a lane (sweptRecord).
bool usesFetchedSectors(const AccessEvent &E, const ThreadDependence &TD,
                        const clang::ASTContext &Ctx);

/// Scalar loads that fill their segments (fillsSegments) in more than MaxRecordLoads loads a
/// lane, the lanes at least 32 bytes apart (countsRecordLoads): each thread reads a record too
/// long to read element by element (gsplat's SH encoder, 48 coefficients as `src[k * 3 + c]`
/// over 16 trips).
bool sweptRecord(const AccessEvent &E, const SectorFill &F);

/// A struct element, loaded field by field, copied whole into a local that the function reads
/// only through some of its scalar fields (`TSurfel surfel = surfels[id]; ... surfel.confidence
/// ... surfel.timestamp`, InfiniTAM): nvcc loads those fields alone. The local and the fields, in
/// declaration order; none when the copy is used otherwise (passed on, written, its address
/// taken, a nested field) or uses every field.
struct CopiedFields {
  const clang::VarDecl *Copy = nullptr;
  std::vector<const clang::FieldDecl *> Fields;
};
std::optional<CopiedFields> fieldsReadOfCopy(const AccessEvent &E, const clang::ASTContext &Ctx);

/// Whether \p FD states a block narrower than a warp (`assert(blockDim.x == 4)`):
/// the multiple-of-32 x-extent that is assumed without a known launch would be wrong.
bool statesNarrowBlock(const clang::FunctionDecl *FD, const clang::ASTContext &Ctx);

/// Whether \p E was walked under an assumed block shape: no launch in the
/// translation unit gives its kernel's block shape (or none with a known one).
/// The walk then takes blocks of at least 32 threads in x, and threadIdx.y/z
/// the same in a warp.
bool assumedShape(const AccessEvent &E);

/// Where load \p E and another load of the same element (another field of a record) are one
/// the guard of the other (`if (t[i].ptr >= 0) f(t[i].pos)`), and every load of the element's
/// fields but the guard's lies under that guard: the branch, else null (the rule asks only for
/// records of at most 16 bytes, the size measured). Measured,
/// such a pass costs nothing against arrays of their own even with most of each record unread
/// (kernels/studies/guarded_hash_entries.cu): the fix adds a dependent request.
const clang::Stmt *guardedSiblings(const AccessEvent &E, const ThreadDependence &TD);

/// Where \p E was walked under one of the blocks its launch picks among at run time
/// (BlockShape::Choices), or under the block of a launch in another file (BlockShape::
/// Elsewhere), a note line saying so ("with blocks of 256 threads, one of ..."), else empty.
std::string shapeOriginNote(const AccessEvent &E, const clang::ASTContext &Ctx);

/// `blockIdx.x * C + threadIdx.x` or `threadIdx.y * C + threadIdx.x` in \p FD with C a constant
/// multiple of 32 (nvdiffrast's `blockIdx.x * AA_DISCONTINUITY_KERNEL_BLOCK_WIDTH + threadIdx.x`,
/// `s_bary[threadIdx.x + threadIdx.y * 32]`): an index that is right only with blocks C threads
/// wide, so a warp is one row even where no launch says so.
/// The first such expression, or null.
const clang::Expr *warpRowsIndex(const clang::FunctionDecl *FD, const clang::ASTContext &Ctx);
/// warpRowsIndex of \p E's kernel, else of the function that holds \p E.
const clang::Expr *warpRowsIndex(const AccessEvent &E, const clang::ASTContext &Ctx);

/// Whether \p E's warp may span rows of blocks narrower than 32 threads: an assumed shape, a
/// kernel that reads threadIdx.y or blockDim.y, and no warpRowsIndex.
bool rowsMayNarrow(const AccessEvent &E, const clang::ASTContext &Ctx);

/// The narrowest block, in threads along x, that a kernel reading threadIdx.y
/// or blockDim.y (2-D blocks) is taken to run with when no launch says: 8x8
/// is the narrowest common 2-D shape. A warp then spans 32 / 8 rows.
constexpr unsigned NarrowestRow = 8;

/// The fewest 32-byte sectors that the first \p Width lanes of \p E (one row of
/// a block \p Width threads wide: threadIdx.x 0 to Width - 1, threadIdx.y the
/// same) touch, wherever the row starts; 0 when one of them is inactive.
unsigned rowSectorsAtLeast(const AccessEvent &E, unsigned Width);

/// The fewest 32-byte sectors the 32 lanes of \p E touch when each row of a narrow block
/// (NarrowestRow threads wide, a warp over several rows) reads every S bytes (S more than the
/// element and at most 32), the rows lie a multiple of S apart and differ (the index depends on
/// threadIdx.y): a sector then holds at most ceil(32 / S) of them, whatever the rows' distance
/// (nvdiffrast's `((float2 *)p.dy)[pidx * 2]` with 8x8 blocks: at least 16 for 8). 0 otherwise.
unsigned stridedRowsSectorsAtLeast(const AccessEvent &E);

/// The least bank conflict of the first \p Width lanes of \p E, wherever the
/// row starts within a word.
unsigned rowConflictAtLeast(const AccessEvent &E, unsigned Width);

/// The note that names the assumption of an assumed shape:
/// "assuming blocks of at least 32 threads in x: no launch of 'k' in this file
/// gives the block shape", with \p Rows appended when not empty.
std::string assumptionNote(const AccessEvent &E, const std::string &Rows,
                           const clang::ASTContext &Ctx);

/// "read", "write" or "read and write" for the events of one location.
std::string verbOf(const std::vector<const AccessEvent *> &Events);

/// The walked functions of \p Events, once each.
std::vector<const clang::FunctionDecl *> rootsOf(const std::vector<const AccessEvent *> &Events);

} // namespace memrules
} // namespace cudalint

#endif
