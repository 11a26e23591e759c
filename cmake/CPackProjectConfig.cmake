# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Read by CPack for each package it makes (CPACK_PROJECT_CONFIG_FILE, cmake/Install.cmake): the
# version is the one the binary was built with (cmake/BuildInfo.cmake), and the .deb depends on
# the glibc that the binary needs.
if(NOT EXISTS "${CPACK_CUDA_LINT_BUILD_INFO}")
  message(FATAL_ERROR "${CPACK_CUDA_LINT_BUILD_INFO} is missing: build cuda-lint before packaging")
endif()
include("${CPACK_CUDA_LINT_BUILD_INFO}")
set(CPACK_PACKAGE_VERSION "${CUDA_LINT_BUILD_VERSION}")
set(CPACK_DEBIAN_PACKAGE_VERSION "${CUDA_LINT_BUILD_DEB_VERSION}")

# x86_64, aarch64, ...
execute_process(COMMAND uname -m OUTPUT_VARIABLE machine OUTPUT_STRIP_TRAILING_WHITESPACE)
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_PACKAGE_FILE_NAME "cuda-lint-${CUDA_LINT_BUILD_VERSION}-linux-${machine}")
endif()

# The newest GLIBC_x.y symbol version the binary uses is the glibc it needs.
execute_process(COMMAND objdump -T "${CPACK_CUDA_LINT_BINARY}" OUTPUT_VARIABLE symbols
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "objdump -T ${CPACK_CUDA_LINT_BINARY} failed: cannot tell which glibc it needs")
endif()
string(REGEX MATCHALL "GLIBC_[0-9]+\\.[0-9]+(\\.[0-9]+)?" versions "${symbols}")
set(glibc 2.17)
foreach(v IN LISTS versions)
  string(REPLACE "GLIBC_" "" v "${v}")
  if(v VERSION_GREATER glibc)
    set(glibc ${v})
  endif()
endforeach()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= ${glibc})")
