# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The installed layout, the same layout staged in the build tree, and the packages.
#
#   bin/cuda-lint
#   lib/cuda-lint/clang/include/             Clang's builtin and CUDA wrapper headers
#   lib/cuda-lint/compat/                    analyzer/compat/*.h, include/*.h
#   lib/cuda-lint/libcuda-lint-confirm.so    confirm's CUPTI library (kernels/, built with CUDA)
#   share/cuda-lint/docs/rules/              docs/rules/*.md (--explain, SARIF help), links to
#                                            pages not beside them made absolute
#   share/cuda-lint/harness/                 confirm's scripts (kernels/CMakeLists.txt)
#   share/doc/cuda-lint/                     README.md, docs/*.md, docs/rules/*.md (the repository's
#                                            layout, links to files not installed made absolute:
#                                            scripts/stage-docs.py), LICENSE, THIRD-PARTY-NOTICES.md,
#                                            copyright (Debian's format), changelog.gz
#   share/lintian/overrides/cuda-lint        the static zlib, on purpose (packaging/debian/)
#
# cuda-lint finds each file relative to its executable (analyzer/support/Resources.h): an install works
# wherever it is moved, and build/analyzer/cuda-lint reads the copies staged under build/lib and
# build/share the same way. The rule pages are run-time data, so they live in share/cuda-lint,
# not in share/doc (which minimal images such as Docker's Ubuntu strip).

set(CUDA_LINT_STAGE_DIR ${CMAKE_BINARY_DIR})
execute_process(COMMAND ${LLVM_TOOLS_BINARY_DIR}/clang -print-resource-dir
                OUTPUT_VARIABLE CUDA_LINT_CLANG_RESOURCE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE clang_rc)
if(NOT clang_rc EQUAL 0 OR NOT EXISTS ${CUDA_LINT_CLANG_RESOURCE_DIR}/include/__clang_cuda_runtime_wrapper.h)
  message(FATAL_ERROR "Clang's resource headers were not found (${LLVM_TOOLS_BINARY_DIR}/clang "
                      "-print-resource-dir gave '${CUDA_LINT_CLANG_RESOURCE_DIR}'); install clang-22")
endif()

# Staging: one custom command per file, so that an edited page or header is copied again.
set(staged)
function(cudalint_stage_files destination)
  foreach(source IN LISTS ARGN)
    get_filename_component(name ${source} NAME)
    set(output ${CUDA_LINT_STAGE_DIR}/${destination}/${name})
    add_custom_command(OUTPUT ${output}
                       COMMAND ${CMAKE_COMMAND} -E copy_if_different ${source} ${output}
                       DEPENDS ${source} VERBATIM)
    list(APPEND staged ${output})
  endforeach()
  set(staged ${staged} PARENT_SCOPE)
endfunction()

