//===- ContainerStorage.h - Where a container's storage lives, by its type ===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A class a pointer is taken from (`v.data()`, `p.get()`, `&v[0]`, `l.begin()`)
// says by its type alone where the memory it hands out lives:
//   - host, pageable: std::vector and std::basic_string with std::allocator
//     (the allocator is operator new), std::initializer_list (its backing
//     array, on the stack or in static storage), std::array (the object's own
//     storage), std::unique_ptr with std::default_delete (what it owns came
//     from new, new[] or std::make_unique: HostBufferOrigin checks where);
//   - device: thrust::device_ptr, and a class whose name has `device` as its
//     first word or whose allocator template argument does: thrust's
//     `device_vector`, RMM's `device_uvector`/`device_buffer`/`device_scalar`,
//     xgboost's `DeviceUVector` (`DeviceUVectorImpl`), faiss's `DeviceVector`
//     and `DeviceTensor`, a `std::vector<T, XGBDeviceAllocator<T>>`, and a class
//     written through an alias so named (GenomeWorks' `device_buffer<T>`, an alias
//     of `details::buffer<T, CudaMallocAllocator<T>>`). A class whose name also
//     says host (`HostDeviceVector`) is neither.
// Anything else is not known.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_RULES_ANALYSIS_CONTAINERSTORAGE_H
#define CUDALINT_RULES_ANALYSIS_CONTAINERSTORAGE_H

#include "clang/AST/Type.h"

#include <string>

namespace cudalint {

enum class ContainerClass {
  Unknown,
  Vector,          // std::vector with std::allocator
  String,          // std::basic_string with std::allocator
  Array,           // std::array
  InitializerList, // std::initializer_list
  UniquePtr,       // std::unique_ptr with std::default_delete
  Device,          // device memory by the type's name
};

/// What the storage of an object of type \p T is; \p Name gets the class's
/// name as the source spells it (qualified, without inline namespaces).
ContainerClass classifyContainer(clang::QualType T, std::string &Name);

/// Whether \p Name (an identifier) has `device` as its first word and no
/// word `host`: `device_vector`, `DeviceUVector`, not `HostDeviceVector`.
bool namesDeviceMemory(llvm::StringRef Name);

} // namespace cudalint

#endif
