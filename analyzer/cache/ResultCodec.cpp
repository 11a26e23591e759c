//===- ResultCodec.cpp - A translation unit's result as bytes, and back ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One description of each struct's fields (the `fields` overloads) serves both
// directions: Writer appends each field, Reader fills it. Integers are LEB128
// (signed ones zig-zagged), strings and lists are a length then their items.
// A field added to a struct and not listed here is simply not cached, so the
// round-trip test (test/lit/cache) compares whole reports, warm against cold.
//
//===----------------------------------------------------------------------===//
#include "analyzer/cache/ResultCodec.h"

#include "llvm/Support/LEB128.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <type_traits>

using namespace llvm;

namespace cudalint {
namespace {

/// Bumped whenever a field or its encoding changes.
constexpr uint64_t CodecVersion = 5;

template <class IO> void fields(IO &IO_, FixIt &F) {
  IO_(F.File), IO_(F.Offset), IO_(F.Length), IO_(F.Replacement), IO_(F.Line), IO_(F.Column),
      IO_(F.Unsafe);
}
template <class IO> void fields(IO &IO_, LaunchInfo &L) {
  IO_(L.Grid), IO_(L.Block), IO_(L.DynamicSmem), IO_(L.Stream);
}
template <class IO> void fields(IO &IO_, FindingNote &N) {
  IO_(N.Message), IO_(N.File), IO_(N.Line), IO_(N.Column);
}
template <class IO> void fields(IO &IO_, Finding &F) {
  IO_(F.RuleId), IO_(F.Level), IO_(F.Message), IO_(F.Notes), IO_(F.File), IO_(F.Line),
      IO_(F.Column), IO_(F.EndLine), IO_(F.EndColumn), IO_(F.SourceLine), IO_(F.Fixes),
      IO_(F.KernelName), IO_(F.KernelDemangled), IO_(F.KernelInstances), IO_(F.Launch);
}
template <class IO> void fields(IO &IO_, KernelFact &K) {
  IO_(K.Key), IO_(K.Name), IO_(K.MangledName), IO_(K.Instances), IO_(K.File), IO_(K.Line),
      IO_(K.Column), IO_(K.EndColumn), IO_(K.SourceLine), IO_(K.HasLaunchBounds),
      IO_(K.InsertOffset);
}
template <class IO> void fields(IO &IO_, LaunchFact &L) {
  IO_(L.KernelKey), IO_(L.KernelMangled), IO_(L.KernelName), IO_(L.File), IO_(L.Line),
      IO_(L.Column), IO_(L.EndColumn), IO_(L.SourceLine), IO_(L.ThreadsPerBlock),
      IO_(L.Block), IO_(L.DynamicSmem), IO_(L.BoundsMaxThreads), IO_(L.BlockSizeParams),
      IO_(L.GridBlocks), IO_(L.GridFromDevice), IO_(L.Archs);
}
template <class IO> void fields(IO &IO_, LocalArrayFact &A) {
  IO_(A.Name), IO_(A.Bytes), IO_(A.DynamicIndex), IO_(A.Line), IO_(A.Column);
}
template <class IO> void fields(IO &IO_, DeviceFunctionFact &F) {
  IO_(F.MangledName), IO_(F.Name), IO_(F.IsKernel), IO_(F.File), IO_(F.Line), IO_(F.Column),
      IO_(F.EndColumn), IO_(F.SourceLine), IO_(F.BoundsMaxThreads), IO_(F.BoundsMinBlocks),
      IO_(F.LocalArrays), IO_(F.MaxRegCount);
}
template <class IO> void fields(IO &IO_, TUFacts &F) {
  IO_(F.Kernels), IO_(F.Launches), IO_(F.SmemOptInKernels), IO_(F.Functions);
}
template <class IO> void fields(IO &IO_, AnalysisError &E) { IO_(E.File), IO_(E.Message); }
template <class IO> void fields(IO &IO_, ReadFile &F) { IO_(F.Path), IO_(F.ContentHash); }
template <class IO> void fields(IO &IO_, TUResult &R) {
  IO_(R.File), IO_(R.Findings), IO_(R.Facts), IO_(R.Errors), IO_(R.CompileErrors),
      IO_(R.CompileErrorCount), IO_(R.IncludedFiles), IO_(R.Parsed), IO_(R.ReadFiles),
      IO_(R.AbsentPaths);
}

template <class IO> void fields(IO &IO_, KernelResources &K) {
  IO_(K.MangledName), IO_(K.DemangledName), IO_(K.Kind), IO_(K.Source), IO_(K.Arch),
      IO_(K.ArchName), IO_(K.Registers), IO_(K.HasRegisters), IO_(K.Barriers), IO_(K.StaticSmem),
      IO_(K.StackFrame), IO_(K.SpillStores), IO_(K.SpillLoads), IO_(K.LocalMem),
      IO_(K.CumulativeStack), IO_(K.Cmem), IO_(K.Textures), IO_(K.Surfaces), IO_(K.Samplers),
      IO_(K.Gmem), IO_(K.CompileTimeMs), IO_(K.Line);
}
template <class IO> void fields(IO &IO_, TranslatedCommand &C) {
  IO_(C.ClangArgs), IO_(C.Directory), IO_(C.File), IO_(C.Archs), IO_(C.PerThreadDefaultStream),
      IO_(C.MaxRegCount), IO_(C.RelocatableDeviceCode), IO_(C.FromCompileDatabase),
      IO_(C.IgnoredFlags);
}
template <class IO> void fields(IO &IO_, FactsFile &F) {
  IO_(F.Tool), IO_(F.Shard), IO_(F.Shards), IO_(F.PlanDigest), IO_(F.Rules), IO_(F.Pedantic),
      IO_(F.CompileErrorsAsNotes), IO_(F.WholeProgram), IO_(F.OccupancyThreshold), IO_(F.Gpu),
      IO_(F.ExtraArgs), IO_(F.CudaPath), IO_(F.Databases), IO_(F.CommandsDigest), IO_(F.Resources),
      IO_(F.PlanErrors), IO_(F.ResourceErrors), IO_(F.Analysed), IO_(F.Roots), IO_(F.Sources),
      IO_(F.Headers), IO_(F.SourceIndex), IO_(F.HeaderIndex), IO_(F.SourceCommands);
}

class Writer {
public:
  explicit Writer(std::string &Out) : Out(Out) {}

