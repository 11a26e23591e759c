#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs a cuda-lint release tarball (docs/install.md): downloads it into a cache directory
# unless it is there already, verifies its SHA-256, unpacks it into PREFIX and checks that the
# binary runs. Used by the GitHub Action (scripts/action-run.sh install) and the pre-commit hook.
#
#   install-release.sh --prefix DIR [--version X.Y.Z] [--url URL] [--sha256 HEX] [--cache DIR]
#
#   --version   the release (default: the version of this checkout's CMakeLists.txt)
#   --url       the tarball (default: the GitHub release asset; file:// works, for tests)
#   --sha256    the expected checksum (default: the .sha256 published beside the tarball)
#   --cache     where the tarball is kept between runs (default: PREFIX.cache)
# Prints the path of the installed cuda-lint on stdout; messages go to stderr. Exit status 1 when
# the tarball cannot be had or does not match.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version= url= sha256= cache= prefix=
while (($#)); do
  case $1 in
    --version) version=${2#v}; shift 2 ;;
    --url) url=$2; shift 2 ;;
    --sha256) sha256=${2,,}; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    *) echo "install-release.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ -n $prefix ]] || { echo "install-release.sh: --prefix is required" >&2; exit 2; }
if [[ -z $version ]]; then
  version=$(sed -n 's/^project(cuda-lint VERSION \([0-9][0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
fi
asset=cuda-lint-$version-linux-$(uname -m).tar.gz
url=${url:-https://github.com/cuda-lint/cuda-lint/releases/download/v$version/$asset}
cache=${cache:-$prefix.cache}
tarball=$cache/$asset

say() { echo "cuda-lint: $*" >&2; }

# download URL FILE with curl, wget or Python, whichever is there.
download() {
  rm -f "$2.part"
  if command -v curl >/dev/null; then
    curl -fsSL --retry 3 -o "$2.part" "$1"
  elif command -v wget >/dev/null; then
    wget -q -O "$2.part" "$1"
  elif command -v python3 >/dev/null; then
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
      "$1" "$2.part"
  else
    say "neither curl, wget nor python3 is installed to download $1; install curl"
    return 1
  fi || { rm -f "$2.part"; say "cannot download $1"; return 1; }
  mv "$2.part" "$2"
}

mkdir -p "$cache"
if [[ -f $tarball && -f $tarball.sha256 ]]; then
  say "$asset from the cache ($cache)"
else
  say "downloading $url"
  download "$url" "$tarball" || exit 1
  if [[ -n $sha256 ]]; then
    echo "$sha256  $asset" >"$tarball.sha256"
  elif ! download "$url.sha256" "$tarball.sha256"; then
    rm -f "$tarball"
    say "no checksum at $url.sha256, so the download cannot be verified (pass the sha256 to pin it)"
    exit 1
  fi
fi
# A pinned checksum wins over the one published beside the tarball.
expected=${sha256:-$(awk '{print tolower($1); exit}' "$tarball.sha256")}
actual=$(sha256sum "$tarball" | awk '{print $1}')
if [[ $expected != "$actual" ]]; then
  rm -f "$tarball" "$tarball.sha256" # never keep (or cache) a tarball that does not match
  say "checksum mismatch for $asset: expected $expected, got $actual; nothing installed"
  exit 1
fi
say "$asset: sha256 $actual verified"
rm -rf "$prefix" && mkdir -p "$prefix"
tar -xzf "$tarball" -C "$prefix" --strip-components=1 ||
  { say "cannot unpack $tarball into $prefix"; exit 1; }
if ! "$prefix/bin/cuda-lint" --version >&2; then
  say "the release binary does not run here (it needs x86_64 Linux with glibc 2.34 or newer)"
  exit 1
fi
echo "$prefix/bin/cuda-lint"
