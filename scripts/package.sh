#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the release packages of cuda-lint (docs/install.md): a relocatable .tar.gz and a .deb,
# each with a .sha256 beside it, versioned from the project version and `git describe`
# (cmake/BuildInfo.cmake: 0.1.0 on tag v0.1.0, 0.1.0+N.gHASH after it).
#
#   scripts/package.sh [--build-dir DIR] [--out DIR] [--no-build]
#
#   --build-dir DIR   the build tree (default: $BUILD_DIR or build/), configured Release with
#                     Ninja when it is not configured yet
#   --out DIR         where the packages go (default: DIR/packages)
#   --no-build        package what the build tree holds without building (the release tests)
#
# cuda-lint is linked statically with LLVM/Clang (CUDA_LINT_STATIC_LLVM, the default), so the
# packages need only glibc and, to lint, a CUDA toolkit.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${BUILD_DIR:-build}
out=
do_build=1
while (($#)); do
  case $1 in
    --build-dir) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --no-build) do_build=0; shift ;;
    -h | --help) sed -n '3,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
out=${out:-$build/packages}

if ((do_build)); then
  if [[ ! -f $build/CMakeCache.txt ]]; then
    ./scripts/setup.sh
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
  fi
  grep -q '^CUDA_LINT_STATIC_LLVM:BOOL=ON' "$build/CMakeCache.txt" ||
    echo "package.sh: warning: $build is configured with CUDA_LINT_STATIC_LLVM=OFF; the package will need LLVM installed" >&2
  # cuda-lint and its run-time files, confirm's CUPTI library included when CUPTI was found.
  cmake --build "$build" -j "$(nproc)" --target cuda-lint
fi
[[ -x $build/analyzer/cuda-lint && -f $build/generated/BuildInfo.cmake ]] ||
  { echo "package.sh: $build holds no built cuda-lint (run without --no-build)" >&2; exit 2; }

mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/cuda-lint[-_]*
start=$(date +%s)
(cd "$build" && cpack -G "TGZ;DEB" -B "$out" >"$out/cpack.log" 2>&1) ||
  { tail -n 30 "$out/cpack.log" >&2; echo "package.sh: cpack failed" >&2; exit 2; }
rm -rf "$out/_CPack_Packages"
for f in "$out"/cuda-lint[-_]*.tar.gz "$out"/cuda-lint[-_]*.deb; do
  (cd "$out" && sha256sum "$(basename "$f")" >"$(basename "$f").sha256")
done
echo "package.sh: packages in $out ($(($(date +%s) - start)) s):"
for f in "$out"/cuda-lint[-_]*.tar.gz "$out"/cuda-lint[-_]*.deb; do
  awk -v n="$(basename "$f")" -v s="$(stat -c %s "$f")" 'BEGIN { printf "  %-58s %6.1f MB\n", n, s / 1e6 }'
done
