//===- HostBufferOrigin.h - Where a host pointer's memory comes from ------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Follows a pointer expression back to the memory it points into, as far as
// the translation unit proves it:
//   - pageable: malloc/calloc/realloc/aligned_alloc/posix_memalign, the
//     global operator new and new[] (also owned by a local std::unique_ptr
//     that only lends it), the storage of a std::vector, std::string
//     (std::allocator), std::array or std::initializer_list, arrays,
//     variables and by-value parameters on the stack, and arrays and
//     variables of static storage;
//   - pinned: cudaMallocHost, cudaHostAlloc, cudaMallocManaged, the driver's
//     cuMemAllocHost/cuMemHostAlloc/cuMemAllocManaged, __managed__ variables,
//     and pageable memory passed to cudaHostRegister (cuMemHostRegister) on
//     every path before the use (a TU that registers a buffer whose origin
//     is not known may have registered any: its pageable buffers are unknown);
//   - device: cudaMalloc, cudaMallocAsync, cudaMallocPitch, cuMemAlloc,
//     __device__ and __constant__ variables, and the storage of a device
//     container (ContainerStorage.h: thrust::device_vector, RMM's and the
//     libraries' Device* containers).
// The pointer is followed through casts, pointer arithmetic and &p[i], locals,
// globals and struct members (every value the TU stores into them: their
// initializers, assignments and allocator out-parameters, when their address
// never escapes), parameters (every call in the TU, when the function's
// address is not taken; two callers up) and small functions that return an
// allocation. When the values disagree, or one of them is not known, the
// origin is unknown.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_HOSTBUFFERORIGIN_H
#define CUDALINT_RULES_ANALYSIS_HOSTBUFFERORIGIN_H

#include "rules/analysis/CallSites.h"
#include "rules/analysis/ContainerStorage.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace cudalint {

enum class MemoryKind { Unknown, Pageable, Pinned, Device };

/// One allocation a pointer may point into.
struct Allocation {
  MemoryKind Kind = MemoryKind::Unknown;
  /// How it was made, to complete "'h' ...": "comes from malloc", "is a
  /// stack array", "comes from cudaMallocHost".
  std::string How;
  /// The allocating function or expression ("malloc", "new[]",
  /// "std::vector"), or the declaration's kind ("stack array").
  std::string By;
  /// The allocation: the allocating expression, or the declaration of the
  /// storage (an array, a container). Identifies the buffer.
  const void *Identity = nullptr;
  clang::SourceLocation Loc;
  /// Loc is the declaration of the storage (an array, a container), not an
  /// allocating expression.
  bool Declared = false;
  /// The storage of a container reached through a pointer or a reference
  /// (`p->data()`, a `const std::vector<T> &` parameter): which object it is
  /// is not known, so a registration of any such container may be its.
  bool Indirect = false;
};

/// What a pointer may point into: every allocation found, and their common
/// kind (Unknown when they disagree or one of them is not known).
struct BufferOrigin {
  MemoryKind Kind = MemoryKind::Unknown;
  llvm::SmallVector<Allocation, 2> Allocations;
  /// A cudaHostRegister of the buffer that pins it at the use.
  const clang::CallExpr *Registered = nullptr;
};

/// How an expression gives a host pointer: it is the pointer; it names a
/// container (or points to one) whose storage is the buffer (a wrapper's
/// `const std::vector<T> &` parameter, read as `v.data()` inside); it names
/// the object whose address is the buffer (a wrapper's `const T &` parameter,
/// read as `&value` inside).
enum class PointerFrom { Value, StorageOf, AddressOf };

class HostBufferOrigin {
public:
  HostBufferOrigin(clang::ASTContext &Ctx, CallSites &Callers) : Ctx(Ctx), Callers(Callers) {}

  /// Where the pointer \p E, evaluated at \p Site, points into. A pageable
  /// buffer that cudaHostRegister pins before \p Site is Pinned, and one that
  /// may be registered on some path only, or in a TU that registers a buffer
  /// of unknown origin, is Unknown.
  BufferOrigin originOf(const clang::Expr *E, const clang::Stmt *Site,
                        PointerFrom From = PointerFrom::Value);

  /// The parent of \p S in the TU, through the whole-TU parent map.
  const clang::Stmt *parentStmt(const clang::Stmt *S);

private:
  struct Values {
    bool Unknown = false;
    llvm::SmallVector<Allocation, 2> Allocs;
    void add(const Values &O);
    void add(Allocation A) { Allocs.push_back(std::move(A)); }
  };

  Values trace(const clang::Expr *E, unsigned Depth);
  Values traceVar(const clang::VarDecl *V, unsigned Depth);
  Values traceField(const clang::FieldDecl *F, unsigned Depth);
  Values traceParam(const clang::ParmVarDecl *P, unsigned Depth);
  Values traceReturn(const clang::FunctionDecl *F, unsigned Depth);
  Values traceCall(const clang::CallExpr *C, unsigned Depth);
  Values storageOf(const clang::Expr *Obj, unsigned Depth, bool AsObject = false);
  Values addressOf(const clang::Expr *Obj, unsigned Depth);
  Values uniquePtrStorage(const clang::VarDecl *V, unsigned Depth);
  /// Every value stored into the variable or field that \p Refs name; adds
  /// Unknown when a reference lets it change unseen.
  void storesThrough(llvm::ArrayRef<const clang::Expr *> Refs, Values &Out, unsigned Depth);
  std::vector<const clang::Expr *> refsTo(const clang::ValueDecl *D, const clang::Stmt *Root);
  const clang::CallExpr *pinningRegistration(const BufferOrigin &O, const clang::Stmt *Site,
                                             bool &MaybeRegistered);
  bool dominates(const clang::Stmt *Before, const clang::Stmt *Site);
  bool inLoop(const clang::Stmt *S);
  void remember(const void *Key, const Values &V);

  clang::ASTContext &Ctx;
  CallSites &Callers;
  llvm::DenseMap<const void *, Values> Memo;
  llvm::DenseMap<const void *, bool> InProgress;
  /// How many parameters are being followed to their callers.
  unsigned CallerLevel = 0;
  std::vector<const clang::CallExpr *> Registrations;
  bool RegistrationsFound = false;
};

/// \p E without parentheses, implicit nodes and casts between pointer types
/// (explicit or not).
const clang::Expr *stripPointerCasts(const clang::Expr *E);

/// The name of \p FD without the suffixes of the API versions
/// (cuMemcpyHtoDAsync_v2, cudaMemcpyAsync_ptsz): the name to look up.
llvm::StringRef apiName(const clang::FunctionDecl *FD);

/// Whether \p FD is declared in a system header (the CUDA toolkit, libc).
bool isSystemFunction(const clang::FunctionDecl *FD);

} // namespace cudalint

#endif
