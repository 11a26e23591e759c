// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-lint (analyzer/compat/include, first on the include path): <stdbool.h> as nvcc's parse
// sees it. nvcc compiles host code with GCC's headers, whose stdbool.h defines `_Bool` as `bool`
// in C++ whatever the standard (a GNU extension); Clang's defines it only in the GNU dialects,
// not under -std=c++17, so C headers shared with C++ code (BART's `extern _Bool debug_logging;`
// after `#include <stdbool.h>`) lost the file. Only where the code includes <stdbool.h>, as
// with GCC.
#include_next <stdbool.h>
#if defined(__cplusplus) && !defined(_Bool)
#define _Bool bool
#endif
