#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The GitHub Action's shell steps (scripts/action-run.sh) against the tarball scripts/package.sh
# just made (the release.package test), as the Action runs them on a clean checkout, without
# network (the release URL is a file:// URL). Run by CTest (test/CMakeLists.txt).
#
#   check-action.sh SRC PACKAGES_DIR
#
# install: the checksum is verified (a corrupt tarball is refused and not kept), the tarball is
# unpacked and $CUDA_LINT set, and a second run takes it from the cache; the pre-commit hook
# installs the same release into its checkout. lint: a pull request's
# changed lines, a push (the commit it started from; none for a new branch: every line, with a
# notice), a checkout without .git (explicit ref: an error; auto: every line, with a warning), and
# git's "dubious ownership" refusal (as root: a repository owned by another user).
set -euo pipefail

src=$(cd "$1" && pwd -P)
packages=$(cd "$2" && pwd -P)
tars=("$packages"/cuda-lint-*.tar.gz)
tarball=${tars[0]}
[[ -f $tarball && -f $tarball.sha256 ]] || { echo "FAIL: no tarball in $packages" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-lint-action.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
expect() { # expect FILE TEXT: FILE contains TEXT
  grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "${3:-$1} lacks: $2"; }
}

# The Action's view of the world: a clean environment with the runner's variables.
unset CUDA_LINT GITHUB_ENV GITHUB_OUTPUT GITHUB_EVENT_PATH GITHUB_BASE_REF GITHUB_EVENT_NAME
export RUNNER_TEMP=$work/runner-temp GIT_CONFIG_GLOBAL=$work/gitconfig GIT_CONFIG_NOSYSTEM=1
export XDG_CACHE_HOME=$work/cache # cuda-lint's result cache, away from the user's
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
mkdir -p "$RUNNER_TEMP"
action=(bash "$src/scripts/action-run.sh")
url=file://$tarball
version=$(basename "$tarball" | sed 's/^cuda-lint-\(.*\)-linux-[^-]*\.tar\.gz$/\1/')

# --- resolve and install -------------------------------------------------------------------
env GITHUB_OUTPUT="$work/resolve.out" INPUT_VERSION="$version" "${action[@]}" resolve
expect "$work/resolve.out" "cache-dir=$RUNNER_TEMP/cuda-lint-release/$version"
cache=$(sed -n 's/^cache-dir=//p' "$work/resolve.out")

# A tarball that does not match its checksum is refused, and not left in the cache.
cp "$tarball" "$work/corrupt.tar.gz" && cp "$tarball.sha256" "$work/corrupt.tar.gz.sha256"
printf 'x' | dd of="$work/corrupt.tar.gz" bs=1 seek=1000 conv=notrunc status=none
rc=0
env GITHUB_ENV="$work/env.bad" INPUT_VERSION="$version" INPUT_RELEASE_URL="file://$work/corrupt.tar.gz" \
  CUDA_LINT_CACHE_DIR="$work/bad-cache" "${action[@]}" install >"$work/bad.log" 2>&1 || rc=$?
((rc != 0)) || fail "a corrupt tarball was installed"
expect "$work/bad.log" "checksum mismatch"
[[ ! -e $work/env.bad ]] || fail "CUDA_LINT was set after a checksum mismatch"
[[ -z $(ls -A "$work/bad-cache") ]] || fail "the corrupt tarball stayed in the cache"
echo "ok: a corrupt tarball is refused"
# A pinned checksum that differs is refused too.
rc=0
env GITHUB_ENV="$work/env.pin" INPUT_VERSION="$version" INPUT_RELEASE_URL="$url" \
  INPUT_SHA256=0000000000000000000000000000000000000000000000000000000000000000 \
  CUDA_LINT_CACHE_DIR="$work/pin-cache" "${action[@]}" install >"$work/pin.log" 2>&1 || rc=$?
((rc != 0)) || fail "a tarball that differs from the pinned sha256 was installed"
echo "ok: a pinned sha256 is enforced"

