#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Acceptance tests of the release (docs/install.md), run by CTest (test/CMakeLists.txt):
#
#   check-release.sh install SRC BUILD      cmake --install into a temporary prefix, move it, and
#                                           check it with the source and build trees out of reach
#   check-release.sh ldd SRC BUILD          the installed cuda-lint links no LLVM/Clang library
#   check-release.sh package SRC BUILD OUT  scripts/package.sh --no-build into OUT; the .deb
#                                           (extracted with dpkg-deb -x) is checked the same way,
#                                           the .tar.gz must hold the same files
#
# The check of a prefix: no path of the source or build tree in any installed file (strings);
# then, inside a mount namespace where both trees are covered by empty tmpfs mounts (unshare, no
# root needed where unprivileged user namespaces are allowed): the JSON findings on the test
# corpus (kernels/ and test/lit/, copied out of the tree; for the .deb kernels/ and test/lit/cli/)
# equal those of the build tree's cuda-lint, run beforehand on the same copy; --explain, SARIF
# help and `confirm --help` work; and each run-time file, removed from a copy of the prefix, makes
# cuda-lint fail with exit status 2 and a message that names it.
set -euo pipefail

mode=$1
if [[ $mode == hidden ]]; then # the trees are out of reach: take their paths as given
  src=$2 build=$3
else
  src=$(cd "$2" && pwd -P)
  build=$(cd "$3" && pwd -P)
fi
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# A scratch directory outside both trees (they are hidden later).
make_work() {
  local base=${TMPDIR:-/tmp}
  base=$(cd "$base" && pwd -P)
  case "$base/" in "$src/"* | "$build/"*) base=/tmp ;; esac
  work=$(mktemp -d "$base/cuda-lint-release.XXXXXX")
  trap 'rm -rf "$work"' EXIT
}

# Files of PREFIX that mention the source or build tree.
check_no_tree_paths() {
  local prefix=$1 hits
  hits=$( (grep -rlaF -e "$src" -e "$build" "$prefix" || true) | sed "s|^$prefix/||")
  [[ -z $hits ]] || fail "installed files that name the source or build tree: $hits"
  # The binary, read the way the issue asks: strings(1).
  if strings -a "$prefix/bin/cuda-lint" | grep -F -e "$src" -e "$build" >/dev/null; then
    fail "strings finds a source or build path in bin/cuda-lint"
  fi
  echo "ok: no path of $src or $build in $prefix"
}

# The corpus (kernels/ and test/lit/, or with "small" kernels/ and test/lit/cli/), copied out of
# the source tree, and the build tree's findings on it.
prepare_corpus() {
  mkdir -p "$work/corpus"
  cp -r "$src/kernels" "$work/corpus/kernels"
  if [[ ${1:-} == small ]]; then
    cp -r "$src/test/lit/cli" "$work/corpus/lit"
  else
    cp -r "$src/test/lit" "$work/corpus/lit"
  fi
  (cd "$work/corpus" && CUDA_LINT_NO_CACHE=1 "$build/analyzer/cuda-lint" --format=json -j2 \
      --exit-zero kernels lit >"$work/expected.json" 2>"$work/expected.err") ||
    fail "the build tree's cuda-lint failed on the corpus: $(tail -3 "$work/expected.err")"
  local n
  n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' \
        "$work/expected.json")
  ((n > 0)) || fail "the build tree's cuda-lint found nothing in the corpus"
  echo "ok: the build tree's cuda-lint: $n findings in the corpus"
}

