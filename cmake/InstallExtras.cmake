# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Files installed beside the layout of cmake/Install.cmake (kept apart so that both change
# independently), staged in the build tree the same way:
#
#   share/man/man1/cuda-lint.1.gz            docs/cuda-lint.1, compressed as Debian policy wants (man cuda-lint)
#   share/cuda-lint/cuda-lint.schema.json    the JSON schema of .cuda-lint.yaml (docs/configuration.md)

set(extras_staged)
# The man page, compressed with gzip -9n (no name or time stamp: the same bytes on every build).
set(man_page ${CUDA_LINT_STAGE_DIR}/share/man/man1/cuda-lint.1.gz)
add_custom_command(OUTPUT ${man_page}
                   COMMAND ${CMAKE_COMMAND} -E make_directory ${CUDA_LINT_STAGE_DIR}/share/man/man1
                   COMMAND sh -c "gzip -9n -c \"$1\" > \"$2\"" sh
                           ${CMAKE_SOURCE_DIR}/docs/cuda-lint.1 ${man_page}
                   DEPENDS ${CMAKE_SOURCE_DIR}/docs/cuda-lint.1 VERBATIM)
list(APPEND extras_staged ${man_page})
install(FILES ${man_page} DESTINATION share/man/man1)
foreach(pair "docs/cuda-lint.schema.json|share/cuda-lint")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 source)
  list(GET pair 1 destination)
  get_filename_component(name ${source} NAME)
  set(output ${CUDA_LINT_STAGE_DIR}/${destination}/${name})
  add_custom_command(OUTPUT ${output}
                     COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_SOURCE_DIR}/${source}
                             ${output}
                     DEPENDS ${CMAKE_SOURCE_DIR}/${source} VERBATIM)
  list(APPEND extras_staged ${output})
  install(FILES ${CMAKE_SOURCE_DIR}/${source} DESTINATION ${destination})
endforeach()
add_custom_target(cudalint_stage_extras DEPENDS ${extras_staged})
add_dependencies(cuda-lint cudalint_stage_extras)
