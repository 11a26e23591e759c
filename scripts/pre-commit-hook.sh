#!/usr/bin/env bash
# pre-commit entry point of the cuda-lint hook (.pre-commit-hooks.yaml): lints the files pre-commit
# passes and fails the commit when there are findings. The binary is, in order: $CUDA_LINT,
# cuda-lint on PATH, or one built (once) from this checkout into $CUDA_LINT_BUILD_DIR (default
# build-pre-commit/ here, which pre-commit keeps in its cache). Options for cuda-lint go in the
# hook's `args:`.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -n ${CUDA_LINT:-} ]]; then
  bin=$CUDA_LINT
elif command -v cuda-lint >/dev/null 2>&1; then
  bin=$(command -v cuda-lint)
else
  build=${CUDA_LINT_BUILD_DIR:-$root/build-pre-commit}
  bin=$build/analyzer/cuda-lint
  if [[ ! -x $bin ]]; then
    echo "cuda-lint: building the linter once into $build (needs scripts/setup.sh's packages)" >&2
    log=$(mktemp)
    if ! { cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDA_LINT_BUILD_TESTS=OFF &&
           cmake --build "$build" --target cuda-lint; } >"$log" 2>&1; then
      tail -n 30 "$log" >&2
      echo "cuda-lint: the build failed; set CUDA_LINT to a cuda-lint binary instead" >&2
      rm -f "$log"
      exit 2
    fi
    rm -f "$log"
  fi
fi
exec "$bin" "$@"
