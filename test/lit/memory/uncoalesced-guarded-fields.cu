// A field read as the guard of the element's other fields (InfiniTAM's voxel hash: `if
// (hashTable[i].ptr >= 0)` then `.pos`; blind memory set of 2026-11-27) is a --pedantic note, as
// are the fields under the guard, even when the thread leaves part of its record unread:
// measured, arrays of their own make the guarded read a second, dependent request and are not
// faster (kernels/studies/guarded_hash_entries.cu). The same fields read without a guard, or both
// in a guard's test, stay warnings, as do all three where a third field is read outside the guard,
// and fields of records larger than the 16 bytes measured.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.ped --check-prefixes=WARN,PED --implicit-check-not=warning: --implicit-check-not=note:

struct V3s { short x, y, z; };
struct Entry { V3s pos; int offset; int ptr; };

__device__ bool visible(const V3s &p, float s) { return p.x * s > 0.f && p.y * s > 0.f; }

__global__ void guarded(const Entry *t, int n, unsigned char *out, float s) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i > n - 1)
    return;
  unsigned char type = 0;
  const Entry &e = t[i];
  if (e.ptr >= 0)
    type = visible(e.pos, s);
  out[i] = type;
}

__global__ void unguarded(const Entry *t, int n, unsigned char *out, float s) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i > n - 1)
    return;
  out[i] = t[i].ptr + t[i].pos.x * s;
}

// Both fields read in the test of a `?:` and again in its arms: no field is read only under the
// other's guard, so they stay warnings.
#define MAX(a, b) ((a) > (b) ? (a) : (b))
__global__ void bothInTest(const Entry *t, int n, int *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n)
    out[i] = MAX(t[i].ptr, t[i].offset);
}

// A third field read outside the guard (Rodinia streamcluster's `p[tid].weight` before `if
// (x_cost < p[tid].cost)`): not the measured idiom, warnings stay.
__global__ void thirdOutside(const Entry *t, int n, float *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  float w = t[i].offset;
  if (t[i].ptr >= 0)
    out[i] = t[i].pos.x * w;
}

// Records larger than the measured 16 bytes (cusph's 512-byte particles, `if (p[i].n.z > 0)` then
// `.n.x`, `.n.y`): warnings stay.
struct Particle { float nx, ny, nz, pad[125]; };
__global__ void largeRecords(const Particle *p, int n, float *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && p[i].nz > 0.f)
    out[i] = p[i].nx * p[i].ny;
}

int main() {
  guarded<<<4, 256>>>(nullptr, 0, nullptr, 1.f);
  unguarded<<<4, 256>>>(nullptr, 0, nullptr, 1.f);
  bothInTest<<<4, 256>>>(nullptr, 0, nullptr);
  thirdOutside<<<4, 256>>>(nullptr, 0, nullptr);
  largeRecords<<<4, 256>>>(nullptr, 0, nullptr);
}




