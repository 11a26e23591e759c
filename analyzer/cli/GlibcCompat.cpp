//===- GlibcCompat.cpp - Keep the static cuda-lint off glibc 2.36 ---------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM's static Support library calls arc4random() (for random numbers and
// temporary names) when the glibc it was built against has it, which makes a
// binary need glibc 2.36. This definition, on getrandom() (glibc 2.25), takes
// its place inside cuda-lint, so that the release runs on glibc 2.34 and 2.35
// too (RHEL 9, Ubuntu 22.04 and the nvidia/cuda images built on them). Linked
// into the statically linked executable only (analyzer/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//
#include <cerrno>
#include <cstdint>
#include <sys/random.h>

extern "C" uint32_t arc4random(void) {
  uint32_t Value = 0;
  char *Out = reinterpret_cast<char *>(&Value);
  size_t Left = sizeof Value;
  while (Left > 0) {
    ssize_t N = getrandom(Out, Left, 0);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break; // cannot happen for 4 bytes once the pool is initialised
    Out += N;
    Left -= static_cast<size_t>(N);
  }
  return Value;
}