# Runs "$here/check-release.sh hidden ..." with the trees hidden where a mount namespace can be
# made, else (saying so) without: no path of them is in the prefix, so it cannot reach them.
run_hidden() {
  local prefix=$1
  cp "$here/check-release.sh" "$work/check-release.sh"
  local args=(bash "$work/check-release.sh" hidden "$src" "$build" "$prefix" "$work")
  local hidden=(bash "$work/check-release.sh" hidden "$src" "$build" "$prefix" "$work" yes)
  local hide='for d in "$1" "$2"; do [[ -d $d ]] && mount -t tmpfs -o size=1m none "$d"; done; shift 2; exec "$@"'
  if unshare -rm true 2>/dev/null; then
    (cd "$work" && exec unshare -rm bash -c "$hide" hide "$build" "$src" "${hidden[@]}")
  elif unshare -m true 2>/dev/null; then
    (cd "$work" && exec unshare -m bash -c "$hide" hide "$build" "$src" "${hidden[@]}")
  else
    echo "note: no mount namespace (unshare) here: the trees stay visible, checked by strings only"
    (cd "$work" && exec "${args[@]}" no)
  fi
}

# Inside the namespace: the checks of an installed prefix.
hidden_checks() {
  local prefix=$1 expect_hidden=$2
  if [[ $expect_hidden == yes ]]; then
    [[ -e $src/CMakeLists.txt || -e $build/CMakeCache.txt ]] &&
      fail "the trees are still visible inside the namespace"
    echo "ok: $src and $build are out of reach"
  fi
  local bin=$prefix/bin/cuda-lint
  # A clean environment, as on a user's machine; both runs analyse afresh (no result cache).
  local run=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work" NO_COLOR=1 CUDA_LINT_NO_CACHE=1)
  [[ -n ${CUDA_PATH:-} ]] && run+=(CUDA_PATH="$CUDA_PATH")

  "${run[@]}" "$bin" --version >"$work/version.txt" || fail "--version failed"
  grep -q '^cuda-lint [0-9]' "$work/version.txt" || fail "--version: $(cat "$work/version.txt")"

  (cd "$work/corpus" && "${run[@]}" "$bin" --format=json -j2 --exit-zero kernels lit \
      >"$work/actual.json" 2>"$work/actual.err") ||
    fail "the installed cuda-lint failed on the corpus: $(tail -3 "$work/actual.err")"
  if ! cmp -s "$work/expected.json" "$work/actual.json"; then
    diff -u "$work/expected.json" "$work/actual.json" | head -40 >&2
    fail "the installed cuda-lint's findings differ from the build tree's"
  fi
  cmp -s "$work/expected.err" "$work/actual.err" ||
    fail "stderr differs: $(diff "$work/expected.err" "$work/actual.err" | head -10)"
  echo "ok: identical JSON findings from the installed cuda-lint"

  "${run[@]}" "$bin" --explain default-stream-launch >"$work/explain.txt" ||
    fail "--explain failed: $(cat "$work/explain.txt")"
  grep -q '^# default-stream-launch' "$work/explain.txt" || fail "--explain printed no page"
  echo "ok: --explain prints the rule's page"

  (cd "$work/corpus" && "${run[@]}" "$bin" --format=sarif --exit-zero -o "$work/out.sarif" \
      kernels/default_stream.cu) || fail "SARIF run failed"
  python3 - "$work/out.sarif" <<'EOF' || fail "SARIF rules lack their help"
import json, sys
rules = json.load(open(sys.argv[1]))["runs"][0]["tool"]["driver"]["rules"]
bad = [r["id"] for r in rules if not r.get("help", {}).get("markdown", "").startswith("# " + r["id"])]
assert rules and not bad, bad
EOF
  echo "ok: every SARIF rule carries its page as help"

  "${run[@]}" "$bin" confirm --help >"$work/confirm.txt" 2>&1 ||
    fail "confirm --help failed: $(cat "$work/confirm.txt")"
  grep -q -- '--findings' "$work/confirm.txt" || fail "confirm --help: $(cat "$work/confirm.txt")"
  echo "ok: cuda-lint confirm --help"

  # Each run-time file missing from a copy: exit 2 and a message naming it.
  local broken=$work/broken
  expect_missing() {
    local what=$1 file=$2
    shift 2
    rm -rf "$broken"
    cp -al "$prefix" "$broken" 2>/dev/null || { rm -rf "$broken" && cp -a "$prefix" "$broken"; }
    rm -rf "${broken:?}/$file"
    local rc=0
    (cd "$work/corpus" && "${run[@]}" "$broken/bin/cuda-lint" "$@") >/dev/null \
      2>"$work/missing.err" || rc=$?
    ((rc == 2)) || fail "without $file: exit status $rc, not 2"
    grep -qF "$what" "$work/missing.err" && grep -qF "$file" "$work/missing.err" ||
      fail "without $file the message does not name it: $(cat "$work/missing.err")"
    echo "ok: without $file: $(head -1 "$work/missing.err" | cut -c1-110)..."
  }
  expect_missing "compatibility header" lib/cuda-lint/compat/cuda_lint_compat.h kernels
  expect_missing "builtin headers" lib/cuda-lint/clang kernels
  expect_missing "rule documentation" share/cuda-lint/docs --explain default-stream-launch
  expect_missing "documentation page" share/cuda-lint/docs/rules/low-occupancy.md \
    --explain low-occupancy
  expect_missing "documentation page" share/cuda-lint/docs/rules/low-occupancy.md \
    --format=sarif kernels
  expect_missing "confirm harness" share/cuda-lint/harness confirm --help
  rm -rf "$broken"
}

