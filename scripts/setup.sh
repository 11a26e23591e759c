#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what a fresh Debian 12 machine lacks to build and test cuda-lint. Idempotent: packages
# already present are left alone, and nothing is fetched when nothing is missing.
set -euo pipefail

# zlib1g-dev and libzstd-dev: their static archives go into the statically linked cuda-lint.
packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools clang-tools-22 libfmt-dev cmake ninja-build
          libgtest-dev python3 git pre-commit zlib1g-dev libzstd-dev neovim lintian python3-debian
          python3-jsonschema python3-yaml)
# Building only cuda-lint (the GitHub Action's build-from-source, the pre-commit hook) needs fewer.
if [[ ${1:-} == --build-only ]]; then
  packages=(clang-22 libclang-22-dev llvm-22-dev llvm-22-tools libfmt-dev cmake ninja-build g++
            python3 git zlib1g-dev libzstd-dev)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

# Where the distribution has no LLVM 22 (Ubuntu 22.04 and 24.04, the nvidia/cuda images), LLVM's
# own apt repository has it: https://apt.llvm.org.
add_llvm_repository() {
  local codename
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  [[ -n $codename ]] || { echo "setup: cannot tell the distribution's codename" >&2; return 1; }
  echo "setup: adding LLVM's apt repository (apt.llvm.org, llvm-toolchain-$codename-22)" >&2
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    ca-certificates curl >/dev/null
  "${sudo_cmd[@]}" mkdir -p /etc/apt/keyrings
  curl -fsSL https://apt.llvm.org/llvm-snapshot.gpg.key |
    "${sudo_cmd[@]}" tee /etc/apt/keyrings/apt.llvm.org.asc >/dev/null
  echo "deb [signed-by=/etc/apt/keyrings/apt.llvm.org.asc] http://apt.llvm.org/$codename/ llvm-toolchain-$codename-22 main" |
    "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/apt.llvm.org-22.list >/dev/null
  "${sudo_cmd[@]}" apt-get update -qq
}

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  if ! apt-cache show clang-22 >/dev/null 2>&1; then
    add_llvm_repository
  fi
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

# The editor tests' tools (Neovim 0.10, code-server, Chromium, the VS Code extension's npm
# packages): installed once, never fetched at test time; a part that cannot be had is reported and
# its tests are unsupported.
if [[ ${1:-} != --build-only ]]; then
  bash "$(dirname "$0")/setup-editors.sh"
fi
