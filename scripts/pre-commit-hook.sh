#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# pre-commit entry point of the cuda-lint hook (.pre-commit-hooks.yaml): lints the files pre-commit
# passes and fails the commit when there are findings. Options for cuda-lint go in the hook's
# `args:`. The binary is, in order:
#   1. $CUDA_LINT;
#   2. cuda-lint on PATH;
#   3. the release tarball of this checkout's version, downloaded once into this checkout (which
#      pre-commit keeps in its cache), SHA-256 verified (scripts/install-release.sh); a few seconds;
#   4. when that cannot be had, or with CUDA_LINT_FROM_SOURCE=1: a build from this checkout into
#      $CUDA_LINT_BUILD_DIR (default build-pre-commit/ here), once; minutes. It needs LLVM 22's
#      development packages (scripts/setup.sh --build-only) under $CUDA_LINT_LLVM_ROOT (default
#      /usr/lib/llvm-22), cmake, ninja or make and a C++ compiler: without them it stops at once
#      and says what is missing. Its progress and the build's output go to stderr, which
#      pre-commit shows when the hook ends (and, where there is a terminal, to it as they come).
# With no network and no cuda-lint at all, nothing here can work: install a release and use the
# `repo: local` hook of docs/ci.md, which runs the installed cuda-lint and fetches nothing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
llvm_root=${CUDA_LINT_LLVM_ROOT:-/usr/lib/llvm-22}

# Whether a terminal can be written (pre-commit captures the hook's own stdout and stderr).
have_tty() { { : >/dev/tty; } 2>/dev/null; }

progress() {
  echo "cuda-lint: $*" >&2
  if have_tty; then echo "cuda-lint: $*" >/dev/tty; fi
}

# What the build needs, checked before it starts: each missing piece named, exit 2.
check_build_tools() {
  local missing=()
  [[ -f $llvm_root/lib/cmake/llvm/LLVMConfig.cmake ]] ||
    missing+=("LLVM 22's development files ($llvm_root/lib/cmake/llvm/LLVMConfig.cmake: package llvm-22-dev)")
  [[ -f $llvm_root/lib/cmake/clang/ClangConfig.cmake ]] ||
    missing+=("Clang 22's development files ($llvm_root/lib/cmake/clang/ClangConfig.cmake: package libclang-22-dev)")
  command -v cmake >/dev/null || missing+=("cmake")
  command -v ninja >/dev/null || command -v make >/dev/null || missing+=("ninja or make")
  command -v c++ >/dev/null || command -v g++ >/dev/null || command -v clang++ >/dev/null ||
    missing+=("a C++ compiler")
  ((${#missing[@]} == 0)) && return 0
  {
    echo "cuda-lint: cannot build cuda-lint from source here; missing:"
    printf '  - %s\n' "${missing[@]}"
    echo "cuda-lint: install them (on Debian/Ubuntu: scripts/setup.sh --build-only, or apt-get install"
    echo "  llvm-22-dev libclang-22-dev clang-22 libfmt-dev cmake ninja-build g++ zlib1g-dev libzstd-dev),"
    echo "  or install a cuda-lint release (docs/install.md) and use the 'repo: local' hook of"
    echo "  docs/ci.md, or point CUDA_LINT at a cuda-lint binary."
  } >&2
  exit 2
}

build_from_source() {
  local build=${CUDA_LINT_BUILD_DIR:-$root/build-pre-commit}
  bin=$build/analyzer/cuda-lint
  [[ -x $bin ]] && return 0
  check_build_tools
  local generator=()
  command -v ninja >/dev/null && generator=(-G Ninja)
  progress "building cuda-lint once into $build (several minutes; later commits reuse it)"
  local start=$SECONDS sink=(cat)
  # The build's output to stderr (pre-commit shows it), and to the terminal as it comes.
  have_tty && sink=(tee /dev/tty)
  if ! { cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
           -DCUDA_LINT_BUILD_TESTS=OFF -DLLVM_ROOT="$llvm_root" &&
         cmake --build "$build" --target cuda-lint; } 2>&1 | "${sink[@]}" >&2; then
    echo "cuda-lint: the build in $build failed (its output is above); set CUDA_LINT to a cuda-lint binary instead" >&2
    exit 2
  fi
  progress "built $bin in $((SECONDS - start)) s"
}

if [[ -n ${CUDA_LINT:-} ]]; then
  bin=$CUDA_LINT
elif command -v cuda-lint >/dev/null 2>&1; then
  bin=$(command -v cuda-lint)
elif [[ ${CUDA_LINT_FROM_SOURCE:-} == 1 ]]; then
  build_from_source
else
  bin=$root/.cuda-lint-release/bin/cuda-lint
  if [[ ! -x $bin ]]; then
    progress "installing the cuda-lint release into $root/.cuda-lint-release (once)"
    if ! bin=$(bash "$root/scripts/install-release.sh" --prefix "$root/.cuda-lint-release" \
                 ${CUDA_LINT_RELEASE_URL:+--url "$CUDA_LINT_RELEASE_URL"} \
                 ${CUDA_LINT_RELEASE_SHA256:+--sha256 "$CUDA_LINT_RELEASE_SHA256"}); then
      progress "the release could not be installed; building from source instead"
      build_from_source
    fi
  fi
fi
exec "$bin" "$@"
