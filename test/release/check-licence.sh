#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The licence in the release packages (issue 38), run by CTest as release.licence on the packages
# that release.package made with scripts/package.sh:
#
#   check-licence.sh SRC BUILD PACKAGES
#
# Both the .tar.gz and the .deb carry share/doc/cuda-lint/{LICENSE, THIRD-PARTY-NOTICES.md,
# copyright}, identical to the repository's LICENSE, THIRD-PARTY-NOTICES.md and
# packaging/debian/copyright; LICENSE is the Apache License 2.0 with the LLVM Exceptions; the
# .deb's /usr/share/doc/cuda-lint/copyright is in Debian's machine-readable format 1.0
# (test/release/check_dep5.py, and python3-debian's parser where it is installed); every archive
# that the static cuda-lint links (BUILD's link line) has its notice; lintian reports no error
# where lintian is installed.
set -euo pipefail
src=$(cd "$1" && pwd -P)
build=$(cd "$2" && pwd -P)
packages=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

debs=("$packages"/cuda-lint_*.deb) tars=("$packages"/cuda-lint-*.tar.gz)
[[ -f ${debs[0]} && -f ${tars[0]} ]] || fail "no .deb or .tar.gz in $packages (release.package makes them)"
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-lint-licence.XXXXXX")
trap 'rm -rf "$work"' EXIT
dpkg-deb -x "${debs[0]}" "$work/deb" || fail "dpkg-deb -x ${debs[0]} failed"
mkdir -p "$work/tar" && tar -xzf "${tars[0]}" -C "$work/tar"
tops=("$work"/tar/*)

# The licence texts: LICENSE is Apache 2.0 with the LLVM Exceptions, as LLVM's own.
grep -q '^                                 Apache License$' "$src/LICENSE" &&
  grep -q '^---- LLVM Exceptions to the Apache 2.0 License ----$' "$src/LICENSE" &&
  grep -q 'with the conditions of Sections 4(a), 4(b) and 4(d) of the License.' "$src/LICENSE" ||
  fail "LICENSE is not the Apache License 2.0 with the LLVM Exceptions"
echo "ok: LICENSE is the Apache License v2.0 with LLVM Exceptions"

for pkg in "deb:$work/deb/usr" "tar:${tops[0]}"; do
  kind=${pkg%%:*} root=${pkg#*:}
  doc=$root/share/doc/cuda-lint
  for pair in LICENSE:LICENSE THIRD-PARTY-NOTICES.md:THIRD-PARTY-NOTICES.md \
              copyright:packaging/debian/copyright; do
    file=${pair%%:*} orig=${pair#*:}
    [[ -f $doc/$file ]] || fail "the $kind package has no share/doc/cuda-lint/$file"
    cmp -s "$doc/$file" "$src/$orig" || fail "the $kind package's $file differs from $orig"
  done
  echo "ok: the $kind package carries LICENSE, THIRD-PARTY-NOTICES.md and copyright"
done

python3 "$here/check_dep5.py" "$work/deb/usr/share/doc/cuda-lint/copyright" ||
  fail "usr/share/doc/cuda-lint/copyright is not in Debian's machine-readable format"
pydeb=
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import debian.copyright' 2>/dev/null; then pydeb=$py; break; fi
done
if [[ -n $pydeb ]]; then
  "$pydeb" - "$work/deb/usr/share/doc/cuda-lint/copyright" <<'EOF' || fail "python3-debian rejects the copyright file"
import sys, debian.copyright as c
with open(sys.argv[1], encoding='utf-8') as f:
    doc = c.Copyright(f, strict=True)
print(f"ok: python3-debian reads the copyright file: {len(list(doc.all_files_paragraphs()))} "
      f"Files paragraphs, {len(list(doc.all_license_paragraphs()))} License paragraphs")
EOF
else
  echo "note: python3-debian is not installed; the copyright file is checked by check_dep5.py only"
fi

# Each archive on the static cuda-lint's link line has a notice (a new one needs its own).
link=$(awk '/^build analyzer\/cuda-lint:/ { on = 1 } on && /LINK_LIBRARIES/ { print; exit }' \
         "$build/build.ninja")
[[ -n $link ]] || fail "no link line of analyzer/cuda-lint in $build/build.ninja"
notices=$src/THIRD-PARTY-NOTICES.md
need() { grep -q "^## $1" "$notices" || fail "THIRD-PARTY-NOTICES.md has no section '## $1' for $2"; }
for lib in $(tr ' ' '\n' <<<"$link" | grep -E '\.a$' | sort -u); do
  case $(basename "$lib") in
    libcudalint_*.a) ;; # the project's own
    libclang[A-Z]*.a | libLLVM[A-Z]*.a) need "LLVM and Clang" "$lib" ;;
    libz.a) need "zlib" "$lib" ;;
    libzstd.a) need "Zstandard" "$lib" ;;
    *) fail "the static cuda-lint links $lib, which THIRD-PARTY-NOTICES.md does not cover" ;;
  esac
done
grep -q -- '-static-libstdc++' "$build/build.ninja" && need "GNU libstdc++" "-static-libstdc++"
grep -rq 'fmt/' "$src/analyzer" && need "{fmt}" "the header-only {fmt}"
echo "ok: every archive linked into cuda-lint has its notice"

if command -v lintian >/dev/null; then
  lintian --no-tag-display-limit "${debs[0]}" >"$work/lintian.txt" 2>&1 || true
  cat "$work/lintian.txt"
  if grep -E '^E: ' "$work/lintian.txt"; then
    fail "lintian reports errors"
  fi
  if grep -E '^[EW]: .*copyright' "$work/lintian.txt"; then
    fail "lintian complains about the copyright file"
  fi
  echo "ok: lintian reports no error on ${debs[0]##*/}"
else
  echo "note: lintian is not installed (scripts/setup.sh installs it); the .deb was not linted"
fi
