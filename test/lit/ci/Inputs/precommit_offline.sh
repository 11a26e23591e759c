#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# pre-commit offline, as a user runs it (test/lit/ci/pre-commit-offline.test):
#   local   the `repo: local` hook of docs/ci.md (taken from the page itself) with an installed
#           cuda-lint on PATH: a commit of a flagged kernel is refused with the finding, the fixed
#           kernel is committed; pre-commit fetches nothing (its cache holds no repository).
#   source  the repository's `cuda-lint` hook with no cuda-lint anywhere and no LLVM 22
#           development files: the release cannot be downloaded (no network), the build from
#           source stops at once, saying what is missing, in pre-commit's own output (no
#           terminal: the hook runs without a controlling tty, as in an IDE's git client or CI).
# usage: precommit_offline.sh local|source SRC_ROOT WORK_DIR [CUDA_LINT_BINARY]
# Runs itself again inside a new network namespace (unshare -rn: only a down loopback; lit's
# feature netns says the system allows it) and without a controlling terminal (setsid).
set -uo pipefail
mode=$1 src=$2 work=$3 exe=${4:-}
inputs=$(cd "$(dirname "$0")" && pwd)

if [[ -z ${PRECOMMIT_OFFLINE_INNER:-} ]]; then
  rm -rf "$work" && mkdir -p "$work"
  unshare -rn true 2>/dev/null || { echo "no network namespace (unshare -rn) here"; exit 1; }
  PRECOMMIT_OFFLINE_INNER=1 exec unshare -rn setsid -w bash "$0" "$@"
fi
# What a download would meet: no name resolves.
if python3 -c 'import socket; socket.getaddrinfo("deb.debian.org", 443)' 2>/dev/null; then
  echo "NETWORK reachable"
else
  echo "NETWORK unreachable"
fi
{ : >/dev/tty; } 2>/dev/null && echo "TTY yes" || echo "TTY none"

export PRE_COMMIT_HOME=$work/pre-commit-cache GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE CUDA_LINT CUDA_LINT_FROM_SOURCE
# A PATH without this build's cuda-lint; the "installed" one is added for the local hook.
PATH=$(tr ':' '\n' <<<"$PATH" | while read -r d; do [[ -x $d/cuda-lint ]] || echo "$d"; done | paste -sd:)
export PATH

proj=$work/project
mkdir -p "$proj/src" && git -C "$proj" init -q -b main && cd "$proj" || exit 1
cp "$inputs/bad_kernel.cu" src/kernel.cu

case $mode in
  local)
    mkdir -p "$work/bin" && ln -s "$exe" "$work/bin/cuda-lint"
    export PATH=$work/bin:$PATH
    # The snippet of docs/ci.md, as a user copies it.
    python3 - "$src/docs/ci.md" >.pre-commit-config.yaml <<'PY'
import re, sys
blocks = re.findall(r'```yaml\n(.*?)```', open(sys.argv[1]).read(), re.S)
local = [b for b in blocks if 'repo: local' in b]
assert len(local) == 1, f'docs/ci.md has {len(local)} yaml blocks with repo: local'
print(local[0], end='')
PY
    grep -q 'repo: local' .pre-commit-config.yaml || { echo "no repo: local snippet in docs/ci.md"; exit 1; }
    pre-commit install 2>&1
    echo "INSTALL rc=$?"
    git add .pre-commit-config.yaml src/kernel.cu
    git commit -m "flagged kernel" 2>&1
    echo "COMMIT-FLAGGED rc=$?"
    echo "COMMITS $(git rev-list --all --count 2>/dev/null || echo 0)"
    cp "$inputs/clean_kernel.cu" src/kernel.cu
    git add src/kernel.cu
    git commit -m "clean kernel" 2>&1
    echo "COMMIT-CLEAN rc=$?"
    echo "COMMITS $(git rev-list --all --count)"
    ;;
  source)
    # The hook repository: this tree's hook files, committed (pre-commit clones a commit).
    hooks=$work/hooks
    mkdir -p "$hooks/scripts"
    cp "$src/.pre-commit-hooks.yaml" "$src/CMakeLists.txt" "$hooks/"
    cp "$src/scripts/pre-commit-hook.sh" "$src/scripts/install-release.sh" "$hooks/scripts/"
    git -C "$hooks" init -q -b main && git -C "$hooks" add -A && git -C "$hooks" commit -q -m hooks
    printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: cuda-lint\n' \
      "$hooks" "$(git -C "$hooks" rev-parse HEAD)" >.pre-commit-config.yaml
    git add .pre-commit-config.yaml src/kernel.cu
    export CUDA_LINT_LLVM_ROOT=$work/no-llvm-22
    start=$(date +%s)
    pre-commit run --files src/kernel.cu 2>&1
    echo "RUN rc=$?"
    (($(date +%s) - start < 60)) && echo "FAST yes" || echo "FAST no: $(($(date +%s) - start)) s"
    [[ -e $hooks/build-pre-commit/CMakeCache.txt ]] && echo "CONFIGURED yes" || echo "CONFIGURED no"
    ;;
esac
# Nothing fetched: the repositories pre-commit cloned (the local hook needs none).
echo "CLONES $(find "$PRE_COMMIT_HOME" -maxdepth 1 -name 'repo*' -type d 2>/dev/null | wc -l)"
