#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Drives the real pre-commit against this tree's hook (test/lit/ci/pre-commit.test).
# usage: precommit_run.sh SRC_ROOT WORK_DIR CUDA_LINT_BINARY
# The hook repository is a fresh git repo holding the working tree's .pre-commit-hooks.yaml and
# scripts/pre-commit-hook.sh (pre-commit clones commits, and these files need not be committed
# yet). A project repo then runs the hook through `pre-commit try-repo` and through an installed
# git hook on `git commit`. Every step prints a marker with its exit status for FileCheck.
set -uo pipefail
src=$1 work=$2
export CUDA_LINT=$3 # the hook script uses this binary instead of building one
inputs=$(cd "$(dirname "$0")" && pwd)

rm -rf "$work" && mkdir -p "$work"
export PRE_COMMIT_HOME=$work/pre-commit-cache GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE

hooks=$work/hooks
mkdir -p "$hooks/scripts"
cp "$src/.pre-commit-hooks.yaml" "$hooks/"
cp "$src/scripts/pre-commit-hook.sh" "$hooks/scripts/"
git -C "$hooks" init -q -b main && git -C "$hooks" add -A && git -C "$hooks" commit -q -m hooks ||
  { echo "cannot create the hook repository"; exit 1; }
rev=$(git -C "$hooks" rev-parse HEAD)

proj=$work/project
mkdir -p "$proj/src"
git -C "$proj" init -q -b main
cd "$proj" || exit 1
cp "$inputs/bad_kernel.cu" src/kernel.cu
cp "$inputs/clean_kernel.cu" src/clean.cu
echo 'not CUDA, never linted' > src/notes.txt

pre-commit try-repo "$hooks" cuda-lint --files src/kernel.cu src/notes.txt 2>&1
echo "TRY-REPO-FLAGGED rc=$?"
pre-commit try-repo "$hooks" cuda-lint --files src/clean.cu 2>&1
echo "TRY-REPO-CLEAN rc=$?"

cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: cuda-lint
YAML
pre-commit install 2>&1
echo "INSTALL rc=$?"
git add .pre-commit-config.yaml src/kernel.cu src/notes.txt
git commit -m "flagged kernel" 2>&1
echo "COMMIT-FLAGGED rc=$?"
echo "COMMITS $(git rev-list --all --count 2>/dev/null || echo 0)"
cp "$inputs/clean_kernel.cu" src/kernel.cu
git add src/kernel.cu
git commit -m "clean kernel" 2>&1
echo "COMMIT-CLEAN rc=$?"
echo "COMMITS $(git rev-list --all --count)"
