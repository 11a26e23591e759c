#!/usr/bin/env bash
# pre-commit entry point of the cuda-lint hook (.pre-commit-hooks.yaml): lints the files pre-commit
# passes and fails the commit when there are findings. Options for cuda-lint go in the hook's
# `args:`. The binary is, in order:
#   1. $CUDA_LINT;
#   2. cuda-lint on PATH;
#   3. the release tarball of this checkout's version, downloaded once into this checkout (which
#      pre-commit keeps in its cache), SHA-256 verified (scripts/install-release.sh); a few seconds;
#   4. when that cannot be had, or with CUDA_LINT_FROM_SOURCE=1: a build from this checkout into
#      $CUDA_LINT_BUILD_DIR (default build-pre-commit/ here), once; minutes, with its progress
#      shown on the terminal (pre-commit holds back a hook's own output until it ends).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Progress goes to the terminal when there is one, since pre-commit captures stderr.
progress() {
  if { : >/dev/tty; } 2>/dev/null; then
    echo "cuda-lint: $*" >/dev/tty
  fi
  echo "cuda-lint: $*" >&2
}

build_from_source() {
  local build=${CUDA_LINT_BUILD_DIR:-$root/build-pre-commit}
  bin=$build/analyzer/cuda-lint
  [[ -x $bin ]] && return 0
  progress "building cuda-lint once into $build (needs scripts/setup.sh --build-only's packages; several minutes)"
  local out=/dev/stderr
  { : >/dev/tty; } 2>/dev/null && out=/dev/tty
  if ! { cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDA_LINT_BUILD_TESTS=OFF &&
         cmake --build "$build" --target cuda-lint; } >"$out" 2>&1; then
    echo "cuda-lint: the build failed; set CUDA_LINT to a cuda-lint binary instead" >&2
    exit 2
  fi
  progress "built $bin"
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