env GITHUB_ENV="$work/env" INPUT_VERSION="$version" INPUT_RELEASE_URL="$url" \
  CUDA_LINT_CACHE_DIR="$cache" "${action[@]}" install >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail "install failed"; }
expect "$work/install.log" "verified"
bin=$(sed -n 's/^CUDA_LINT=//p' "$work/env")
[[ -x $bin && $bin == "$RUNNER_TEMP/"* ]] || fail "CUDA_LINT is not the unpacked binary: '$bin'"
"$bin" --version | grep -q "^cuda-lint $version\$" || fail "the installed cuda-lint is not $version"
# The cache (what actions/cache keeps) serves a second install without the URL.
env GITHUB_ENV="$work/env2" INPUT_VERSION="$version" INPUT_RELEASE_URL="file://$work/nowhere.tar.gz" \
  CUDA_LINT_CACHE_DIR="$cache" "${action[@]}" install >"$work/install2.log" 2>&1 ||
  { cat "$work/install2.log" >&2; fail "install from the cache failed"; }
expect "$work/install2.log" "from the cache"
echo "ok: install verifies, unpacks and caches the release"

# The pre-commit hook without $CUDA_LINT and without a cuda-lint on PATH installs the release into
# its own checkout (here a copy of the files it needs) and runs it.
hook=$work/hook-repo
mkdir -p "$hook/scripts"
cp "$src/CMakeLists.txt" "$hook/"
cp "$src/scripts/pre-commit-hook.sh" "$src/scripts/install-release.sh" "$hook/scripts/"
(cd "$work" && env -u CUDA_LINT PATH=/usr/bin:/bin CUDA_LINT_RELEASE_URL="$url" \
   bash "$hook/scripts/pre-commit-hook.sh" --version >"$work/hook.out" 2>"$work/hook.err") ||
  { cat "$work/hook.err" >&2; fail "the pre-commit hook could not install and run the release"; }
expect "$work/hook.out" "cuda-lint $version"
expect "$work/hook.err" "verified"
[[ -x $hook/.cuda-lint-release/bin/cuda-lint ]] || fail "the hook did not install into its checkout"
echo "ok: the pre-commit hook installs the release once into its checkout"
export CUDA_LINT=$bin

# --- lint ----------------------------------------------------------------------------------
# A project with two commits: the second adds a flagged launch (a block of 80 threads).
proj=$work/project
mkdir -p "$proj/src"
cat >"$proj/src/k.cu" <<'EOF'
__global__ void __launch_bounds__(256) k(float *x) { x[threadIdx.x] = 0; }
void run(float *x, cudaStream_t s) {
  k<<<1, 96, 0, s>>>(x);
}
EOF
git -C "$proj" init -q -b main && git -C "$proj" add -A && git -C "$proj" commit -q -m one
base=$(git -C "$proj" rev-parse HEAD)
sed -i 's/k<<<1, 96, 0, s>>>(x);/k<<<1, 96, 0, s>>>(x);\n  k<<<1, 80, 0, s>>>(x);/' "$proj/src/k.cu"
git -C "$proj" commit -q -am two
lint() { # lint NAME DIR [VAR=VALUE...]: the lint step in DIR; its stdout in $work/NAME.txt
  local name=$1 dir=$2
  shift 2
  (cd "$dir" && env GITHUB_OUTPUT="$work/$name.out" GITHUB_WORKSPACE="$dir" INPUT_PATHS=src \
     INPUT_FORMAT=github "$@" "${action[@]}" lint >"$work/$name.txt" 2>"$work/$name.err")
}
# Every line: the 80-thread launch is reported.
lint all "$proj"
expect "$work/all.out" "exit-code=1"
expect "$work/all.txt" "block-size-not-multiple-of-32"
# A push from $base: its changed lines hold the finding.
echo "{\"before\": \"$base\"}" >"$work/push.json"
lint push "$proj" GITHUB_EVENT_NAME=push GITHUB_EVENT_PATH="$work/push.json" INPUT_CHANGED_LINES=auto
expect "$work/push.txt" "line=4,"
expect "$work/push.err" "--changed-lines $base"
# A push that touched no CUDA line reports nothing.
echo "{\"before\": \"$(git -C "$proj" rev-parse HEAD)\"}" >"$work/push-none.json"
lint push-none "$proj" GITHUB_EVENT_NAME=push GITHUB_EVENT_PATH="$work/push-none.json" \
  INPUT_CHANGED_LINES=auto
