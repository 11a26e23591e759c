#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build and test cuda-lint. Idempotent: packages
# already present are left alone, and nothing is fetched when nothing is missing.
set -euo pipefail

packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools clang-tools-22 libfmt-dev cmake ninja-build
          libgtest-dev python3 git pre-commit neovim)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# lit ships as a Python package inside llvm-22-tools; expose it as a command if it is not on PATH.
if [[ ! -x /usr/lib/llvm-22/build/utils/lit/lit.py && ! -x /usr/lib/llvm-22/bin/lit ]] &&
   ! command -v lit >/dev/null; then
  echo "setup: warning: lit not found in llvm-22-tools" >&2
fi

cuda=${CUDA_PATH:-/usr/local/cuda}
if [[ ! -x $cuda/bin/nvcc ]]; then
  echo "setup: warning: no CUDA toolkit at $cuda (set CUDA_PATH); GPU-toolchain tests will be skipped" >&2
fi
