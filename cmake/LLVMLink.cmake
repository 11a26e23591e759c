# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# How cuda-lint's code links LLVM and Clang.
#
# cudalint_llvm carries LLVM's and Clang's headers and definitions to every library of the
# project, and links them in one of two ways, chosen by each executable that ends up linking it
# (its CUDALINT_STATIC_LLVM property):
#   - static: the archives that Debian's llvm-22-dev and libclang-22-dev ship, in one linker group
#     (so their order does not matter and the linker takes only the objects used), with static zlib
#     and zstd where their archives exist. The shipped cuda-lint links this way (option
#     CUDA_LINT_STATIC_LLVM, default ON), so that it runs where LLVM is not installed.
#   - shared: libclang-cpp and libLLVM. The unit tests and fuzz targets link this way: linking
#     each of them statically would cost link time and disk for nothing that ships.
# One binary never mixes the two (a static LLVMSupport beside libLLVM registers its command-line
# options twice).

option(CUDA_LINT_STATIC_LLVM "Link the cuda-lint executable with LLVM/Clang statically" ON)
find_package(Threads REQUIRED)

add_library(cudalint_llvm_shared INTERFACE)
target_link_libraries(cudalint_llvm_shared INTERFACE clang-cpp LLVM)

add_library(cudalint_llvm_static INTERFACE)
file(GLOB CUDALINT_CLANG_ARCHIVES "${LLVM_LIBRARY_DIR}/libclang[A-Z]*.a")
file(GLOB CUDALINT_LLVM_ARCHIVES "${LLVM_LIBRARY_DIR}/libLLVM[A-Z]*.a")
if(CUDA_LINT_STATIC_LLVM AND NOT CUDALINT_CLANG_ARCHIVES)
  message(FATAL_ERROR "CUDA_LINT_STATIC_LLVM: no libclang*.a in ${LLVM_LIBRARY_DIR} (install "
                      "libclang-22-dev and llvm-22-dev, or configure with -DCUDA_LINT_STATIC_LLVM=OFF)")
endif()
list(JOIN CUDALINT_CLANG_ARCHIVES "," clang_archives)
list(JOIN CUDALINT_LLVM_ARCHIVES "," llvm_archives)
# What LLVMSupport needs from the system: compression (zlib, zstd) statically when the archives
# exist, else shared; the rest of LLVM's optional libraries (libxml2, libedit, z3, ...) are not
# reached from the code cuda-lint uses, which --as-needed makes sure of.
set(compression_libs)
foreach(name z zstd)
  find_library(CUDALINT_${name}_ARCHIVE NAMES lib${name}.a)
  if(CUDALINT_${name}_ARCHIVE)
    list(APPEND compression_libs ${CUDALINT_${name}_ARCHIVE})
  else()
    list(APPEND compression_libs ${name})
    message(STATUS "cuda-lint: no lib${name}.a; the static cuda-lint links lib${name} shared")
  endif()
endforeach()
target_link_libraries(cudalint_llvm_static INTERFACE
  "$<LINK_GROUP:RESCAN,${clang_archives},${llvm_archives}>"
  ${compression_libs} Threads::Threads ${CMAKE_DL_LIBS} rt m)
# libstdc++ statically too (it is newer than some distributions'); libgcc_s stays shared: its static
# unwinder would call _dl_find_object and raise the glibc needed from 2.34 (RHEL 9) to 2.35.
target_link_options(cudalint_llvm_static INTERFACE LINKER:--as-needed -static-libstdc++)

add_library(cudalint_llvm INTERFACE)
target_include_directories(cudalint_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
separate_arguments(CUDALINT_LLVM_DEFINITIONS NATIVE_COMMAND "${LLVM_DEFINITIONS}")
target_compile_definitions(cudalint_llvm INTERFACE ${CUDALINT_LLVM_DEFINITIONS})
target_link_libraries(cudalint_llvm INTERFACE
  "$<IF:$<BOOL:$<TARGET_PROPERTY:CUDALINT_STATIC_LLVM>>,cudalint_llvm_static,cudalint_llvm_shared>")