  template <class T> void operator()(const T &V) {
    if constexpr (std::is_enum_v<T>)
      integer(static_cast<int64_t>(V));
    else if constexpr (std::is_integral_v<T>)
      integer(V);
    else
      fields(*this, const_cast<T &>(V)); // Writer only reads the fields
  }
  void operator()(const std::string &S) {
    integer(S.size());
    Out += S;
  }
  void operator()(const double &D) { integer(llvm::bit_cast<uint64_t>(D)); }
  template <class K, class V> void operator()(const std::map<K, V> &Items) {
    integer(Items.size());
    for (const auto &[Key, Value] : Items)
      (*this)(Key), (*this)(Value);
  }
  template <class T> void operator()(const std::optional<T> &V) {
    integer(V.has_value());
    if (V)
      (*this)(*V);
  }
  template <class T, size_t N> void operator()(const std::array<T, N> &A) {
    for (const T &V : A)
      (*this)(V);
  }
  template <class T> void operator()(const std::vector<T> &Items) { list(Items); }
  template <class T> void operator()(const std::set<T> &Items) { list(Items); }

private:
  template <class List> void list(const List &Items) {
    integer(Items.size());
    for (const auto &V : Items)
      (*this)(V);
  }
  template <class T> void integer(T V) {
    uint8_t Buf[16];
    unsigned N = std::is_signed_v<T> ? encodeSLEB128(V, Buf) : encodeULEB128(V, Buf);
    Out.append(reinterpret_cast<const char *>(Buf), N);
  }
  std::string &Out;
};

class Reader {
public:
  explicit Reader(StringRef In) : In(In) {}
  bool ok() const { return Ok && In.empty(); }

