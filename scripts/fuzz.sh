#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the libFuzzer targets and runs each for a bounded time (ASan + UBSan, one worker each).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     default: 1800 s; every target
#
# Targets: ptxas (the resource report parser and occupancy model), config (.cuda-lint.yaml),
# nolint (NOLINT comments and the suppression pass), lsp (what `cuda-lint lsp` reads on stdin:
# framing, depth and JSON-RPC checks, LLVM's dispatch), facts (the facts-file and result-cache
# decoders), baseline (--baseline files). Seeds: test/unit/ptxas/Inputs and
# test/unit/fuzz/seeds/<target>; the corpus grows in $FUZZ_DIR/corpus-<target> (default
# build-fuzz/fuzz), crashes are written to $FUZZ_DIR/crash-<target>-*, and each run's log to
# $FUZZ_DIR/<target>.log. Needs a clang with its libFuzzer runtime: $FUZZ_CXX, else clang++-14
# or clang++ (Debian 12's clang-14 has it; apt.llvm.org's clang-22 package does not).
# Exit status: 0 when no target found anything, 1 otherwise. docs/reliability.md has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-1800}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(ptxas config nolint lsp facts baseline)

cxx=${FUZZ_CXX:-}
if [ -z "$cxx" ]; then
  for c in clang++-14 clang++; do
    if command -v "$c" >/dev/null; then cxx=$c; break; fi
  done
fi
[ -n "$cxx" ] || { echo "fuzz.sh: no clang++ found (set FUZZ_CXX)" >&2; exit 2; }

build=${FUZZ_BUILD_DIR:-build-fuzz}
out=${FUZZ_DIR:-$build/fuzz}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
bins=()
for t in "${targets[@]}"; do bins+=("cudalint_${t}_libfuzzer"); done
nice -n 10 cmake --build "$build" -j "${FUZZ_JOBS:-2}" --target "${bins[@]}"
mkdir -p "$out"

found=0
for t in "${targets[@]}"; do
  case $t in
    ptxas) bin=$build/test/unit/ptxas/cudalint_ptxas_libfuzzer; seeds=test/unit/ptxas/Inputs ;;
    config|nolint|lsp|facts|baseline)
      bin=$build/test/unit/cudalint_${t}_libfuzzer; seeds=test/unit/fuzz/seeds/$t ;;
    *) echo "fuzz.sh: unknown target $t" >&2; exit 2 ;;
  esac
  mkdir -p "$out/corpus-$t"
  echo "== $t: $seconds s"
  start=$(date +%s)
  rc=0
  nice -n 15 "$bin" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$out/crash-$t-" "$out/corpus-$t" "$seeds" >"$out/$t.log" 2>&1 || rc=$?
  end=$(date +%s)
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$t.log" | grep -o '[0-9]*$' || echo "?")
  # libFuzzer's last status line: edges covered (cov) and features (ft) of the instrumented code.
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$out/$t.log" | tail -1 || true)
  echo "$t: exit $rc, $runs executions in $(( (end - start) / 60 )) min $(( (end - start) % 60 )) s," \
       "${cov:-cov: ?}, corpus $(ls "$out/corpus-$t" | wc -l) inputs"
  if [ "$rc" -ne 0 ]; then
    found=1
    grep -m5 -E 'ERROR|SUMMARY|deadly signal|==[0-9]+==' "$out/$t.log" || true
  fi
done
exit $found