expect "$work/push-none.out" "exit-code=0"
# A new branch (before is all zeros), with origin/${{ github.base_ref }} as the README's PR
# example gives it on a push: every line, with a notice.
echo '{"before": "0000000000000000000000000000000000000000"}' >"$work/push-new.json"
lint push-new "$proj" GITHUB_EVENT_NAME=push GITHUB_EVENT_PATH="$work/push-new.json" \
  INPUT_CHANGED_LINES=origin/
expect "$work/push-new.txt" "::notice title=cuda-lint::no base to compare with"
expect "$work/push-new.out" "exit-code=1"
echo "ok: push events: the push's changed lines, or every line with a notice"
# A pull request: the base branch.
git -C "$proj" branch -q base "$base"
git -C "$proj" update-ref refs/remotes/origin/base "$base"
lint pr "$proj" GITHUB_EVENT_NAME=pull_request GITHUB_BASE_REF=base INPUT_CHANGED_LINES=auto
expect "$work/pr.err" "--changed-lines origin/base"
expect "$work/pr.txt" "line=4,"
echo "ok: a pull request's changed lines"

# A checkout without .git (actions/checkout in a container without git).
nogit=$work/nogit
cp -r "$proj" "$nogit" && rm -rf "$nogit/.git"
lint nogit-ref "$nogit" INPUT_CHANGED_LINES=origin/main
expect "$work/nogit-ref.txt" "::error title=cuda-lint::changed-lines: origin/main needs a git checkout"
expect "$work/nogit-ref.txt" "install git before actions/checkout"
expect "$work/nogit-ref.out" "exit-code=2"
lint nogit-auto "$nogit" INPUT_CHANGED_LINES=auto
expect "$work/nogit-auto.txt" "::warning title=cuda-lint::changed-lines needs a git checkout"
expect "$work/nogit-auto.out" "exit-code=1"
lint nogit-plain "$nogit" INPUT_FORMAT=sarif
expect "$work/nogit-plain.out" "exit-code=1"
echo "ok: a checkout without .git"

# git's dubious-ownership refusal: a repository that belongs to another user (needs root).
if [[ $(id -u) -eq 0 ]]; then
  owned=$work/owned
  cp -a "$proj" "$owned" && chown -R 4242:4242 "$owned"
  git -C "$owned" rev-parse HEAD >/dev/null 2>&1 &&
    fail "git accepts a repository owned by another user; cannot test the refusal"
  # cuda-lint alone says why git found no work tree.
  (cd "$owned" && "$CUDA_LINT" --changed-lines HEAD src >/dev/null 2>"$work/owned-cli.err") &&
    fail "--changed-lines in a repository git refuses did not fail"
  expect "$work/owned-cli.err" "dubious ownership"
  expect "$work/owned-cli.err" "safe.directory"
  echo "{\"before\": \"$base\"}" >"$work/push.json"
  lint owned "$owned" GITHUB_EVENT_NAME=push GITHUB_EVENT_PATH="$work/push.json" \
    INPUT_CHANGED_LINES=auto
  expect "$work/owned.txt" "::notice title=cuda-lint::git refuses $owned (dubious ownership"
  expect "$work/owned.txt" "line=4,"
  expect "$work/owned.err" "--changed-lines $base"
  [[ ! -s $GIT_CONFIG_GLOBAL ]] || fail "the step changed the global git configuration"
  echo "ok: dubious ownership: trusted for the step, with a notice"
else
  echo "skipped: the dubious-ownership case needs root (to chown a repository)"
fi
