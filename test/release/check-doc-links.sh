#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Every relative link in the installed tree resolves (issue 38): `cmake --install` of BUILD into a
# temporary prefix, then test/release/check_links.py follows every relative link of every
# Markdown file installed (share/doc/cuda-lint, share/cuda-lint/docs/rules), anchors included.
#
#   check-doc-links.sh SRC BUILD
set -euo pipefail
src=$(cd "$1" && pwd -P)
build=$(cd "$2" && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-lint-doclinks.XXXXXX")
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" ||
  { tail -5 "$work/install.log" >&2; echo "FAIL: cmake --install failed" >&2; exit 1; }
python3 "$src/test/release/check_links.py" "$work/prefix"