# Installs BUILD into a fresh prefix and moves it; sets $prefix.
install_moved() {
  cmake --install "$build" --prefix "$work/installed" >"$work/install.log" ||
    fail "cmake --install failed: $(tail -5 "$work/install.log")"
  mv "$work/installed" "$work/moved"
  prefix=$work/moved
  echo "ok: installed and moved to $prefix"
}

case $mode in
  install)
    make_work
    install_moved
    check_no_tree_paths "$prefix"
    prepare_corpus
    run_hidden "$prefix"
    ;;
  ldd)
    make_work
    install_moved
    ldd "$prefix/bin/cuda-lint" | tee "$work/ldd.txt"
    if grep -Ei 'llvm|clang' "$work/ldd.txt"; then
      fail "the installed cuda-lint links LLVM or Clang dynamically"
    fi
    grep -q 'not found' "$work/ldd.txt" && fail "a library the installed cuda-lint needs is missing"
    need=$(objdump -T "$prefix/bin/cuda-lint" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
    echo "ok: no LLVM/Clang library; the newest glibc symbol version it uses: $need"
    ;;
  package)
    out=$4
    make_work
    rm -rf "$out" && mkdir -p "$out"
    bash "$src/scripts/package.sh" --build-dir "$build" --out "$out" --no-build ||
      fail "scripts/package.sh failed"
    debs=("$out"/cuda-lint_*.deb) tars=("$out"/cuda-lint-*.tar.gz)
    [[ -f ${debs[0]} && -f ${tars[0]} ]] || fail "package.sh made no .deb or no .tar.gz: $(ls "$out")"
    (cd "$out" && sha256sum -c --quiet "$(basename "${tars[0]}").sha256") ||
      fail "the tarball's .sha256 does not match"
    dpkg-deb -x "${debs[0]}" "$work/root" || fail "dpkg-deb -x failed"
    mkdir -p "$work/tar" && tar -xzf "${tars[0]}" -C "$work/tar"
    tops=("$work"/tar/*)
    ((${#tops[@]} == 1)) || fail "the tarball has more than one top directory"
    (cd "$work/root/usr" && find . -type f -o -type l | sort) >"$work/deb.files"
    (cd "${tops[0]}" && find . -type f -o -type l | sort) >"$work/tar.files"
    diff -u "$work/deb.files" "$work/tar.files" >&2 ||
      fail "the .deb and the .tar.gz hold different files"
    echo "ok: ${debs[0]##*/} and ${tars[0]##*/} hold the same $(wc -l <"$work/deb.files") files"
    prefix=$work/root/usr
    check_no_tree_paths "$prefix"
    prepare_corpus small # release.install runs the whole corpus
    run_hidden "$prefix"
    ;;
  hidden)
    prefix=$4 work=$5
    hidden_checks "$prefix" "$6"
    ;;
  *)
    echo "usage: check-release.sh install|ldd|package SRC BUILD [OUT]" >&2
    exit 2
    ;;
esac