  template <class T> void operator()(T &V) {
    if constexpr (std::is_enum_v<T>)
      V = static_cast<T>(integer<int64_t>());
    else if constexpr (std::is_same_v<T, bool>)
      V = integer<uint64_t>() != 0;
    else if constexpr (std::is_integral_v<T>)
      V = integer<T>();
    else
      fields(*this, V);
  }
  void operator()(double &D) { D = llvm::bit_cast<double>(integer<uint64_t>()); }
  template <class K, class V> void operator()(std::map<K, V> &Items) {
    Items.clear();
    uint64_t N = count();
    for (uint64_t I = 0; I < N && Ok; ++I) {
      K Key;
      V Value;
      (*this)(Key), (*this)(Value);
      Items.emplace(std::move(Key), std::move(Value));
    }
  }
  void operator()(std::string &S) {
    uint64_t N = integer<uint64_t>();
    if (N > In.size())
      return fail();
    S = In.take_front(N).str();
    In = In.drop_front(N);
  }
  template <class T> void operator()(std::optional<T> &V) {
    V.reset();
    if (integer<uint64_t>())
      (*this)(V.emplace());
  }
  template <class T, size_t N> void operator()(std::array<T, N> &A) {
    for (T &V : A)
      (*this)(V);
  }
  template <class T> void operator()(std::vector<T> &Items) {
    Items.clear();
    uint64_t N = count();
    for (uint64_t I = 0; I < N && Ok; ++I)
      (*this)(Items.emplace_back());
  }
  template <class T> void operator()(std::set<T> &Items) {
    Items.clear();
    uint64_t N = count();
    for (uint64_t I = 0; I < N && Ok; ++I) {
      T V;
      (*this)(V);
      Items.insert(std::move(V));
    }
  }

private:
  void fail() {
    Ok = false;
    In = StringRef();
  }
  /// A list length: every item takes at least one byte.
  uint64_t count() {
    uint64_t N = integer<uint64_t>();
    if (N > In.size()) {
      fail();
      return 0;
    }
    return N;
  }
  template <class T> T integer() {
    if (!Ok || In.empty()) {
      fail();
      return T();
    }
    unsigned N = 0;
    const char *Error = nullptr;
    auto *P = reinterpret_cast<const uint8_t *>(In.data());
    auto *End = P + In.size();
    // A 64-bit value takes at most 10 bytes; LLVM's decoders would shift past 64 bits on a
    // longer (padded) encoding, which only a damaged or forged file holds.
    if (std::find_if(P, std::min(End, P + 10), [](uint8_t B) { return !(B & 0x80); }) ==
        P + 10) {
      fail();
      return T();
    }
    int64_t S = 0;
    uint64_t U = 0;
    if constexpr (std::is_signed_v<T>)
      S = decodeSLEB128(P, &N, End, &Error);
    else
      U = decodeULEB128(P, &N, End, &Error);
    if (Error) {
      fail();
      return T();
    }
    In = In.drop_front(N);
    if constexpr (std::is_signed_v<T>)
      return static_cast<T>(S);
    else
      return static_cast<T>(U);
  }
  StringRef In;
  bool Ok = true;
};

/// The codec's version, then \p V.
template <class T> void encodeVersioned(const T &V, std::string &Out) {
  Writer W(Out);
  W(CodecVersion);
  W(V);
}

/// The value encoded in \p Bytes (all of them) by this codec version, or nothing.
template <class T> std::optional<T> decodeVersioned(StringRef Bytes) {
  Reader Rd(Bytes);
  uint64_t Version = 0;
  Rd(Version);
  if (Version != CodecVersion)
    return std::nullopt;
  T V;
  Rd(V);
  if (!Rd.ok())
    return std::nullopt;
  return V;
}

} // namespace

void encodeTUResult(const TUResult &R, std::string &Out) { encodeVersioned(R, Out); }

std::optional<TUResult> decodeTUResult(StringRef Bytes) { return decodeVersioned<TUResult>(Bytes); }

void encodeFactsFile(const FactsFile &F, std::string &Out) { encodeVersioned(F, Out); }

std::optional<FactsFile> decodeFactsFile(StringRef Bytes) {
  return decodeVersioned<FactsFile>(Bytes);
}

} // namespace cudalint