file(GLOB CUDALINT_COMPAT_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/analyzer/compat/*.h)
file(GLOB CUDALINT_RULE_PAGES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/rules/*.md)
file(GLOB_RECURSE CUDALINT_CLANG_HEADERS ${CUDA_LINT_CLANG_RESOURCE_DIR}/include/*)
cudalint_stage_files(lib/cuda-lint/compat ${CUDALINT_COMPAT_HEADERS})
file(GLOB CUDALINT_COMPAT_INCLUDE CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/analyzer/compat/include/*.h)
cudalint_stage_files(lib/cuda-lint/compat/include ${CUDALINT_COMPAT_INCLUDE})
# docs/rules/*.md are staged into share/cuda-lint/docs/rules with the documentation (below).
cudalint_stage_files(share/cuda-lint/harness ${CUDA_LINT_CONFIRM_SCRIPTS})
# The toolkit's headers first, as nvcc finds them. Clang's CUDA wrapper headers include toolkit
# headers with quotes ("cuda.h"), which a project header of the same name on -I would shadow
# (nvcc puts the toolkit's include directory before the project's). Beside the wrapper, where a
# quoted include looks first, each such name gets a header that continues the search after
# Clang's directory (#include_next), so it reaches the toolkit's before any -I of the project.
set(toolkit_first ${CMAKE_BINARY_DIR}/toolkit-first)
file(REMOVE_RECURSE ${toolkit_first})
file(GLOB wrapper_headers ${CUDA_LINT_CLANG_RESOURCE_DIR}/include/__clang_cuda_*.h)
foreach(wrapper IN LISTS wrapper_headers)
  file(STRINGS ${wrapper} quoted REGEX "^[ \t]*#[ \t]*include[ \t]+\"[^\"]+\"")
  foreach(line IN LISTS quoted)
    string(REGEX REPLACE ".*\"([^\"]+)\".*" "\\1" name "${line}")
    if(NOT name MATCHES "^__clang_" AND NOT EXISTS ${CUDA_LINT_CLANG_RESOURCE_DIR}/include/${name})
      # When the project puts the toolkit's directory ahead of Clang's itself (-isystem), nothing
      # follows Clang's directory: the search from the start finds the same file as without this
      # (a macro, not #pragma once, stops it finding this file again: Clang's headers include
      # some of these names twice on purpose).
      string(MAKE_C_IDENTIFIER "${name}" id)
      file(WRITE ${toolkit_first}/${name}
           "// cuda-lint (cmake/Install.cmake): the CUDA toolkit's ${name}, never a project's.\n"
           "#if __has_include_next(<${name}>)\n"
           "#include_next <${name}>\n"
           "#elif !defined(CUDA_LINT_FORWARDING_${id})\n"
           "#define CUDA_LINT_FORWARDING_${id}\n"
           "#include <${name}>\n"
           "#undef CUDA_LINT_FORWARDING_${id}\n"
           "#endif\n")
    endif()
  endforeach()
endforeach()
# Clang's headers change only with the LLVM package: copied as a whole, again when one changes.
set(clang_stamp ${CMAKE_BINARY_DIR}/CMakeFiles/cudalint-clang-headers.stamp)
add_custom_command(OUTPUT ${clang_stamp}
                   COMMAND ${CMAKE_COMMAND} -E rm -rf ${CUDA_LINT_STAGE_DIR}/lib/cuda-lint/clang
                   COMMAND ${CMAKE_COMMAND} -E copy_directory ${CUDA_LINT_CLANG_RESOURCE_DIR}/include
                           ${CUDA_LINT_STAGE_DIR}/lib/cuda-lint/clang/include
                   COMMAND ${CMAKE_COMMAND} -E copy_directory ${toolkit_first}
                           ${CUDA_LINT_STAGE_DIR}/lib/cuda-lint/clang/include
                   COMMAND ${CMAKE_COMMAND} -E touch ${clang_stamp}
                   DEPENDS ${CUDALINT_CLANG_HEADERS} ${CMAKE_CURRENT_LIST_FILE} VERBATIM)
list(APPEND staged ${clang_stamp})
if(TARGET cuda-lint-confirm)
  set(output ${CUDA_LINT_STAGE_DIR}/lib/cuda-lint/libcuda-lint-confirm.so)
  add_custom_command(OUTPUT ${output}
                     COMMAND ${CMAKE_COMMAND} -E copy_if_different
                             $<TARGET_FILE:cuda-lint-confirm> ${output}
                     DEPENDS cuda-lint-confirm VERBATIM)
  list(APPEND staged ${output})
endif()
# The installed documentation and licence (share/doc/cuda-lint), staged from the repository by
# scripts/stage-docs.py with this build's version (its changelog, its links to GitHub).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(CUDA_LINT_PACKAGE_MAINTAINER "cuda-lint maintainers <cuda-lint@users.noreply.github.com>"
    CACHE STRING "The packages' maintainer (the .deb's Maintainer field and its changelog)")
set(CUDALINT_DOC_STAGE ${CUDA_LINT_STAGE_DIR}/share/doc/cuda-lint)
file(GLOB CUDALINT_DOC_PAGES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/*.md)
set(docs_stamp ${CMAKE_BINARY_DIR}/CMakeFiles/cudalint-docs.stamp)
add_custom_command(OUTPUT ${docs_stamp}
                   COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/stage-docs.py
                           --src ${CMAKE_SOURCE_DIR}
                           --build-info ${CMAKE_BINARY_DIR}/generated/BuildInfo.cmake
                           --maintainer ${CUDA_LINT_PACKAGE_MAINTAINER} --out ${CUDALINT_DOC_STAGE}
                           --rules-out ${CUDA_LINT_STAGE_DIR}/share/cuda-lint/docs/rules
                   COMMAND ${CMAKE_COMMAND} -E touch ${docs_stamp}
                   DEPENDS ${CMAKE_SOURCE_DIR}/README.md ${CUDALINT_DOC_PAGES} ${CUDALINT_RULE_PAGES}
                           ${CMAKE_SOURCE_DIR}/LICENSE ${CMAKE_SOURCE_DIR}/THIRD-PARTY-NOTICES.md
                           ${CMAKE_SOURCE_DIR}/packaging/debian/copyright
                           ${CMAKE_SOURCE_DIR}/scripts/stage-docs.py
                           ${CMAKE_BINARY_DIR}/generated/BuildInfo.cmake
                   VERBATIM)
list(APPEND staged ${docs_stamp})
add_custom_target(cudalint_stage DEPENDS ${staged})
add_dependencies(cudalint_stage cudalint_build_info)

# Installation.
install(TARGETS cuda-lint RUNTIME DESTINATION bin)
install(DIRECTORY ${CUDA_LINT_CLANG_RESOURCE_DIR}/include/
        DESTINATION lib/cuda-lint/clang/include)
install(DIRECTORY ${toolkit_first}/ DESTINATION lib/cuda-lint/clang/include)
install(FILES ${CUDALINT_COMPAT_HEADERS} DESTINATION lib/cuda-lint/compat)
install(FILES ${CUDALINT_COMPAT_INCLUDE} DESTINATION lib/cuda-lint/compat/include)
install(DIRECTORY ${CUDA_LINT_STAGE_DIR}/share/cuda-lint/docs/rules/
        DESTINATION share/cuda-lint/docs/rules)
install(DIRECTORY ${CUDALINT_DOC_STAGE}/ DESTINATION share/doc/cuda-lint)
install(FILES ${CMAKE_SOURCE_DIR}/packaging/debian/lintian-overrides
        DESTINATION share/lintian/overrides RENAME cuda-lint)
# kernels/CMakeLists.txt installs the harness scripts, cuda-lint-confirm and its library.

# Packages: scripts/package.sh runs CPack. Names and versions come from the build's
# BuildInfo.cmake at packaging time (cmake/CPackProjectConfig.cmake), so a package always carries
# the version of the binary inside it.
set(CPACK_PACKAGE_NAME cuda-lint)
set(CPACK_PACKAGE_VENDOR cuda-lint)
set(CPACK_PACKAGE_CONTACT "${CUDA_LINT_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Static analyzer for CUDA kernel launches and execution configurations")
set(CPACK_PACKAGE_HOMEPAGE_URL https://github.com/cuda-lint/cuda-lint)
set(CPACK_GENERATOR TGZ DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_GENERATOR "")
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_SOURCE_DIR}/cmake/CPackProjectConfig.cmake)
set(CPACK_CUDA_LINT_BUILD_INFO ${CMAKE_BINARY_DIR}/generated/BuildInfo.cmake)
set(CPACK_CUDA_LINT_BINARY ${CMAKE_BINARY_DIR}/analyzer/cuda-lint)
# The .deb's extended description (CPack puts the summary above it as the synopsis).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "cuda-lint is a static analyzer for CUDA C++ built on Clang. It finds
execution-configuration anti-patterns before the code runs: block sizes that
are not a multiple of 32, branches that split warps, launches on the legacy
default stream, kernels without __launch_bounds__, launches that can never run.
It writes text, JSON or SARIF, serves editors as a language server, and needs a
CUDA toolkit's headers but no GPU.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS python3) # cuda-lint confirm
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
