# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Files installed beside the layout of cmake/Install.cmake (kept apart so that both change
# independently), staged in the build tree the same way:
#
#   share/man/man1/cuda-lint.1               docs/cuda-lint.1 (man cuda-lint)
#   share/cuda-lint/cuda-lint.schema.json    the JSON schema of .cuda-lint.yaml (docs/configuration.md)

set(extras_staged)
foreach(pair "docs/cuda-lint.1|share/man/man1" "docs/cuda-lint.schema.json|share/cuda-lint")
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