// WARN: uncoalesced-guarded-fields.cu:33:12: warning: lanes of a warp read 't[i].ptr' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:33:12: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:33:12: note: with the other element of 't' each thread reads beside it, the warp uses 192 of the 512 bytes DRAM moves for them in 64-byte segments (38%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:33:12: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:33:23: warning: lanes of a warp read 't[i].pos.x' 16 bytes apart: 16 sectors per request instead of 2 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:33:23: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 64
// WARN: uncoalesced-guarded-fields.cu:33:23: note: with the other element of 't' each thread reads beside it, the warp uses 192 of the 512 bytes DRAM moves for them in 64-byte segments (38%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:33:23: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:42:14: warning: lanes of a warp read 't[i].ptr' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:42:14: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:42:14: note: with the other element of 't' each thread reads beside it, the warp uses 256 of the 504 bytes DRAM moves for them in 64-byte segments (51%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:42:14: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:51:13: warning: lanes of a warp read 't[i].offset' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:51:13: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:51:13: note: with the 2 other elements of 't' each thread reads beside it, the warp uses 320 of the 512 bytes DRAM moves for them in 64-byte segments (63%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:51:13: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:52:7: warning: lanes of a warp read 't[i].ptr' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:52:7: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:52:7: note: with the 2 other elements of 't' each thread reads beside it, the warp uses 320 of the 512 bytes DRAM moves for them in 64-byte segments (63%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:52:7: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:53:14: warning: lanes of a warp read 't[i].pos.x' 16 bytes apart: 16 sectors per request instead of 2 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:53:14: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 64
// WARN: uncoalesced-guarded-fields.cu:53:14: note: with the 2 other elements of 't' each thread reads beside it, the warp uses 320 of the 512 bytes DRAM moves for them in 64-byte segments (63%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:53:14: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:61:16: warning: lanes of a warp read 'p[i].nz' 512 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:61:16: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:61:16: note: with the 2 other elements of 'p' each thread reads beside it, the warp uses 384 of the 1996 bytes DRAM moves for them in 64-byte segments (19%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:61:16: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:62:14: warning: lanes of a warp read 'p[i].nx' 512 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:62:14: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:62:14: note: with the 2 other elements of 'p' each thread reads beside it, the warp uses 384 of the 1996 bytes DRAM moves for them in 64-byte segments (19%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:62:14: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// WARN: uncoalesced-guarded-fields.cu:62:24: warning: lanes of a warp read 'p[i].ny' 512 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// WARN: uncoalesced-guarded-fields.cu:62:24: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// WARN: uncoalesced-guarded-fields.cu:62:24: note: with the 2 other elements of 'p' each thread reads beside it, the warp uses 384 of the 1996 bytes DRAM moves for them in 64-byte segments (19%): later requests hit L1, but the unused bytes still cross from DRAM
// WARN: uncoalesced-guarded-fields.cu:62:24: note: keep the fields each thread uses in arrays of their own (a struct of arrays), or have each thread use every field it fetches: measured, 7 and 5 of 11 floats used cost 1.41x and 1.79x against arrays of their own (kernels/studies/partial_records.cu)
// PED: uncoalesced-guarded-fields.cu:24:7: note: lanes of a warp read 'e.ptr' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// PED: uncoalesced-guarded-fields.cu:24:7: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// PED: uncoalesced-guarded-fields.cu:24:7: note: with the other element of 't' each thread reads beside it, the warp uses 320 of the 512 bytes DRAM moves for them in 64-byte segments (63%): later requests hit L1, but the unused bytes still cross from DRAM
// PED: uncoalesced-guarded-fields.cu:24:7: note: the element's other fields are read only under the guard at line 24, which tests one of them: arrays of their own would make that a second request that waits for the first
// PED: uncoalesced-guarded-fields.cu:24:7: note: measured, such a pass costs nothing against arrays of their own (16-byte hash entries read for 10, 8 or 6 of their bytes, 10% to 100% of them allocated: 0.93x to 1.01x on an H200; kernels/studies/guarded_hash_entries.cu): a note
// PED: uncoalesced-guarded-fields.cu:25:20: note: lanes of a warp read 'e.pos' 16 bytes apart: 16 sectors per request instead of 6 [uncoalesced-global-access]
// PED: uncoalesced-guarded-fields.cu:25:20: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 192
// PED: uncoalesced-guarded-fields.cu:25:20: note: with the other element of 't' each thread reads beside it, the warp uses 320 of the 512 bytes DRAM moves for them in 64-byte segments (63%): later requests hit L1, but the unused bytes still cross from DRAM
// PED: uncoalesced-guarded-fields.cu:25:20: note: the element's other fields are read only under the guard at line 24, which tests one of them: arrays of their own would make that a second request that waits for the first
// PED: uncoalesced-guarded-fields.cu:25:20: note: measured, such a pass costs nothing against arrays of their own (16-byte hash entries read for 10, 8 or 6 of their bytes, 10% to 100% of them allocated: 0.93x to 1.01x on an H200; kernels/studies/guarded_hash_entries.cu): a note
