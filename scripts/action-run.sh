#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The shell steps of action.yml, one subcommand each; they run outside GitHub too (the outputs
# then go to stdout), which test/lit/ci/action.test and test/release/check-action.sh do.
#
#   action-run.sh resolve   the release to use: version, tarball name, URL, cache directory
#   action-run.sh install   download the release tarball (or take it from the cache), verify its
#                           SHA-256, unpack it, and put its cuda-lint in $CUDA_LINT
#   action-run.sh build     build cuda-lint from this checkout instead (build-from-source: true)
#   action-run.sh lint      run $CUDA_LINT with the inputs (the default subcommand)
#
# Inputs come as INPUT_* variables (action.yml maps them). lint always exits 0 itself and writes
# cuda-lint's status to $GITHUB_OUTPUT, so that the SARIF upload runs before the action's last
# step fails the job.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
output=${GITHUB_OUTPUT:-/dev/stdout}
tmp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}

error() { echo "::error title=cuda-lint::$*"; }
notice() { echo "::notice title=cuda-lint::$*"; }
warning() { echo "::warning title=cuda-lint::$*"; }

# The release this action installs: INPUT_VERSION, else the version of this checkout.
release_version() {
  if [[ -n ${INPUT_VERSION:-} ]]; then
    echo "${INPUT_VERSION#v}"
  else
    sed -n 's/^project(cuda-lint VERSION \([0-9][0-9.]*\).*/\1/p' "$root/CMakeLists.txt"
  fi
}

cmd_resolve() {
  local version
  version=$(release_version)
  [[ -n $version ]] || { error "cannot tell the cuda-lint version (set the version input)"; return 1; }
  {
    echo "version=$version"
    echo "cache-dir=$tmp/cuda-lint-release/$version"
    echo "cache-key=cuda-lint-$version-$(uname -s)-$(uname -m)"
  } >>"$output"
}

# Downloads (or takes from the cache), verifies and unpacks the release: scripts/install-release.sh.
cmd_install() {
  local version bin args
  version=$(release_version)
  args=(--version "$version" --prefix "$tmp/cuda-lint"
        --cache "${CUDA_LINT_CACHE_DIR:-$tmp/cuda-lint-release/$version}")
  [[ -n ${INPUT_RELEASE_URL:-} ]] && args+=(--url "$INPUT_RELEASE_URL")
  [[ -n ${INPUT_SHA256:-} ]] && args+=(--sha256 "$INPUT_SHA256")
  if ! bin=$(bash "$here/install-release.sh" "${args[@]}"); then
    error "cuda-lint $version could not be installed from its release (see the log above); build-from-source: true builds it instead"
    return 1
  fi
  echo "CUDA_LINT=$bin" >>"${GITHUB_ENV:-/dev/stdout}"
}

cmd_build() {
  local build=$tmp/cuda-lint-build
  echo "cuda-lint: building from source (scripts/setup.sh, then the cuda-lint target)" >&2
  "$root/scripts/setup.sh" --build-only || { error "scripts/setup.sh could not install the build dependencies"; return 1; }
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCUDA_LINT_BUILD_TESTS=OFF &&
    cmake --build "$build" --target cuda-lint ||
    { error "building cuda-lint from source failed"; return 1; }
  echo "CUDA_LINT=$build/analyzer/cuda-lint" >>"${GITHUB_ENV:-/dev/stdout}"
}

