#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds cuda-lint with AddressSanitizer + UndefinedBehaviorSanitizer and assertions on (its own
# build directory), then runs the whole test suite (unit, lit, end-to-end) on that build.
#
#   scripts/sanitize.sh [CTEST_ARGS...]      e.g. scripts/sanitize.sh -R lit
#
# Any sanitizer report fails the test that triggered it (halt_on_error, and UBSan does not
# recover). $SANITIZE_BUILD_DIR (default build-sanitize), $SANITIZE_JOBS (default: all cores),
# $SANITIZE_TARGETS (default: everything; on a small machine e.g. "cuda-lint
# cuda_lint_unit_tests cudalint_ptxas_tests" with -R to pick their tests), $LIT_OPTS (lit's own,
# e.g. --filter=reliability).
# The seeds of the fuzz targets lsp, facts and baseline are replayed by ctest entries of their own
# (label fuzz-replay: cudalint_<target>_replay, test/unit/fuzz/ReplayMain.cpp), so the LSP server's
# input, the facts codec and the baseline reader run here under ASan and UBSan too. On 2 cores,
# the parsers and the LSP transport alone:
#   SANITIZE_TARGETS="cuda-lint cuda_lint_unit_tests cudalint_lsp_replay cudalint_facts_replay
#   cudalint_baseline_replay" LIT_OPTS="--filter=lsp|reliability" scripts/sanitize.sh \
#     -E "ptxas|occupancy|release|include-layers|libfuzzer"
# docs/reliability.md records the last run.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${SANITIZE_BUILD_DIR:-build-sanitize}
jobs=${SANITIZE_JOBS:-$(nproc)}
# -O1 keeps the run fast enough; no -DNDEBUG, so assert() (ours and LLVM's inline ones) is live.
flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
# LLVM linked shared, as before the release was linked statically: this build looks for defects in
# cuda-lint's code, not in the release (whose tests are registered for Release builds only).
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Sanitize -DCUDA_LINT_STATIC_LLVM=OFF \
  -DCMAKE_CXX_FLAGS_SANITIZE="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS_SANITIZE="-fsanitize=address,undefined" >/dev/null
start=$(date +%s)
# shellcheck disable=SC2086
cmake --build "$build" -j "$jobs" ${SANITIZE_TARGETS:+--target $SANITIZE_TARGETS}
built=$(date +%s)
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons a new slab in its header-inline code when
# the caller is instrumented, and only instrumented callers unpoison what they allocate. Here LLVM
# and Clang are not instrumented, so a slab that our code started (an identifier looked up through
# IdentifierTable::get, inline) and Clang then allocates from reads as poisoned to the memcpy
# interceptor: a false "use-after-poison" (seen in `cuda-lint lsp`'s preamble, 25 November 2026).
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=0:detect_stack_use_after_return=1:strict_string_checks=1:allow_user_poisoning=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
rc=0
ctest --test-dir "$build" --output-on-failure -j "$jobs" --timeout 3000 "$@" || rc=$?
end=$(date +%s)
# A report that a test tolerated (a child process whose exit status was expected to be non-zero)
# still fails the run.
reports=$(grep -rlE "ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer" \
  "$build/Testing/Temporary" "$build/test/lit" 2>/dev/null | wc -l || true)
echo "sanitize.sh: build $(( (built - start) / 60 )) min, tests $(( (end - built) / 60 )) min," \
     "ctest exit $rc, files with sanitizer reports: $reports"
[ "$rc" -eq 0 ] && [ "$reports" -eq 0 ]
