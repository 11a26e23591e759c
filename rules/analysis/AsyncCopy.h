//===- AsyncCopy.h - The asynchronous host-device copies of a TU ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A call that makes an asynchronous copy between host and device: the runtime
// API's cudaMemcpyAsync, cudaMemcpy2DAsync, cudaMemcpy2DToArrayAsync,
// cudaMemcpy2DFromArrayAsync, cudaMemcpy3DAsync (its cudaMemcpy3DParms),
// cudaMemcpyToSymbolAsync and cudaMemcpyFromSymbolAsync, the driver API's
// cuMemcpyHtoDAsync and cuMemcpyDtoHAsync, and the calls of a wrapper the TU
// defines around one of them. For each: the direction (from the
// cudaMemcpyKind the source determines) and the pointer expressions of its
// two sides, as the caller sees them.
//
// A wrapper is a host function that makes exactly one such copy between host
// and device (device-to-device and host-to-host copies beside it do not
// count), whose host pointer comes from one of its parameters, and whose every
// call the TU sees (its address is not taken): `void upload(float *d, const
// float *h, size_t n, cudaStream_t s) { check(cudaMemcpyAsync(d, h, n,
// cudaMemcpyHostToDevice, s)); }`. The host pointer is the parameter itself
// (a pointer), the storage of a container the parameter names or points to
// (`const std::vector<T> &v` read as `v.data()`, `std::vector<T> *dst` as
// `dst->data()`), or the address of a reference parameter (`const T &value`
// read as `&value`). A call of it is the copy, with the wrapper's parameters
// replaced by the call's arguments (the kind too, when it is a parameter) and
// read the same way; wrappers of wrappers are followed three levels deep.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_ASYNCCOPY_H
#define CUDALINT_RULES_ANALYSIS_ASYNCCOPY_H

#include "rules/analysis/CallSites.h"
#include "rules/analysis/HostBufferOrigin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <string>

namespace cudalint {

enum class CopyDirection { HostToDevice, DeviceToHost, Default, NotHostDevice, Unknown };

struct AsyncCopy {
  /// The call that makes the copy: the API's, or a wrapper's.
  const clang::CallExpr *Call = nullptr;
  /// The API call itself (inside the wrapper when Call is a wrapper's).
  const clang::CallExpr *Api = nullptr;
  std::string ApiName;
  /// The wrapper Call calls, or null.
  const clang::FunctionDecl *Wrapper = nullptr;
  CopyDirection Direction = CopyDirection::Unknown;
  /// The pointer expressions of the two sides as Call passes them; null for a
  /// side that is not a host pointer (a symbol, an array, a CUdeviceptr).
  const clang::Expr *Dst = nullptr, *Src = nullptr;
  /// How each side's expression gives the pointer (a wrapper's container or
  /// reference parameter: the call passes the object).
  PointerFrom DstFrom = PointerFrom::Value, SrcFrom = PointerFrom::Value;
  /// For what wrapped() returns: what the host side is is known only at the
  /// calls: it is a pointer parameter of the wrapper, or a parameter whose type
  /// in the template is a template parameter (`const Src &src`). Otherwise (a
  /// `const std::vector<T> &` parameter) its type may already say pageable.
  bool HostKnownAtCallsOnly = false;
  /// The cudaMemcpyKind expression the direction comes from, or null.
  const clang::Expr *Kind = nullptr;
};

class AsyncCopies {
public:
  AsyncCopies(clang::ASTContext &Ctx, CallSites &Callers) : Ctx(Ctx), Callers(Callers) {}

  /// The copy \p C makes, if it is the call of a copy API or of a wrapper.
  std::optional<AsyncCopy> copyAt(const clang::CallExpr *C) { return copyAt(C, 0); }
  /// The copy that \p F wraps (its calls are the copies), or null.
  const AsyncCopy *wrapped(const clang::FunctionDecl *F) { return wrapped(F, 0); }

private:
  std::optional<AsyncCopy> copyAt(const clang::CallExpr *C, unsigned Depth);
  std::optional<AsyncCopy> apiCopy(const clang::CallExpr *C);
  const AsyncCopy *wrapped(const clang::FunctionDecl *F, unsigned Depth);
  CopyDirection directionOf(const clang::Expr *Kind, const clang::Stmt *At);

  clang::ASTContext &Ctx;
  CallSites &Callers;
  /// Each function's wrapped copy (nullopt: not a wrapper); a std::map, so
  /// that what wrapped() returns stays where it is.
  std::map<const clang::FunctionDecl *, std::optional<AsyncCopy>> Wrappers;
  /// wrapped() is reading a template's pattern (an API call's arguments may be dependent).
  bool InPattern = false;
};

} // namespace cudalint

#endif