# A list input: one item per line when it has several lines (so items may contain spaces), else
# space-separated. No globbing, no quote removal.
split() {
  local -n into=$1
  local line
  into=()
  if [[ $2 == *$'\n'* ]]; then
    while IFS= read -r line; do
      line=${line#"${line%%[![:space:]]*}"}
      line=${line%"${line##*[![:space:]]}"}
      [[ -n $line ]] && into+=("$line")
    done <<<"$2"
  else
    read -ra into <<<"$2"
  fi
}

# Makes git usable in the workspace: a checkout owned by another user (a container job running as
# root on the runner's files) is refused as "dubious ownership"; trust it for this step, as
# actions/checkout does for its own commands. Returns 1, with the reason in $git_why, when git
# cannot be used (not installed, or no .git: actions/checkout without git downloads the files).
git_why=
git_ready() {
  local err top
  command -v git >/dev/null || { git_why="git is not installed"; return 1; }
  err=$(git rev-parse --show-toplevel 2>&1) && return 0
  if [[ $err == *"dubious ownership"* ]]; then
    top=$(sed -n "s/.*dubious ownership in repository at '\(.*\)'.*/\1/p" <<<"$err" | head -1)
    top=${top:-${GITHUB_WORKSPACE:-$PWD}}
    notice "git refuses $top (dubious ownership: it belongs to another user than this job); trusting it for this step (safe.directory), as actions/checkout does"
    local n=${GIT_CONFIG_COUNT:-0}
    export GIT_CONFIG_COUNT=$((n + 1)) "GIT_CONFIG_KEY_$n=safe.directory" "GIT_CONFIG_VALUE_$n=$top"
    git rev-parse --show-toplevel >/dev/null 2>&1 && return 0
    # git before 2.39 reads safe.directory only from the global and system configuration.
    git config --global --add safe.directory "$top" 2>/dev/null
    git rev-parse --show-toplevel >/dev/null 2>&1 && return 0
    git_why="git still refuses $top; run git config --global --add safe.directory \"$top\" first"
    return 1
  fi
  git_why=${err%%$'\n'*}
  return 1
}

# Sets $ref for --changed-lines: INPUT_CHANGED_LINES as given, or for "auto" (and for a ref that
# ends in "/", which origin/${{ github.base_ref }} gives on a push) the pull request's base
# branch, or the commit a push started from. Empty to lint the whole tree (with a notice).
ref=
changed_lines_ref() {
  local before=
  ref=${INPUT_CHANGED_LINES:-}
  [[ $ref != auto && $ref != */ ]] && return
  if [[ -n ${GITHUB_BASE_REF:-} ]]; then
    ref=origin/$GITHUB_BASE_REF
    return
  fi
  ref=
  # A push: the event's "before" commit, when it exists and is in the clone.
  if [[ -f ${GITHUB_EVENT_PATH:-} ]] && command -v python3 >/dev/null; then
    before=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("before") or "")' \
      "$GITHUB_EVENT_PATH" 2>/dev/null)
  fi
  if [[ -n $before && ! $before =~ ^0+$ ]] && git cat-file -e "$before^{commit}" 2>/dev/null; then
    ref=$before
    return
  fi
  if [[ -n $before && ! $before =~ ^0+$ ]]; then
    notice "the push's base commit $before is not in the clone (use fetch-depth: 0 with actions/checkout): linting every line"
  else
    notice "no base to compare with (${GITHUB_EVENT_NAME:-this run} has no base ref and no earlier commit): linting every line"
  fi
}

cmd_lint() {
  local bin=${CUDA_LINT:-} format=${INPUT_FORMAT:-github} paths extra args sarif code
  if [[ -z $bin ]]; then
    error "CUDA_LINT must name the cuda-lint binary (the install or build step sets it)"
    echo "exit-code=2" >>"$output"
    return 0
  fi
  case $format in
    sarif | github) ;;
    *)
      error "the format input must be sarif or github, not '$format'"
      echo "exit-code=2" >>"$output"
      return 0
      ;;
  esac

  split paths "${INPUT_PATHS:-.}"
  split extra "${INPUT_EXTRA_ARGS:-}"
  args=(--format="$format")
  [[ -n ${INPUT_BUILD_DIR:-} ]] && args+=(-p "$INPUT_BUILD_DIR")
  [[ -n ${INPUT_CUDA_PATH:-} ]] && args+=(--cuda-path "$INPUT_CUDA_PATH")
  # Paths in SARIF and annotations are relative to the git top level (else the working
  # directory); --changed-lines needs git.
  if git_ready; then
    if [[ -n ${INPUT_CHANGED_LINES:-} ]]; then
      changed_lines_ref
      [[ -n $ref ]] && args+=(--changed-lines "$ref")
    fi
  elif [[ -n ${INPUT_CHANGED_LINES:-} ]]; then
    local advice="in a container, install git before actions/checkout, which otherwise downloads the files without .git"
    if [[ $INPUT_CHANGED_LINES == auto || $INPUT_CHANGED_LINES == */ ]]; then
      warning "changed-lines needs a git checkout ($git_why): linting every line; $advice"
    else
      error "changed-lines: $INPUT_CHANGED_LINES needs a git checkout ($git_why); $advice"
      echo "exit-code=2" >>"$output"
      return 0
    fi
  fi
  sarif=
  if [[ $format == sarif ]]; then
    sarif=${INPUT_SARIF_FILE:-$tmp/cuda-lint.sarif}
    args+=(--output "$sarif")
  fi

  echo "cuda-lint ${args[*]} ${extra[*]} -- ${paths[*]}" >&2
  "$bin" "${args[@]}" "${extra[@]}" -- "${paths[@]}"
  code=$?
  if [[ -n $sarif && ! -s $sarif ]]; then
    sarif= # nothing to upload (the run failed before writing it)
  fi
  {
    echo "exit-code=$code"
    echo "sarif-file=$sarif"
  } >>"$output"
  if [[ -n $sarif ]]; then
    echo "cuda-lint: SARIF written to $sarif (exit status $code)" >&2
  fi
  return 0
}

case ${1:-lint} in
  resolve) cmd_resolve ;;
  install) cmd_install ;;
  build) cmd_build ;;
  lint) cmd_lint ;;
  *) echo "usage: action-run.sh [resolve|install|build|lint]" >&2; exit 2 ;;
esac
